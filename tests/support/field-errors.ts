import { expect } from 'vitest';
import type { Res } from './client';

/**
 * One bad input a case: `[changes, field, message]`. Sends each (`send(changes)`, the changes made to a
 * valid body) and expects a 400 with the Korean message at the field (with `topMessage`, as the answer's
 * message too); a failing case names its changes.
 */
export async function expectFieldErrors<C extends Record<string, unknown>>(
  send: (changes: C) => Promise<Res<unknown>>,
  cases: readonly (readonly [C, string, string])[],
  opts: { topMessage?: boolean } = {},
) {
  for (const [changes, field, message] of cases) {
    const r = await send(changes);
    const label = JSON.stringify(changes);
    expect(r.status, label).toBe(400);
    if (opts.topMessage) expect(r.body.error?.message, label).toBe(message);
    expect(r.body.error?.fields?.[field], label).toBe(message);
  }
}
