import { describe, expect, it } from 'vitest';
import { MSG } from '../../src/shared/messages';
import { memberClient } from '../support/client';
import { expectFieldErrors } from '../support/field-errors';
import { confirmAs } from '../support/four-eyes';
import { trc20Address, txid, xrpAddress } from '../support/money';
import { xrpClaimsFile } from '../support/xrp-claims';

// A member's TXID claim of an XRP payment the tag scan cannot attribute (sent without a tag, or with a
// tag nobody has), checked when claimed on a local stand-in shaped like rippled's JSON-RPC, then
// confirmed by the checker and credited through the approval core (tests/support/xrp-claims.ts).
const X = MSG.xrpClaim;
const D = MSG.deposit;
const file = xrpClaimsFile();
const { SERVICE, server, admin, checker, xrpl } = file;
const { validated, validate, pay, claim, round, depositsOf, deposited, chainOf, tagOf, xrpOf } = file;

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
    xrpl().setTxShape('v2');
    try {
      const partial = pay({ amount: '90000000', delivered: '1000000' });
      const asked = await claim(m.client, partial, { amount: '90' });
      expect(asked.status).toBe(409);
      expect(asked.body.error?.fields).toEqual({ amount: X.amountDiffers });
      expect((await claim(m.client, partial, { amount: '1' })).status).toBe(201);
      const unknownTag = pay({ tag: 4_294_967_295 });
      expect((await claim(m.client, unknownTag)).status).toBe(201);
    } finally {
      xrpl().setTxShape('v1');
    }
    expect((await depositsOf(m.id)).map((d) => [d.amount, d.tag])).toEqual([
      ['1', null],
      ['25', '4294967295'],
    ]);
    validate(validated() + 3);
    await round();
    // Neither carries the member's own tag: the system credits neither.
    expect((await depositsOf(m.id)).map((d) => d.status)).toEqual(['pending', 'pending']);
  });

  it('without automatic approval it is marked all the same: the desk shows it, one administrator only proposes', async () => {
    const m = await memberClient(server.url);
    const paid = pay();
    const id = (await claim(m.client, paid)).body.data.id as string;
    validate(validated() + 2);
    await round({ autoApprove: false });
    expect(await chainOf(id)).toMatchObject({ verdict: 'match', final: true, before_assignment: true });
    const queue = await admin.client.get('/api/admin/queue?type=deposit&limit=200');
    const row = (queue.body.data.items as { id: string }[]).find((i) => i.id === id);
    expect(row).toMatchObject({ tag: null, before_assignment: true });
    // 25 XRP is far below the deposit threshold: only the mark makes it a proposal.
    const proposed = await admin.client.post(`/api/admin/deposits/${id}/approve`);
    expect(proposed.status).toBe(202);
    expect(proposed.body.data.proposal.lines).toContain(MSG.guards.unattributedLine);
  });

  it('is refused, changing nothing, when the ledger does not back it or the tag is another member’s', async () => {
    const m = await memberClient(server.url);
    const b = await memberClient(server.url);
    const theirs = await tagOf(b.client);
    const cases: [string, { hash: string; from: string }, Record<string, string>, string, string][] = [
      ['unknown', { hash: txid().toUpperCase(), from: xrpAddress() }, {}, 'txid', X.notFound],
      ['not validated yet', pay({ ledger: validated() + 1 }), {}, 'txid', X.unvalidated],
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
    await expectFieldErrors(
      (over: Record<string, string>) => claim(m.client, pay(), over),
      [
        [{ txid: `0x${txid()}` }, 'txid', D.txidInvalidFor('XRPL')],
        [{ amount: '1.0000001' }, 'amount', D.amountDecimalsFor('XRP', 6)],
        [{ sender_address: trc20Address() }, 'sender_address', D.senderInvalidFor('XRPL')],
      ],
    );
    expect(await depositsOf(m.id)).toEqual([]);
    // Member B's payment stays B's: the scan credits it to them.
    expect(await depositsOf(b.id)).toEqual([]);
  });

  it('garbage, huge, slow, off-topic or failing provider answers refuse the claim for now and change nothing', async () => {
    const m = await memberClient(server.url);
    const paid = pay();
    const bad: [string, Parameters<ReturnType<typeof xrpl>['setRaw']>[0]][] = [
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
                ledger_index: validated(),
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
        xrpl().setRaw(answer);
        const r = await claim(m.client, paid);
        expect([name, r.status, r.body.error?.code, r.body.error?.message]).toEqual([
          name,
          503,
          'UNAVAILABLE',
          X.ledgerDown,
        ]);
      }
    } finally {
      xrpl().setRaw(null);
    }
    expect(await depositsOf(m.id)).toEqual([]);
    expect((await claim(m.client, paid)).status).toBe(201);
  });
});
