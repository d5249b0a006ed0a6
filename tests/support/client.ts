import { createHash, randomInt } from 'node:crypto';
import type { SignupBody } from '../../src/shared/schemas/auth';
import { formatRecoveryCode, RECOVERY_ALPHABET, RECOVERY_CODE_LENGTH } from '../../src/shared/schemas/otp';
import { testDbOf, uniqueName } from './server';
import { enrolTotp, loginCode } from './totp';

export interface Res<T = unknown> {
  status: number;
  body:
    | { data: T; error: null }
    | { data: null; error: { code: string; message: string; fields?: Record<string, string> } };
  headers: Headers;
}

/** A tiny HTTP client with its own cookie jar: one per simulated browser. */
export class Client {
  cookies = new Map<string, string>();
  /** An administrator's one-time code secret and recovery codes: confirmations send a fresh code. */
  otp?: { totpSecret?: string; totpRecovery?: string[] };
  /** The second password this client signed in with (loginFully): turning on a one-time code asks it. */
  secondPassword?: string;
  constructor(readonly base: string) {}

  async raw(method: string, path: string, init: { body?: string; headers?: Record<string, string> } = {}) {
    const headers: Record<string, string> = { ...init.headers };
    if (this.cookies.size) headers.cookie = [...this.cookies].map(([k, v]) => `${k}=${v}`).join('; ');
    const res = await fetch(`${this.base}${path}`, { method, headers, body: init.body });
    for (const c of res.headers.getSetCookie()) {
      const [pair] = c.split(';');
      const [k, ...v] = pair!.split('=');
      const value = v.join('=');
      if (!value || /max-age=0|expires=thu, 01 jan 1970/i.test(c)) this.cookies.delete(k!.trim());
      else this.cookies.set(k!.trim(), value);
    }
    return res;
  }

  async call<T = any>(
    method: string,
    path: string,
    body?: unknown,
    headers: Record<string, string> = {},
  ): Promise<Res<T>> {
    const res = await this.raw(method, path, {
      body: body === undefined ? undefined : JSON.stringify(body),
      headers: body === undefined ? headers : { 'content-type': 'application/json', ...headers },
    });
    const text = await res.text();
    let parsed: any;
    try {
      parsed = JSON.parse(text);
    } catch {
      throw new Error(`non-JSON response ${res.status}: ${text.slice(0, 200)}`);
    }
    return { status: res.status, body: parsed, headers: res.headers };
  }

  get<T = any>(path: string) {
    return this.call<T>('GET', path);
  }
  async post<T = any>(path: string, body?: unknown, headers?: Record<string, string>): Promise<Res<T>> {
    const withdrawal = path === '/api/withdrawals/crypto' || path === '/api/withdrawals/krw';
    // A withdrawal is confirmed with the second password (the PIN pad): sent for the test unless it names one.
    const b =
      withdrawal && this.withdrawalPin && isPlainObject(body) && !('second_password' in body)
        ? { ...body, second_password: this.withdrawalPin }
        : body;
    if (this.ownAccount && (path === '/api/withdrawals/krw' || path === '/api/deposits/krw')) {
      await adoptOwnAccount(this.ownAccount, b);
    }
    if (this.addressBookPin && path === '/api/withdrawals/crypto') {
      return registerThenWithdraw<T>(this, this.addressBookPin, b, headers);
    }
    return this.call<T>('POST', path, b, headers);
  }

  /**
   * Won moves only through the member's verified own-name account (src/server/profile/won-accounts.ts).
   * With the test database here (memberClient sets it when the server is known), a won deposit or
   * withdrawal naming a bank account first records that account as the member's verified one, as an
   * administrator would; the request then meets the rule. Tests of the rule itself set it to null.
   */
  ownAccount: { db: TestDb; memberId: string } | null = null;

  /** The second password sent with a withdrawal that names none (memberClient sets it). */
  withdrawalPin: string | null = null;

