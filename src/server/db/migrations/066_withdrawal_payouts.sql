-- The transaction that paid an approved external withdrawal (docs/decisions/0352-payouts-tracked.md).
-- The desk records the TXID (by hand or by import); the checker confirms on chain that it pays that amount
-- to that address (and tag) from the configured hot wallet. One TXID pays one withdrawal. The row is never
-- deleted; the checker writes only its verdict columns.
CREATE TABLE withdrawal_payouts (
  withdrawal_id uuid PRIMARY KEY REFERENCES withdrawals(id) ON DELETE RESTRICT,
  network text NOT NULL,
  txid text NOT NULL CHECK (txid ~ '^[0-9a-f]{64}$'),
  recorded_by uuid,
  recorded_by_username text NOT NULL,
  recorded_at timestamptz NOT NULL DEFAULT now(),
  status text NOT NULL DEFAULT 'recorded' CHECK (status IN ('recorded', 'confirmed', 'mismatch')),
  confirmations integer,
  detail text,
  attempts integer NOT NULL DEFAULT 0,
  next_check_at timestamptz NOT NULL DEFAULT now(),
  checked_at timestamptz,
  confirmed_at timestamptz
);
CREATE UNIQUE INDEX withdrawal_payouts_txid_key ON withdrawal_payouts (network, txid);
CREATE INDEX withdrawal_payouts_due_idx ON withdrawal_payouts (next_check_at) WHERE status = 'recorded';
