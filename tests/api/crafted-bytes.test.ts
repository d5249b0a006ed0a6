import { beforeAll, describe, expect, it } from 'vitest';
import { isDatabaseInputError } from '../../src/server/http/crafted-bytes';
import { MSG } from '../../src/shared/messages';
import { snapshot } from '../reliability/db-snapshot';
import { Client, memberClient, newMemberCreds, signupBody } from '../support/client';
import { BLANK_VALUES, CRAFTED, inUrl } from '../support/crafted-chars';
import { fileAdmin, fileServer } from '../support/fixture';
import { krwWithdrawalBody } from '../support/money';

/** NUL, control, bidi and invisible characters, and look-alike emails. */
// A database of its own: the test compares fingerprints of the whole database.
const server = fileServer({}, { ownDatabase: true });
const admin = fileAdmin(server);
let member: Awaited<ReturnType<typeof memberClient>>;
beforeAll(async () => {
  member = await memberClient(server.url);
  // Refusals only: the test client records no bank account for the won withdrawals sent here.
  member.client.ownAccount = null;
});

const HANGUL = /[가-힣]/;
async function expectRefused(res: Promise<{ status: number; body: any }>, label: string) {
  const r = await res;
  expect(r.status, `${label} → ${JSON.stringify(r.body)}`).toBe(400);
  expect(r.body.error?.message, label).toMatch(HANGUL);
}

/** The member's internal transfer of 5 USDT with `fields` (the recipient among them). */
const transfer = (fields: Record<string, string>) =>
  member.client.post('/api/withdrawals/crypto', {
    currency: 'USDT',
    amount: '5',
    method: 'internal',
    ...fields,
  });
/** The member's won withdrawal to an account held by `holder`. */
const wonWithdrawal = (holder: string) =>
  member.client.post('/api/withdrawals/krw', krwWithdrawalBody({ account_holder: holder }));
/** The administrator records the member's bank account, held by `holder`. */
const memberBankAccount = (holder: string) =>
  admin.client.call('PUT', `/api/admin/members/${member.id}/bank-account`, {
    bank_name: '국민은행',
    account_number: '123456-01-234567',
    account_holder: holder,
  });

/** Refused by the crafted-bytes check itself, not by a later check of the route. */
async function expectControlChars(res: Promise<{ status: number; body: any }>, label: string) {
  const r = await res;
  expect(r.status, `${label} → ${JSON.stringify(r.body)}`).toBe(400);
  expect(r.body.error?.message, label).toBe(MSG.common.controlChars);
}

describe('crafted characters inside otherwise valid fields', () => {
  it('are a Korean 400 on every endpoint of the issue, and change nothing', async () => {
    const before = await snapshot(server.db);
    const anon = new Client(server.url);
    for (const ch of CRAFTED) {
      const bad = `abc${ch}`;
      const label = JSON.stringify(ch);
      // No session needed: login email, the username check, sign-up name and email.
      await expectRefused(anon.post('/api/login', { email: bad, password: 'passw0rd123' }), `login ${label}`);
      if (inUrl(ch)) {
        await expectRefused(
          anon.get(`/api/auth/check-username?username=${encodeURIComponent(bad)}`),
          `check ${label}`,
        );
      }
      const creds = newMemberCreds();
      await expectRefused(
        anon.post('/api/signup', signupBody({ ...creds, fullName: `홍길동${ch}` })),
        `signup name ${label}`,
      );
      await expectRefused(
        anon.post('/api/signup', signupBody({ ...creds, email: `${creds.username}${ch}@example.com` })),
        `signup email ${label}`,
      );
      // Member forms: recipient id of an internal transfer, bank withdrawal holder.
      await expectRefused(transfer({ recipient_id: bad }), `recipient ${label}`);
      await expectRefused(wonWithdrawal(`홍길동${ch}`), `holder ${label}`);
      // Administrator forms: account holder, member search, notice body.
      await expectRefused(memberBankAccount(`홍길동${ch}`), `admin holder ${label}`);
      if (inUrl(ch)) {
        await expectRefused(
          admin.client.get(`/api/admin/members?q=${encodeURIComponent(bad)}`),
          `admin search ${label}`,
        );
      }
      if (ch !== '\u2028') {
        await expectRefused(
          admin.client.post('/api/admin/notices', { title: '공지', body: `본문${ch}입니다` }),
          `notice body ${label}`,
        );
      }
    }
    expect(await snapshot(server.db)).toEqual(before);
  });

  it('reach no route that could read them: the live-event stream, path parameters, unknown /api paths (decision 0215)', async () => {
    const before = await snapshot(server.db);
    for (const ch of CRAFTED.filter(inUrl)) {
      const bad = encodeURIComponent(`1${ch}`);
      const label = JSON.stringify(ch);
      // The stream reads its query string without a schema: the check still runs before it (the stream's
      // own check would answer 400 too, with another message).
      await expectControlChars(member.client.get(`/api/events?last_event_id=${bad}`), `events ${label}`);
      await expectControlChars(
        admin.client.post(`/api/admin/deposits/${bad}/approve`, {}),
        `path parameter ${label}`,
      );
      await expectControlChars(member.client.get(`/api/no-such-route?q=${bad}`), `unknown path ${label}`);
    }
    // A declared GET without a query string in its schema never reads one: it answers as without it.
    const plain = await member.client.get('/api/prices');
    const crafted = await member.client.get(`/api/prices?x=${encodeURIComponent('\u0000')}`);
    expect(crafted.status).toBe(200);
    expect(crafted.body.data.items.map((i: { symbol: string }) => i.symbol)).toEqual(
      plain.body.data.items.map((i: { symbol: string }) => i.symbol),
    );
    expect(await snapshot(server.db)).toEqual(before);
  });

  it('a value made only of blank-rendering characters is refused in names, holders, notices, travel-rule names and passwords', async () => {
    const before = await snapshot(server.db);
    const anon = new Client(server.url);
    for (const blank of BLANK_VALUES) {
      const label = JSON.stringify(blank);
      await expectRefused(
        anon.post('/api/signup', signupBody({ ...newMemberCreds(), fullName: blank })),
        `signup name ${label}`,
      );
      await expectRefused(
        member.client.post('/api/deposits/krw', {
          bank_name: '신한은행',
          account_number: '110-123-456789',
          account_holder: '홍길동',
          amount: '10000',
          depositor_name: blank,
        }),
        `depositor ${label}`,
      );
      await expectRefused(wonWithdrawal(blank), `holder ${label}`);
      await expectRefused(
        transfer({ recipient_id: 'someone', travel_rule_name: blank }),
        `travel-rule name ${label}`,
      );
      await expectRefused(
        admin.client.post('/api/admin/notices', { title: blank, body: '본문' }),
        `notice title ${label}`,
      );
      await expectRefused(
        admin.client.post('/api/admin/notices', { title: '공지', body: blank }),
        `notice body ${label}`,
      );
      await expectRefused(memberBankAccount(blank), `admin holder ${label}`);
      await expectRefused(
        member.client.post('/api/profile/password', {
          current_password: member.creds.password,
          new_password: `passw0rd${blank}`,
          new_password_confirm: `passw0rd${blank}`,
        }),
        `password ${label}`,
      );
    }
    expect(await snapshot(server.db)).toEqual(before);
  });

  it('multi-line fields keep their line breaks; single-line fields refuse them', async () => {
    const ok = await admin.client.post('/api/admin/notices', {
      title: '공지',
      body: '첫 줄\n둘째 줄\r\n끝 👨‍👩‍👧 ❤️',
    });
    expect(ok.status).toBe(201);
    await expectRefused(
      admin.client.post('/api/admin/notices', { title: '공지\n제목', body: '본문' }),
      'title newline',
    );
  });
});

