import { useState } from 'react';
import type { FieldValues, Path, UseFormSetError } from 'react-hook-form';
import { MSG } from '../../../shared/messages/member-flows';
import type { WithdrawalCheckView } from '../../../shared/schemas/withdrawals';
import { ApiError, api, isRefusal } from '../../lib/api';
import { applyFieldErrors } from '../../lib/form-errors';
import { toast } from '../../lib/toast';

/**
 * The server's own check of a withdrawal before the confirmation sheet (POST …/check: the request's code,
 * rolled back): every rule that needs the server's data — the travel rule at the current price, the daily
 * limit, the holds after a won deposit, the address book's waiting time — stops the member on the step
 * where they type, with the message at its field. A refusal of no field of the form is the step's line.
 * The answer also says how many second-password attempts are left: the PIN pad shows it from the start.
 */
export function useWithdrawalCheck<TForm extends FieldValues>(opts: {
  path: string;
  fields: readonly Path<TForm>[];
  setError: UseFormSetError<TForm>;
}) {
  const [busy, setBusy] = useState(false);
  const [stepError, setStepError] = useState<string | null>(null);
  const [attempts, setAttempts] = useState<WithdrawalCheckView['second_password'] | null>(null);
  /** Resolves to the refusal's field names (none: a refusal of no field), or null when it would be taken. */
  const check = async (body: unknown): Promise<string[] | null> => {
    setBusy(true);
    setStepError(null);
    try {
      const answer = await api.post<WithdrawalCheckView>(opts.path, body, { schema: 'withdrawalCheck' });
      setAttempts(answer.second_password);
      return null;
    } catch (err) {
      if (isRefusal(err)) {
        if (applyFieldErrors(err, opts.setError, opts.fields) === 0) setStepError(err.message);
        return Object.keys(err.fields ?? {});
      }
      toast.error(err instanceof ApiError && err.code === 'NETWORK' ? err.message : MSG.common.unexpected);
      return [];
    } finally {
      setBusy(false);
    }
  };
  return { check, busy, stepError, attempts };
}
