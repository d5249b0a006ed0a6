import { randomInt } from 'node:crypto';
import type { Config } from '../config';
import { hashSecret } from './password';

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

/** The administrator a database without one gets, and the argon2 hashes of its secrets (being made). */
export interface AdminCandidate {
  admin: SeededAdmin;
  hashes: Promise<[string, string]>;
}

/**
 * From ADMIN_* settings when given, otherwise generated credentials that the caller prints once. The
 * hashing starts at once on argon2's threads: `main.ts` calls this for a new data folder while the
 * database is still opening (decision 0196).
 */
export function adminCandidate(config: Config): AdminCandidate {
  const { username: u, password: p, secondPassword: s } = config.admin;
  const admin: SeededAdmin = {
    username: u ?? `admin_${pick(LOWER, 6)}`,
    password: p ?? `${pick(ALNUM, 14)}${randomInt(10)}${pick(LOWER, 1)}`,
    secondPassword: s ?? String(randomInt(0, 1_000_000)).padStart(6, '0'),
    generated: !u || !p || !s,
  };
  const hashes = Promise.all([hashSecret(admin.password), hashSecret(admin.secondPassword)]);
  hashes.catch(() => {}); // awaited, and reported, by ensureAdmin
  return { admin, hashes };
}
