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

/** A check just taken: its batch, its time, a line per currency. */
export const reserveSnapshotView = z.object({
  batch: z.string(),
  taken_at: z.string(),
  items: z.array(reserveLineView),
});

/** The stored lines, newest first, each with its check's batch, time, trigger and who took it. */
export const storedReservesView = z.object({
  items: z.array(
    z.extend(reserveLineView, {
      batch: z.string(),
      taken_at: z.string(),
      trigger: z.string(),
      taken_by: z.string(),
    }),
  ),
});
export type StoredReserveLine = z.infer<typeof storedReservesView>['items'][number];
