import { afterAll, afterEach, beforeAll } from 'vitest';
import { chainProviders, runChainRound } from '../../src/server/jobs/checker';
import type { Client } from './client';
import { deskChainOf } from './desk-chain';
import { fileAdmin, fileChecker, fileServer } from './fixture';
import { available, expectLedgerOk, xrpAddress } from './money';
import { type Payment, startXrplApi } from './xrpl-api';

/**
 * The setup of the XRP claim files: a stand-in shaped like rippled's JSON-RPC, the server checking that
 * ledger (3 confirmations, automatic approval on, deposits from 1,000,000 KRW by two administrators) on a
 * database of its own (the scan's cursor is one row per network, so another file's stand-in must not
 * move it), both administrators, the ledger checked after each test, and the steps the tests take.
 */
export function xrpClaimsFile() {
  const service = xrpAddress();
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
      XRP_DEPOSIT_ADDRESS: service,
      XRPL_MIN_CONFIRMATIONS: '3',
      CHAIN_AUTO_APPROVE: 'true',
      CHAIN_CHECK_INTERVAL_MS: '3600000',
      CHAIN_REQUEST_TIMEOUT_MS: '3000',
      CHAIN_CHECK_BATCH: '200',
      FOUR_EYES_DEPOSIT_KRW: '1000000',
    }),
    { ownDatabase: true },
  );
  const admin = fileAdmin(server);
  const checker = fileChecker(server);
  afterEach(async () => {
    await expectLedgerOk(server.db);
  });

  /** The stand-in's newest validated ledger, moved by the tests. */
  let validated = 5000;
  return {
    SERVICE: service,
    server,
    admin,
    checker,
    xrpl: () => xrpl,
    validated: () => validated,
    validate(n: number) {
      validated = n;
      xrpl.setValidated(n);
    },
    /** A payment of 25 XRP to the service address in the newest validated ledger, unless told otherwise. */
    pay(p: Partial<Payment> = {}) {
      const from = p.from ?? xrpAddress();
      return { hash: xrpl.pay({ to: service, amount: '25000000', ledger: validated, ...p, from }), from };
    },
    claim: (c: Client, paid: { hash: string; from: string }, over: Record<string, string> = {}) =>
      c.post('/api/deposits/crypto', {
        network: 'XRPL',
        txid: paid.hash.toLowerCase(),
        amount: '25',
        sender_address: paid.from,
        ...over,
      }),
    /** One round of the checker over every unfinished check; `autoApprove: false` as a server without it. */
    async round(opts: { autoApprove?: boolean } = {}) {
      await server.db.query('UPDATE deposit_chain_checks SET next_check_at = now() WHERE NOT final');
      const chain = { ...server.config.chain, ...opts };
      return runChainRound(server.db, chain, chainProviders(chain), 'test', {
        force: true,
        approval: server.config,
      });
    },
    depositsOf: (memberId: string) =>
      server.db.query<{ id: string; amount: string; status: string; tag: string | null; txid: string }>(
        `SELECT id::text, trim_scale(amount)::text AS amount, status, destination_tag::text AS tag, txid
           FROM deposits WHERE member_id = $1 ORDER BY created_at`,
        [memberId],
      ),
    deposited: (hash: string) =>
      server.db.query<{ member_id: string; status: string }>(
        'SELECT member_id::text, status FROM deposits WHERE upper(txid) = $1',
        [hash],
      ),
    chainOf: (depositId: string) => deskChainOf(admin.client, depositId),
    tagOf: async (c: Client) => Number((await c.get('/api/deposit-address/xrp')).body.data.destination_tag),
    xrpOf: async (c: Client) => (await available(c, 'XRP')).total,
  };
}
