import { MSG } from '../../shared/messages';
import type { EventOrigin } from '../auth/auth-events';
import { checkSecondPassword } from '../auth/login';
import type { Db } from '../db';
import { AppError, isAppError } from '../http/errors';

export interface WithdrawalAuth {
  secondPassword?: string | null;
}

/**
 * The one check that proves it is the member before a withdrawal-safety change (registering an address).
 * Today the second password, on the login second step's shared attempt counter (decision 0100); the TOTP
 * helper makes it "the second password or the one-time code" here, in this one place.
 */
export async function verifyWithdrawalAuth(
  db: Db,
  memberId: string,
  auth: WithdrawalAuth,
  origin: EventOrigin,
): Promise<void> {
  if (!auth.secondPassword) {
    throw new AppError('VALIDATION', MSG.wrules.secondPasswordRequired, {
      second_password: MSG.wrules.secondPasswordRequired,
    });
  }
  try {
    await checkSecondPassword(db, memberId, auth.secondPassword, origin);
  } catch (e) {
    // A wrong second password is a field error of this form, not a failed sign-in (the session stays).
    if (isAppError(e) && e.code === 'INVALID_CREDENTIALS') {
      throw new AppError('VALIDATION', MSG.wrules.secondPasswordWrong, {
        second_password: MSG.wrules.secondPasswordWrong,
      });
    }
    throw e;
  }
}
