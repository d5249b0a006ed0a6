import { MSG } from '../../../shared/messages/member';
import { ApiError } from '../../lib/api';
import { toast } from '../../lib/toast';

/**
 * SPEC §8's withdrawal messages: a duplicate submission (the Idempotency-Key reused for other content)
 * → "try again shortly"; a refusal of the server → "error: {message}"; no answer → "exception: {message}".
 * A refused amount keeps the server's own words ('출금 가능 금액을 확인해주세요.' …).
 */
export function toastWithdrawalError(err: unknown) {
  if (err instanceof ApiError && err.code === 'IDEMPOTENCY_CONFLICT') toast.error(MSG.withdraw.duplicate);
  else if (err instanceof ApiError && err.code === 'INSUFFICIENT_FUNDS') toast.error(err.message);
  else if (err instanceof ApiError && err.code !== 'NETWORK') toast.error(MSG.withdraw.failed(err.message));
  else toast.error(MSG.withdraw.exception(err instanceof Error ? err.message : String(err)));
}
