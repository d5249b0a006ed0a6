import { VIEW_CURRENCIES } from '../constants';
import { z } from '../zod';
import { BALANCE_AMOUNTS, nullableString } from './view-parts';

/** One asset lock as the member sees it (SPEC §3: amount, start, end; plus reason and whether it holds). */
const lockViewSchema = z.object({
  id: z.string(),
  amount: z.string(),
  /** Calendar dates (YYYY-MM-DD, Korean time) or null when not set. */
  start_date: nullableString,
  end_date: nullableString,
  reason: nullableString,
  /** A lock whose end date has passed no longer holds funds. */
  active: z.boolean(),
});
export type LockView = z.infer<typeof lockViewSchema>;

/** SPEC §3's asset view per currency, with the pending-withdrawal hold. */
const balanceViewSchema = z.object({
  currency: z.enum(VIEW_CURRENCIES),
  ...BALANCE_AMOUNTS,
  /** The latest end date among active locks (null when none has one). */
  latest_lock_end_date: nullableString,
  /** Every lock of this currency, newest first. */
  locks: z.array(lockViewSchema),
});
export type BalanceView = z.infer<typeof balanceViewSchema>;

export const balancesSchema = z.object({ items: z.array(balanceViewSchema) });
export type Balances = z.infer<typeof balancesSchema>;
