import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { chainProviders, runChainRound } from '../../src/server/chain/checker';
import { MSG } from '../../src/shared/messages';
import { type Client, memberClient } from '../support/client';
import { deskChainOf } from '../support/desk-chain';
import { fileAdmin, fileChecker, fileServer } from '../support/fixture';
import { confirmAs } from '../support/four-eyes';
import { available, expectLedgerOk, trc20Address, txid, xrpAddress } from '../support/money';
import { type Payment, startXrplApi } from '../support/xrpl-api';

// A member's TXID claim of an XRP payment the tag scan cannot attribute (sent without a tag, or with a
// tag nobody has), checked when claimed on a local stand-in shaped like rippled's JSON-RPC, then
// confirmed by the checker and credited through the approval core. The scan runs here too: a tagged
// payment found by both is credited once.
const X = MSG.xrpClaim;
const D = MSG.deposit;
const SERVICE = xrpAddress();
let xrpl: Awaited<ReturnType<typeof startXrplApi>>;
beforeAll(async () => {
  xrpl = await startXrplApi();
});
afterAll(async () => {
  await xrpl?.close();
});
const server = fileServer(
  () => ({
    XRPL_RPC_URL: xrpl.url,
    XRP_DEPOSIT_ADDRESS: SERVICE,
    XRPL_MIN_CONFIRMATIONS: '3',
    CHAIN_AUTO_APPROVE: 'true',
    CHAIN_CHECK_INTERVAL_MS: '3600000',
    CHAIN_REQUEST_TIMEOUT_MS: '3000',
    CHAIN_CHECK_BATCH: '200',
    FOUR_EYES_DEPOSIT_KRW: '1000000',
  }),
  // The scan's cursor is one row per network: a database of its own, so another file's stand-in does not move it.
  { ownDatabase: true },
);
const admin = fileAdmin(server);
const checker = fileChecker(server);
afterEach(async () => {
  await expectLedgerOk(server.db);
});

/** The stand-in's newest validated ledger, moved by the tests. */
let validated = 5000;
const validate = (n: number) => {
  validated = n;
  xrpl.setValidated(n);
};
/** A payment of 25 XRP to the service address in the newest validated ledger, unless told otherwise. */
const pay = (p: Partial<Payment> = {}) => {
  const from = p.from ?? xrpAddress();
  return { hash: xrpl.pay({ to: SERVICE, amount: '25000000', ledger: validated, ...p, from }), from };
};
const claim = (c: Client, paid: { hash: string; from: string }, over: Record<string, string> = {}) =>
  c.post('/api/deposits/crypto', {
    network: 'XRPL',
    txid: paid.hash.toLowerCase(),
    amount: '25',
    sender_address: paid.from,
    ...over,
  });
const round = async () => {
  await server.db.query('UPDATE deposit_chain_checks SET next_check_at = now() WHERE NOT final');
  return runChainRound(server.db, server.config.chain, chainProviders(server.config.chain), 'test', {
    force: true,
    approval: server.config,
  });
};
const depositsOf = (memberId: string) =>
  server.db.query<{ id: string; amount: string; status: string; tag: string | null; txid: string }>(
    `SELECT id::text, trim_scale(amount)::text AS amount, status, destination_tag::text AS tag, txid
       FROM deposits WHERE member_id = $1 ORDER BY created_at`,
    [memberId],
  );
const deposited = (hash: string) =>
  server.db.query<{ member_id: string; status: string }>(
    'SELECT member_id::text, status FROM deposits WHERE upper(txid) = $1',
    [hash],
  );
const chainOf = (depositId: string) => deskChainOf(admin.client, depositId);
const tagOf = async (c: Client) =>
  Number((await c.get('/api/deposit-address/xrp')).body.data.destination_tag);
const xrpOf = async (c: Client) => (await available(c, 'XRP')).total;

