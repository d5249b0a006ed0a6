import { randomBytes } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { tronToHex } from '../../src/server/chain/tron';
import { chainRound, fileLedgerServer, fileTronApi, fileXrplApi } from '../support/chain-server';
import { memberClient } from '../support/client';
import { ledgerCheckedAfterEach } from '../support/fixture';
import { available, setDepositAddress, trc20Address, xrpAddress } from '../support/money';

// Deposits found without a claim on TRON (block by block) and on the XRP Ledger (account_tx at the
// service address, told apart by destination tag), against local stand-ins shaped like those APIs. Two
// server instances on one database scan at once and credit once; bad answers change nothing.
const tron = fileTronApi();
const xrpl = fileXrplApi();
const TRON_TOKEN = trc20Address();
const SERVICE = xrpAddress();
const env = () => ({
  TRON_USDT_CONTRACT: TRON_TOKEN,
  XRP_DEPOSIT_ADDRESS: SERVICE,
  XRPL_MIN_CONFIRMATIONS: '3',
  CHAIN_AUTO_APPROVE: 'true',
  CHAIN_CHECK_BATCH: '200',
});
const server = fileLedgerServer({ tron, xrpl }, env, {});
const other = fileLedgerServer({ tron, xrpl }, env, {});
ledgerCheckedAfterEach(server);

/** One round on each instance at the same moment (each past its claim: both really scan). */
const bothRounds = async () => {
  await server.db.query('UPDATE deposit_chain_checks SET next_check_at = now() WHERE NOT final');
  return Promise.all([server, other].map((s, i) => chainRound(s, null, { instance: `instance-${i}` })));
};
const depositsOf = (memberId: string) =>
  server.db.query<{ id: string; currency: string; amount: string; status: string; tag: string | null }>(
    `SELECT id::text, currency, trim_scale(amount)::text AS amount, status, destination_tag::text AS tag FROM deposits
      WHERE member_id = $1 ORDER BY created_at`,
    [memberId],
  );
const cursor = async (network: string) =>
  (
    await server.db.query<{ n: string }>(
      'SELECT next_block::text AS n FROM chain_scan_cursors WHERE network = $1',
      [network],
    )
  )[0]?.n;

describe('XRP at the service address, told apart by destination tag', () => {
  it('credits a tagged payment once after the confirmations, shown n/m, never an untagged or foreign one', async () => {
    const m = await memberClient(server.url);
    const tagged = await m.client.get('/api/deposit-address/xrp');
    expect(tagged.status).toBe(200);
    const tag = Number(tagged.body.data.destination_tag);
    // Ledger close times are whole seconds and the stand-in stamps a ledger when it is read: auto-approval
    // credits only a ledger closed in a second after the tag's assignment, so the test starts past it.
    await new Promise((r) => setTimeout(r, 1000 - (Date.now() % 1000) + 50));
    await bothRounds(); // the cursor starts at the newest ledgers
    const at = Number(await cursor('XRPL'));
    const pay = (p: Partial<Parameters<typeof xrpl.pay>[0]>) =>
      xrpl.pay({ from: xrpAddress(), to: SERVICE, amount: '25000000', ledger: at + 1, tag, ...p });
    const good = pay({});
    pay({ tag: undefined }); // no tag: the member's TXID claim stays for it
    pay({ tag: 99 }); // a tag nobody has
    pay({ amount: '90000000', delivered: '1000000', tag, ledger: at + 2 }); // partial: only 1 XRP arrived
    pay({ result: 'tecPATH_DRY' });
    pay({ amount: { currency: 'USD', issuer: xrpAddress(), value: '10' } });
    pay({ to: xrpAddress() }); // another account's payment in the stream
    xrpl.setValidated(at + 2);
    await bothRounds();
    const found = await depositsOf(m.id);
    expect(found.map((d) => [d.currency, d.amount, d.tag, d.status])).toEqual([
      ['XRP', '25', String(tag), 'pending'],
      ['XRP', '1', String(tag), 'pending'],
    ]);
    const history = await m.client.get('/api/history?type=deposit');
    const row = (history.body.data.items as { txid: string; chain?: object }[]).find((i) => i.txid === good);
    expect(row?.chain).toMatchObject({ confirmations: 2, required: 3 });

    xrpl.setValidated(at + 4);
    await bothRounds();
    expect((await depositsOf(m.id)).map((d) => d.status)).toEqual(['approved', 'approved']);
    expect(Number((await available(m.client, 'XRP')).total)).toBe(26);
    await bothRounds();
    expect(await depositsOf(m.id)).toHaveLength(2);
    expect(Number((await available(m.client, 'XRP')).total)).toBe(26);
  });

  it('garbage, huge, slow or ill-shaped answers change nothing and end the round with an error', async () => {
    const m = await memberClient(server.url);
    const tag = Number((await m.client.get('/api/deposit-address/xrp')).body.data.destination_tag);
    const at = Number(await cursor('XRPL'));
    xrpl.pay({ from: xrpAddress(), to: SERVICE, amount: '5000000', ledger: at + 1, tag });
    xrpl.setValidated(at + 5);
    const bad: [string, Parameters<typeof xrpl.setRaw>[0], RegExp][] = [
      ['garbage', (res) => res.writeHead(200).end('<html>no</html>'), /not JSON/],
      // Declared larger than the limit: refused before the body is read.
      [
        'huge',
        (res) => {
          res.writeHead(200, { 'content-length': String(9 * 1024 * 1024) });
          res.write(`{"result":"${'x'.repeat(64 * 1024)}`);
        },
        /larger than/,
      ],
      ['slow', () => {}, /time/i],
      [
        'ill-shaped',
        (res) => res.writeHead(200).end('{"result":{"status":"success","transactions":7}}'),
        /XRPL/,
      ],
      ['error', (res) => res.writeHead(503).end('{}'), /HTTP 503/],
    ];
    for (const [, answer, says] of bad) {
      xrpl.setRaw(answer);
      const outs = await bothRounds();
      expect(outs.flatMap((o) => o.errors).join(' ')).toMatch(says);
      expect(await depositsOf(m.id)).toEqual([]);
      expect(await cursor('XRPL')).toBe(String(at));
    }
    xrpl.setRaw(null);
    await bothRounds();
    expect((await depositsOf(m.id)).map((d) => [d.amount, d.status])).toEqual([['5', 'approved']]);
  });
});

