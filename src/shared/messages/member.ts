/**
 * The catalogue every screen a member opens can load: everything but the administrator page's own
 * messages (admin, chain checks, proposals). The client's entry and member screens import `MSG` from
 * here, so /login and /main do not download the administrator's strings (the member screens' size budget);
 * `index.ts` adds the administrator catalogues for the server, the admin page and the tests.
 */
import { AUTH_EVENT_MESSAGES } from './auth-events';
import { CORE_MESSAGES } from './core';
import { HOME_MESSAGES } from './home';
import { LIVE_MESSAGES } from './live';
import { MARKET_MESSAGES } from './market';
import { MOBILE_MESSAGES } from './mobile';
import { MONEY_MESSAGES } from './money';
import { OTP_MESSAGES } from './otp';
import { PROFILE_MESSAGES } from './profile';
import { WITHDRAWAL_RULE_MESSAGES } from './withdrawal-rules';

export const MSG = {
  ...CORE_MESSAGES,
  ...PROFILE_MESSAGES,
  ...HOME_MESSAGES,
  ...MONEY_MESSAGES,
  ...MOBILE_MESSAGES,
  ...AUTH_EVENT_MESSAGES,
  ...LIVE_MESSAGES,
  ...WITHDRAWAL_RULE_MESSAGES,
  ...OTP_MESSAGES,
  ...MARKET_MESSAGES,
} as const;
