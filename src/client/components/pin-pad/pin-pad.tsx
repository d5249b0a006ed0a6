import { type ReactNode, useCallback, useEffect, useState } from 'react';
import { SECOND_PASSWORD_MIN, SECOND_PASSWORD_SIGNUP_MAX } from '../../../shared/constants';
import { MSG } from '../../../shared/messages/member-flows';
import './pin-pad.css';

const P = MSG.pin;
const DIGITS = ['1', '2', '3', '4', '5', '6', '7', '8', '9', '0'] as const;

/** The digits in a new random order (재배열: someone watching the screen learns no positions). */
function shuffled(): string[] {
  const d: string[] = [...DIGITS];
  const r = new Uint32Array(d.length);
  crypto.getRandomValues(r);
  for (let i = d.length - 1; i > 0; i--) {
    const j = r[i]! % (i + 1);
    [d[i], d[j]] = [d[j]!, d[i]!];
  }
  return d;
}

/**
 * The second password on a number pad, as Korean apps ask it: dots for the digits typed, the pad in a
 * 3 × 4 grid (with 재배열 and 지우기), and under the dots the attempts left as the server counts them: from
 * the read that opened the pad, then from each refusal (which says them itself).
 * A second password has 4 to 6 digits (sign-up's rule): six digits send at once; fewer are sent with 확인.
 * The digits also come from a keyboard. Typed digits are dropped after each refusal.
 */
export function PinPad(props: {
  title?: string;
  help?: string;
  /** The server's message for the last attempt (wrong PIN with the attempts left, locked). */
  error?: string | null;
  /** The attempts the server says are left before the lockout, of how many (before the first try). */
  attempts?: { attempts_left: number; attempts_max: number } | null;
  busy?: boolean;
  /** Shown above the pad (the one-time code field of an enrolled member). */
  extra?: ReactNode;
  /** Whether `extra` is filled in, so the PIN may be sent. */
  extraReady?: boolean;
  onComplete: (pin: string) => void;
  onCancel?: () => void;
}) {
  const [min, max] = [SECOND_PASSWORD_MIN, SECOND_PASSWORD_SIGNUP_MAX];
  const [pin, setPin] = useState('');
  const [order, setOrder] = useState<string[]>([...DIGITS]);
  const ready = props.extraReady !== false;
  const { onComplete, busy, error } = props;

  // A refusal clears the typed digits: the next attempt starts empty.
  useEffect(() => {
    if (error) setPin('');
  }, [error]);

  const send = useCallback(
    (p: string) => {
      if (!busy && ready && p.length >= min) onComplete(p);
    },
    [busy, ready, min, onComplete],
  );
  const press = useCallback(
    (d: string) => {
      if (busy) return;
      setPin((p) => {
        if (p.length >= max) return p;
        const next = p + d;
        if (next.length === max) send(next);
        return next;
      });
    },
    [busy, max, send],
  );
  const erase = useCallback(() => setPin((p) => p.slice(0, -1)), []);

  useEffect(() => {
    const onKey = (e: KeyboardEvent) => {
      const t = e.target as HTMLElement | null;
      if (t && (t.tagName === 'INPUT' || t.tagName === 'TEXTAREA')) return;
      if (/^\d$/.test(e.key)) press(e.key);
      else if (e.key === 'Backspace') erase();
      else if (e.key === 'Enter') send(pin);
    };
    window.addEventListener('keydown', onKey);
    return () => window.removeEventListener('keydown', onKey);
  }, [press, erase, send, pin]);

  const keys = [...order.slice(0, 9), 'shuffle', order[9]!, 'erase'];
  return (
    <div className="pin-pad" data-testid="pin-pad">
      <h2 className="pin-title">{props.title ?? P.title}</h2>
      {props.help ? <p className="pin-help">{props.help}</p> : null}
      {props.extra}
      <div className="pin-dots" aria-hidden="true">
        {Array.from({ length: max }, (_, i) => (
          // biome-ignore lint/suspicious/noArrayIndexKey: the dots are positions, nothing else
          <span key={i} className={i < pin.length ? 'pin-dot pin-dot-on' : 'pin-dot'} />
        ))}
      </div>
      <p className="sr-only" aria-live="polite" data-testid="pin-count">
        {P.digitsLabel(pin.length, max)}
      </p>
      {props.attempts && !error ? (
        <p className="pin-attempts" data-testid="pin-attempts">
          {props.attempts.attempts_left > 0
            ? P.attemptsLeft(props.attempts.attempts_left, props.attempts.attempts_max)
            : MSG.secondFactor.locked}
        </p>
      ) : null}
      <p className="pin-error" role="alert" data-testid="pin-error">
        {error ?? ''}
      </p>
      <div className="pin-actions">
        {props.onCancel ? (
          <button type="button" className="btn btn-secondary" onClick={props.onCancel} disabled={busy}>
            {P.cancel}
          </button>
        ) : null}
        <button
          type="button"
          className="btn btn-primary"
          onClick={() => send(pin)}
          disabled={busy || !ready || pin.length < min}
        >
          {busy ? P.checking : P.confirm}
        </button>
      </div>
      <div className="pin-grid">
        {keys.map((k) =>
          k === 'shuffle' ? (
            <button key={k} type="button" className="pin-key pin-key-fn" onClick={() => setOrder(shuffled())}>
              {P.shuffle}
            </button>
          ) : k === 'erase' ? (
            <button
              key={k}
              type="button"
              className="pin-key pin-key-fn"
              onClick={erase}
              aria-label={P.erase}
              disabled={busy}
            >
              ⌫
            </button>
          ) : (
            <button
              key={k}
              type="button"
              className="pin-key"
              onClick={() => press(k)}
              aria-label={P.key(k)}
              disabled={busy}
            >
              {k}
            </button>
          ),
        )}
      </div>
    </div>
  );
}
