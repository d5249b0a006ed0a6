import { useCallback, useState } from 'react';
import { MSG } from '../../../shared/messages';
import { ApiError } from '../../lib/api';

/** SPEC §8: a message containing 실패 or 오류 is shown in red, any other in green. */
const isFailureText = (text: string) => text.includes('실패') || text.includes('오류');

/** "<action> 실패: <reason>" unless the server's message already carries an action failure. */
export function failureText(prefix: string, err: unknown): string {
  const reason = err instanceof ApiError ? err.message : MSG.common.unexpected;
  return isFailureText(reason) ? reason : MSG.admin.fail(prefix, reason);
}

/** The result line of one section: its last success or failure. */
export function useResult() {
  const [text, setText] = useState<string | null>(null);
  const fail = useCallback((prefix: string, err: unknown) => setText(failureText(prefix, err)), []);
  return { text, set: setText, fail, clear: useCallback(() => setText(null), []) };
}

export function ResultMessage({ text }: { text: string | null }) {
  return (
    <p
      className={`adm-result ${text ? (isFailureText(text) ? 'tone-bad' : 'tone-good') : ''}`}
      role={text && isFailureText(text) ? 'alert' : 'status'}
      aria-live="polite"
    >
      {text ?? ''}
    </p>
  );
}
