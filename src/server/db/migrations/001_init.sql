-- Members (SPEC profiles2). Passwords exist only as argon2id hashes.
CREATE TABLE members (
  id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  username text NOT NULL,
  email text NOT NULL,
  full_name text NOT NULL,
  contact text NOT NULL DEFAULT '',
  password_hash text NOT NULL,
  second_password_hash text,
  is_admin boolean NOT NULL DEFAULT false,
  marketing_consent boolean NOT NULL DEFAULT false,
  deposit_address text,
  created_at timestamptz NOT NULL DEFAULT now(),
  updated_at timestamptz NOT NULL DEFAULT now(),
  CHECK (length(username) BETWEEN 1 AND 64),
  CHECK (length(email) BETWEEN 3 AND 254)
);
CREATE UNIQUE INDEX members_username_key ON members (lower(username));
CREATE UNIQUE INDEX members_email_key ON members (lower(email));
CREATE INDEX members_created_at_idx ON members (created_at DESC);

-- Balances (SPEC assets2): one row per member and currency. BTC is never held.
CREATE TABLE balances (
  member_id uuid NOT NULL REFERENCES members(id) ON DELETE CASCADE,
  currency text NOT NULL CHECK (currency IN ('KRW', 'ETH', 'XRP', 'USDT')),
  balance numeric(38, 8) NOT NULL DEFAULT 0 CHECK (balance >= 0),
  updated_at timestamptz NOT NULL DEFAULT now(),
  PRIMARY KEY (member_id, currency)
);

