-- Deposit addresses of their own per member (docs/decisions/0351-derived-deposit-addresses.md).
-- Every address derived from the operator's watch-only key is recorded once, with the key and the index it
-- came from, and is never given to anyone else: an index comes from a sequence (never handed out twice),
-- and (network, key, index) and the address are unique. These rows are never deleted or rewritten.
CREATE SEQUENCE deposit_derivation_index_erc20 AS bigint MINVALUE 0 START 0 MAXVALUE 2147483647;
CREATE SEQUENCE deposit_derivation_index_trc20 AS bigint MINVALUE 0 START 0 MAXVALUE 2147483647;

CREATE TABLE deposit_address_derivations (
  network text NOT NULL CHECK (network IN ('TRC20', 'ERC20')),
  xpub text NOT NULL CHECK (length(xpub) BETWEEN 100 AND 120),
  derivation_index bigint NOT NULL CHECK (derivation_index BETWEEN 0 AND 2147483647),
  address text NOT NULL,
  member_id uuid NOT NULL REFERENCES members(id) ON DELETE RESTRICT,
  created_at timestamptz NOT NULL DEFAULT now(),
  PRIMARY KEY (network, xpub, derivation_index)
);
CREATE UNIQUE INDEX deposit_address_derivations_address_key ON deposit_address_derivations (lower(address));
CREATE UNIQUE INDEX deposit_address_derivations_member_key ON deposit_address_derivations (member_id, network, xpub);

-- How the member's current address came to be: typed by an operator, or derived (then its index).
ALTER TABLE member_deposit_addresses
  ADD COLUMN origin text NOT NULL DEFAULT 'operator' CHECK (origin IN ('operator', 'derived')),
  ADD COLUMN derivation_index bigint;

-- XRP: one service address, a destination tag per member, never reused.
CREATE SEQUENCE member_deposit_tag_seq AS bigint MINVALUE 100000 START 100000 MAXVALUE 4294967295;
CREATE TABLE member_deposit_tags (
  member_id uuid PRIMARY KEY REFERENCES members(id) ON DELETE RESTRICT,
  tag bigint NOT NULL UNIQUE CHECK (tag BETWEEN 0 AND 4294967295),
  created_at timestamptz NOT NULL DEFAULT now()
);