describe('emails and names', () => {
  it('a Cyrillic look-alike cannot open a second account; full-width forms fold (NFKC) onto the same address', async () => {
    const first = newMemberCreds();
    expect((await new Client(server.url).post('/api/signup', signupBody(first))).status).toBe(201);
    // "а" below is U+0430 CYRILLIC SMALL LETTER A.
    const lookalike = { ...newMemberCreds(), email: first.email.replace('a', '\u0430') };
    const cyr = lookalike.email.includes('\u0430')
      ? lookalike
      : { ...lookalike, email: `\u0430${first.email}` };
    const r = await new Client(server.url).post('/api/signup', signupBody(cyr));
    expect(r.status).toBe(400);
    expect(r.body.error?.fields?.email).toBe(MSG.signup.emailAscii);
    // Full-width Latin letters are the same address after NFKC: refused as taken.
    const wide = first.email.replace(/[a-z]/g, (c) => String.fromCharCode(c.charCodeAt(0) + 0xfee0));
    const dup = await new Client(server.url).post(
      '/api/signup',
      signupBody({ ...newMemberCreds(), email: wide }),
    );
    expect(dup.status).toBe(409);
    expect(dup.body.error?.message).toBe(MSG.signup.emailTaken);
    const rows = await server.db.query<{ n: number }>(
      'SELECT count(*)::int AS n FROM members WHERE lower(email) = lower($1)',
      [first.email],
    );
    expect(rows[0]?.n).toBe(1);
  });

  it('stores names NFKC-normalised', async () => {
    const creds = newMemberCreds({ fullName: 'Ｈｏｎｇ 길동' });
    const r = await new Client(server.url).post('/api/signup', signupBody(creds));
    expect(r.status).toBe(201);
    const rows = await server.db.query<{ full_name: string }>(
      'SELECT full_name FROM members WHERE username = $1',
      [creds.username],
    );
    expect(rows[0]?.full_name).toBe('Hong 길동');
  });
});

describe('database character errors', () => {
  it("PostgreSQL's own refusal of a NUL is recognised as bad input (answered 400, not 500)", async () => {
    let err: unknown = null;
    try {
      await server.db.query('SELECT $1::text AS t', ['abc\u0000']);
    } catch (e) {
      err = e;
    }
    expect(err).not.toBeNull();
    expect(isDatabaseInputError(err)).toBe(true);
    let other: unknown = null;
    try {
      await server.db.query('SELECT * FROM no_such_table_here');
    } catch (e) {
      other = e;
    }
    expect(isDatabaseInputError(other)).toBe(false);
  });
});
