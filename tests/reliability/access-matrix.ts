/**
 * Part 4 of the reliability suite: who may call what. ONE row per operation of /api/openapi.json, one
 * expected HTTP status per caller:
 *
 * - none:     no session cookie
 * - password: a session that passed only the password (the second step not done), of an administrator
 * - member:   a member (both steps, not an administrator), on their own data; on an administrator
 *             operation, with their own member id in the path
 * - other:    member B on member A's resources: A's ids in the path. 'n/a' where the operation takes no
 *             id (a member's operations act on the session's member only, so there is nothing of A's to
 *             name) or needs no session at all
 * - admin:    an administrator (both steps)
 *
 * access-matrix.test.ts sends every cell (a valid request, so an allowed cell really succeeds and a
 * refused one is refused for who is asking, not for what is asked) and fails on any operation of the
 * OpenAPI document without a row here.
 */
export const CALLERS = ['none', 'password', 'member', 'other', 'admin'] as const;
export type Caller = (typeof CALLERS)[number];
export type Cell = number | 'n/a';
export type Row = Record<Caller, Cell> & { why?: string };

export const ACCESS_MATRIX: Record<string, Row> = {
  // sign-up, login and the session: open to anyone, the second step needs the first
  signup: { none: 201, password: 201, member: 201, other: 'n/a', admin: 201 },
  login: { none: 200, password: 200, member: 200, other: 'n/a', admin: 200 },
  verifySecondPassword: { none: 401, password: 200, member: 200, other: 'n/a', admin: 200 },
  checkUsername: { none: 200, password: 200, member: 200, other: 'n/a', admin: 200 },
  getSession: { none: 401, password: 200, member: 200, other: 'n/a', admin: 200 },
  logout: { none: 200, password: 200, member: 200, other: 'n/a', admin: 200 },
  confirmEmailChange: {
    none: 200,
    password: 200,
    member: 200,
    other: 'n/a',
    admin: 200,
    why: 'the mailed link is the authority: its single-use token, not a session',
  },

  // a member's own data: both steps, scoped to the session's member (no ids taken)
  getProfile: { none: 401, password: 401, member: 200, other: 'n/a', admin: 200 },
  getWonAccounts: { none: 401, password: 401, member: 200, other: 'n/a', admin: 200 },
  updateContact: { none: 401, password: 401, member: 200, other: 'n/a', admin: 200 },
  requestEmailChange: { none: 401, password: 401, member: 202, other: 'n/a', admin: 202 },
  changePassword: { none: 401, password: 401, member: 200, other: 'n/a', admin: 200 },
  setSecondPassword: { none: 401, password: 401, member: 200, other: 'n/a', admin: 200 },
  getPrices: { none: 401, password: 401, member: 200, other: 'n/a', admin: 200 },
  getPriceHistory: { none: 401, password: 401, member: 200, other: 'n/a', admin: 200 },
  getBalances: { none: 401, password: 401, member: 200, other: 'n/a', admin: 200 },
  listNotices: { none: 401, password: 401, member: 200, other: 'n/a', admin: 200 },
  listHistory: { none: 401, password: 401, member: 200, other: 'n/a', admin: 200 },
  getDepositAddress: { none: 401, password: 401, member: 200, other: 'n/a', admin: 200 },
  getXrpDepositAddress: { none: 401, password: 401, member: 200, other: 'n/a', admin: 200 },
  createKrwDeposit: { none: 401, password: 401, member: 201, other: 'n/a', admin: 201 },
  createCryptoDeposit: { none: 401, password: 401, member: 201, other: 'n/a', admin: 201 },
  createKrwWithdrawal: { none: 401, password: 401, member: 201, other: 'n/a', admin: 201 },
  createCryptoWithdrawal: { none: 401, password: 401, member: 201, other: 'n/a', admin: 201 },

  // the administrator page: both steps and is_admin; a member is refused even on their own id
  adminListMembers: { none: 401, password: 401, member: 403, other: 403, admin: 200 },
  adminGetMember: { none: 401, password: 401, member: 403, other: 403, admin: 200 },
  adminCloseMember: { none: 401, password: 401, member: 403, other: 403, admin: 200 },
  // two-person approval (decisions 0160, 0321): adjustments, balance edits, lock changes and deposit
  // addresses are proposals (202); a member's password reset stays one step
  adminAdjustBalance: { none: 401, password: 401, member: 403, other: 403, admin: 202 },
  adminSetBalances: { none: 401, password: 401, member: 403, other: 403, admin: 202 },
  adminCreateLock: { none: 401, password: 401, member: 403, other: 403, admin: 202 },
  adminUpdateLock: { none: 401, password: 401, member: 403, other: 403, admin: 202 },
  adminDeleteLock: { none: 401, password: 401, member: 403, other: 403, admin: 202 },
  adminSaveBankAccount: { none: 401, password: 401, member: 403, other: 403, admin: 200 },
  adminSetBankAccountVerified: { none: 401, password: 401, member: 403, other: 403, admin: 202 },
  adminDeleteBankAccount: { none: 401, password: 401, member: 403, other: 403, admin: 200 },
  adminSetDepositAddress: { none: 401, password: 401, member: 403, other: 403, admin: 202 },
  adminClearDepositAddress: { none: 401, password: 401, member: 403, other: 403, admin: 202 },
  adminResetPassword: { none: 401, password: 401, member: 403, other: 403, admin: 200 },
  adminResetSecondPassword: { none: 401, password: 401, member: 403, other: 403, admin: 200 },
  adminListDeposits: { none: 401, password: 401, member: 403, other: 403, admin: 200 },
  adminListWithdrawals: { none: 401, password: 401, member: 403, other: 403, admin: 200 },
  adminApproveDeposit: { none: 401, password: 401, member: 403, other: 403, admin: 202 },
  adminRejectDeposit: { none: 401, password: 401, member: 403, other: 403, admin: 200 },
  adminApproveWithdrawal: { none: 401, password: 401, member: 403, other: 403, admin: 202 },
  adminRejectWithdrawal: { none: 401, password: 401, member: 403, other: 403, admin: 200 },
  adminVerifyLedger: { none: 401, password: 401, member: 403, other: 403, admin: 200 },
  adminListNotices: { none: 401, password: 401, member: 403, other: 403, admin: 200 },
  adminCreateNotice: { none: 401, password: 401, member: 403, other: 403, admin: 201 },
  adminUpdateNotice: { none: 401, password: 401, member: 403, other: 403, admin: 200 },
  adminDeleteNotice: { none: 401, password: 401, member: 403, other: 403, admin: 200 },
  adminListAudit: { none: 401, password: 401, member: 403, other: 403, admin: 200 },

  // the sign-in log: a member reads only their own (no id taken); across members only administrators
  getSignInActivity: { none: 401, password: 401, member: 200, other: 'n/a', admin: 200 },
  adminListAuthEvents: { none: 401, password: 401, member: 403, other: 403, admin: 200 },
  // live events: a member's stream carries only their own events (tests/api/live-events.test.ts)
  streamEvents: { none: 401, password: 401, member: 200, other: 'n/a', admin: 200 },
  adminPendingQueue: { none: 401, password: 401, member: 403, other: 403, admin: 200 },
  adminDeskQueue: { none: 401, password: 401, member: 403, other: 403, admin: 200 },
  // two-person approval (decision 0160): the list, confirming another administrator's proposal, cancelling
  adminListProposals: { none: 401, password: 401, member: 403, other: 403, admin: 200 },
  adminConfirmProposal: { none: 401, password: 401, member: 403, other: 403, admin: 200 },
  adminCancelProposal: { none: 401, password: 401, member: 403, other: 403, admin: 200 },
  adminProposeRole: { none: 401, password: 401, member: 403, other: 403, admin: 202 },
  // withdrawal rules: a member's own address book and rules; B cannot delete A's address
  listWithdrawalAddresses: { none: 401, password: 401, member: 200, other: 'n/a', admin: 200 },
  registerWithdrawalAddress: { none: 401, password: 401, member: 201, other: 'n/a', admin: 201 },
  deleteWithdrawalAddress: { none: 401, password: 401, member: 200, other: 404, admin: 200 },
  getWithdrawalRules: { none: 401, password: 401, member: 200, other: 'n/a', admin: 200 },
  // deposits checked on chain (decision 0170): which networks are checked, for the admin page
  adminChainStatus: { none: 401, password: 401, member: 403, other: 403, admin: 200 },
  adminGetWithdrawalLimits: { none: 401, password: 401, member: 403, other: 403, admin: 200 },
  // the service's won receiving account, payouts of approved external withdrawals, reserves: the desk only
  adminGetReceivingAccount: { none: 401, password: 401, member: 403, other: 403, admin: 200 },
  // where members send their won is changed by two administrators (decision 0380): a proposal
  adminSetReceivingAccount: { none: 401, password: 401, member: 403, other: 403, admin: 202 },
  // the desk's CSV exports of a period (decision 0380)
  adminExportAudit: { none: 401, password: 401, member: 403, other: 403, admin: 200 },
  adminExportAuthEvents: { none: 401, password: 401, member: 403, other: 403, admin: 200 },
  adminExportRequests: { none: 401, password: 401, member: 403, other: 403, admin: 200 },
  adminExportLedger: { none: 401, password: 401, member: 403, other: 403, admin: 200 },
  // a member's OTP reset is one step; another administrator's is a proposal (decision 0380)
  adminResetTotp: { none: 401, password: 401, member: 403, other: 403, admin: 200 },
  adminListPayouts: { none: 401, password: 401, member: 403, other: 403, admin: 200 },
  adminPayoutBatch: { none: 401, password: 401, member: 403, other: 403, admin: 200 },
  adminRecordPayout: { none: 401, password: 401, member: 403, other: 403, admin: 200 },
  adminImportPayouts: { none: 401, password: 401, member: 403, other: 403, admin: 200 },
  // correcting a TXID still being checked is always a proposal (decision 0392)
  adminProposePayoutCorrection: { none: 401, password: 401, member: 403, other: 403, admin: 202 },
  adminTakeReserves: { none: 401, password: 401, member: 403, other: 403, admin: 200 },
  adminListReserves: { none: 401, password: 401, member: 403, other: 403, admin: 200 },
  adminPayoutBatchCsv: { none: 401, password: 401, member: 403, other: 403, admin: 200 },
  adminReservesCsv: { none: 401, password: 401, member: 403, other: 403, admin: 200 },
  // a member's daily withdrawal limits are a proposal (decision 0321)
  adminSetWithdrawalLimits: { none: 401, password: 401, member: 403, other: 403, admin: 202 },
  // one-time codes (decision 0150): the session's own enrolment only (no ids taken); outside
  // /api/admin, so an administrator who has not enrolled yet reaches them (the cells' admin is such a one)
  getTotpStatus: { none: 401, password: 401, member: 200, other: 'n/a', admin: 200 },
  startTotpEnrolment: { none: 401, password: 401, member: 200, other: 'n/a', admin: 200 },
  confirmTotpEnrolment: { none: 401, password: 401, member: 200, other: 'n/a', admin: 200 },
  disableTotp: { none: 401, password: 401, member: 200, other: 'n/a', admin: 200 },
};
