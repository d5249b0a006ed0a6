/** The endpoints the API bench times, each with the requests it sends (seeded members' cookies). */

import type { RawRequest } from 'autocannon';
import { pendingDeposits, refreshPrices, type Seed } from './seed';

/** A read, a write, or an approval (timed beside pgbench too). */
export type ApiKind = 'read' | 'write' | 'approval';

/** One endpoint under load: how to make its next request, and what to top up before a timed run. */
export interface Scenario {
  operationId: string;
  request: string;
  kind: ApiKind;
  next: () => RawRequest;
  /** Called before each timed run (top up pending deposits, refresh prices). */
  prepare?: (expected: number) => Promise<void>;
}

const KRW_DEPOSIT = JSON.stringify({
  bank_name: '국민은행',
  account_number: '123-456-789012',
  account_holder: '홍길동',
  amount: '50000',
  depositor_name: '홍길동',
});

export function scenarios(s: Seed, url: string): Scenario[] {
  let i = 0;
  const reader = () => s.readers[i++ % s.readers.length]!.cookie;
  const submitter = () => s.submitters[i++ % s.submitters.length]!.cookie;
  const queue: string[] = [];
  let key = 0;
  const run = `${process.pid.toString(36)}${Date.now().toString(36)}`;
  return [
    {
      operationId: 'getBalances',
      request: 'GET /api/balances',
      kind: 'read',
      next: () => ({ method: 'GET', path: '/api/balances', headers: { cookie: reader() } }),
    },
    {
      operationId: 'getPrices',
      request: 'GET /api/prices',
      kind: 'read',
      next: () => ({ method: 'GET', path: '/api/prices', headers: { cookie: reader() } }),
      prepare: () => refreshPrices(url),
    },
    {
      operationId: 'listHistory',
      request: 'GET /api/history?type=all (100 rows)',
      kind: 'read',
      next: () => ({ method: 'GET', path: '/api/history?type=all', headers: { cookie: reader() } }),
    },
    {
      operationId: 'createKrwDeposit',
      request: 'POST /api/deposits/krw, a new Idempotency-Key each',
      kind: 'write',
      next: () => ({
        method: 'POST',
        path: '/api/deposits/krw',
        headers: {
          cookie: submitter(),
          'content-type': 'application/json',
          'idempotency-key': `bench-${run}-${key++}`,
        },
        body: KRW_DEPOSIT,
      }),
    },
    {
      operationId: 'adminApproveDeposit',
      request: 'POST /api/admin/deposits/:id/approve (row locks, balance, ledger, audit)',
      kind: 'approval',
      next: () => ({
        method: 'POST',
        // An empty queue approves a decided deposit again: a 409, counted as an error in the report.
        path: `/api/admin/deposits/${queue.shift() ?? queue.at(-1) ?? '00000000-0000-0000-0000-000000000000'}/approve`,
        headers: { cookie: s.admin.cookie, 'content-type': 'application/json' },
        body: '{}',
      }),
      prepare: async (expected) => {
        const want = Math.max(5_000, Math.ceil(expected * 1.5));
        if (queue.length < want) queue.push(...(await pendingDeposits(url, s.payees, want - queue.length)));
      },
    },
  ];
}
