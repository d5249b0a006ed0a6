/** The four-eyes registry (decision 0320): every kind of proposal and its entry. */
import type { ProposalKind } from '../../shared/schemas/proposals';
import {
  addressClear,
  addressSet,
  limitsSet,
  lockCreate,
  lockDelete,
  lockUpdate,
  passwordReset,
  roleGrant,
  roleRevoke,
  secondPasswordReset,
} from './kinds-accounts';
import { bankAccountSave, bankAccountVerify } from './kinds-bank-account';
import { balanceAdjustment, balancesEdit, depositApproval, withdrawalApproval } from './kinds-money';
import { noticePublish } from './kinds-notices';
import { payoutCorrection, payoutReturn } from './kinds-payout';
import { memberRecovery } from './kinds-recovery';
import { receivingAccountSet, totpReset } from './kinds-settings';
import type { Kind } from './registry';

export const KINDS = {
  'balances.set': balancesEdit,
  'balance.adjust': balanceAdjustment,
  'lock.create': lockCreate,
  'lock.update': lockUpdate,
  'lock.delete': lockDelete,
  'withdrawal.approve': withdrawalApproval,
  'deposit.approve': depositApproval,
  'admin.grant': roleGrant,
  'admin.revoke': roleRevoke,
  'deposit_address.set': addressSet,
  'deposit_address.clear': addressClear,
  'password.reset': passwordReset,
  'second_password.reset': secondPasswordReset,
  'withdrawal_limits.set': limitsSet,
  'receiving_account.set': receivingAccountSet,
  'totp.reset': totpReset,
  'bank_account.save': bankAccountSave,
  'bank_account.verify': bankAccountVerify,
  'payout.correct': payoutCorrection,
  'member.recovery': memberRecovery,
  'notice.publish': noticePublish,
  'payout.return': payoutReturn,
} satisfies Record<ProposalKind, Pick<Kind<never, unknown, unknown>, 'kind' | 'applyRow'>>;