describe('a flood of payments at the service address', () => {
  it('does not stop the scan: a range with more than a call reads is halved until it fits, and the cursor moves on', async () => {
    const m = await memberClient(server.url);
    const tag = Number((await m.client.get('/api/deposit-address/xrp')).body.data.destination_tag);
    await bothRounds();
    const at = Number(await cursor('XRPL'));
    // 120 untagged one-drop payments over five ledgers: 60 of the stand-in's two-payment pages, more than
    // the 50 one call reads; then the member's payment.
    for (let i = 0; i < 120; i++) {
      xrpl.pay({ from: xrpAddress(), to: SERVICE, amount: '1', ledger: at + 1 + (i % 5) });
    }
    xrpl.pay({ from: xrpAddress(), to: SERVICE, amount: '7000000', ledger: at + 6, tag });
    xrpl.setValidated(at + 9);
    const before = xrpl.calls.length;
    for (let round = 0; round < 4 && (await depositsOf(m.id)).length === 0; round++) {
      const out = await chainRound(server, null);
      expect(out.errors).toEqual([]);
    }
    // The call that stopped in ledger at+5 (50 pages) is followed by one for the four ledgers it read whole
    // (48 pages), then the rest (13): not a new 50 pages for every halving.
    expect(xrpl.calls.slice(before).filter((c) => c === 'account_tx').length).toBe(111);
    expect((await depositsOf(m.id)).map((d) => [d.currency, d.amount, d.tag])).toEqual([
      ['XRP', '7', String(tag)],
    ]);
    expect(Number(await cursor('XRPL'))).toBe(at + 10);
  });
});

describe('TRC20 USDT found block by block', () => {
  it('two instances scanning at once record each transfer once and credit it after 19 blocks', async () => {
    const m = await memberClient(server.url);
    const address = trc20Address();
    await setDepositAddress(server.db, m.id, address, 'TRC20');
    await bothRounds();
    const at = Number(await cursor('TRC20'));
    const base = { contractHex: tronToHex(TRON_TOKEN), fromHex: tronToHex(trc20Address()) };
    const txids = Array.from({ length: 5 }, () => randomBytes(32).toString('hex'));
    txids.forEach((t, i) => {
      const value = 1_000_000n * BigInt(i + 1);
      tron.addTransfer(t, { ...base, toHex: tronToHex(address), value, block: at + i });
    });
    tron.addTransfer(randomBytes(32).toString('hex'), {
      ...base,
      toHex: tronToHex(address),
      value: 7_000_000n,
      block: at,
      result: 'REVERT',
    });
    tron.setHead(at + 5);
    await bothRounds();
    const found = await depositsOf(m.id);
    expect(found.map((d) => [d.amount, d.status])).toEqual([
      ['1', 'pending'],
      ['2', 'pending'],
      ['3', 'pending'],
      ['4', 'pending'],
      ['5', 'pending'],
    ]);
    tron.setRaw((res) => res.writeHead(200).end('[not json'));
    expect((await bothRounds()).flatMap((o) => o.errors).join(' ')).toMatch(/not JSON/);
    tron.setRaw(null);
    tron.setHead(at + 30);
    await bothRounds();
    expect((await depositsOf(m.id)).every((d) => d.status === 'approved')).toBe(true);
    expect(Number((await available(m.client, 'USDT')).total)).toBe(15);
  });
});
