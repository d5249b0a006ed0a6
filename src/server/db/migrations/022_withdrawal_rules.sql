-- Withdrawal safety rules (decisions 0155-0158): the address book, the KRW value of a
-- withdrawal at request time (for daily limits), the travel-rule fields, and a member's own limits.

-- The address book: external crypto withdrawals go only to a registered, usable address. Rows are never
-- deleted: "deleting" sets deleted_at (once), nothing else of a row ever changes.
CREATE TABLE withdrawal_addresses (
  id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  member_id uuid NOT NULL REFERENCES members(id) ON DELETE RESTRICT,
  network text NOT NULL CHECK (network IN ('TRC20', 'ERC20', 'XRPL', 'BTC')),
  address text NOT NULL CHECK (length(address) BETWEEN 1 AND 128),
  -- How the address is compared (ERC20: lower case; the others: as written).
  address_key text NOT NULL,
  destination_tag bigint CHECK (destination_tag IS NULL OR (destination_tag BETWEEN 0 AND 4294967295 AND network = 'XRPL')),
  label text NOT NULL CHECK (length(label) BETWEEN 1 AND 40),
  wallet_kind text NOT NULL CHECK (wallet_kind IN ('own', 'exchange')),
  exchange text CHECK ((wallet_kind = 'exchange') = (exchange IS NOT NULL)),
  created_at timestamptz NOT NULL DEFAULT now(),
  usable_at timestamptz NOT NULL,
  deleted_at timestamptz,
  CHECK (usable_at >= created_at)
);
CREATE INDEX withdrawal_addresses_member_idx ON withdrawal_addresses (member_id, created_at DESC);
-- One live entry per (member, network, address, tag).
CREATE UNIQUE INDEX withdrawal_addresses_live_key ON withdrawal_addresses
  (member_id, network, address_key, COALESCE(destination_tag, -1)) WHERE deleted_at IS NULL;

CREATE FUNCTION withdrawal_addresses_guard() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'DELETE' THEN
    RAISE EXCEPTION 'withdrawal_addresses is a permanent record: DELETE is not allowed'
      USING ERRCODE = 'insufficient_privilege';
  END IF;
  IF OLD.deleted_at IS NOT NULL OR NEW.deleted_at IS NULL
     OR (NEW.id, NEW.member_id, NEW.network, NEW.address, NEW.address_key, NEW.destination_tag, NEW.label,
         NEW.wallet_kind, NEW.exchange, NEW.created_at, NEW.usable_at)
        IS DISTINCT FROM
        (OLD.id, OLD.member_id, OLD.network, OLD.address, OLD.address_key, OLD.destination_tag, OLD.label,
         OLD.wallet_kind, OLD.exchange, OLD.created_at, OLD.usable_at) THEN
    RAISE EXCEPTION 'withdrawal_addresses: only setting deleted_at once is allowed'
      USING ERRCODE = 'insufficient_privilege';
  END IF;
  RETURN NEW;
END;
$$;
CREATE TRIGGER withdrawal_addresses_permanent BEFORE UPDATE OR DELETE ON withdrawal_addresses
  FOR EACH ROW EXECUTE FUNCTION withdrawal_addresses_guard();
CREATE TRIGGER withdrawal_addresses_no_truncate BEFORE TRUNCATE ON withdrawal_addresses
  FOR EACH STATEMENT EXECUTE FUNCTION permanent_record_guard();

-- A withdrawal keeps what it was sent to (the address columns it already has) and which book entry it used,
-- its KRW value at the price of the moment it was requested (what the daily limits count), and the
-- travel-rule information when its value reached the threshold.
ALTER TABLE withdrawals ADD COLUMN address_book_id uuid REFERENCES withdrawal_addresses(id) ON DELETE RESTRICT;
ALTER TABLE withdrawals ADD COLUMN krw_value numeric(38, 8) CHECK (krw_value IS NULL OR krw_value >= 0);
ALTER TABLE withdrawals ADD COLUMN travel_rule_name text CHECK (travel_rule_name IS NULL OR length(travel_rule_name) BETWEEN 1 AND 100);
ALTER TABLE withdrawals ADD COLUMN travel_rule_exchange text;
ALTER TABLE withdrawals ADD COLUMN travel_rule_personal_declared boolean;
ALTER TABLE withdrawals ADD CONSTRAINT withdrawals_travel_rule_check CHECK (
  (travel_rule_name IS NULL) = (travel_rule_exchange IS NULL)
  AND (travel_rule_exchange IS DISTINCT FROM 'personal' OR travel_rule_personal_declared IS TRUE));
-- The rolling 24-hour sums walk this index.
CREATE INDEX withdrawals_member_recent_idx ON withdrawals (member_id, created_at) WHERE status <> 'rejected';

-- A member's own daily limits set by an administrator (null: the configured default). Changes are audited.
CREATE TABLE member_withdrawal_limits (
  member_id uuid PRIMARY KEY REFERENCES members(id) ON DELETE RESTRICT,
  crypto_krw numeric(38, 0) CHECK (crypto_krw IS NULL OR crypto_krw >= 0),
  krw numeric(38, 0) CHECK (krw IS NULL OR krw >= 0),
  updated_by uuid REFERENCES members(id) ON DELETE RESTRICT,
  updated_at timestamptz NOT NULL DEFAULT now()
);
