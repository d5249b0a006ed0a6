-- Prices over time for the member's market view (home sparklines, the asset page's chart, the 24 h change).
-- One row per asset per refresh that served live values (src/server/prices/record-price-history.ts); the
-- won price is kept as served then (USD price × the rate of that moment). Rows older than the longest chart
-- period are pruned by the same writer: a price is not a money record.
CREATE TABLE price_history (
  symbol text NOT NULL CHECK (symbol IN ('ETH', 'XRP', 'USDT')),
  usd_price numeric(38, 8) NOT NULL CHECK (usd_price > 0),
  krw_price numeric(38, 8) NOT NULL CHECK (krw_price > 0),
  recorded_at timestamptz NOT NULL DEFAULT now(),
  PRIMARY KEY (symbol, recorded_at)
);
