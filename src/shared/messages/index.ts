/**
 * The Korean message catalogue: every user-facing string the server sends and the client shows.
 * Strings that SPEC quotes in Korean are verbatim; the ones it gives in English are translated.
 * Each domain keeps its messages in its own file here and adds one spread line below.
 */
import { ADMIN_MESSAGES } from './admin';
import { AUTH_EVENT_MESSAGES } from './auth-events';
import { CHAIN_MESSAGES } from './chain';
import { CORE_MESSAGES } from './core';
import { HOME_MESSAGES } from './home';
import { LIVE_MESSAGES } from './live';
import { MOBILE_MESSAGES } from './mobile';
import { MONEY_MESSAGES } from './money';
import { OTP_MESSAGES } from './otp';
import { PROFILE_MESSAGES } from './profile';
import { PROPOSAL_MESSAGES } from './proposals';
import { WITHDRAWAL_RULE_MESSAGES } from './withdrawal-rules';

export const MSG = {
  ...CORE_MESSAGES,
  ...PROFILE_MESSAGES,
  ...HOME_MESSAGES,
  ...MONEY_MESSAGES,
  ...ADMIN_MESSAGES,
  ...MOBILE_MESSAGES,
  ...AUTH_EVENT_MESSAGES,
  ...LIVE_MESSAGES,
  ...CHAIN_MESSAGES,
  ...PROPOSAL_MESSAGES,
  ...WITHDRAWAL_RULE_MESSAGES,
  ...OTP_MESSAGES,
} as const;
