import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createSession, SESSION_COOKIE, type SessionStage } from '../../src/server/auth/sessions';
import { memberClient, newMemberCreds, signupBody } from '../support/client';
import { adjustBalance, setDepositAddress, trc20Address, txid } from '../support/money';
import { startTestServer, type TestServer, uniqueName } from '../support/server';
import { type SmtpServer, startSmtpServer, tokenFromMail } from '../support/smtp-server';
import { enrolTotp, nextCode } from '../support/totp';
import { ACCESS_MATRIX, CALLERS, type Caller } from './access-matrix';
import { type Actor, adminActor, confirmProposal, memberActor, stepUpCode } from './actors';
import { Http, type Reply } from './cluster';
import { snapshot } from './db-snapshot';
import { fillPath, loadOperations, type Operation } from './openapi';

/** Part 4 of the reliability suite: every operation × every kind of caller, against ACCESS_MATRIX. */
const HANGUL = /[가-힣]/;
const REFUSAL_CODES: Record<number, string[]> = {
  401: ['UNAUTHENTICATED', 'SECOND_FACTOR_REQUIRED'],
  403: ['FORBIDDEN'],
  404: ['NOT_FOUND'],
};

interface Request {
  params?: Record<string, string>;
  query?: Record<string, string>;
  body?: unknown;
}
/** Who sends the request: `actor` is null for 'none'. */
interface Who {
  caller: Caller;
  actor: Actor | null;
}
type Factory = (who: Who) => Promise<Request>;

let server: TestServer;
let smtp: SmtpServer;
const http = new Http(30_000);
/** Member A (the owner of the resources), member B (the other one), an administrator. */
let owner: Actor;
let other: Actor;
let admin: Actor;
/** A second administrator: confirms the setup's proposals, proposes what the admin cells confirm. */
let checker: Actor;

beforeAll(async () => {
  smtp = await startSmtpServer();
  server = await startTestServer({ SMTP_URL: smtp.url });
  [owner, other] = await Promise.all([memberActor(server.url), memberActor(server.url)]);
  admin = await adminActor(server.url, server.db);
  checker = await adminActor(server.url, server.db);
  for (const a of [owner, other, admin]) await fund(a);
});
afterAll(async () => {
  await server?.close();
  await smtp?.close();
});

/** An administrator's call made to prepare a cell (not a cell itself). */
async function prepare(method: string, path: string, body?: unknown, as: Actor = admin) {
  let r = await http.call(server.url, method, path, { session: as.session, body });
  if (r.status === 202 && r.body.data?.proposal) {
    // Two-person approval: the setup's proposal is confirmed by the other administrator, with a fresh code.
    const by = as === checker ? admin : checker;
    r = await confirmProposal(http, server.url, server.db, by, r.body.data.proposal.id);
    if (r.status < 300) return r.body.data.result;
  }
  if (r.status >= 300) throw new Error(`setup ${method} ${path}: ${r.status} ${JSON.stringify(r.body)}`);
  return r.body.data;
}
/** A proposal of the second administrator (granting a fresh member the role), for the admin cells to decide. */
async function checkerProposal(): Promise<string> {
  const m = await enrolledMember();
  const r = await http.call(server.url, 'POST', `/api/admin/members/${m.id}/admin-role`, {
    session: checker.session,
    body: { admin: true },
  });
  if (r.status !== 202) throw new Error(`setup proposal: ${r.status} ${JSON.stringify(r.body)}`);
  return r.body.data.proposal.id;
}
/**
 * Enough for every cell's withdrawals, and below FOUR_EYES_DEPOSIT_KRW in won (an edit upwards counts as
 * money in, decision 0321), so the administrator still approves the cells' deposits alone.
 */
