import './wallet-widgets.css';
import { type SyntheticEvent, useState } from 'react';
import type { ViewCurrency } from '../../shared/constants';

const TOKEN_PLACEHOLDER_SRC = '/tokens/placeholder.svg';
const tokenIconSrc = (currency: ViewCurrency) => `/tokens/${currency.toLowerCase()}.svg`;

/** A token's icon; an image that fails to load is replaced by the placeholder image (SPEC §2). */
export function TokenIcon({ currency, size = 40 }: { currency: ViewCurrency; size?: number }) {
  const [failed, setFailed] = useState(false);
  const onError = (e: SyntheticEvent<HTMLImageElement>) => {
    if (!failed) setFailed(true);
    else e.currentTarget.style.visibility = 'hidden'; // even the placeholder failed: keep the layout
  };
  return (
    <img
      className="token-icon"
      src={failed ? TOKEN_PLACEHOLDER_SRC : tokenIconSrc(currency)}
      data-fallback={failed ? 'true' : undefined}
      width={size}
      height={size}
      alt=""
      aria-hidden="true"
      onError={onError}
    />
  );
}
