-- A payout with a recorded TXID leaves the signing batch for good; only two administrators send it back,
-- naming the TXID it replaces (docs/decisions/0472-payout-paid-once.md). A return is a row of its own,
-- one per payout row, never changed or removed.
CREATE TABLE payout_returns (
  payout_id uuid PRIMARY KEY REFERENCES withdrawal_payouts (id) ON DELETE RESTRICT,
  withdrawal_id uuid NOT NULL REFERENCES withdrawals (id) ON DELETE RESTRICT,
  reason text NOT NULL,
  proposed_by_username text NOT NULL,
  confirmed_by_username text NOT NULL,
  returned_at timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX payout_returns_withdrawal_idx ON payout_returns (withdrawal_id);
CREATE TRIGGER payout_returns_permanent BEFORE UPDATE OR DELETE ON payout_returns
  FOR EACH ROW EXECUTE FUNCTION permanent_record_guard();
CREATE TRIGGER payout_returns_no_truncate BEFORE TRUNCATE ON payout_returns
  FOR EACH STATEMENT EXECUTE FUNCTION permanent_record_guard();

-- The proposal kind that sends a payout back: added to the kinds the constraint already allows (whatever
-- other migrations added, in either form PostgreSQL prints the list), rather than the whole list repeated.
DO $$
DECLARE kinds text[];
BEGIN
  SELECT array_agg(DISTINCT k) INTO kinds FROM (
    SELECT (regexp_matches(pg_get_constraintdef(c.oid), '([a-z_]+(?:\.[a-z_]+)+)', 'g'))[1] AS k
      FROM pg_constraint c
     WHERE c.conname = 'admin_proposals_kind_check' AND c.conrelid = 'admin_proposals'::regclass
    UNION SELECT 'payout.return') s;
  ALTER TABLE admin_proposals DROP CONSTRAINT admin_proposals_kind_check;
  EXECUTE format('ALTER TABLE admin_proposals ADD CONSTRAINT admin_proposals_kind_check CHECK (kind = ANY (%L::text[]))', kinds);
END $$;
-- One return waiting per withdrawal.
CREATE UNIQUE INDEX admin_proposals_one_payout_return ON admin_proposals (target_id)
  WHERE kind = 'payout.return' AND status = 'pending';
