import { expect } from 'vitest';
import type { BalanceCurrency } from '../../src/shared/constants';
import { chainRound, fileLedgerServer, fileTronApi, fileXrplApi } from './chain-server';
import { memberClient } from './client';
import { type Admin, type Env, fileAdmin } from './fixture';
import { adjustBalance, idemKey, trc20Address, xrpAddress } from './money';
import type { TestServer } from './server';

/**
 * An external withdrawal of a new member holding 100 of its currency, approved by `admin`: a payout the
 * desk now owes (`body`: the withdrawal's currency, amount, network, address and tag).
 */
export async function approvedPayout(
  server: TestServer,
  admin: Admin,
  body: { currency: BalanceCurrency; amount: string; network: string; recipient_address: string } & Record<
    string,
    string
  >,
) {
  const m = await memberClient(server.url);
  await adjustBalance(server.db, m.id, body.currency, '100');
  const w = await m.client.post(
    '/api/withdrawals/crypto',
    { method: 'external', ...body },
    { 'idempotency-key': idemKey() },
  );
  expect(w.status).toBe(201);
  const id = w.body.data.id as string;
  expect((await admin.client.post(`/api/admin/withdrawals/${id}/approve`)).status).toBe(200);
  return { m, id };
}

/** The desk's row of a payout (GET /api/admin/payouts?filter=all). */
export const payoutRow = async (admin: Admin, id: string) =>
  (
    (await admin.client.get('/api/admin/payouts?filter=all')).body.data.items as {
      id: string;
      payout_status: string;
      detail: string | null;
    }[]
  ).find((r) => r.id === id);

/**
 * The payout files' setup: stand-ins of TRON and the XRP Ledger, the server checking payouts against them
 * (its TRON USDT contract and hot wallet, `env` beside), its administrator, and one round of the checks.
 */
export function payoutsFile(env: Env = {}) {
  const tron = fileTronApi();
  const xrpl = fileXrplApi();
  const token = trc20Address();
  const hotTron = trc20Address();
  const server = fileLedgerServer({ tron, xrpl }, () => ({
    TRON_USDT_CONTRACT: token,
    XRP_DEPOSIT_ADDRESS: xrpAddress(),
    PAYOUT_HOT_WALLET_TRC20: hotTron,
    ...env,
  }));
  const admin = fileAdmin(server);
  return {
    tron,
    xrpl,
    TOKEN: token,
    HOT_TRON: hotTron,
    server,
    admin,
    round: () => chainRound(server, 'payouts'),
  };
}

/**
 * A payouts file on TRON alone (`PAYOUT_CONFIRM_HOURS` 1): `approved()` is an approved USDT withdrawal
 * paying 10 USDT (11 less the fee) to a fresh address; `send(to)` a transfer of it in the stand-in, 25
 * blocks deep, so the checker's verdict on it is final.
 */
export function tronPayoutsFile() {
  const file = payoutsFile({ PAYOUT_CONFIRM_HOURS: '1' });
  const { tron, TOKEN, HOT_TRON, server, admin } = file;
  async function approved() {
    const to = trc20Address();
    const body = { currency: 'USDT' as const, amount: '11', network: 'TRC20', recipient_address: to };
    return { ...(await approvedPayout(server, admin, body)), to };
  }
  function send(to: string) {
    const txid = tron.pay({ token: TOKEN, from: HOT_TRON, to, value: 10_000_000n, block: 1000 });
    tron.setHead(1025);
    return txid;
  }
  return { ...file, approved, send };
}
