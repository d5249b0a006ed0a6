import * as OTPAuth from 'otpauth';
import type { Client } from './client';

/** The last time step a test used per secret: codes are single-use, so each call takes a new step. */
const lastStep = new Map<string, number>();
const PERIOD = 30;

/** The code of one step of a secret, as an authenticator app would compute it (RFC 6238). */
export const codeAt = (secret: string, step: number) =>
  OTPAuth.TOTP.generate({ secret: OTPAuth.Secret.fromBase32(secret), timestamp: step * PERIOD * 1000 });

export const currentStep = () => Math.floor(Date.now() / 1000 / PERIOD);

/**
 * The first step a new code may take now. The server accepts the steps next to its current one (±1) and
 * only steps after the last it accepted, so the step before the current one is a third code at hand, for
 * as long as the current step has some time left: a code is sent at once, and 10 s covers a busy machine.
 */
function earliestStep(): number {
  const now = currentStep();
  const leftMs = (now + 1) * PERIOD * 1000 - Date.now();
  return leftMs > 10_000 ? now - 1 : now;
}

/**
 * A code the server has not seen yet: the earliest step still accepted that this test has not used (the
 * step before the current one, the current one, the next one). Past that, waits until the next step begins.
 */
export async function nextCode(secret: string): Promise<string> {
  for (;;) {
    const now = currentStep();
    const step = Math.max(earliestStep(), (lastStep.get(secret) ?? -Infinity) + 1);
    if (step <= now + 1) {
      lastStep.set(secret, step);
      return codeAt(secret, step);
    }
    await new Promise((r) => setTimeout(r, (step - 1) * PERIOD * 1000 - Date.now() + 50));
  }
}

/**
 * A code for a login of `creds` without waiting: the next unused step's code when one is accepted now,
 * otherwise one of the member's recovery codes (kept by adminClient), otherwise the next code after a wait.
 */
export async function loginCode(creds: { totpSecret?: string; totpRecovery?: string[] }): Promise<string> {
  const secret = creds.totpSecret!;
  const now = currentStep();
  const next = Math.max(earliestStep(), (lastStep.get(secret) ?? -Infinity) + 1);
  if (next > now + 1 && creds.totpRecovery?.length) return creds.totpRecovery.shift()!;
  return nextCode(secret);
}

/** Marks a step as used by the test itself (e.g. a code sent in parallel). */
export const markUsed = (secret: string, step: number) =>
  lastStep.set(secret, Math.max(step, lastStep.get(secret) ?? -1));

/** Enrols the client's member through the API: setup, then the first code; returns secret and recovery codes. */
export async function enrolTotp(
  client: Client,
): Promise<{ secret: string; uri: string; recoveryCodes: string[] }> {
  const setup = await client.post('/api/totp/setup', {});
  if (setup.status !== 200) throw new Error(`totp setup failed: ${JSON.stringify(setup.body)}`);
  const { secret, uri } = setup.body.data as { secret: string; uri: string };
  const confirm = await client.post('/api/totp/confirm', {
    otpCode: await nextCode(secret),
    second_password: client.secondPassword,
  });
  if (confirm.status !== 200) throw new Error(`totp confirm failed: ${JSON.stringify(confirm.body)}`);
  return { secret, uri, recoveryCodes: (confirm.body.data as { recoveryCodes: string[] }).recoveryCodes };
}
