import type { Queryable } from '../db';
import { normalizeTxid } from './provider';

/** Any constant: the first key of the per-transaction advisory lock of deposit recording. */
const TRANSFER_LOCK_CLASS = 7_260_352;

/**
 * Serialises, until the caller's transaction ends, everything that ties a transaction's transfers to
 * deposits (the scan recording or adopting, a member's claim, the checker binding): each then reads what
 * the others committed, so one transfer backs one deposit and an untied claim is adopted, not doubled
 * (decision 0410).
 */
export async function lockTransaction(q: Queryable, txid: string): Promise<void> {
  await q.query('SELECT pg_advisory_xact_lock($1, hashtext($2))', [TRANSFER_LOCK_CLASS, normalizeTxid(txid)]);
}