async function fund(a: Actor) {
  if (a === admin) {
    // No administrator may fund, address or bank themselves, and a proposal about the administrator cannot be
    // confirmed by them either: their own setup is written directly, as a ledger-kept adjustment would.
    await adjustBalance(server.db, a.id, 'KRW', '5000000');
    await adjustBalance(server.db, a.id, 'USDT', '1000');
    await setDepositAddress(server.db, a.id, trc20Address());
    await server.db.query(
      `INSERT INTO bank_accounts (member_id, bank_name, account_number, account_holder, is_verified)
       VALUES ($1, $2, $3, $4, true)`,
      [a.id, bankBody.bank_name, bankBody.account_number, bankBody.account_holder],
    );
    return;
  }
  await prepare('PUT', `/api/admin/members/${a.id}/balances`, { krw: '5000000', usdt: '1000' });
  await prepare('PUT', `/api/admin/members/${a.id}/deposit-address`, { deposit_address: trc20Address() });
  // Won moves only through the member's verified own-name account: the cells' bank details.
  await prepare('PUT', `/api/admin/members/${a.id}/bank-account`, bankBody);
  await prepare('PATCH', `/api/admin/members/${a.id}/bank-account`, { is_verified: true });
}
let balanceStep = 0;
const lockBody = { currency: 'krw', locked_amount: '1000' };
const noticeBody = { title: '접근 시험 공지', body: '본문', published: false };
const bankBody = { bank_name: '국민은행', account_number: '110-123-456789', account_holder: '홍길동' };
const krwWithdrawal = {
  amount: '10000',
  bank_name: '국민은행',
  account_number: '110-123-456789',
  account_holder: '홍길동',
};
const krwDeposit = { ...bankBody, amount: '10000', depositor_name: '홍길동' };
const pendingDeposit = async () =>
  (await prepare('POST', '/api/deposits/krw', krwDeposit, owner)).id as string;
const pendingWithdrawal = async () =>
  (
    await prepare(
      'POST',
      '/api/withdrawals/krw',
      { ...krwWithdrawal, second_password: owner.creds.pin },
      owner,
    )
  ).id as string;
/** An approved external withdrawal of the owner, not paid out yet (for the payout cells). */
async function approvedPayout(): Promise<string> {
  const to = trc20Address();
  await prepare('POST', '/api/withdrawal-addresses', bookEntry(to, owner), owner);
  const w = await prepare(
    'POST',
    '/api/withdrawals/crypto',
    {
      currency: 'USDT',
      amount: '5',
      method: 'external',
      network: 'TRC20',
      recipient_address: to,
      second_password: owner.creds.pin,
    },
    owner,
  );
  await prepare('POST', `/api/admin/withdrawals/${w.id}/approve`, {});
  return w.id;
}
const bookEntry = (address: string, as: Actor) => ({
  network: 'TRC20',
  address,
  label: '접근 시험',
  wallet_kind: 'own',
  second_password: as.creds.pin,
});
/** A new member to be deleted, reset or changed, so the cells stay independent. */
const freshMember = () => memberActor(server.url);
/** A fresh member who enrolled a one-time code themselves: only such a member may be proposed for the role. */
async function enrolledMember(): Promise<Actor> {
  const m = await memberClient(server.url);
  await enrolTotp(m.client);
  return {
    id: m.id,
    username: m.creds.username,
    creds: m.creds,
    session: m.client.cookies.get(SESSION_COOKIE)!,
  };
}

/** The operations whose cells act on the caller's own account in a way later cells must not see. */
const FRESH_CALLER = new Set(['changePassword', 'setSecondPassword']);
/** One-time code cells: a fresh member, or a fresh administrator who has not enrolled yet. */
const TOTP_OPS = new Set(['getTotpStatus', 'startTotpEnrolment', 'confirmTotpEnrolment', 'disableTotp']);
const signedIn = (w: Who) => w.caller !== 'none' && w.caller !== 'password';
/** The enrolled actor's fresh code (administrators of the tests are enrolled, decision 0150). */
const otp = async (w: Who) =>
  signedIn(w) && w.actor?.creds.totpSecret ? { otpCode: await nextCode(w.actor.creds.totpSecret) } : {};
/** A withdrawal's proof: the second password (the PIN pad), then the enrolled actor's fresh code. */
const withdrawalAuth = async (w: Who) => ({
  ...(w.actor ? { second_password: w.actor.creds.pin } : {}),
  ...(await otp(w)),
});
/** Starts enrolment of a cell's own caller and returns its secret. */
const setupFor = async (w: Who) => (await prepare('POST', '/api/totp/setup', {}, w.actor!)).secret as string;