describe('an XRP payment sent without a tag, claimed with its hash', () => {
  it('is checked on the ledger, confirmed n/m on the desk, and credited by an administrator, never by the system', async () => {
    const m = await memberClient(server.url);
    await tagOf(m.client); // the member has a tag, and forgot it
    validate(6000);
    const paid = pay();
    const r = await claim(m.client, paid);
    expect(r.status).toBe(201);
    expect(r.body.data).toMatchObject({
      currency: 'XRP',
      network: 'XRPL',
      amount: '25',
      status: 'pending',
      deposit_address: SERVICE,
      txid: paid.hash,
      sender_address: paid.from,
    });
    expect((await depositsOf(m.id)).map((d) => d.tag)).toEqual([null]);

    await round();
    expect(await chainOf(r.body.data.id)).toMatchObject({
      verdict: 'waiting',
      confirmations: 1,
      required_confirmations: 3,
      origin: 'claim',
    });
    const history = await m.client.get('/api/history?type=deposit');
    const row = (history.body.data.items as { txid: string; chain?: object }[]).find(
      (i) => i.txid === paid.hash,
    );
    expect(row?.chain).toEqual({ confirmations: 1, required: 3 });

    validate(6002);
    await round();
    // The ledger shows it arrived, not whose it is: 일치, and left to an administrator.
    expect(await chainOf(r.body.data.id)).toMatchObject({
      verdict: 'match',
      final: true,
      before_assignment: true,
    });
    expect((await depositsOf(m.id)).map((d) => d.status)).toEqual(['pending']);
    expect(await xrpOf(m.client)).toBe('0');

    // Only the member's word says whose it is: one administrator proposes, a second confirms.
    const proposed = await admin.client.post(`/api/admin/deposits/${r.body.data.id}/approve`);
    expect(proposed.status).toBe(202);
    expect(proposed.body.data.proposal.lines).toContain(MSG.guards.unattributedLine);
    expect(await xrpOf(m.client)).toBe('0');
    expect((await confirmAs(checker.client, proposed.body.data.proposal.id)).status).toBe(200);
    expect(Number(await xrpOf(m.client))).toBe(25);
    const [entry] = await server.db.query<{ n: number }>(
      `SELECT count(*)::int AS n FROM ledger_entries WHERE deposit_id = $1`,
      [r.body.data.id],
    );
    expect(entry?.n).toBe(1);

    // The same hash again, by the member or anyone else: refused, nothing more credited.
    const other = await memberClient(server.url);
    for (const c of [m.client, other.client]) {
      const again = await claim(c, paid);
      expect(again.status).toBe(409);
      expect(again.body.error?.fields).toEqual({ txid: D.duplicateTxid });
    }
    expect(await deposited(paid.hash)).toHaveLength(1);
    expect(Number(await xrpOf(m.client))).toBe(25);
  });

  it('a claim of an API v2 answer, of a partial payment (what was delivered) and of a tag nobody has', async () => {
    const m = await memberClient(server.url);
    xrpl.setTxShape('v2');
    try {
      const partial = pay({ amount: '90000000', delivered: '1000000' });
      const asked = await claim(m.client, partial, { amount: '90' });
      expect(asked.status).toBe(409);
      expect(asked.body.error?.fields).toEqual({ amount: X.amountDiffers });
      expect((await claim(m.client, partial, { amount: '1' })).status).toBe(201);
      const unknownTag = pay({ tag: 4_294_967_295 });
      expect((await claim(m.client, unknownTag)).status).toBe(201);
    } finally {
      xrpl.setTxShape('v1');
    }
    expect((await depositsOf(m.id)).map((d) => [d.amount, d.tag])).toEqual([
      ['1', null],
      ['25', '4294967295'],
    ]);
    validate(validated + 3);
    await round();
    // Neither carries the member's own tag: the system credits neither.
    expect((await depositsOf(m.id)).map((d) => d.status)).toEqual(['pending', 'pending']);
  });

  it('is refused, changing nothing, when the ledger does not back it or the tag is another member’s', async () => {
    const m = await memberClient(server.url);
    const b = await memberClient(server.url);
    const theirs = await tagOf(b.client);
    const cases: [string, { hash: string; from: string }, Record<string, string>, string, string][] = [
      ['unknown', { hash: txid().toUpperCase(), from: xrpAddress() }, {}, 'txid', X.notFound],
      ['not validated yet', pay({ ledger: validated + 1 }), {}, 'txid', X.unvalidated],
      ['not a payment', pay({ type: 'OfferCreate' }), {}, 'txid', X.notPayment],
      ['failed', pay({ result: 'tecPATH_DRY' }), {}, 'txid', X.failed],
      [
        'an issued currency',
        pay({ amount: { currency: 'USD', issuer: xrpAddress(), value: '25' } }),
        {},
        'txid',
        X.notPayment,
      ],
      ['to another account', pay({ to: xrpAddress() }), {}, 'txid', X.notToService],
      ['another sender', pay(), { sender_address: xrpAddress() }, 'sender_address', X.senderDiffers],
      ['another amount', pay(), { amount: '24.999999' }, 'amount', X.amountDiffers],
      ['another member’s tag', pay({ tag: theirs }), {}, 'txid', X.otherTag],
    ];
    for (const [name, paid, over, field, message] of cases) {
      const r = await claim(m.client, paid, over);
      expect([name, r.status, r.body.error?.fields]).toEqual([name, 409, { [field]: message }]);
      expect(r.body.error?.message).toBe(message);
    }
    // The form's rules, on the server too.
    const shapes: [Record<string, string>, string, string][] = [
      [{ txid: `0x${txid()}` }, 'txid', D.txidInvalidFor('XRPL')],
      [{ amount: '1.0000001' }, 'amount', D.xrpAmountDecimals],
      [{ sender_address: trc20Address() }, 'sender_address', D.senderInvalidFor('XRPL')],
    ];
    for (const [over, field, message] of shapes) {
      const r = await claim(m.client, pay(), over);
      expect(r.status).toBe(400);
      expect(r.body.error?.fields?.[field]).toBe(message);
    }
    expect(await depositsOf(m.id)).toEqual([]);
    // Member B's payment stays B's: the scan credits it to them.
    expect(await depositsOf(b.id)).toEqual([]);
  });

  it('garbage, huge, slow, off-topic or failing provider answers refuse the claim for now and change nothing', async () => {
    const m = await memberClient(server.url);
    const paid = pay();
    const bad: [string, Parameters<typeof xrpl.setRaw>[0]][] = [
      ['garbage', (res) => res.writeHead(200).end('<html>no</html>')],
      [
        'huge',
        (res) => {
          res.writeHead(200, { 'content-length': String(9 * 1024 * 1024) });
          res.write(`{"result":"${'x'.repeat(64 * 1024)}`);
        },
      ],
      ['slow', () => {}],
      [
        'about another transaction',
        (res) =>
          res.writeHead(200).end(
            JSON.stringify({
              result: {
                status: 'success',
                validated: true,
                hash: txid().toUpperCase(),
                TransactionType: 'Payment',
                Account: paid.from,
                Destination: SERVICE,
                ledger_index: validated,
                meta: { TransactionResult: 'tesSUCCESS', delivered_amount: '25000000' },
              },
            }),
          ),
      ],
      [
        'ill-shaped',
        (res) => res.writeHead(200).end('{"result":{"status":"success","validated":true,"hash":7}}'),
      ],
      ['an error status', (res) => res.writeHead(503).end('{}')],
    ];
    try {
      for (const [name, answer] of bad) {
        xrpl.setRaw(answer);
        const r = await claim(m.client, paid);
        expect([name, r.status, r.body.error?.code, r.body.error?.message]).toEqual([
          name,
          503,
          'UNAVAILABLE',
          X.ledgerDown,
        ]);
      }
    } finally {
      xrpl.setRaw(null);
    }
    expect(await depositsOf(m.id)).toEqual([]);
    expect((await claim(m.client, paid)).status).toBe(201);
  });
});

