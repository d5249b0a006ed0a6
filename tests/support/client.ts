import type { SignupBody } from '../../src/shared/schemas/auth';
import { uniqueName } from './server';

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
  post<T = any>(path: string, body?: unknown, headers?: Record<string, string>) {
    return this.call<T>('POST', path, body, headers);
  }
}

export interface MemberCreds {
  username: string;
  email: string;
  password: string;
  pin: string;
  fullName: string;
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

/** Signs a new member up and logs them in through both steps; returns their client. */
export async function memberClient(base: string, over: Partial<MemberCreds> = {}) {
  const creds = newMemberCreds(over);
  const client = new Client(base);
  const s = await client.post('/api/signup', signupBody(creds));
  if (s.status !== 201) throw new Error(`signup failed: ${JSON.stringify(s.body)}`);
  await loginFully(client, creds);
  return { client, creds, id: (s.body.data as { user: { id: string } }).user.id };
}

export async function loginFully(client: Client, creds: { username: string; password: string; pin: string }) {
  const l = await client.post('/api/login', { email: creds.username, password: creds.password });
  if (l.status !== 200) throw new Error(`login failed: ${JSON.stringify(l.body)}`);
  const f = await client.post('/api/auth/second-factor', { second_password: creds.pin });
  if (f.status !== 200) throw new Error(`second factor failed: ${JSON.stringify(f.body)}`);
}

/** A fresh member promoted to administrator directly in the database (test setup only). */
export async function adminClient(
  base: string,
  db: { query(sql: string, params?: unknown[]): Promise<unknown[]> },
) {
  const m = await memberClient(base);
  await db.query('UPDATE members SET is_admin = true WHERE id = $1', [m.id]);
  return m;
}