/** A valid request for each operation: an allowed caller really succeeds with it. */
const REQUESTS: Record<string, Factory> = {
  signup: async () => ({ body: signupBody(newMemberCreds()) }),
  login: async () => ({ body: { email: owner.username, password: owner.creds.password } }),
  verifySecondPassword: async (w) => ({
    body: {
      second_password: w.actor?.creds.pin ?? '123456',
      ...(w.actor?.creds.totpSecret ? { otpCode: await nextCode(w.actor.creds.totpSecret) } : {}),
    },
  }),
  checkUsername: async () => ({ query: { username: uniqueName() } }),
  getSession: async () => ({}),
  logout: async () => ({ body: {} }),
  confirmEmailChange: async () => {
    const m = await freshMember();
    const email = `${uniqueName('e')}@example.com`;
    await prepare('POST', '/api/profile/email', { email }, m);
    return { body: { token: tokenFromMail(await smtp.waitForMail(email)) } };
  },
  getProfile: async () => ({}),
  getWonAccounts: async () => ({}),
  getSignInActivity: async () => ({}),
  updateContact: async () => ({ body: { contact: '010-9876-5432' } }),
  requestEmailChange: async () => ({ body: { email: `${uniqueName('e')}@example.com` } }),
  changePassword: async (w) => ({
    body: {
      current_password: w.actor?.creds.password ?? 'passw0rd123',
      new_password: 'changed123pw',
      new_password_confirm: 'changed123pw',
    },
  }),
  setSecondPassword: async (w) => ({
    body: {
      mode: 'change',
      current_second_password: w.actor?.creds.pin ?? '246810',
      second_password: '97531',
      second_password_confirm: '97531',
    },
  }),
  getPrices: async () => ({}),
  getPriceHistory: async () => ({ query: { period: '1d' } }),
  getBalances: async () => ({}),
  listNotices: async () => ({ query: { limit: '5' } }),
  listHistory: async () => ({ query: { type: 'all' } }),
  getDepositAddress: async () => ({}),
  getXrpDepositAddress: async () => ({}),
  createKrwDeposit: async () => ({ body: krwDeposit }),
  createCryptoDeposit: async () => ({ body: { amount: '10', txid: txid(), sender_address: trc20Address() } }),
  createKrwWithdrawal: async (w) => ({ body: { ...krwWithdrawal, ...(await withdrawalAuth(w)) } }),
  createCryptoWithdrawal: async (w) => {
    const to = trc20Address();
    // Address book: only to a registered address (the test server's waiting period is 0).
    if (w.actor) await prepare('POST', '/api/withdrawal-addresses', bookEntry(to, w.actor), w.actor);
    return {
      body: {
        ...(await withdrawalAuth(w)),
        currency: 'USDT',
        amount: '5',
        method: 'external',
        network: 'TRC20',
        recipient_address: to,
      },
    };
  },
  listWithdrawalAddresses: async () => ({}),
  registerWithdrawalAddress: async (w) => ({ body: bookEntry(trc20Address(), w.actor ?? owner) }),
  deleteWithdrawalAddress: async (w) => {
    const as = w.caller === 'member' || w.caller === 'admin' ? w.actor! : owner;
    const a = await prepare('POST', '/api/withdrawal-addresses', bookEntry(trc20Address(), as), as);
    return { params: { id: a.id } };
  },
  getWithdrawalRules: async () => ({}),
  adminChainStatus: async () => ({}),
  adminGetWithdrawalLimits: async () => ({ params: { id: owner.id } }),
  adminSetWithdrawalLimits: async () => ({
    params: { id: owner.id },
    body: { crypto_krw: null, krw: '600000000' },
  }),

  adminGetReceivingAccount: async () => ({}),
  adminSetReceivingAccount: async () => ({ body: bankBody }),
  adminListPayouts: async () => ({ query: { filter: 'all' } }),
  adminPayoutBatch: async () => ({}),
  adminRecordPayout: async () => ({ params: { id: await approvedPayout() }, body: { txid: txid() } }),
  adminProposePayoutCorrection: async () => {
    const id = await approvedPayout();
    await prepare('POST', `/api/admin/withdrawals/${id}/payout`, { txid: txid() });
    return { params: { id }, body: { txid: txid(), reason: '서명 결과 오기' } };
  },
  adminImportPayouts: async () => ({ body: { items: [{ id: await approvedPayout(), txid: txid() }] } }),
  adminTakeReserves: async () => ({ body: {} }),
  adminListReserves: async () => ({ query: { limit: '5' } }),
  adminPayoutBatchCsv: async () => ({}),
  adminReservesCsv: async () => ({}),
  adminExportAudit: async () => ({ query: { from: '2026-01-01', to: '2026-01-31' } }),
  adminExportAuthEvents: async () => ({ query: { from: '2026-01-01', to: '2026-01-31' } }),
  adminExportRequests: async () => ({ query: { from: '2026-01-01', to: '2026-01-31' } }),
  adminExportLedger: async () => ({ query: { from: '2026-01-01', to: '2026-01-31' } }),
  adminResetTotp: async () => {
    const m = await freshMember();
    const setup = await http.call(server.url, 'POST', '/api/totp/setup', { session: m.session, body: {} });
    const secret = setup.body.data.secret as string;
    await http.call(server.url, 'POST', '/api/totp/confirm', {
      session: m.session,
      body: { otpCode: await nextCode(secret) },
    });
    return { params: { id: m.id } };
  },

  adminListMembers: async () => ({ query: { q: owner.username, page: '1' } }),
  adminGetMember: async () => ({ params: { id: owner.id } }),
  adminCloseMember: async (w) => ({
    params: { id: w.caller === 'admin' ? (await freshMember()).id : owner.id },
  }),
  adminAdjustBalance: async () => ({
    params: { id: owner.id },
    body: { currency: 'KRW', delta: '1000', reason: '접근 시험 조정' },
  }),
  adminSetBalances: async () => ({
    params: { id: owner.id },
    body: { krw: String(100_000_000 + ++balanceStep) },
  }),
  adminCreateLock: async () => ({ params: { id: owner.id }, body: lockBody }),
  adminUpdateLock: async () => {
    const lock = await prepare('POST', `/api/admin/members/${owner.id}/locks`, lockBody);
    return { params: { id: owner.id, itemId: lock.id }, body: { ...lockBody, locked_amount: '2000' } };
  },
  adminDeleteLock: async () => {
    const lock = await prepare('POST', `/api/admin/members/${owner.id}/locks`, lockBody);
    return { params: { id: owner.id, itemId: lock.id } };
  },
  // A fresh member's account: the owner's verified one carries the won cells.
  adminSaveBankAccount: async () => ({ params: { id: (await freshMember()).id }, body: bankBody }),
  adminSetBankAccountVerified: async () => {
    const m = await freshMember();
    await prepare('PUT', `/api/admin/members/${m.id}/bank-account`, bankBody);
    return { params: { id: m.id }, body: { is_verified: true } };
  },
  adminDeleteBankAccount: async () => {
    const m = await freshMember();
    await prepare('PUT', `/api/admin/members/${m.id}/bank-account`, bankBody);
    return { params: { id: m.id } };
  },
  adminSetDepositAddress: async () => ({
    params: { id: owner.id },
    body: { deposit_address: trc20Address() },
  }),
  adminClearDepositAddress: async () => {
    const m = await freshMember();
    await prepare('PUT', `/api/admin/members/${m.id}/deposit-address`, { deposit_address: trc20Address() });
    return { params: { id: m.id } };
  },
  adminResetPassword: async () => ({
    params: { id: (await freshMember()).id },
    body: { new_password: 'reset12345', confirm_password: 'reset12345' },
  }),
  adminResetSecondPassword: async () => ({
    params: { id: (await freshMember()).id },
    body: { new_second_password: '8642', confirm_second_password: '8642' },
  }),
  adminListDeposits: async () => ({ query: { status: 'pending', memberId: owner.id } }),
  adminListWithdrawals: async () => ({ query: { status: 'pending', memberId: owner.id } }),
  streamEvents: async () => ({}),
  adminPendingQueue: async () => ({}),
  adminDeskQueue: async () => ({ query: { type: 'deposit' } }),
  adminApproveDeposit: async () => ({ params: { id: await pendingDeposit() }, body: {} }),
  adminRejectDeposit: async () => ({ params: { id: await pendingDeposit() }, body: { reason: '접근 시험' } }),
  adminApproveWithdrawal: async () => ({ params: { id: await pendingWithdrawal() }, body: {} }),
  adminRejectWithdrawal: async () => ({
    params: { id: await pendingWithdrawal() },
    body: { reason: '접근 시험' },
  }),
  adminVerifyLedger: async () => ({}),
  adminListNotices: async () => ({ query: { page: '1' } }),
  adminCreateNotice: async () => ({ body: noticeBody }),
  adminUpdateNotice: async () => {
    const n = await prepare('POST', '/api/admin/notices', noticeBody);
    return { params: { id: n.id }, body: { ...noticeBody, published: true } };
  },
  adminDeleteNotice: async () => {
    const n = await prepare('POST', '/api/admin/notices', noticeBody);
    return { params: { id: n.id } };
  },
  adminListAudit: async () => ({ query: { targetId: owner.id } }),
  adminListAuthEvents: async () => ({ query: { memberId: owner.id, result: 'failure' } }),
  adminListProposals: async () => ({}),
  adminConfirmProposal: async (w) => ({
    params: { id: await checkerProposal() },
    body: w.caller === 'admin' ? { otpCode: await stepUpCode(server.db, w.actor!) } : {},
  }),
  // Another administrator's proposal: refusing it says why (decision 0391).
  adminCancelProposal: async () => ({
    params: { id: await checkerProposal() },
    body: { reason: '근거 부족' },
  }),
  adminProposeRole: async () => ({ params: { id: (await enrolledMember()).id }, body: { admin: true } }),
  getTotpStatus: async () => ({}),
  startTotpEnrolment: async () => ({ body: {} }),
  confirmTotpEnrolment: async (w) => ({
    body: { otpCode: signedIn(w) ? await nextCode(await setupFor(w)) : '123456' },
  }),
  disableTotp: async (w) => {
    if (!signedIn(w)) return { body: { otpCode: '123456', second_password: '123456' } };
    const secret = await setupFor(w);
    await prepare('POST', '/api/totp/confirm', { otpCode: await nextCode(secret) }, w.actor!);
    return { body: { otpCode: await nextCode(secret), second_password: w.actor!.creds.pin } };
  },
};

