import { expect } from 'vitest';
import type { BalanceCurrency } from '../../src/shared/constants';
import { memberClient } from './client';
import type { Admin } from './fixture';
import { adjustBalance, idemKey } from './money';
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
