import { describe, expect, it } from 'vitest';
import { MSG } from '../../src/shared/messages';
import { Client, memberClient } from '../support/client';
import { fileServer } from '../support/fixture';
import { adjustBalance, idemKey, krwWithdrawalBody, withdrawalCount } from '../support/money';
import { codeAt, currentStep, markUsed, nextCode } from '../support/totp';
import { enrolledMember, wrongCode } from '../support/totp-member';

const O = MSG.otp;

const server = fileServer();

const bank = krwWithdrawalBody;

const enrolled = (krw?: string) => enrolledMember(server, krw);

describe('the login second step', () => {
  it('asks an enrolled member for the code; refuses a wrong one and a replayed one', async () => {
    const m = await enrolled();
    const c = new Client(server.url);
    const login = await c.post('/api/login', { email: m.creds.username, password: m.creds.password });
    expect(login.body.data.user.has_totp).toBe(true);
    const none = await c.post('/api/auth/second-factor', { second_password: m.creds.pin });
    expect(none.status).toBe(400);
    expect(none.body.error).toMatchObject({ code: 'OTP_REQUIRED', fields: { otpCode: O.required } });
    const wrong = await c.post('/api/auth/second-factor', {
      second_password: m.creds.pin,
      otpCode: wrongCode(m.secret),
    });
    expect(wrong.status).toBe(400);
    expect(wrong.body.error?.code).toBe('OTP_INVALID');
    expect((await c.get('/api/balances')).status).toBe(401);
    const code = await nextCode(m.secret);
    const ok = await c.post('/api/auth/second-factor', { second_password: m.creds.pin, otpCode: code });
    expect(ok.status).toBe(200);
    expect(ok.body.data.stage).toBe('full');

    // The same code again, at another login within its window: refused.
    const d = new Client(server.url);
    await d.post('/api/login', { email: m.creds.username, password: m.creds.password });
    const replay = await d.post('/api/auth/second-factor', { second_password: m.creds.pin, otpCode: code });
    expect(replay.status).toBe(400);
    expect(replay.body.error).toMatchObject({ code: 'OTP_REPLAYED', message: O.replayed });
    // An older step than the last accepted one is refused as well.
    const older = codeAt(m.secret, currentStep() - 1);
    if (older !== code) {
      const r = await d.post('/api/auth/second-factor', { second_password: m.creds.pin, otpCode: older });
      expect(r.status).toBe(400);
    }
    // A recovery code works once at the second step.
    const rc = m.recoveryCodes[1]!;
    expect(
      (await d.post('/api/auth/second-factor', { second_password: m.creds.pin, otpCode: rc.toLowerCase() }))
        .status,
    ).toBe(200);
    const e = new Client(server.url);
    await e.post('/api/login', { email: m.creds.username, password: m.creds.password });
    const used = await e.post('/api/auth/second-factor', { second_password: m.creds.pin, otpCode: rc });
    expect(used.status).toBe(400);
    expect(used.body.error?.message).toBe(O.recoveryUsed);
    expect((await m.client.get('/api/totp')).body.data.recoveryCodesLeft).toBe(9);
  });

  it('wrong codes lock after 5 in 15 minutes, shared by the login step and withdrawals, apart from the second password', async () => {
    const m = await enrolled('100000');
    for (let i = 0; i < 4; i++) {
      const r = await m.client.post('/api/withdrawals/krw', bank({ otpCode: wrongCode(m.secret) }));
      expect(r.status).toBe(400);
      expect(r.body.error?.code).toBe('OTP_INVALID');
    }
    const fifth = await m.client.post('/api/withdrawals/krw', bank({ otpCode: wrongCode(m.secret) }));
    expect(fifth.status).toBe(429);
    expect(fifth.body.error).toMatchObject({
      code: 'ACCOUNT_LOCKED',
      message: O.locked,
      fields: { otpCode: O.locked },
    });
    // Now even the right code is refused, at the login step too.
    const c = new Client(server.url);
    await c.post('/api/login', { email: m.creds.username, password: m.creds.password });
    const locked = await c.post('/api/auth/second-factor', {
      second_password: m.creds.pin,
      otpCode: await nextCode(m.secret),
    });
    expect(locked.status).toBe(429);
    expect(locked.body.error?.message).toBe(O.locked);
    expect(await withdrawalCount(server.db, m.id)).toBe(0);
    // The second password's own counter is untouched: a wrong one still says "mismatch", not locked.
    const pin = await c.post('/api/auth/second-factor', { second_password: '999999' });
    expect(pin.status).toBe(401);
    expect(pin.body.error?.message).toBe(MSG.secondFactor.mismatch);
    // 50 parallel guesses verify at most 5 codes (none here: the counter is full).
    const [n] = await server.db.query<{ n: number }>(
      `SELECT count(*)::int AS n FROM rate_limit_events WHERE key = $1`,
      [`otp:acct:${m.id}`],
    );
    expect(n!.n).toBe(5);
  });

  it('50 parallel wrong guesses are verified at most 5 times', async () => {
    const m = await enrolled('100000');
    const results = await Promise.all(
      Array.from({ length: 50 }, (_, i) =>
        m.client.post(
          '/api/withdrawals/krw',
          bank({ otpCode: String((i * 20011) % 1_000_000).padStart(6, '0') }),
        ),
      ),
    );
    expect(results.every((r) => r.status === 400 || r.status === 429)).toBe(true);
    const [n] = await server.db.query<{ n: number }>(
      `SELECT count(*)::int AS n FROM rate_limit_events WHERE key = $1`,
      [`otp:acct:${m.id}`],
    );
    expect(n!.n).toBeLessThanOrEqual(5);
  });
});

