-- What each actor moved alone, per hour and currency: the four-eyes daily total of an administrator
-- (money/limits.ts `adminTotalKrw`) reads at most 25 of these rows per currency instead of summing every
-- ledger entry the administrator wrote in 24 hours, which grew with each approval of a busy day.
-- Derived from the ledger only, by the trigger below, in the same statement as the ledger rows, so it
-- can never disagree with them; the ledger stays the record.
CREATE TABLE actor_hourly_totals (
  actor_id uuid NOT NULL REFERENCES members (id) ON DELETE RESTRICT,
  hour timestamptz NOT NULL,
  currency text NOT NULL,
  moved numeric(38, 8) NOT NULL CHECK (moved >= 0),
  PRIMARY KEY (actor_id, hour, currency)
);

-- The rows `adminTotalKrw` counts: moved by an actor alone (no second administrator confirmed it), in
-- the kinds that move money in or out of a member's balances.
CREATE FUNCTION actor_hourly_totals_add() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO actor_hourly_totals AS t (actor_id, hour, currency, moved)
  SELECT n.actor_id, date_bin('1 hour', n.created_at, timestamptz '2000-01-01 00:00+00'), n.currency,
         sum(abs(n.amount))
    FROM new_rows n
   WHERE n.actor_id IS NOT NULL AND n.confirmed_by IS NULL
     AND n.kind IN ('deposit', 'withdrawal', 'transfer_out', 'admin_adjustment')
   GROUP BY 1, 2, 3
  ON CONFLICT (actor_id, hour, currency) DO UPDATE SET moved = t.moved + excluded.moved;
  RETURN NULL;
END;
$$;
CREATE TRIGGER ledger_entries_actor_hourly AFTER INSERT ON ledger_entries
  REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION actor_hourly_totals_add();

-- The last day's entries, so totals read right after the upgrade count them; older hours are never read.
INSERT INTO actor_hourly_totals (actor_id, hour, currency, moved)
SELECT actor_id, date_bin('1 hour', created_at, timestamptz '2000-01-01 00:00+00'), currency, sum(abs(amount))
  FROM ledger_entries
 WHERE actor_id IS NOT NULL AND confirmed_by IS NULL AND created_at > now() - interval '25 hours'
   AND kind IN ('deposit', 'withdrawal', 'transfer_out', 'admin_adjustment')
 GROUP BY 1, 2, 3;
