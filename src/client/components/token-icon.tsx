import './wallet-widgets.css';
import { type SyntheticEvent, useState } from 'react';
import type { ViewCurrency } from '../../shared/constants';

// PNGs rendered from public/tokens/*.svg (scripts/make-icons.mjs): an SVG image would be opened as a
// document of its own on the page's main thread, a PNG is decoded off it.
const TOKEN_PLACEHOLDER_SRC = '/tokens/placeholder.png';
const tokenIconSrc = (currency: ViewCurrency) => `/tokens/${currency.toLowerCase()}.png`;

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
