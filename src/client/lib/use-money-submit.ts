import { type QueryKey, useMutation, useQueryClient } from '@tanstack/react-query';
import { useRef } from 'react';
import type { FieldValues, Path, UseFormSetError } from 'react-hook-form';
import { useNavigate } from 'react-router';
import { ApiError, api } from './api';
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
  /** The screen's own toasts for a refusal; the field messages are already placed. */
  onError: (err: unknown) => void;
}

/**
 * The submit routine of the four money forms (KRW/USDT deposit, KRW/crypto withdrawal): one request at a
 * time, the same Idempotency-Key until a success, the server's field messages under the fields, a
 * logged-out member sent to /login, and the balances and history read again after a request.
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
          applyFieldErrors(err, opts.setError, opts.fields);
          opts.onError(err);
          if (opts.renewKeyOnConflict && err instanceof ApiError && err.code === 'IDEMPOTENCY_CONFLICT') {
            submitKey.reset();
          }
        },
        onSettled: () => {
          inFlight.current = false;
        },
      },
    );
  };

  return { submit, busy: mutation.isPending };
}
