import { createHash } from 'node:crypto';
import { MSG } from '../../shared/messages';
import type { Db, Queryable } from '../db';
import { AppError } from './errors';
import { z } from './zod';

/** Printable key chosen by the client, one per form submission (a UUID in the SPA). */
const IDEMPOTENCY_KEY_PATTERN = /^[A-Za-z0-9_.:-]{8,128}$/;

/** Request headers of a submit endpoint: an optional Idempotency-Key (other headers pass through). */
export const idempotencyHeadersSchema = z.looseObject({
  'idempotency-key': z
    .string({ error: MSG.idempotency.keyInvalid })
    .regex(IDEMPOTENCY_KEY_PATTERN, MSG.idempotency.keyInvalid)
    .optional()
    .meta({
      description:
        '요청마다 새로 만드는 키. 같은 키로 다시 보내면 처음 결과를 그대로 돌려주고 새로 만들지 않습니다.',
    }),
});

export interface IdempotentResult<T> {
  status: number;
  data: T;
  replayed: boolean;
}

/** JSON with sorted object keys, so two equal bodies hash equally whatever their key order. */
function stableJson(v: unknown): string {
  if (Array.isArray(v)) return `[${v.map(stableJson).join(',')}]`;
  if (v && typeof v === 'object') {
    const entries = Object.entries(v as Record<string, unknown>)
      .filter(([, x]) => x !== undefined)
      .sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0));
    return `{${entries.map(([k, x]) => `${JSON.stringify(k)}:${stableJson(x)}`).join(',')}}`;
  }
  return JSON.stringify(v ?? null);
}

const requestHash = (operation: string, body: unknown) =>
  createHash('sha256')
    .update(`${operation}\n${stableJson(body)}`)
    .digest('hex');

/**
 * Runs a create operation in one transaction, at most once per (member, Idempotency-Key).
 *
 * The key row is inserted first in the same transaction: a concurrent request with the same key waits
 * on the primary key until the first commits, then finds the stored result and returns it (status and
 * data) without running anything. A different body (or operation) under a used key is refused (409).
 * A failed attempt rolls its key row back with everything else, so the key can be retried.
 * Without a key the operation simply runs once.
 */
export async function idempotent<T>(
  db: Db,
  opts: { memberId: string; key: string | undefined; operation: string; body: unknown; status?: number },
  run: (q: Queryable) => Promise<T>,
): Promise<IdempotentResult<T>> {
  const status = opts.status ?? 201;
  if (!opts.key) return { status, data: await db.tx(run), replayed: false };
  const hash = requestHash(opts.operation, opts.body);
  return db.tx(async (q) => {
    const claimed = await q.query(
      `INSERT INTO idempotency_keys (member_id, key, operation, request_hash, status_code, response)
       VALUES ($1, $2, $3, $4, 0, 'null'::jsonb) ON CONFLICT DO NOTHING RETURNING 1`,
      [opts.memberId, opts.key, opts.operation, hash],
    );
    if (claimed.length === 0) {
      const [row] = await q.query<{ request_hash: string; status_code: number; response: T }>(
        `SELECT request_hash, status_code, response FROM idempotency_keys WHERE member_id = $1 AND key = $2`,
        [opts.memberId, opts.key],
      );
      if (!row || row.request_hash !== hash || row.status_code === 0) {
        throw new AppError('IDEMPOTENCY_CONFLICT', MSG.idempotency.keyConflict);
      }
      return { status: row.status_code, data: row.response, replayed: true };
    }
    const data = await run(q);
    await q.query(
      `UPDATE idempotency_keys SET status_code = $3, response = $4::jsonb WHERE member_id = $1 AND key = $2`,
      [opts.memberId, opts.key, status, JSON.stringify(data)],
    );
    return { status, data, replayed: false };
  });
}

/** Keys are kept for a week: long enough for any retry of a form submission. */
export async function pruneIdempotencyKeys(q: Queryable): Promise<void> {
  await q.query(`DELETE FROM idempotency_keys WHERE created_at < now() - interval '7 days'`);
}
