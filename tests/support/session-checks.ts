import { expect } from 'vitest';
import { MSG } from '../../src/shared/messages';
import { Client, newMemberCreds, signupBody } from './client';

/** `path` refuses a caller with no session, and one who passed the password but not the second step. */
export async function expectBothStepsNeeded(base: string, path: string) {
  const anon = await new Client(base).get(path);
  expect(anon.status).toBe(401);
  expect(anon.body.error?.message).toBe(MSG.common.loginRequired);
  const half = new Client(base);
  const c = newMemberCreds();
  await half.post('/api/signup', signupBody(c));
  await half.post('/api/login', { email: c.username, password: c.password });
  const res = await half.get(path);
  expect(res.status).toBe(401);
  expect(res.body.error?.code).toBe('SECOND_FACTOR_REQUIRED');
}
