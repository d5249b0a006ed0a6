import {
  auditListView,
  depositListView,
  ledgerReportView,
  memberDetailView,
  memberListView,
  noticeListView,
  withdrawalListView,
} from '../../shared/schemas/admin-views';
import { authEventListView, signInActivityView } from '../../shared/schemas/auth-events';
import { balancesSchema } from '../../shared/schemas/balances';
import { chainStatusView } from '../../shared/schemas/chain';
import {
  depositAddressViewSchema,
  depositViewSchema,
  receivingAccountAdminViewSchema,
  wonAccountsViewSchema,
  xrpDepositAddressViewSchema,
} from '../../shared/schemas/deposits';
import { queueView } from '../../shared/schemas/desk-queue';
import { bulkApproveView, serviceLimitsView, waitingView } from '../../shared/schemas/desk-work';
import { historyViewSchema } from '../../shared/schemas/history';
import { noticesSchema } from '../../shared/schemas/member-notices';
import { totpRecoveryCodesSchema, totpSetupSchema, totpStatusSchema } from '../../shared/schemas/otp';
import { priceHistorySchema } from '../../shared/schemas/price-history';
import { pricesSchema } from '../../shared/schemas/prices';
import { profileViewSchema } from '../../shared/schemas/profile';
import { proposalListView } from '../../shared/schemas/proposals';
import { sessionView, usernameCheckView } from '../../shared/schemas/session';
import {
  adminLimitsViewSchema,
  withdrawalAddressListView,
  withdrawalAddressViewSchema,
  withdrawalRulesViewSchema,
} from '../../shared/schemas/withdrawal-rules';
import { withdrawalViewSchema } from '../../shared/schemas/withdrawals';

/**
 * The shared view schemas the fetchers name (`api.get(path, { schema: 'balances' })`): the very schemas
 * the server declares as its responses. Loaded by lib/api.ts in development and tests only (a dynamic
 * import under `import.meta.env.DEV`), so zod and these schemas stay out of the production screens.
 */
export const RESPONSE_SCHEMAS = {
  session: sessionView,
  usernameCheck: usernameCheckView,
  balances: balancesSchema,
  prices: pricesSchema,
  priceHistory: priceHistorySchema,
  withdrawalRules: withdrawalRulesViewSchema,
  depositAddress: depositAddressViewSchema,
  xrpDepositAddress: xrpDepositAddressViewSchema,
  deposit: depositViewSchema,
  withdrawal: withdrawalViewSchema,
  withdrawalAddress: withdrawalAddressViewSchema,
  withdrawalAddresses: withdrawalAddressListView,
  history: historyViewSchema,
  notices: noticesSchema,
  profile: profileViewSchema,
  signInActivity: signInActivityView,
  totpStatus: totpStatusSchema,
  totpSetup: totpSetupSchema,
  totpRecoveryCodes: totpRecoveryCodesSchema,
  adminMembers: memberListView,
  adminMember: memberDetailView,
  adminDeposits: depositListView,
  adminWithdrawals: withdrawalListView,
  adminNotices: noticeListView,
  adminAudit: auditListView,
  adminLedger: ledgerReportView,
  adminAuthEvents: authEventListView,
  adminLimits: adminLimitsViewSchema,
  waiting: waitingView,
  bulkApprove: bulkApproveView,
  serviceLimits: serviceLimitsView,
  deskQueue: queueView,
  proposals: proposalListView,
  chainStatus: chainStatusView,
  wonAccounts: wonAccountsViewSchema,
  adminReceivingAccount: receivingAccountAdminViewSchema,
} as const;

export type ResponseSchemaName = keyof typeof RESPONSE_SCHEMAS;
