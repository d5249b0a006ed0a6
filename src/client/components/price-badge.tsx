import './wallet-widgets.css';
import { MSG } from '../../shared/messages/member';
import type { PriceSource } from '../../shared/schemas/prices';

/** SPEC §2: green when live prices are used, yellow when the built-in sample prices are. */
export function PriceBadge({ source }: { source: PriceSource }) {
  const liveNow = source === 'live';
  return (
    <span
      className={`price-badge ${liveNow ? 'price-badge-live' : 'price-badge-sample'}`}
      data-source={source}
      title={liveNow ? MSG.home.liveBadgeHint : MSG.home.sampleBadgeHint}
    >
      <span className="price-badge-dot" aria-hidden="true" />
      {liveNow ? MSG.home.liveBadge : MSG.home.sampleBadge}
    </span>
  );
}
