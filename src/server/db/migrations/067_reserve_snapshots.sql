-- Reserves checked (docs/decisions/0353-reserves.md): per currency, what members are owed (their balances),
-- what the ledger says, and what the chain says the service holds (deposit addresses, hot and cold wallets,
-- watch-only), with the cold share and the warnings raised. Append-only: never updated, never deleted.
CREATE TABLE reserve_snapshots (
  id bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  batch uuid NOT NULL,
  taken_at timestamptz NOT NULL DEFAULT now(),
  trigger text NOT NULL CHECK (trigger IN ('manual', 'daily')),
  taken_by text NOT NULL,
  currency text NOT NULL,
  liabilities numeric(38, 8) NOT NULL,
  ledger numeric(38, 8) NOT NULL,
  holdings numeric(38, 18),
  deposit_addresses numeric(38, 18),
  hot numeric(38, 18),
  cold numeric(38, 18),
  cold_share numeric(10, 6),
  warnings text[] NOT NULL DEFAULT '{}',
  detail text
);
CREATE INDEX reserve_snapshots_taken_idx ON reserve_snapshots (taken_at DESC);

CREATE FUNCTION reserve_snapshots_append_only() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  RAISE EXCEPTION 'reserve snapshots are append-only';
END;
$$;
CREATE TRIGGER reserve_snapshots_no_change BEFORE UPDATE OR DELETE ON reserve_snapshots
  FOR EACH ROW EXECUTE FUNCTION reserve_snapshots_append_only();
