import { createHash } from 'node:crypto';
import { newMemberCreds, signupBody } from '../../support/client';
import { trc20Address, txid } from '../../support/money';
import { uniqueName } from '../../support/server';
import { tokenFromMail } from '../../support/smtp-server';
import { nextCode } from '../../support/totp';
import { stepUpCode } from '../actors';
import {
  approvedPayout,
  bankBody,
  bookEntry,
  checkerProposal,
  enrolledMember,
  type Factory,
  freshMember,
  http,
  krwDeposit,
  krwWithdrawal,
  lockBody,
  noticeBody,
  owner,
  pendingDeposit,
  pendingWithdrawal,
  prepare,
  server,
  setupFor,
  signedIn,
  smtp,
  withdrawalAuth,
} from './cast';

let balanceStep = 0;

/** A valid request for each operation: an allowed caller really succeeds with it. */
/** A USDT withdrawal to a freshly registered address: the address book takes only those. */
const cryptoWithdrawal: Factory = async (w) => {
  const to = trc20Address();
  // The test server's waiting period is 0, so the address is usable at once.
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
};

export const REQUESTS: Record<string, Factory> = {
  signup: async () => ({ body: signupBody(newMemberCreds()) }),
  login: async () => ({ body: { email: owner.username, password: owner.creds.password } }),
  verifySecondPassword: async (w) => ({
    body: {
      second_password: w.actor?.creds.pin ?? '123456',
      // The second step of a sign-in (a password-stage session) asks the code too.
      ...(w.actor?.creds.totpSecret ? { otpCode: await stepUpCode(server.db, w.actor) } : {}),
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
  createCryptoWithdrawal: cryptoWithdrawal,
  checkKrwWithdrawal: async (w) => ({ body: { ...krwWithdrawal, ...(await withdrawalAuth(w)) } }),
  // The dry run takes the request's own body.
  checkCryptoWithdrawal: cryptoWithdrawal,
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
  adminProposePayoutReturn: async () => {
    const id = await approvedPayout();
    await prepare('POST', `/api/admin/withdrawals/${id}/payout`, { txid: txid() });
    return { params: { id }, body: { reason: '서명 시스템에서 분실' } };
  },
  adminImportPayouts: async () => ({ body: { items: [{ id: await approvedPayout(), txid: txid() }] } }),
  adminTakeReserves: async () => ({ body: {} }),
  adminListReserves: async () => ({ query: { limit: '5' } }),
  getPublicReserves: async () => ({}),
  getMyReserveProof: async () => ({}),
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
      body: { otpCode: await nextCode(secret), second_password: m.creds.pin },
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
  adminProposeRecovery: async () => ({
    params: { id: (await freshMember()).id },
    body: { secret: 'password' },
  }),
  requestRecovery: async () => ({ body: { identifier: owner.username, secret: 'second_password' } }),
  // A code as a mail would carry it, for a fresh member: the code is the authority, not a session.
  finishRecovery: async () => {
    const m = await freshMember();
    await server.db.query(
      `INSERT INTO account_recoveries (member_id, secret, code_hash, expires_at)
       VALUES ($1, 'password', $2, now() + interval '15 minutes')`,
      [m.id, createHash('sha256').update('123456').digest('hex')],
    );
    const body = { code: '123456', new_secret: 'recover12345', new_secret_confirm: 'recover12345' };
    return { body: { identifier: m.username, secret: 'password', ...body } };
  },
  adminListDeposits: async () => ({ query: { status: 'pending', memberId: owner.id } }),
  adminListWithdrawals: async () => ({ query: { status: 'pending', memberId: owner.id } }),
  streamEvents: async () => ({}),
  adminWaiting: async () => ({}),
  adminServiceLimits: async () => ({}),
  adminApproveRequests: async () => ({
    body: { items: [{ kind: 'deposit', id: await pendingDeposit() }] },
  }),
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
    body: {
      otpCode: signedIn(w) ? await nextCode(await setupFor(w)) : '123456',
      second_password: w.actor?.creds.pin ?? '123456',
    },
  }),
  disableTotp: async (w) => {
    if (!signedIn(w)) return { body: { otpCode: '123456', second_password: '123456' } };
    const secret = await setupFor(w);
    await prepare(
      'POST',
      '/api/totp/confirm',
      { otpCode: await nextCode(secret), second_password: w.actor!.creds.pin },
      w.actor!,
    );
    return { body: { otpCode: await nextCode(secret), second_password: w.actor!.creds.pin } };
  },
};