describe('a tagged payment the scan finds and the member also claims', () => {
  it('is one deposit, credited once by the system, whichever comes first, and refused to another member', async () => {
    const m = await memberClient(server.url);
    const other = await memberClient(server.url);
    const tag = await tagOf(m.client);
    // Ledger close times are whole seconds: the stand-in stamps a ledger when it is read, so the test
    // starts in a second after the tag's assignment (automatic approval needs a ledger closed after it).
    await new Promise((r) => setTimeout(r, 1000 - (Date.now() % 1000) + 50));
    await round(); // the scan's cursor now sits at the newest ledger
    const [cursor] = await server.db.query<{ n: string }>(
      `SELECT next_block::text AS n FROM chain_scan_cursors WHERE network = 'XRPL'`,
    );
    const at = Number(cursor!.n);

    // The scan first: the member's claim is that deposit; another member's is refused (it is the member's).
    validate(at);
    const scanned = pay({ tag, amount: '1000000' });
    await round();
    const [found] = await depositsOf(m.id);
    expect(found).toMatchObject({ amount: '1', tag: String(tag), status: 'pending' });
    const same = await claim(m.client, scanned, { amount: '1' });
    expect([same.status, same.body.data.id]).toEqual([201, found!.id]);
    const refused = await claim(other.client, scanned, { amount: '1' });
    expect([refused.status, refused.body.error?.fields]).toEqual([409, { txid: X.otherTag }]);

    // The claim first: the scan passes over it.
    validate(at + 1);
    const claimedFirst = pay({ tag, amount: '2000000' });
    expect((await claim(m.client, claimedFirst, { amount: '2' })).status).toBe(201);
    await round();

    // Both at once.
    validate(at + 2);
    const racing = pay({ tag, amount: '4000000' });
    const [raced] = await Promise.all([claim(m.client, racing, { amount: '4' }), round()]);
    expect(raced.status).toBe(201);

    validate(at + 5);
    await round();
    await round();
    const all = await depositsOf(m.id);
    expect(all.map((d) => [d.amount, d.tag, d.status])).toEqual([
      ['1', String(tag), 'approved'],
      ['2', String(tag), 'approved'],
      ['4', String(tag), 'approved'],
    ]);
    expect(Number(await xrpOf(m.client))).toBe(7);
    expect(await depositsOf(other.id)).toEqual([]);
  });
});

