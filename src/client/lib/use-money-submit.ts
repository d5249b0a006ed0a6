import { type QueryKey, useMutation, useQueryClient } from '@tanstack/react-query';
import { useRef } from 'react';
import type { FieldValues, Path, UseFormSetError } from 'react-hook-form';
import { useNavigate } from 'react-router';
import { MSG } from '../../shared/messages/member';
import { ApiError, api, isRefusal } from './api';
import { applyFieldErrors, isLoggedOut } from './form-errors';
import type { ResponseSchemaName } from './response-schemas';
import { toast } from './toast';
import { useSubmitKey } from './use-submit-key';

/** A money request (`send`): POST `path` with its Idempotency-Key, the answer checked against `schema`. */
export const idempotentPost =
  <TBody>(path: string, schema: ResponseSchemaName) =>
  (body: TBody, idempotencyKey: string) =>
    api.post(path, body, { idempotencyKey, schema });

export interface MoneySubmitOptions<TBody, TForm extends FieldValues> {
  /** Sends one request with its Idempotency-Key (the feature's fetcher). */
  send: (body: TBody, idempotencyKey: string) => Promise<unknown>;
  /** The queries read again after a request was taken (balances, history, …). */
  refetch: readonly QueryKey[];
  /** The form's fields that the server's per-field messages may land under. */
  fields: readonly Path<TForm>[];
  setError: UseFormSetError<TForm>;
  /** The toast shown when the session is gone (the member is then sent to /login). */
  loginRequired: string;
  /** A duplicate submission (IDEMPOTENCY_CONFLICT) makes a new key for the next try (withdrawals). */
  renewKeyOnConflict?: boolean;
  onSuccess: () => void;
  /**
   * Every refusal (4xx), after its field messages are placed: e.g. read the withdrawal rules again. The
   * member reads a refusal once: at its field, or on the form's line (`onFormError`), never as a toast
   * of a system error.
   */
  onRefused?: (err: ApiError) => void;
  /**
   * A refusal that belongs to no field of the form: the server's Korean sentence for the form's error
   * line; called with null when the form is sent again. Without it, the sentence is shown as a toast,
   * verbatim.
   */
  onFormError?: (message: string | null) => void;
  /**
   * A failure the member did not cause (no answer, a server error): the screen's toast. Not called for a
   * refusal. Without it, the common "server unavailable" / "unexpected" toast.
   */
  onError?: (err: unknown) => void;
}

/**
 * The submit routine of the four money forms (KRW/USDT deposit, KRW/crypto withdrawal): one request at a
 * time, the same Idempotency-Key until a success, the server's field messages under the fields, a
 * logged-out member sent to /login, and the balances and history read again after a request. A refusal
 * is read once, in the server's words: at its field, else on the form's line (or a toast of that sentence);
 * only a failure the member did not cause is a system-error toast.
 */
export function useMoneySubmit<TBody, TForm extends FieldValues>(opts: MoneySubmitOptions<TBody, TForm>) {
  const navigate = useNavigate();
  const qc = useQueryClient();
  const submitKey = useSubmitKey();
  const inFlight = useRef(false);
  const mutation = useMutation({
    mutationFn: ({ body, key }: { body: TBody; key: string }) => opts.send(body, key),
    onSuccess: () => {
      for (const queryKey of opts.refetch) void qc.invalidateQueries({ queryKey });
    },
  });

  const submit = (body: TBody) => {
    if (inFlight.current) return;
    inFlight.current = true;
    opts.onFormError?.(null);
    mutation.mutate(
      { body, key: submitKey.current() },
      {
        onSuccess: () => {
          submitKey.reset();
          opts.onSuccess();
        },
        onError: (err) => {
          if (isLoggedOut(err)) {
            toast.error(opts.loginRequired);
            navigate('/login');
            return;
          }
          if (opts.renewKeyOnConflict && err instanceof ApiError && err.code === 'IDEMPOTENCY_CONFLICT') {
            submitKey.reset();
          }
          if (isRefusal(err)) {
            const placed = applyFieldErrors(err, opts.setError, opts.fields);
            if (placed === 0) {
              if (opts.onFormError) opts.onFormError(err.message);
              else toast.error(err.message);
            }
            opts.onRefused?.(err);
            return;
          }
          if (opts.onError) opts.onError(err);
          else
            toast.error(
              err instanceof ApiError && err.code === 'NETWORK' ? err.message : MSG.common.unexpected,
            );
        },
        onSettled: () => {
          inFlight.current = false;
        },
      },
    );
  };

  return { submit, busy: mutation.isPending };
}