/** The caller of a cell, with a session of its own (made in the database like a login would). */
async function callerFor(op: string, caller: Caller): Promise<{ who: Who; session: string | null }> {
  if (caller === 'none') return { who: { caller, actor: null }, session: null };
  const fresh = FRESH_CALLER.has(op);
  if (TOTP_OPS.has(op) && (caller === 'member' || caller === 'admin')) {
    const actor = await freshMember();
    if (caller === 'admin')
      await server.db.query('UPDATE members SET is_admin = true WHERE id = $1', [actor.id]);
    const session = await createSession(server.db, server.config, actor.id, 'full', {});
    return { who: { caller, actor }, session };
  }
  const actor =
    caller === 'member'
      ? fresh
        ? await freshMember()
        : owner
      : caller === 'other'
        ? other
        : fresh
          ? await adminActor(server.url, server.db)
          : admin;
  const stage: SessionStage = caller === 'password' ? 'password' : 'full';
  const session = await createSession(server.db, server.config, actor.id, stage, {});
  return { who: { caller, actor }, session };
}

interface Prepared {
  op: Operation;
  caller: Caller;
  expected: number;
  session: string | null;
  url: string;
  body: unknown;
}

async function prepareCell(op: Operation, caller: Caller, expected: number): Promise<Prepared> {
  const { who, session } = await callerFor(op.operationId, caller);
  const req = await REQUESTS[op.operationId]!(who);
  // 'other' names A's resources: every id the factory chose belongs to A (or to the administrator's data).
  const qs = req.query ? `?${new URLSearchParams(req.query)}` : '';
  return {
    op,
    caller,
    expected,
    session,
    url: `${fillPath(op.path, req.params ?? {})}${qs}`,
    body: req.body,
  };
}

