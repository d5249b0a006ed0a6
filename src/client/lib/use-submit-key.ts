import { useCallback, useRef } from 'react';

/** 128 random bits as a UUID-shaped key; works outside secure contexts too (unlike randomUUID). */
function newKey(): string {
  const b = crypto.getRandomValues(new Uint8Array(16));
  b[6] = (b[6]! & 0x0f) | 0x40;
  b[8] = (b[8]! & 0x3f) | 0x80;
  const hex = [...b].map((x) => x.toString(16).padStart(2, '0')).join('');
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-${hex.slice(12, 16)}-${hex.slice(16, 20)}-${hex.slice(20)}`;
}

/**
 * The Idempotency-Key of one form submission: the same key is sent again when a submission is retried
 * (a lost response, a double tap), and a new one is made only after a success (or a key conflict).
 */
export function useSubmitKey() {
  const key = useRef<string | null>(null);
  const current = useCallback(() => {
    key.current ??= newKey();
    return key.current;
  }, []);
  const reset = useCallback(() => {
    key.current = null;
  }, []);
  return { current, reset };
}
