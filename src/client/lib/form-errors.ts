import type { FieldValues, Path, UseFormSetError } from 'react-hook-form';
import { ApiError } from './api';

/** SPEC's inline messages under a money field start with "* ". */
export const starred = (message: string | undefined) =>
  message ? (message.startsWith('* ') ? message : `* ${message}`) : undefined;

/** Puts the server's per-field messages (a 400/409 with `fields`) under the form's fields. */
export function applyFieldErrors<T extends FieldValues>(
  err: unknown,
  setError: UseFormSetError<T>,
  names: readonly Path<T>[],
) {
  if (!(err instanceof ApiError) || !err.fields) return;
  for (const [field, message] of Object.entries(err.fields)) {
    if ((names as readonly string[]).includes(field)) setError(field as Path<T>, { type: 'server', message });
  }
}

/** A session that ended (401): the caller sends the member to /login. */
export const isLoggedOut = (err: unknown) => err instanceof ApiError && err.status === 401;