async function send(p: Prepared) {
  if (p.op.operationId === 'streamEvents') return openStream(p);
  if (p.op.path.endsWith('.csv')) return download(p);
  return http.call(server.url, p.op.method, p.url, { session: p.session, body: p.body });
}

/** A CSV export answers text/csv, not the JSON envelope: its success is read from the headers. */
async function download(p: Prepared): Promise<Reply> {
  const res = await fetch(`${server.url}${p.url}`, {
    headers: p.session ? { cookie: `${SESSION_COOKIE}=${p.session}` } : {},
  });
  const type = res.headers.get('content-type') ?? '';
  if (!type.startsWith('text/csv')) return { status: res.status, body: await res.json(), ms: 0 };
  await res.text();
  return { status: res.status, body: { data: type, error: null }, ms: 0 };
}

/** The event stream never ends by itself: its status is read from the headers, then it is closed. */
async function openStream(p: Prepared): Promise<Reply> {
  const ac = new AbortController();
  const res = await fetch(`${server.url}${p.url}`, {
    headers: p.session ? { cookie: `${SESSION_COOKIE}=${p.session}` } : {},
    signal: ac.signal,
  });
  const type = res.headers.get('content-type') ?? '';
  const body = type.startsWith('text/event-stream') ? { data: type, error: null } : await res.json();
  ac.abort();
  return { status: res.status, body, ms: 0 };
}

