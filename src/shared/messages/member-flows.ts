/**
 * The member catalogue plus the deposit and withdrawal flows' strings: imported by those screens only
 * (the member entry imports `member.ts`, which leaves these out to keep /login and /main small).
 */
import { DEPOSIT_SCREEN_MESSAGES } from './deposit-screens';
import { MSG as MEMBER_MSG } from './member';
import { MONEY_FLOW_MESSAGES } from './money-flows';

export const MSG = { ...MEMBER_MSG, ...MONEY_FLOW_MESSAGES, ...DEPOSIT_SCREEN_MESSAGES } as const;