-- Deposit requests (SPEC deposits2).
CREATE TABLE deposits (
  id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  member_id uuid NOT NULL REFERENCES members(id) ON DELETE CASCADE,
  currency text NOT NULL CHECK (currency IN ('USDT', 'KRW')),
  amount numeric(38, 8) NOT NULL CHECK (amount > 0),
  status text NOT NULL DEFAULT 'pending' CHECK (status IN ('pending', 'approved', 'rejected')),
  deposit_address text,
  txid text,
  sender_address text,
  bank_name text,
  account_number text,
  account_holder text,
  depositor_name text,
  processed_by uuid REFERENCES members(id) ON DELETE SET NULL,
  processed_at timestamptz,
  created_at timestamptz NOT NULL DEFAULT now(),
  updated_at timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX deposits_member_idx ON deposits (member_id, created_at DESC);
CREATE INDEX deposits_status_idx ON deposits (status, created_at DESC);
CREATE INDEX deposits_created_idx ON deposits (created_at DESC);
-- A TXID can back only one live (pending or approved) deposit.
CREATE UNIQUE INDEX deposits_txid_key ON deposits (lower(txid)) WHERE txid IS NOT NULL AND status <> 'rejected';

-- Withdrawal requests (SPEC withdrawals2).
CREATE TABLE withdrawals (
  id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  member_id uuid NOT NULL REFERENCES members(id) ON DELETE CASCADE,
  currency text NOT NULL CHECK (currency IN ('USDT', 'BTC', 'ETH', 'XRP', 'KRW')),
  amount numeric(38, 8) NOT NULL CHECK (amount > 0),
  fee numeric(38, 8) NOT NULL CHECK (fee >= 0),
  final_amount numeric(38, 8) NOT NULL CHECK (final_amount >= 0),
  method text NOT NULL CHECK (method IN ('internal', 'external', 'bank')),
  network text CHECK (network IN ('TRC20', 'ERC20')),
  recipient_id text,
  recipient_member_id uuid REFERENCES members(id) ON DELETE SET NULL,
  recipient_address text,
  bank_name text,
  account_number text,
  account_holder text,
  memo text,
  status text NOT NULL DEFAULT 'pending' CHECK (status IN ('pending', 'approved', 'rejected')),
  processed_by uuid REFERENCES members(id) ON DELETE SET NULL,
  processed_at timestamptz,
  created_at timestamptz NOT NULL DEFAULT now(),
  updated_at timestamptz NOT NULL DEFAULT now(),
  CHECK ((method = 'bank') = (currency = 'KRW')),
  CHECK (method <> 'external' OR (network IS NOT NULL AND recipient_address IS NOT NULL)),
  CHECK (method <> 'internal' OR recipient_id IS NOT NULL)
);
CREATE INDEX withdrawals_member_idx ON withdrawals (member_id, created_at DESC);
CREATE INDEX withdrawals_status_idx ON withdrawals (status, created_at DESC);
CREATE INDEX withdrawals_created_idx ON withdrawals (created_at DESC);
CREATE INDEX withdrawals_pending_idx ON withdrawals (member_id, currency) WHERE status = 'pending';

-- Append-only ledger: every balance change, in the same transaction as the change.
CREATE TABLE ledger_entries (
  id bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  member_id uuid NOT NULL REFERENCES members(id) ON DELETE CASCADE,
  currency text NOT NULL CHECK (currency IN ('KRW', 'ETH', 'XRP', 'USDT')),
  amount numeric(38, 8) NOT NULL CHECK (amount <> 0),
  balance_after numeric(38, 8) NOT NULL CHECK (balance_after >= 0),
  kind text NOT NULL CHECK (kind IN ('deposit', 'withdrawal', 'transfer_in', 'transfer_out', 'admin_adjustment')),
  deposit_id uuid REFERENCES deposits(id) ON DELETE SET NULL,
  withdrawal_id uuid REFERENCES withdrawals(id) ON DELETE SET NULL,
  actor_id uuid REFERENCES members(id) ON DELETE SET NULL,
  note text,
  created_at timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX ledger_member_idx ON ledger_entries (member_id, currency, id);
CREATE UNIQUE INDEX ledger_deposit_once ON ledger_entries (deposit_id) WHERE deposit_id IS NOT NULL;
CREATE UNIQUE INDEX ledger_withdrawal_once ON ledger_entries (withdrawal_id, kind) WHERE withdrawal_id IS NOT NULL;

CREATE FUNCTION ledger_entries_append_only() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  RAISE EXCEPTION 'ledger_entries is append-only';
END;
$$;
CREATE TRIGGER ledger_entries_no_update BEFORE UPDATE ON ledger_entries
  FOR EACH ROW WHEN (OLD.amount IS DISTINCT FROM NEW.amount OR OLD.member_id IS DISTINCT FROM NEW.member_id
    OR OLD.currency IS DISTINCT FROM NEW.currency OR OLD.balance_after IS DISTINCT FROM NEW.balance_after)
  EXECUTE FUNCTION ledger_entries_append_only();

-- Bank accounts (SPEC bank_accounts2): one per member, edited only by administrators.
CREATE TABLE bank_accounts (
  id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  member_id uuid NOT NULL UNIQUE REFERENCES members(id) ON DELETE CASCADE,
  bank_name text NOT NULL,
  account_number text NOT NULL CHECK (length(account_number) >= 10),
  account_holder text NOT NULL,
  is_verified boolean NOT NULL DEFAULT false,
  created_at timestamptz NOT NULL DEFAULT now(),
  updated_at timestamptz NOT NULL DEFAULT now()
);

-- Asset locks (SPEC asset_locks2). A lock whose end date has passed no longer holds funds.
CREATE TABLE asset_locks (
  id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  member_id uuid NOT NULL REFERENCES members(id) ON DELETE CASCADE,
  currency text NOT NULL CHECK (currency IN ('krw', 'eth', 'xrp', 'usdt')),
  locked_amount numeric(38, 8) NOT NULL CHECK (locked_amount > 0),
  lock_start_date date,
  lock_end_date date,
  reason text,
  created_by uuid REFERENCES members(id) ON DELETE SET NULL,
  created_at timestamptz NOT NULL DEFAULT now(),
  updated_at timestamptz NOT NULL DEFAULT now(),
  CHECK (lock_start_date IS NULL OR lock_end_date IS NULL OR lock_end_date >= lock_start_date)
);
CREATE INDEX asset_locks_member_idx ON asset_locks (member_id, currency);

-- Prices and exchange rates (SPEC exchange_rates2, crypto_prices3).
CREATE TABLE exchange_rates (
  from_currency text NOT NULL,
  to_currency text NOT NULL,
  rate numeric(38, 8) NOT NULL CHECK (rate > 0),
  source text NOT NULL DEFAULT 'live',
  updated_at timestamptz NOT NULL DEFAULT now(),
  PRIMARY KEY (from_currency, to_currency)
);
CREATE TABLE crypto_prices (
  symbol text PRIMARY KEY,
  price numeric(38, 8) NOT NULL CHECK (price > 0),
  korean_name text,
  source text NOT NULL DEFAULT 'live',
  updated_at timestamptz NOT NULL DEFAULT now()
);

-- Server-side sessions; only the SHA-256 of the cookie token is stored.
CREATE TABLE sessions (
  token_hash text PRIMARY KEY,
  member_id uuid NOT NULL REFERENCES members(id) ON DELETE CASCADE,
  stage text NOT NULL CHECK (stage IN ('password', 'full')),
  ip text,
  user_agent text,
  created_at timestamptz NOT NULL DEFAULT now(),
  last_seen_at timestamptz NOT NULL DEFAULT now(),
  expires_at timestamptz NOT NULL
);
CREATE INDEX sessions_member_idx ON sessions (member_id);
CREATE INDEX sessions_expires_idx ON sessions (expires_at);

-- Audit trail of every administrator action and security event. Kept when a member is deleted.
CREATE TABLE audit_log (
  id bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  actor_id uuid,
  actor_username text,
  action text NOT NULL,
  target_type text,
  target_id text,
  before jsonb,
  after jsonb,
  ip text,
  created_at timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX audit_log_created_idx ON audit_log (created_at DESC);
CREATE INDEX audit_log_target_idx ON audit_log (target_type, target_id);

-- Notices written by administrators, listed on the home screen.
CREATE TABLE notices (
  id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  title text NOT NULL CHECK (length(title) BETWEEN 1 AND 200),
  body text NOT NULL DEFAULT '',
  published boolean NOT NULL DEFAULT false,
  created_by uuid REFERENCES members(id) ON DELETE SET NULL,
  created_at timestamptz NOT NULL DEFAULT now(),
  updated_at timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX notices_published_idx ON notices (published, created_at DESC);

-- Idempotency keys of submit endpoints: a retry returns the first result.
CREATE TABLE idempotency_keys (
  member_id uuid NOT NULL REFERENCES members(id) ON DELETE CASCADE,
  key text NOT NULL,
  operation text NOT NULL,
  request_hash text NOT NULL,
  status_code integer NOT NULL,
  response jsonb NOT NULL,
  created_at timestamptz NOT NULL DEFAULT now(),
  PRIMARY KEY (member_id, key)
);

-- Rate-limit and lockout counters: one row per counted event, kept in the database so every instance agrees.
CREATE TABLE rate_limit_events (
  id bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  key text NOT NULL,
  created_at timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX rate_limit_events_key_idx ON rate_limit_events (key, created_at);