describe('access matrix', () => {
  it('has one row, and one valid request, for every operation of the OpenAPI document', async () => {
    const ops = (await loadOperations(server.url)).map((o) => o.operationId).sort();
    expect(Object.keys(ACCESS_MATRIX).sort()).toEqual(ops);
    expect(Object.keys(REQUESTS).sort()).toEqual(ops);
    for (const [id, row] of Object.entries(ACCESS_MATRIX)) {
      for (const c of CALLERS) expect(row[c] === 'n/a' || Number.isInteger(row[c]), `${id}.${c}`).toBe(true);
    }
  });

  it('gives every cell exactly its declared status; refused cells change nothing', async () => {
    const ops = await loadOperations(server.url);
    const cells = ops.flatMap((op) =>
      CALLERS.flatMap((caller) => {
        const expected = ACCESS_MATRIX[op.operationId]?.[caller];
        return expected === undefined || expected === 'n/a' ? [] : [{ op, caller, expected }];
      }),
    );
    const mismatches: string[] = [];
    const check = (p: Prepared, r: Awaited<ReturnType<typeof send>>) => {
      const label = `${p.op.operationId} × ${p.caller}: expected ${p.expected}, got ${r.failure ?? r.status}`;
      if (r.status !== p.expected) mismatches.push(`${label} ${JSON.stringify(r.body).slice(0, 200)}`);
      else if (r.status >= 400) {
        const e = r.body?.error;
        if (
          !REFUSAL_CODES[r.status]?.includes(e?.code) ||
          !HANGUL.test(e?.message ?? '') ||
          r.body.data !== null
        ) {
          mismatches.push(`${label} but ${JSON.stringify(r.body)}`);
        }
      } else if (r.body?.error !== null) mismatches.push(`${label} but ${JSON.stringify(r.body)}`);
    };

    // Refused cells first, all together between two snapshots of the whole database.
    const refused = cells.filter((c) => c.expected >= 400);
    const preparedRefused: Prepared[] = [];
    for (const c of refused) preparedRefused.push(await prepareCell(c.op, c.caller, c.expected));
    const before = await snapshot(server.db);
    for (const p of preparedRefused) check(p, await send(p));
    const after = await snapshot(server.db);

    // Allowed cells one by one: each really succeeds.
    const allowed = cells.filter((c) => c.expected < 400);
    for (const c of allowed) {
      const p = await prepareCell(c.op, c.caller, c.expected);
      check(p, await send(p));
    }

    const count = (v: number | 'n/a') =>
      Object.values(ACCESS_MATRIX).reduce((s, row) => s + CALLERS.filter((c) => row[c] === v).length, 0);
    console.log(
      `access matrix: ${ops.length} operations × ${CALLERS.length} callers = ${ops.length * CALLERS.length} cells: ` +
        `${allowed.length} allowed (2xx), ${refused.length} refused (401: ${count(401)}, 403: ${count(403)}), ${count('n/a')} n/a; ` +
        `mismatches ${mismatches.length}`,
    );
    expect(mismatches).toEqual([]);
    expect(after).toEqual(before);
  });
});
