/**
 * The Korean message catalogue: every user-facing string the server sends and the client shows.
 * Strings that SPEC quotes in Korean are verbatim; the ones it gives in English are translated.
 * Each domain keeps its messages in its own file here and adds one spread line, in `member.ts` when a
 * member's screen shows it, below when only the administrator page does (lint keeps this full catalogue
 * out of the member screens: biome.json).
 */
import { ACCOUNT_TRUST_MESSAGES } from './account-trust';
import { ADMIN_MESSAGES } from './admin';
import { AUDIT_SENTENCE_MESSAGES } from './audit-sentences';
import { CHAIN_MESSAGES } from './chain';
import { DEPOSIT_SCREEN_MESSAGES } from './deposit-screens';
import { DESK_QUEUE_MESSAGES } from './desk-queue';
import { DESK_RECORDS_MESSAGES } from './desk-records';
import { DESK_WORKDAY_MESSAGES } from './desk-workday';
import { FOUR_EYES_GUARD_MESSAGES } from './four-eyes-guards';
import { MSG as MEMBER_MSG } from './member';
import { MONEY_FLOW_MESSAGES } from './money-flows';
import { MONEY_SERVER_MESSAGES } from './money-server';
import { PAYOUT_MESSAGES } from './payouts';
import { PROPOSAL_MESSAGES } from './proposals';
import { RECOVERY_MESSAGES } from './recovery';
import { RESERVE_MESSAGES } from './reserves';

export const MSG = {
  ...MEMBER_MSG,
  ...MONEY_FLOW_MESSAGES,
  ...DEPOSIT_SCREEN_MESSAGES,
  ...MONEY_SERVER_MESSAGES,
  ...ADMIN_MESSAGES,
  ...CHAIN_MESSAGES,
  ...PROPOSAL_MESSAGES,
  ...DESK_QUEUE_MESSAGES,
  ...PAYOUT_MESSAGES,
  ...DESK_RECORDS_MESSAGES,
  ...RESERVE_MESSAGES,
  ...FOUR_EYES_GUARD_MESSAGES,
  ...ACCOUNT_TRUST_MESSAGES,
  ...RECOVERY_MESSAGES,
  ...DESK_WORKDAY_MESSAGES,
  ...AUDIT_SENTENCE_MESSAGES,
} as const;
