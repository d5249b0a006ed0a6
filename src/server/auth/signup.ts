import { BALANCE_CURRENCIES } from '../../shared/constants';
import { MSG } from '../../shared/messages';
import type { signupBodySchema } from '../../shared/schemas/auth';
import type { z } from '../../shared/zod';
import type { Db, Queryable } from '../db';
import { AppError } from '../http/errors';
import { hashSecret } from './password';

type SignupInput = z.output<typeof signupBodySchema>;

export interface NewMember {
  id: string;
  username: string;
  email: string;
}

/** Creates a member and their zero balances in one transaction. Never an administrator. */
export async function signup(db: Db, input: SignupInput): Promise<NewMember> {
  const d = input.options.data;
  const [passwordHash, secondHash] = await Promise.all([
    hashSecret(input.password),
    hashSecret(d.second_password),
  ]);
  try {
    return await db.tx(async (q) => {
      await assertFree(q, d.username, input.email);
      const [member] = await q.query<NewMember>(
        `INSERT INTO members (username, email, full_name, contact, password_hash, second_password_hash, is_admin, marketing_consent)
         VALUES ($1, $2, $3, $4, $5, $6, false, $7)
         RETURNING id, username, email`,
        [d.username, input.email, d.full_name, d.contact, passwordHash, secondHash, d.marketing_consent],
      );
      await createZeroBalances(q, member!.id);
      return member!;
    });
  } catch (err) {
    // Two sign-ups racing for one name: the unique index decides, the loser gets the same message.
    if ((err as { code?: string }).code === '23505') {
      const constraint = String((err as { constraint?: string }).constraint ?? (err as Error).message);
      if (constraint.includes('email')) throw new AppError('EMAIL_TAKEN', MSG.signup.emailTaken);
      throw new AppError('USERNAME_TAKEN', MSG.signup.usernameTaken);
    }
    throw err;
  }
}

async function assertFree(q: Queryable, username: string, email: string) {
  const rows = await q.query<{ username_taken: boolean; email_taken: boolean }>(
    `SELECT EXISTS (SELECT 1 FROM members WHERE lower(username) = lower($1)) AS username_taken,
            EXISTS (SELECT 1 FROM members WHERE lower(email) = lower($2) AND closed_at IS NULL) AS email_taken`,
    [username, email],
  );
  if (rows[0]?.username_taken) throw new AppError('USERNAME_TAKEN', MSG.signup.usernameTaken);
  if (rows[0]?.email_taken) throw new AppError('EMAIL_TAKEN', MSG.signup.emailTaken);
}

export async function createZeroBalances(q: Queryable, memberId: string) {
  await q.query(
    `INSERT INTO balances (member_id, currency) SELECT $1, c FROM unnest($2::text[]) AS c ON CONFLICT DO NOTHING`,
    [memberId, [...BALANCE_CURRENCIES]],
  );
}

export async function isUsernameAvailable(q: Queryable, username: string): Promise<boolean> {
  const rows = await q.query<{ taken: boolean }>(
    'SELECT EXISTS (SELECT 1 FROM members WHERE lower(username) = lower($1)) AS taken',
    [username],
  );
  return !rows[0]?.taken;
}
