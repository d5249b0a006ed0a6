/**
 * Every attempt limit under parallel guessing: 50 wrong guesses and the right one arrive at
 * once. The attempts are reserved before the secret is verified, so at most the limit is verified —
 * measured by the failures the server recorded (its counter rows and its sign-in log), not by timing —
 * and once locked the right secret is refused too. Runs on PGlite and, with DATABASE_URL, on PostgreSQL.
 */
import { describe, expect, it } from 'vitest';
import { AUTH_LIMITS } from '../../src/shared/constants';
import { MSG } from '../../src/shared/messages';
import {
  Client,
  changeSecondPassword,
  memberClient,
  newMemberCreds,
  type Res,
  signupBody,
} from '../support/client';
import { fileServer } from '../support/fixture';

const server = fileServer();

const anon = () => new Client(server.url);
const PARALLEL = 50;

/** Failures recorded under a counter key within the window (what the lockout counts). */
async function recorded(key: string): Promise<number> {
  const [r] = await server.db.query<{ n: number }>(
    `SELECT count(*)::int AS n FROM rate_limit_events WHERE key = $1 AND created_at > now() - interval '15 minutes'`,
    [key],
  );
  return r!.n;
}

/** Verified wrong secrets of a member as the sign-in log holds them. */
async function loggedBadGuesses(memberId: string, kind: string): Promise<number> {
  const [r] = await server.db.query<{ n: number }>(
    `SELECT count(*)::int AS n FROM auth_events WHERE member_id = $1 AND kind = $2 AND reason = 'bad_password'`,
    [memberId, kind],
  );
  return r!.n;
}

interface Scenario {
  /** Sends one guess; `right` is the secret that is currently correct. */
  guess: (secret: string, i: number) => Promise<Res>;
  wrong: (i: number) => string;
  key: string;
  limit: number;
  lockedMessage: string;
  /** The response of a verified wrong guess that did not yet lock. */
  isWrong: (r: Res) => boolean;
  memberId: string;
  eventKind: string;
  /** A guess that found its session already rotated by the winning right one (never verified). */
  isGone?: (r: Res) => boolean;
  /** Called when the right one won in the first batch, before more guesses are sent. */
  onRightWon?: () => Promise<void>;
}

/**
 * Fires PARALLEL wrong guesses and the right one at once, twice: the first batch may let the right one
 * through only while it is within the limit; at most `limit` wrong guesses are ever verified; after the
 * account is locked a second batch, the right one included, is refused without any verification.
 * Returns whether the right one succeeded in the first batch.
 */
async function raceScenario(s: Scenario, right: string): Promise<boolean> {
  const batch1 = await Promise.all([
    ...Array.from({ length: PARALLEL }, (_, i) => s.guess(s.wrong(i), i)),
    s.guess(right, PARALLEL),
  ]);
  for (const r of batch1) expect(r.status).toBeLessThan(500);
  const rightWon = batch1[PARALLEL]!.status === 200;
  const wrongVerified = batch1.slice(0, PARALLEL).filter(s.isWrong).length;
  const lockedAnswers = batch1.filter((r) => r.status === 429);
  const gone = batch1.filter((r) => s.isGone?.(r) ?? false).length;
  if (!rightWon) expect(gone).toBe(0);
  for (const r of lockedAnswers) expect(r.body.error?.message).toBe(s.lockedMessage);
  // At most the limit was verified: the counter and the sign-in log agree.
  expect(await recorded(s.key)).toBeLessThanOrEqual(s.limit);
  expect(await loggedBadGuesses(s.memberId, s.eventKind)).toBeLessThanOrEqual(s.limit);
  expect(wrongVerified).toBeLessThan(s.limit);
  expect(wrongVerified + lockedAnswers.length + gone + (rightWon ? 1 : 0)).toBe(PARALLEL + 1);
  // Most of the batch never reached the verification.
  expect(lockedAnswers.length + gone).toBeGreaterThanOrEqual(PARALLEL - s.limit);
  if (rightWon) await s.onRightWon?.();

  // The right one, had it won a slot, gave its slot back; wrong guesses fill the limit exactly.
  if ((await recorded(s.key)) < s.limit) {
    await Promise.all(Array.from({ length: PARALLEL }, (_, i) => s.guess(s.wrong(i + 100), i)));
  }
  expect(await recorded(s.key)).toBe(s.limit);
  return rightWon;
}

async function lockedScenario(s: Scenario, right: string) {
  const before = await loggedBadGuesses(s.memberId, s.eventKind);
  const batch2 = await Promise.all([
    ...Array.from({ length: PARALLEL }, (_, i) => s.guess(s.wrong(i + 200), i)),
    s.guess(right, PARALLEL),
  ]);
  for (const r of batch2) {
    expect(r.status).toBe(429);
    expect(r.body.error?.message).toBe(s.lockedMessage);
  }
  expect(await recorded(s.key)).toBe(s.limit);
  expect(await loggedBadGuesses(s.memberId, s.eventKind)).toBe(before);
}

