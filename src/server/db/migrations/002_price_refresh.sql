-- Which server instance refreshes the prices: one claim row per job, taken with an atomic upsert
-- only when the previous claim is older than most of an interval (src/server/prices/refresh-prices.ts).
CREATE TABLE price_refresh_claims (
  job text PRIMARY KEY,
  claimed_by text NOT NULL,
  claimed_at timestamptz NOT NULL DEFAULT now()
);
