-- The audit view of one member also lists the decisions on that member's requests (their target is the
-- request; the member is in `after`).
CREATE INDEX audit_log_after_member_time_idx ON audit_log ((after ->> 'member_id'), created_at DESC);

-- One transaction hash with or without its 0x prefix, in any case, is one TXID.
DROP INDEX deposits_txid_key;
CREATE UNIQUE INDEX deposits_txid_key ON deposits (regexp_replace(lower(txid), '^0x', ''))
  WHERE txid IS NOT NULL AND status <> 'rejected';