describe('attempt limits hold under parallel guessing', () => {
  it(`login password: ${PARALLEL} wrong + the right one verify at most 10, then the right one is refused`, async () => {
    const c = newMemberCreds();
    const signed = await anon().post('/api/signup', signupBody(c));
    const memberId = signed.body.data.user.id as string;
    const s: Scenario = {
      guess: (secret) => anon().post('/api/login', { email: c.username, password: secret }),
      wrong: (i) => `wrong${i}pass`,
      key: `pw:acct:${memberId}`,
      limit: AUTH_LIMITS.passwordFailuresPerAccount,
      lockedMessage: MSG.login.locked,
      isWrong: (r) => r.status === 401 && r.body.error?.message === MSG.login.invalidCredentials,
      memberId,
      eventKind: 'login',
    };
    await raceScenario(s, c.password);
    await lockedScenario(s, c.password);
    // The lockout is in the sign-in log once.
    const [l] = await server.db.query<{ n: number }>(
      `SELECT count(*)::int AS n FROM auth_events WHERE member_id = $1 AND kind = 'lockout'`,
      [memberId],
    );
    expect(l!.n).toBe(1);
  });

  it(`second password: ${PARALLEL} wrong + the right one on one session verify at most 5`, async () => {
    const c = newMemberCreds();
    const signed = await anon().post('/api/signup', signupBody(c));
    const memberId = signed.body.data.user.id as string;
    const client = anon();
    expect((await client.post('/api/login', { email: c.username, password: c.password })).status).toBe(200);
    const passwordStage = new Map(client.cookies);
    const s: Scenario = {
      // Every guess rides the same password-stage session (a winner's rotation must not hide the others).
      guess: (secret) => {
        const k = new Client(server.url);
        k.cookies = new Map(passwordStage);
        return k.post('/api/auth/second-factor', { second_password: secret });
      },
      wrong: (i) => String(100000 + i),
      key: `pin:acct:${memberId}`,
      limit: AUTH_LIMITS.pinFailuresPerAccount,
      lockedMessage: MSG.secondFactor.locked,
      isWrong: (r) => r.status === 401 && r.body.error?.message === MSG.secondFactor.mismatch,
      memberId,
      eventKind: 'second_factor',
      isGone: (r) => r.status === 401 && r.body.error?.message === MSG.secondFactor.userNotFound,
      // A winner rotated the session: the rest of the test uses a fresh password-stage session.
      onRightWon: async () => {
        const again = anon();
        expect((await again.post('/api/login', { email: c.username, password: c.password })).status).toBe(
          200,
        );
        passwordStage.clear();
        for (const [k, v] of again.cookies) passwordStage.set(k, v);
      },
    };
    await raceScenario(s, c.pin);
    await lockedScenario(s, c.pin);
  });

  it(`current password on my page: ${PARALLEL} wrong + the right one verify at most 10`, async () => {
    const { client, creds, id } = await memberClient(server.url);
    let current = creds.password;
    const body = (cur: string) => ({
      current_password: cur,
      new_password: 'parallel123',
      new_password_confirm: 'parallel123',
    });
    const s: Scenario = {
      guess: (secret) => client.post('/api/profile/password', body(secret)),
      wrong: (i) => `wrong${i}pass`,
      key: `pw:acct:${id}`,
      limit: AUTH_LIMITS.passwordFailuresPerAccount,
      lockedMessage: MSG.changePassword.locked,
      isWrong: (r) => r.status === 400 && r.body.error?.message === MSG.changePassword.currentWrong,
      memberId: id,
      eventKind: 'password_change',
    };
    if (await raceScenario(s, current)) current = 'parallel123';
    await lockedScenario(s, current);
    // The shared counter locks the login of the account as well.
    const login = await anon().post('/api/login', { email: creds.username, password: current });
    expect(login.status).toBe(429);
  });

  it(`current second password on my page: ${PARALLEL} wrong + the right one verify at most 5`, async () => {
    const { client, creds, id } = await memberClient(server.url);
    let current = creds.pin;
    const s: Scenario = {
      guess: (secret) => changeSecondPassword(client, secret, '13579'),
      wrong: (i) => String(200000 + i),
      key: `pin:acct:${id}`,
      limit: AUTH_LIMITS.pinFailuresPerAccount,
      lockedMessage: MSG.secondPassword.locked,
      isWrong: (r) => r.status === 400 && r.body.error?.message === MSG.secondPassword.currentWrong,
      memberId: id,
      eventKind: 'second_password_change',
    };
    if (await raceScenario(s, current)) current = '13579';
    await lockedScenario(s, current);
  });
});
