import { D } from '../../../shared/decimal';
import { MSG } from '../../../shared/messages/member-flows';
import { useWithdrawalRules } from '../../lib/use-wallet-queries';
import { msUntil, timeLeftText, useMinuteClock } from './time-left';

const S = MSG.steps;

interface Block {
  key: string;
  title: string;
  text: string;
  left: string | null;
}

/**
 * The rules that stop the member now, read from the server's rules view before the form starts: for
 * crypto the hold after a won deposit (external transfers only) and a used-up daily limit; for won its
 * daily limit. Each with the time left. `all`: nothing can be sent; `external`: only internal transfers can.
 */
export function useBlocks(kind: 'crypto' | 'krw') {
  const rules = useWithdrawalRules();
  const now = useMinuteClock();
  const r = rules.data;
  const blocks: Block[] = [];
  let all = false;
  let external = false;
  if (r) {
    const left = (iso: string | null) => {
      if (!iso) return null;
      const ms = msUntil(iso, r, rules.dataUpdatedAt, now);
      return ms > 0 ? timeLeftText(ms) : null;
    };
    const hold = kind === 'crypto' ? left(r.krw_deposit_hold_until) : null;
    if (hold) {
      external = true;
      blocks.push({ key: 'hold', title: S.holdBlock, text: S.holdText, left: hold });
    }
    const lim = kind === 'crypto' ? r.crypto : r.krw;
    if (new D(lim.remaining).lte(0)) {
      all = true;
      blocks.push({
        key: 'limit',
        title: S.limitBlock,
        text: kind === 'crypto' ? S.limitTextCrypto : S.limitTextKrw,
        left: left(lim.frees_at),
      });
    }
  }
  return { blocks, all, external: all || external, loaded: !!r };
}

/** The blocking rules, shown above the form with the time left ("23시간 남음"). */
export function BlockedNotice({ blocks }: { blocks: Block[] }) {
  if (blocks.length === 0) return null;
  return (
    <section className="wd-blocked" role="status" data-testid="withdraw-blocked">
      <h2 className="wd-blocked-title">{S.blockedTitle}</h2>
      <ul>
        {blocks.map((b) => (
          <li key={b.key}>
            <strong>{b.title}</strong>
            {b.left ? (
              <span className="wd-left" data-testid="time-left">
                {b.left}
              </span>
            ) : null}
            <p>{b.text}</p>
          </li>
        ))}
      </ul>
    </section>
  );
}
