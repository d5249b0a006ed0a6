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

/** The usual rows: a member's own operation (both steps, no ids taken), and an administrator's. */
const OWN: Row = { none: 401, password: 401, member: 200, other: 'n/a', admin: 200 };
/** A member's own request that creates a row (a deposit, a withdrawal, an address-book entry). */
const OWN_CREATE: Row = { ...OWN, member: 201, admin: 201 };
const ADMIN: Row = { none: 401, password: 401, member: 403, other: 403, admin: 200 };
/** An administrator's change made by two (decisions 0160, 0321): the first one's call is a proposal. */
const ADMIN_PROPOSAL: Row = { ...ADMIN, admin: 202 };

export const ACCESS_MATRIX: Record<string, Row> = {
  // sign-up, login and the session: open to anyone, the second step needs the first
  signup: { none: 201, password: 201, member: 201, other: 'n/a', admin: 201 },
  login: { none: 200, password: 200, member: 200, other: 'n/a', admin: 200 },
  verifySecondPassword: { none: 401, password: 200, member: 200, other: 'n/a', admin: 200 },
  checkUsername: { none: 200, password: 200, member: 200, other: 'n/a', admin: 200 },
  getSession: { none: 401, password: 200, member: 200, other: 'n/a', admin: 200 },
  logout: { none: 200, password: 200, member: 200, other: 'n/a', admin: 200 },
  requestRecovery: {
    none: 202,
    password: 202,
    member: 202,
    other: 'n/a',
    admin: 202,
    why: 'the same answer for every name; the code goes to the account’s e-mail only',
  },
  finishRecovery: {
    none: 200,
    password: 200,
    member: 200,
    other: 'n/a',
    admin: 200,
    why: 'the mailed single-use code is the authority, never a session',
  },
  confirmEmailChange: {
    none: 200,
    password: 200,
    member: 200,
    other: 'n/a',
    admin: 200,
    why: 'the mailed link is the authority: its single-use token, not a session',
  },

  // a member's own data: both steps, scoped to the session's member (no ids taken)
  getProfile: OWN,
  getWonAccounts: OWN,
  updateContact: OWN,
  requestEmailChange: { none: 401, password: 401, member: 202, other: 'n/a', admin: 202 },
  changePassword: OWN,
  setSecondPassword: OWN,
  getPrices: OWN,
  getPriceHistory: OWN,
  getBalances: OWN,
  listNotices: OWN,
  listHistory: OWN,
  getDepositAddress: OWN,
  getXrpDepositAddress: OWN,
  createKrwDeposit: OWN_CREATE,
  createCryptoDeposit: OWN_CREATE,
  createKrwWithdrawal: OWN_CREATE,
  createCryptoWithdrawal: OWN_CREATE,
  checkKrwWithdrawal: OWN,
  checkCryptoWithdrawal: OWN,

  // the administrator page: both steps and is_admin; a member is refused even on their own id
  adminListMembers: ADMIN,
  adminGetMember: ADMIN,
  adminCloseMember: ADMIN,
  // two-person approval (decisions 0160, 0321): adjustments, balance edits, lock changes and deposit
  // addresses are proposals (202); a member's secrets are never an administrator's to set (decision 0400)
  adminAdjustBalance: ADMIN_PROPOSAL,
  adminSetBalances: ADMIN_PROPOSAL,
  adminCreateLock: ADMIN_PROPOSAL,
  adminUpdateLock: ADMIN_PROPOSAL,
  adminDeleteLock: ADMIN_PROPOSAL,
  adminSaveBankAccount: ADMIN,
  adminSetBankAccountVerified: ADMIN_PROPOSAL,
  adminDeleteBankAccount: ADMIN,
  adminSetDepositAddress: ADMIN_PROPOSAL,
  adminClearDepositAddress: ADMIN_PROPOSAL,
  adminResetPassword: {
    ...ADMIN,
    admin: 403,
    why: 'only another administrator’s secrets: a member recovers by e-mail',
  },
  adminResetSecondPassword: {
    ...ADMIN,
    admin: 403,
    why: 'only another administrator’s secrets: a member recovers by e-mail',
  },
  adminProposeRecovery: ADMIN_PROPOSAL,
  adminListDeposits: ADMIN,
  adminListWithdrawals: ADMIN,
  adminApproveDeposit: ADMIN_PROPOSAL,
  adminRejectDeposit: ADMIN,
  adminApproveWithdrawal: ADMIN_PROPOSAL,
  adminRejectWithdrawal: ADMIN,
  adminVerifyLedger: ADMIN,
  adminListNotices: ADMIN,
  adminCreateNotice: { none: 401, password: 401, member: 403, other: 403, admin: 201 },
  // what members will see is published by two (decision 0401)
  adminUpdateNotice: ADMIN_PROPOSAL,
  adminDeleteNotice: ADMIN,
  adminListAudit: ADMIN,

  // the sign-in log: a member reads only their own (no id taken); across members only administrators
  getSignInActivity: OWN,
  adminListAuthEvents: ADMIN,
  // live events: a member's stream carries only their own events (tests/api/live-events.test.ts)
  streamEvents: OWN,
  adminWaiting: ADMIN,
  adminServiceLimits: ADMIN,
  // several approvals in one call: 200 with each request's outcome (approved, proposed, refused)
  adminApproveRequests: ADMIN,
  adminDeskQueue: ADMIN,
  // two-person approval (decision 0160): the list, confirming another administrator's proposal, cancelling
  adminListProposals: ADMIN,
  adminConfirmProposal: ADMIN,
  adminCancelProposal: ADMIN,
  adminProposeRole: ADMIN_PROPOSAL,
  // withdrawal rules: a member's own address book and rules; B cannot delete A's address
  listWithdrawalAddresses: OWN,
  registerWithdrawalAddress: OWN_CREATE,
  deleteWithdrawalAddress: { none: 401, password: 401, member: 200, other: 404, admin: 200 },
  getWithdrawalRules: OWN,
  // deposits checked on chain (decision 0170): which networks are checked, for the admin page
  adminChainStatus: ADMIN,
  adminGetWithdrawalLimits: ADMIN,
  // the service's won receiving account, payouts of approved external withdrawals, reserves: the desk only
  adminGetReceivingAccount: ADMIN,
  // where members send their won is changed by two administrators (decision 0380): a proposal
  adminSetReceivingAccount: ADMIN_PROPOSAL,
  // the desk's CSV exports of a period (decision 0380)
  adminExportAudit: ADMIN,
  adminExportAuthEvents: ADMIN,
  adminExportRequests: ADMIN,
  adminExportLedger: ADMIN,
  // a member's OTP reset is one step; another administrator's is a proposal (decision 0380)
  adminResetTotp: ADMIN,
  adminListPayouts: ADMIN,
  adminPayoutBatch: ADMIN,
  adminRecordPayout: ADMIN,
  adminImportPayouts: ADMIN,
  // correcting a TXID still being checked is always a proposal (decision 0392)
  adminProposePayoutCorrection: ADMIN_PROPOSAL,
  // Who may ask is what this row checks: the payout's TXID still stands, so the administrator's valid request
  // is refused as a conflict; a return that is proposed is driven in tests/api/payout-returns.test.ts.
  adminProposePayoutReturn: { ...ADMIN, admin: 409 },
  adminTakeReserves: ADMIN,
  adminListReserves: ADMIN,
  adminPayoutBatchCsv: ADMIN,
  adminReservesCsv: ADMIN,
  // proof of reserves (decision 0450): the published roots are open to anyone; a member's proof is their own
  getPublicReserves: { none: 200, password: 200, member: 200, other: 'n/a', admin: 200 },
  getMyReserveProof: {
    none: 401,
    password: 401,
    member: 404,
    other: 'n/a',
    admin: 404,
    why: 'callers made after the last reserves check: their own answer is "no proof yet"',
  },
  // a member's daily withdrawal limits are a proposal (decision 0321)
  adminSetWithdrawalLimits: ADMIN_PROPOSAL,
  // one-time codes (decision 0150): the session's own enrolment only (no ids taken); outside
  // /api/admin, so an administrator who has not enrolled yet reaches them (the cells' admin is such a one)
  getTotpStatus: OWN,
  startTotpEnrolment: OWN,
  confirmTotpEnrolment: OWN,
  disableTotp: OWN,
};
