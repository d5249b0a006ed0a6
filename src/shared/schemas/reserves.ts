import { z } from '../zod';
import { nullableString } from './view-parts';

/**
 * One currency's line of a reserves check (decision 0353): members' balances (liabilities) against the
 * ledger and against what the chain says the service holds (deposit addresses, hot and cold wallets), the
 * cold share and the warnings; null where a figure could not be read.
 */
const reserveLineView = z.object({
  currency: z.string(),
  liabilities: z.string(),
  ledger: z.string(),
  holdings: nullableString,
  deposit_addresses: nullableString,
  hot: nullableString,
  cold: nullableString,
  cold_share: nullableString,
  warnings: z.array(z.string()),
  detail: nullableString,
});
export type ReserveLine = z.infer<typeof reserveLineView>;

/** Which check: its batch and when it was taken. */
const CHECK_KEY = { batch: z.string(), taken_at: z.string() };
/** A check with its proof of liabilities' root (decision 0450): its hash and how many members it sums. */
const CHECK_ROOT = { ...CHECK_KEY, root_hash: z.string(), member_count: z.number() };

/** A check just taken: its batch, its time, its proof of liabilities' root (decision 0450), a line per currency. */
export const reserveSnapshotView = z.object({ ...CHECK_ROOT, items: z.array(reserveLineView) });

/** The stored lines, newest first, each with its check's batch, time, trigger and who took it. */
export const storedReservesView = z.object({
  items: z.array(
    z.extend(reserveLineView, {
      ...CHECK_KEY,
      trigger: z.string(),
      taken_by: z.string(),
      /** The proof of liabilities' root of the check and its member count; null for a check stored without one. */
      root_hash: nullableString,
      member_count: z.nullable(z.number()),
      /** holdings ÷ liabilities, floored to 4 decimals; null when either is unknown or nothing is owed. */
      ratio: nullableString,
    }),
  ),
});
export type StoredReserveLine = z.infer<typeof storedReservesView>['items'][number];

/** One currency of a published check: the root's total owed to members against the service's wallets on chain. */
const publicLineView = z.object({
  currency: z.string(),
  liabilities: z.string(),
  holdings: nullableString,
  deposit_addresses: nullableString,
  hot: nullableString,
  cold: nullableString,
  cold_share: nullableString,
  ratio: nullableString,
});

/** The published checks, newest first (open to anyone): time, the root's hash and totals, the chain's side. */
export const publicReservesView = z.object({
  items: z.array(z.object({ ...CHECK_ROOT, lines: z.array(publicLineView) })),
});
export type PublicReserves = z.infer<typeof publicReservesView>;

const amountsView = z.record(z.string(), z.string());
/** A member's proof of liabilities (src/shared/merkle-sum.ts `MemberProof`). */
export const memberProofView = z.object({
  version: z.number(),
  ...CHECK_KEY,
  currencies: z.array(z.string()),
  unit_decimals: z.number(),
  balances: amountsView,
  commitment: z.string(),
  leaf_hash: z.string(),
  path: z.array(z.object({ side: z.enum(['left', 'right']), hash: z.string(), sums: amountsView })),
  root: z.object({ hash: z.string(), totals: amountsView }),
});
