-- Money movement (deposits, withdrawals, history): indexes for the history of received internal
-- transfers and for the pruning of old idempotency keys. No change to the tables of 001.
CREATE INDEX withdrawals_recipient_idx ON withdrawals (recipient_member_id, created_at DESC)
  WHERE recipient_member_id IS NOT NULL;
CREATE INDEX idempotency_keys_created_idx ON idempotency_keys (created_at);
CREATE INDEX ledger_adjustments_idx ON ledger_entries (member_id, created_at DESC) WHERE kind = 'admin_adjustment';
