import { expect } from 'vitest';
import type { Client } from './client';
import type { SmtpServer } from './smtp-server';

/** The six-digit code of a recovery mail. */
export function recoveryCode(decoded: string): string {
  const m = decoded.match(/코드는 (\d{6})/);
  if (!m) throw new Error(`no recovery code in mail:\n${decoded}`);
  return m[1]!;
}

/** Asks for a code for `identifier` and reads it from the `nth` mail to `email`. */
export async function mailedCode(
  anon: Client,
  smtp: SmtpServer,
  identifier: string,
  email: string,
  secret: 'password' | 'second_password' = 'password',
  nth = 1,
) {
  const r = await anon.post('/api/recovery', { identifier, secret });
  expect(r.status, JSON.stringify(r.body)).toBe(202);
  return recoveryCode((await smtp.waitForMail(email, nth)).decoded);
}

/** The body of finishing a recovery with `code` and the new secret. */
export const finishBody = (
  identifier: string,
  code: string,
  next: string,
  secret: 'password' | 'second_password' = 'password',
) => ({ identifier, secret, code, new_secret: next, new_secret_confirm: next });
