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
-- other migrations added), rather than the whole list repeated.
DO $$
DECLARE def text;
BEGIN
  SELECT pg_get_constraintdef(oid) INTO def FROM pg_constraint
   WHERE conname = 'admin_proposals_kind_check' AND conrelid = 'admin_proposals'::regclass;
  IF position('''payout.return''' IN def) = 0 THEN
    ALTER TABLE admin_proposals DROP CONSTRAINT admin_proposals_kind_check;
    EXECUTE 'ALTER TABLE admin_proposals ADD CONSTRAINT admin_proposals_kind_check '
      || replace(def, 'ARRAY[', 'ARRAY[''payout.return''::text, ');
  END IF;
END;
$$;
-- One return waiting per withdrawal.
CREATE UNIQUE INDEX admin_proposals_one_payout_return ON admin_proposals (target_id)
  WHERE kind = 'payout.return' AND status = 'pending';
