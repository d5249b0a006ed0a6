-- Deposits checked on chain (docs/decisions/0170-chain-checks.md). The deposit row itself is not
-- changed: what the chain says about it lives beside it, in a row the checker rewrites until it is final.
-- These rows are not money records (nothing is credited from them unless CHAIN_AUTO_APPROVE is on, and
-- then through the ordinary approval, audited).

-- One verdict per crypto deposit on a checked network. `origin` says whether the member claimed the TXID
-- or the scan of new blocks found the transfer first (a pending deposit "found on chain").
CREATE TABLE deposit_chain_checks (
  deposit_id uuid PRIMARY KEY REFERENCES deposits(id) ON DELETE RESTRICT,
  network text NOT NULL CHECK (network IN ('TRC20', 'ERC20')),
  origin text NOT NULL DEFAULT 'claim' CHECK (origin IN ('claim', 'scan')),
  verdict text NOT NULL DEFAULT 'unchecked' CHECK (verdict IN (
    'unchecked', 'waiting', 'match', 'amount_mismatch', 'address_mismatch', 'not_found', 'failed', 'txid_used')),
  confirmations integer,
  required_confirmations integer NOT NULL,
  chain_amount numeric(38, 8),
  chain_to text,
  log_index integer,
  block_number bigint,
  detail text,
  attempts integer NOT NULL DEFAULT 0,
  final boolean NOT NULL DEFAULT false,
  next_check_at timestamptz NOT NULL DEFAULT now(),
  checked_at timestamptz,
  created_at timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX deposit_chain_checks_due_idx ON deposit_chain_checks (next_check_at) WHERE NOT final;

-- One transfer (network, transaction, log index) backs one deposit, whether the claim or the scan saw it
-- first; a second deposit pointing at the same transfer gets the verdict 'txid_used'.
CREATE TABLE chain_transfers (
  network text NOT NULL CHECK (network IN ('TRC20', 'ERC20')),
  txid text NOT NULL CHECK (txid ~ '^[0-9a-f]{64}$'),
  log_index integer NOT NULL CHECK (log_index >= 0),
  deposit_id uuid NOT NULL REFERENCES deposits(id) ON DELETE RESTRICT,
  created_at timestamptz NOT NULL DEFAULT now(),
  PRIMARY KEY (network, txid, log_index)
);

-- The scan's position per network: the next block to read.
CREATE TABLE chain_scan_cursors (
  network text PRIMARY KEY CHECK (network IN ('TRC20', 'ERC20')),
  next_block bigint NOT NULL CHECK (next_block >= 0),
  updated_at timestamptz NOT NULL DEFAULT now()
);