describe('withdrawals of an enrolled member', () => {
  // Three codes of one secret (enrolment, withdrawal, transfer): codes are single-use and the server takes
  // ±1 step, so the three fit without a wait only while the current step has time left (support/totp.ts);
  // otherwise the third waits for the next 30-second step, up to 30 s, more than the default timeout.
  it('need a fresh code: none, wrong, valid, replayed (KRW and internal transfer: the same crypto route as external)', {
    timeout: 75_000,
  }, async () => {
    const m = await enrolled('100000');
    await adjustBalance(server.db, m.id, 'USDT', '100');
    const to = await memberClient(server.url);
    const internal = (over: Record<string, unknown> = {}) => ({
      currency: 'USDT',
      amount: '5',
      method: 'internal',
      recipient_id: to.creds.username,
      ...over,
    });

    const none = await m.client.post('/api/withdrawals/krw', bank(), { 'idempotency-key': idemKey() });
    expect(none.status).toBe(400);
    expect(none.body.error).toMatchObject({
      code: 'OTP_REQUIRED',
      message: O.required,
      fields: { otpCode: O.required },
    });
    const empty = await m.client.post('/api/withdrawals/crypto', internal({ otpCode: '' }));
    expect(empty.status).toBe(400);
    expect(empty.body.error?.code).toBe('OTP_REQUIRED');
    const wrong = await m.client.post('/api/withdrawals/crypto', internal({ otpCode: wrongCode(m.secret) }));
    expect(wrong.status).toBe(400);
    expect(wrong.body.error?.fields).toEqual({ otpCode: O.invalid });
    const garbage = await m.client.post('/api/withdrawals/krw', bank({ otpCode: 'abc' }));
    expect(garbage.status).toBe(400);
    expect(garbage.body.error?.message).toBe(O.format);
    expect(await withdrawalCount(server.db, m.id)).toBe(0);

    const code = await nextCode(m.secret);
    const key = idemKey();
    const ok = await m.client.post('/api/withdrawals/krw', bank({ otpCode: code }), {
      'idempotency-key': key,
    });
    expect(ok.status).toBe(201);
    // A retry of that request (same key, same body) gets its first answer; the code is not used twice.
    const retry = await m.client.post('/api/withdrawals/krw', bank({ otpCode: code }), {
      'idempotency-key': key,
    });
    expect(retry.status).toBe(201);
    expect(retry.body.data.id).toBe(ok.body.data.id);
    // A new request with the same code: replayed.
    const replay = await m.client.post('/api/withdrawals/crypto', internal({ otpCode: code }));
    expect(replay.status).toBe(400);
    expect(replay.body.error).toMatchObject({ code: 'OTP_REPLAYED', fields: { otpCode: O.replayed } });
    const transfer = await m.client.post(
      '/api/withdrawals/crypto',
      internal({ otpCode: await nextCode(m.secret) }),
    );
    expect(transfer.status).toBe(201);
    expect(await withdrawalCount(server.db, m.id)).toBe(2);
  });

  // Three codes of one secret, as above: the third may wait for the next step.
  it('a retry under the same key typed with a fresh code (the first answer lost) gets the first answer, not a second withdrawal', {
    timeout: 75_000,
  }, async () => {
    const m = await enrolled('100000');
    const key = idemKey();
    const first = await m.client.post('/api/withdrawals/krw', bank({ otpCode: await nextCode(m.secret) }), {
      'idempotency-key': key,
    });
    expect(first.status).toBe(201);
    const fresh = await nextCode(m.secret);
    const retry = await m.client.post('/api/withdrawals/krw', bank({ otpCode: fresh }), {
      'idempotency-key': key,
    });
    expect(retry.status, JSON.stringify(retry.body)).toBe(201);
    expect(retry.body.data.id).toBe(first.body.data.id);
    expect(await withdrawalCount(server.db, m.id)).toBe(1);
    // The same key with another request is still refused (the fresh code was not used by the replay).
    const other = await m.client.post('/api/withdrawals/krw', bank({ amount: '20000', otpCode: fresh }), {
      'idempotency-key': key,
    });
    expect(other.status).toBe(409);
    expect(other.body.error?.code).toBe('IDEMPOTENCY_CONFLICT');
    expect(await withdrawalCount(server.db, m.id)).toBe(1);
  });

  it('a withdrawal refused for another reason does not use up its code', async () => {
    const m = await enrolled('10000');
    const code = await nextCode(m.secret);
    const tooMuch = await m.client.post('/api/withdrawals/krw', bank({ amount: '50000', otpCode: code }));
    expect(tooMuch.status).toBe(409);
    const ok = await m.client.post('/api/withdrawals/krw', bank({ otpCode: code }));
    expect(ok.status).toBe(201);
  });

  it('members without OTP withdraw with no code asked', async () => {
    const m = await memberClient(server.url);
    await adjustBalance(server.db, m.id, 'KRW', '20000');
    expect((await m.client.post('/api/withdrawals/krw', bank())).status).toBe(201);
  });

  it('50 parallel requests with one valid code: exactly one is accepted', async () => {
    const m = await enrolled('1000000');
    const step = currentStep() + 1;
    markUsed(m.secret, step);
    const code = codeAt(m.secret, step);
    const results = await Promise.all(
      Array.from({ length: 50 }, () =>
        m.client.post('/api/withdrawals/krw', bank({ otpCode: code }), { 'idempotency-key': idemKey() }),
      ),
    );
    const statuses = results.map((r) => r.status);
    expect(statuses.filter((s) => s === 201)).toHaveLength(1);
    expect(
      statuses.every((s) => s === 201 || s === 400 || s === 429),
      statuses.join(),
    ).toBe(true);
    expect(await withdrawalCount(server.db, m.id)).toBe(1);
  });

  it('one recovery code in 20 parallel requests: exactly one is accepted, then never again', async () => {
    const m = await enrolled('1000000');
    const rc = m.recoveryCodes[3]!;
    const results = await Promise.all(
      Array.from({ length: 20 }, () =>
        m.client.post('/api/withdrawals/krw', bank({ otpCode: rc }), { 'idempotency-key': idemKey() }),
      ),
    );
    expect(results.filter((r) => r.status === 201)).toHaveLength(1);
    expect(results.every((r) => r.status < 500)).toBe(true);
    const again = await m.client.post('/api/withdrawals/krw', bank({ otpCode: rc }));
    expect(again.status).toBe(400);
    expect(again.body.error?.message).toBe(O.recoveryUsed);
    expect(await withdrawalCount(server.db, m.id)).toBe(1);
    expect((await m.client.get('/api/totp')).body.data.recoveryCodesLeft).toBe(9);
  });
});
