import { SESSION_COOKIE } from '../../../src/server/auth/sessions';
import { memberClient } from '../../support/client';
import { adjustBalance, setDepositAddress, trc20Address } from '../../support/money';
import { startTestServer, type TestServer } from '../../support/server';
import { type SmtpServer, startSmtpServer } from '../../support/smtp-server';
import { enrolTotp } from '../../support/totp';
import type { Caller } from '../access-matrix';
import { type Actor, adminActor, confirmProposal, memberActor, stepUpCode } from '../actors';
import { Http } from '../cluster';

/**
 * The access matrix's cast and setup: the owner of the resources, the other member, the administrator and
 * the second administrator on one server, and the administrator's calls that prepare a cell.
 */
interface Request {
  params?: Record<string, string>;
  query?: Record<string, string>;
  body?: unknown;
}
/** Who sends the request: `actor` is null for 'none'. */
export interface Who {
  caller: Caller;
  actor: Actor | null;
}
export type Factory = (who: Who) => Promise<Request>;

export let server: TestServer;
export let smtp: SmtpServer;
export const http = new Http(30_000);
/** Member A (the owner of the resources), member B (the other one), an administrator. */
export let owner: Actor;
export let other: Actor;
export let admin: Actor;
/** A second administrator: confirms the setup's proposals, proposes what the admin cells confirm. */
export let checker: Actor;

export async function setUp() {
  smtp = await startSmtpServer();
  server = await startTestServer({ SMTP_URL: smtp.url });
  [owner, other] = await Promise.all([memberActor(server.url), memberActor(server.url)]);
  admin = await adminActor(server.url, server.db);
  checker = await adminActor(server.url, server.db);
  for (const a of [owner, other, admin]) await fund(a);
}
export async function tearDown() {
  await server?.close();
  await smtp?.close();
}

/** An administrator's call made to prepare a cell (not a cell itself). */
export async function prepare(method: string, path: string, body?: unknown, as: Actor = admin) {
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
export async function checkerProposal(): Promise<string> {
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
export const lockBody = { currency: 'krw', locked_amount: '1000' };
export const noticeBody = { title: '접근 시험 공지', body: '본문', published: false };
export const bankBody = { bank_name: '국민은행', account_number: '110-123-456789', account_holder: '홍길동' };
export const krwWithdrawal = {
  amount: '10000',
  bank_name: '국민은행',
  account_number: '110-123-456789',
  account_holder: '홍길동',
};
export const krwDeposit = { ...bankBody, amount: '10000', depositor_name: '홍길동' };
export const pendingDeposit = async () =>
  (await prepare('POST', '/api/deposits/krw', krwDeposit, owner)).id as string;
export const pendingWithdrawal = async () =>
  (
    await prepare(
      'POST',
      '/api/withdrawals/krw',
      { ...krwWithdrawal, second_password: owner.creds.pin },
      owner,
    )
  ).id as string;
/** An approved external withdrawal of the owner, not paid out yet (for the payout cells). */
export async function approvedPayout(): Promise<string> {
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
export const bookEntry = (address: string, as: Actor) => ({
  network: 'TRC20',
  address,
  label: '접근 시험',
  wallet_kind: 'own',
  second_password: as.creds.pin,
});
/** A new member to be deleted, reset or changed, so the cells stay independent. */
export const freshMember = () => memberActor(server.url);
/** A fresh member who enrolled a one-time code themselves: only such a member may be proposed for the role. */
export async function enrolledMember(): Promise<Actor> {
  const m = await memberClient(server.url);
  await enrolTotp(m.client);
  return {
    id: m.id,
    username: m.creds.username,
    creds: m.creds,
    session: m.client.cookies.get(SESSION_COOKIE)!,
  };
}

/**
 * The operations whose cells act on the caller's own account in a way later cells must not see, or whose
 * answer depends on the account being newer than the last reserves check (a member's proof).
 */
export const FRESH_CALLER = new Set(['changePassword', 'setSecondPassword', 'getMyReserveProof']);
/** One-time code cells: a fresh member, or a fresh administrator who has not enrolled yet. */
export const TOTP_OPS = new Set([
  'getTotpStatus',
  'startTotpEnrolment',
  'confirmTotpEnrolment',
  'disableTotp',
]);
export const signedIn = (w: Who) => w.caller !== 'none' && w.caller !== 'password';
/**
 * The enrolled actor's fresh code (administrators of the tests are enrolled, decision 0150): one of its
 * recovery codes, as for a confirmation's step-up, because a TOTP step is good for one use and the cells
 * use an administrator's code more often than twice a step (three cells waited 55 s for new steps).
 */
const otp = async (w: Who) =>
  signedIn(w) && w.actor?.creds.totpSecret ? { otpCode: await stepUpCode(server.db, w.actor) } : {};
/** A withdrawal's proof: the second password (the PIN pad), then the enrolled actor's fresh code. */
export const withdrawalAuth = async (w: Who) => ({
  ...(w.actor ? { second_password: w.actor.creds.pin } : {}),
  ...(await otp(w)),
});
/** Starts enrolment of a cell's own caller and returns its secret. */
export const setupFor = async (w: Who) =>
  (await prepare('POST', '/api/totp/setup', {}, w.actor!)).secret as string;
