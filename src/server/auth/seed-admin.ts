import { randomInt } from 'node:crypto';
import type { Config } from '../config';
import type { Db } from '../db';
import { hashSecret } from './password';
import { createZeroBalances } from './signup';

const LOWER = 'abcdefghijkmnpqrstuvwxyz';
const ALNUM = `${LOWER}ABCDEFGHJKLMNPQRSTUVWXYZ23456789`;
const pick = (alphabet: string, n: number) =>
  Array.from({ length: n }, () => alphabet[randomInt(alphabet.length)]).join('');

export interface SeededAdmin {
  username: string;
  password: string;
  secondPassword: string;
  generated: boolean;
}

/**
 * On a database without an administrator, creates one: from ADMIN_* settings when given,
 * otherwise with generated credentials that the caller prints once. Returns null when one exists.
 */
export async function ensureAdmin(db: Db, config: Config): Promise<SeededAdmin | null> {
  const { username: u, password: p, secondPassword: s } = config.admin;
  const generated = !u || !p || !s;
  const admin: SeededAdmin = {
    username: u ?? `admin_${pick(LOWER, 6)}`,
    password: p ?? `${pick(ALNUM, 14)}${randomInt(10)}${pick(LOWER, 1)}`,
    secondPassword: s ?? String(randomInt(0, 1_000_000)).padStart(6, '0'),
    generated,
  };
  const [passwordHash, secondHash] = await Promise.all([
    hashSecret(admin.password),
    hashSecret(admin.secondPassword),
  ]);
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