  /**
   * Address book: external withdrawals go only to addresses in the member's address book. With the member's
   * second password here (memberClient sets it), an external withdrawal first registers its destination
   * through the real POST /api/withdrawal-addresses (test servers start with
   * WITHDRAWAL_ADDRESS_DELAY_HOURS=0, so it is usable at once). Tests of the address book set it to null.
   */
  addressBookPin: string | null = null;
}

interface TestDb {
  query(sql: string, params?: unknown[]): Promise<unknown[]>;
}

const isPlainObject = (v: unknown): v is Record<string, unknown> =>
  typeof v === 'object' && v !== null && !Array.isArray(v);

async function adoptOwnAccount(own: { db: TestDb; memberId: string }, body: unknown) {
  if (!isPlainObject(body)) return;
  const { bank_name, account_number, account_holder } = body;
  if (
    typeof bank_name !== 'string' ||
    typeof account_number !== 'string' ||
    typeof account_holder !== 'string'
  ) {
    return;
  }
  const [name, number, holder] = [bank_name.trim(), account_number.trim(), account_holder.trim()];
  // Only what an administrator could record (plain letters, the table's lengths); anything else (a crafted
  // character, an invalid number) is left for the server to refuse, and nothing is written.
  const plain = /^[\p{L}\p{N} ().·-]{1,50}$/u;
  if (!plain.test(name) || !plain.test(holder) || !/^[0-9-]{10,30}$/.test(number)) return;
  await own.db.query(
    `INSERT INTO bank_accounts (member_id, bank_name, account_number, account_holder, is_verified)
     VALUES ($1, $2, $3, $4, true)
     ON CONFLICT (member_id) DO UPDATE SET bank_name = EXCLUDED.bank_name,
       account_number = EXCLUDED.account_number, account_holder = EXCLUDED.account_holder, is_verified = true`,
    [own.memberId, name, number, holder],
  );
}

const registering = new WeakMap<Client, Promise<void>>();

async function registerThenWithdraw<T>(
  client: Client,
  pin: string,
  body: unknown,
  headers?: Record<string, string>,
): Promise<Res<T>> {
  const b = body as Record<string, unknown> | undefined;
  if (b && b.method === 'external' && !b.address_id && typeof b.recipient_address === 'string' && b.network) {
    // A refusal (an invalid address, already registered) leaves the withdrawal to give its own answer.
    // One registration at a time per client: parallel second-password checks meet the 5-attempt
    // reservation (decision 0100) and would be refused, which is right for a member but not this helper.
    const previous = registering.get(client) ?? Promise.resolve();
    const mine = previous.then(() =>
      client.call('POST', '/api/withdrawal-addresses', {
        network: b.network,
        address: b.recipient_address,
        ...(b.destination_tag ? { destination_tag: b.destination_tag } : {}),
        label: '테스트 지갑',
        wallet_kind: 'own',
        second_password: pin,
      }),
    );
    registering.set(
      client,
      mine.then(
        () => undefined,
        () => undefined,
      ),
    );
    await mine;
  }
  return client.call<T>('POST', '/api/withdrawals/crypto', body, headers);
}

export interface MemberCreds {
  username: string;
  email: string;
  password: string;
  pin: string;
  fullName: string;
  /** Set once the member enrolled a one-time code (decision 0150): the helpers answer its codes. */
  totpSecret?: string;
  /** Its unused recovery codes, spent by the login helpers instead of waiting for the next step. */
  totpRecovery?: string[];
}

export function newMemberCreds(over: Partial<MemberCreds> = {}): MemberCreds {
  const username = over.username ?? uniqueName();
  return {
    username,
    email: `${username}@example.com`,
    password: 'passw0rd123',
    pin: '246810'.slice(0, 6),
    fullName: '홍길동',
    ...over,
  };
}

export function signupBody(c: MemberCreds, data: Record<string, unknown> = {}): SignupBody {
  return {
    email: c.email,
    password: c.password,
    options: {
      data: {
        username: c.username,
        full_name: c.fullName,
        contact: '010-1234-5678',
        second_password: c.pin,
        marketing_consent: false,
        terms_agreed: true,
        privacy_agreed: true,
        age_confirmed: true,
        ...data,
      } as SignupBody['options']['data'],
    },
  };
}