describe('credited at most once, through the two-person thresholds', () => {
  it('fifty parallel claims of one hash by two members make one request, approved once', async () => {
    const [a, b] = await Promise.all([memberClient(server.url), memberClient(server.url)]);
    const paid = pay();
    const replies = await Promise.all(
      Array.from({ length: 50 }, (_, i) => claim((i % 2 ? a : b).client, paid)),
    );
    const statuses = replies.map((r) => r.status);
    expect(statuses.filter((s) => s === 201)).toHaveLength(1);
    expect(statuses.filter((s) => s === 409)).toHaveLength(49);
    expect(await deposited(paid.hash)).toHaveLength(1);
    const id = replies.find((r) => r.status === 201)!.body.data.id as string;
    validate(validated + 3);
    await round();
    const decisions = await Promise.all(
      Array.from({ length: 5 }, () => admin.client.post(`/api/admin/deposits/${id}/approve`)),
    );
    // One proposal (an untagged claim waits for a second administrator); the parallel copies are refused.
    expect(decisions.map((r) => r.status).sort()).toEqual([202, 409, 409, 409, 409]);
    const proposal = decisions.find((r) => r.status === 202)!.body.data.proposal.id as string;
    const confirms = await Promise.all(Array.from({ length: 5 }, () => confirmAs(checker.client, proposal)));
    expect(confirms.filter((r) => r.status === 200)).toHaveLength(1);
    const credited = [Number(await xrpOf(a.client)), Number(await xrpOf(b.client))].sort();
    expect(credited).toEqual([0, 25]);
  });

  it('fifty parallel claims by one member: at most one request, the rest refused as repeats or as too many', async () => {
    const m = await memberClient(server.url);
    const paid = pay();
    const replies = await Promise.all(Array.from({ length: 50 }, () => claim(m.client, paid)));
    const statuses = replies.map((r) => r.status);
    expect(statuses.filter((s) => s === 201).length).toBeLessThanOrEqual(1);
    expect(statuses.every((s) => s === 201 || s === 409 || s === 429)).toBe(true);
    // At most 30 ledger asks per member in 10 minutes (a burst may be refused whole: each ask counts first).
    const limited = replies.filter((r) => r.status === 429);
    expect(limited.length).toBeGreaterThanOrEqual(20);
    expect(limited.every((r) => r.body.error?.message === X.tooMany)).toBe(true);
    const rows = await deposited(paid.hash);
    expect(rows.length).toBe(statuses.filter((s) => s === 201).length);
    validate(validated + 3);
    await round();
    for (const row of await server.db.query<{ id: string }>(
      `SELECT id::text FROM deposits WHERE upper(txid) = $1`,
      [paid.hash],
    )) {
      const proposed = await admin.client.post(`/api/admin/deposits/${row.id}/approve`);
      if (proposed.status === 202) await confirmAs(checker.client, proposed.body.data.proposal.id);
    }
    expect(Number(await xrpOf(m.client))).toBeLessThanOrEqual(25);
  });

  it('a claim at or over the deposit threshold is credited only when a second administrator confirms', async () => {
    const m = await memberClient(server.url);
    const paid = pay({ amount: '5000000000' });
    const r = await claim(m.client, paid, { amount: '5000' });
    expect(r.status).toBe(201);
    validate(validated + 3);
    await round();
    expect(await chainOf(r.body.data.id)).toMatchObject({ verdict: 'match', final: true });
    const proposed = await admin.client.post(`/api/admin/deposits/${r.body.data.id}/approve`);
    expect(proposed.status).toBe(202);
    expect(await xrpOf(m.client)).toBe('0');
    expect((await confirmAs(checker.client, proposed.body.data.proposal.id)).status).toBe(200);
    expect(Number(await xrpOf(m.client))).toBe(5000);
  });
});
