import { useState } from 'react';
import type { FieldError, FieldErrors, FieldValues, Path, UseFormSetError } from 'react-hook-form';
import { ApiError } from './api';

/** SPEC's inline messages under a money field start with "* ". */
export const starred = (message: string | undefined) =>
  message ? (message.startsWith('* ') ? message : `* ${message}`) : undefined;

/** A flat form's message under the field `name` (`FieldList`'s `error`). */
export const messageOf =
  <T extends FieldValues>(errors: FieldErrors<T>) =>
  (name: Path<T>) =>
    (errors as Record<string, FieldError | undefined>)[name]?.message;

/** The same, starred as the money forms show it. */
export const starredOf =
  <T extends FieldValues>(errors: FieldErrors<T>) =>
  (name: Path<T>) =>
    starred(messageOf(errors)(name));

/**
 * Puts the server's per-field messages (a 400/409 with `fields`) under the form's fields; returns how
 * many found a field of this form (0: the refusal belongs to no field here).
 */
export function applyFieldErrors<T extends FieldValues>(
  err: unknown,
  setError: UseFormSetError<T>,
  names: readonly Path<T>[],
): number {
  if (!(err instanceof ApiError) || !err.fields) return 0;
  let placed = 0;
  for (const [field, message] of Object.entries(err.fields)) {
    if ((names as readonly string[]).includes(field)) {
      setError(field as Path<T>, { type: 'server', message });
      placed++;
    }
  }
  return placed;
}

/** A session that ended (401): the caller sends the member to /login. */
export const isLoggedOut = (err: unknown) => err instanceof ApiError && err.status === 401;

/** A form's error line (the server's answer that belongs to no field): cleared each time the form sends. */
export function useFormError() {
  const [formError, setFormError] = useState<string | null>(null);
  const clearFirst =
    <A>(send: (arg: A) => void) =>
    (arg: A) => {
      setFormError(null);
      send(arg);
    };
  return { formError, setFormError, clearFirst };
}
