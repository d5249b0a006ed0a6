import { memberClient } from './client';
import { adjustBalance } from './money';
import type { TestServer } from './server';
import { codeAt, currentStep, enrolTotp } from './totp';

/** A member of `server` with a one-time code enrolled through the API (and KRW to withdraw when asked). */
export async function enrolledMember(server: TestServer, krw?: string) {
  const m = await memberClient(server.url);
  const e = await enrolTotp(m.client);
  m.creds.totpSecret = e.secret;
  if (krw) await adjustBalance(server.db, m.id, 'KRW', krw);
  return { ...m, ...e };
}

/** A code of the secret the server has not accepted yet, that `nextCode` will not hand out again. */
export function wrongCode(secret: string) {
  const now = currentStep();
  const valid = new Set([now - 1, now, now + 1].map((s) => codeAt(secret, s)));
  for (let i = 0; ; i++) {
    const c = String((Number(codeAt(secret, now)) + 1 + i * 7919) % 1_000_000).padStart(6, '0');
    if (!valid.has(c)) return c;
  }
}
