import type { Config } from '../config';
import type { Db } from '../db';
import { type AdminCandidate, adminCandidate, type SeededAdmin } from './admin-candidate';
import { createZeroBalances } from './signup';

export type { SeededAdmin } from './admin-candidate';

/**
 * On a database without an administrator, creates one (`candidate`, or made now: admin-candidate.ts).
 * Returns null when one exists.
 */
export async function ensureAdmin(
  db: Db,
  config: Config,
  candidate?: AdminCandidate,
): Promise<SeededAdmin | null> {
  // A restart has its administrator: no hashing (two argon2 hashes took 0.1–0.4 s of every start).
  // The check is repeated under the lock below, for instances that start together.
  if ((await db.query('SELECT 1 FROM members WHERE is_admin LIMIT 1')).length > 0) return null;
  const { admin, hashes } = candidate ?? adminCandidate(config);
  const [passwordHash, secondHash] = await hashes;
  return db.tx(async (q) => {
    await q.query('SELECT pg_advisory_xact_lock(7260002)');
    const existing = await q.query('SELECT 1 FROM members WHERE is_admin LIMIT 1');
    if (existing.length > 0) return null;
    const [row] = await q.query<{ id: string }>(
      `INSERT INTO members (username, email, full_name, password_hash, second_password_hash, is_admin)
       VALUES ($1, $2, '관리자', $3, $4, true) RETURNING id`,
      [admin.username, `${admin.username}@admin.local`, passwordHash, secondHash],
    );
    await createZeroBalances(q, row!.id);
    return admin;
  });
}