/**
 * The password step through a trusted proxy that says the request came over HTTPS; a raw fetch, so the
 * caller reads the answer's headers and cookies as the browser would get them.
 */
export const loginBehindHttps = (base: string, creds: MemberCreds) =>
  fetch(`${base}/api/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', 'x-forwarded-proto': 'https' },
    body: JSON.stringify({ email: creds.username, password: creds.password }),
  });

/** The member's second-password change from `current` to `next` (POST /api/profile/second-password), as answered. */
export const changeSecondPassword = (client: Pick<Client, 'post'>, current: string, next: string) =>
  client.post('/api/profile/second-password', {
    mode: 'change',
    current_second_password: current,
    second_password: next,
    second_password_confirm: next,
  });

/** Signs a new member up and logs them in through both steps; returns their client. */
export async function memberClient(base: string, over: Partial<MemberCreds> = {}) {
  const creds = newMemberCreds(over);
  const client = new Client(base);
  const s = await client.post('/api/signup', signupBody(creds));
  if (s.status !== 201) throw new Error(`signup failed: ${JSON.stringify(s.body)}`);
  await loginFully(client, creds);
  client.addressBookPin = creds.pin;
  client.withdrawalPin = creds.pin;
  const id = (s.body.data as { user: { id: string } }).user.id;
  const db = testDbOf(base);
  if (db) client.ownAccount = { db, memberId: id };
  return { client, creds, id };
}

export async function loginFully(
  client: Client,
  creds: { username: string; password: string; pin: string; totpSecret?: string; totpRecovery?: string[] },
) {
  const l = await client.post('/api/login', { email: creds.username, password: creds.password });
  if (l.status !== 200) throw new Error(`login failed: ${JSON.stringify(l.body)}`);
  const f = await client.post('/api/auth/second-factor', {
    second_password: creds.pin,
    ...(creds.totpSecret ? { otpCode: await loginCode(creds) } : {}),
  });
  if (f.status !== 200) throw new Error(`second factor failed: ${JSON.stringify(f.body)}`);
  client.secondPassword = creds.pin;
}

/** A fresh member promoted to administrator directly in the database (test setup only). */
export async function adminClient(
  base: string,
  db: { query(sql: string, params?: unknown[]): Promise<unknown[]> },
) {
  const m = await memberClient(base);
  await db.query('UPDATE members SET is_admin = true WHERE id = $1', [m.id]);
  // Administrators must enrol a one-time code (ADMIN_TOTP_REQUIRED, on by default): the helper does it
  // through the API and answers later codes itself (tests/support/totp.ts).
  const totp = await enrolTotp(m.client);
  m.creds.totpSecret = totp.secret;
  m.creds.totpRecovery = [...totp.recoveryCodes, ...(await extraRecoveryCodes(db, m.id, 40))];
  m.client.otp = m.creds;
  return m;
}

/**
 * More recovery codes for a test administrator, stored as enrolment stores them: every confirmation of a
 * proposal takes a fresh code (step-up), and a test confirms more often than two codes per 30 s step.
 */
export async function extraRecoveryCodes(
  db: { query(sql: string, params?: unknown[]): Promise<unknown[]> },
  memberId: string,
  n: number,
): Promise<string[]> {
  const raw = Array.from({ length: n }, () =>
    Array.from(
      { length: RECOVERY_CODE_LENGTH },
      () => RECOVERY_ALPHABET[randomInt(RECOVERY_ALPHABET.length)],
    ).join(''),
  );
  await db.query('INSERT INTO member_totp_recovery (member_id, code_hash) SELECT $1, unnest($2::text[])', [
    memberId,
    raw.map((c) => createHash('sha256').update(c).digest('hex')),
  ]);
  return raw.map(formatRecoveryCode);
}
