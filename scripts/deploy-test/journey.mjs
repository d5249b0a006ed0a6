// The member's journey, part one, on both instances (nginx alternates between them): sign-up and sign-in
// (Secure cookies, the forged client address), the administrator's sign-in with a one-time code, a won
// deposit approved while the member's live-event stream is open.
import { randomUUID } from 'node:crypto';
import * as OTPAuth from 'otpauth';
import { openEvents } from './browser.mjs';
import { check, FORGED, log, sleep, verifyOwnAccount } from './harness.mjs';

export async function journey({ member, adminB, admin, suffix, databaseUrl, httpsPort, ca }) {
  const creds = { username: `deploy${suffix}`, password: `passw0rd${suffix}`, pin: '246813' };
  const signup = await member.ok('POST', '/api/signup', {
    email: `${creds.username}@example.com`,
    password: creds.password,
    options: {
      data: {
        username: creds.username,
        full_name: '홍길동',
        contact: '010-1234-5678',
        second_password: creds.pin,
        marketing_consent: false,
        terms_agreed: true,
        privacy_agreed: true,
        age_confirmed: true,
      },
    },
  });
  const memberId = signup.user.id;
  // The member's own client writes an address into X-Forwarded-For: it must not be believed.
  const login = await member.request('POST', '/api/login', {
    body: { email: creds.username, password: creds.password },
    headers: { 'x-forwarded-for': FORGED },
  });
  check(login.status === 200, `login answered ${login.status}: ${login.text}`);
  const cookie = (login.headers['set-cookie'] ?? []).find((c) => !/max-age=0/i.test(c));
  check(cookie, 'login set no session cookie');
  check(
    /;\s*Secure/i.test(cookie) && /;\s*HttpOnly/i.test(cookie),
    `session cookie not Secure+HttpOnly: ${cookie}`,
  );
  check(login.headers['strict-transport-security'], 'no HSTS on an API answer');
  const second = await member.request('POST', '/api/auth/second-factor', {
    body: { second_password: creds.pin },
    headers: { 'x-forwarded-for': FORGED },
  });
  check(second.status === 200, `second step answered ${second.status}: ${second.text}`);
  // The full session's cookie (the second step issues it anew) is Secure too.
  const fullCookie = (second.headers['set-cookie'] ?? []).find((c) => !/max-age=0/i.test(c)) ?? cookie;
  check(/;\s*Secure/i.test(fullCookie), `full session cookie not Secure: ${fullCookie}`);
  await member.ok('GET', '/api/session');
  log(
    `member signed up and signed in (session cookie: ${fullCookie
      .split(';')
      .slice(1)
      .map((s) => s.trim())
      .join('; ')})`,
  );

  await verifyOwnAccount(databaseUrl, memberId);

  await adminB.ok('POST', '/api/login', { email: admin.username, password: admin.password });
  await adminB.ok('POST', '/api/auth/second-factor', { second_password: admin.pin });
  // An administrator enrols a one-time code before any administrator operation (ADMIN_TOTP_REQUIRED, on in
  // production; decision 0150), as an operator would with an authenticator app.
  const totp = await adminB.ok('POST', '/api/totp/setup', {});
  check(typeof totp.secret === 'string', `admin: OTP setup gave no secret: ${JSON.stringify(totp)}`);
  await adminB.ok('POST', '/api/totp/confirm', {
    otpCode: OTPAuth.TOTP.generate({ secret: OTPAuth.Secret.fromBase32(totp.secret) }),
    second_password: admin.pin,
  });

  // Live events through nginx: the approval must arrive while the stream is open (no buffering).
  const events = openEvents(member, httpsPort, ca);
  await events.connected;

  /** The member's KRW request (`deposits` or `withdrawals`), then the administrator's pending list of them. */
  const krwRequest = async (kind, body) => {
    const created = await member.ok('POST', `/api/${kind}/krw`, body, { 'idempotency-key': randomUUID() });
    await adminB.ok('GET', `/api/admin/${kind}?status=pending`);
    return created;
  };

  const deposit = await krwRequest('deposits', {
    bank_name: '국민은행',
    account_number: '123-456-789012',
    account_holder: '홍길동',
    amount: '50000',
    depositor_name: '홍길동',
  });
  const approved = await adminB.ok('POST', `/api/admin/deposits/${deposit.id}/approve`);
  check(approved.status === 'approved', `deposit approval: ${JSON.stringify(approved)}`);
  const seen = await Promise.race([
    events.waitFor(`deposit.approved`, deposit.id),
    sleep(5000).then(() => null),
  ]);
  check(
    seen,
    `the deposit.approved event did not reach the member through nginx within 5 s (buffered?): ${events.text().slice(-300)}`,
  );
  const balances1 = await member.ok('GET', '/api/balances');
  check(JSON.stringify(balances1).includes('50000'), `balance after approval: ${JSON.stringify(balances1)}`);
  log('deposit requested, approved by the administrator, balance visible; live event arrived through nginx');
  return { creds, memberId, events, deposit, krwRequest };
}
