-- Networks per currency (decision 0115). Existing rows keep what they had; nothing is deleted.

-- Withdrawals: the XRP Ledger and Bitcoin join TRC20 and ERC20; an XRP withdrawal may carry a destination
-- tag (unsigned 32-bit). Which pairs a currency allows is checked by the server (src/shared/networks.ts),
-- not here: a request accepted before this migration (e.g. XRP over TRC20) keeps its network, so the
-- administrator sees it flagged and can still reject it.
ALTER TABLE withdrawals DROP CONSTRAINT withdrawals_network_check;
ALTER TABLE withdrawals ADD CONSTRAINT withdrawals_network_check CHECK (network IN ('TRC20', 'ERC20', 'XRPL', 'BTC'));
ALTER TABLE withdrawals ADD COLUMN destination_tag bigint;
ALTER TABLE withdrawals ADD CONSTRAINT withdrawals_destination_tag_check
  CHECK (destination_tag IS NULL OR (destination_tag BETWEEN 0 AND 4294967295 AND network = 'XRPL'));

-- Deposit claims name their network (USDT on TRC20 or ERC20). Existing USDT claims get the network of the
-- deposit address they were made to (the address format tells it); a claim whose address tells nothing
-- keeps a NULL network rather than a guess.
ALTER TABLE deposits ADD COLUMN network text;
ALTER TABLE deposits ADD CONSTRAINT deposits_network_check
  CHECK (network IS NULL OR (network IN ('TRC20', 'ERC20') AND currency = 'USDT'));
UPDATE deposits SET network = CASE
    WHEN deposit_address ~ '^T[1-9A-HJ-NP-Za-km-z]{33}$' THEN 'TRC20'
    WHEN deposit_address ~ '^0x[0-9a-fA-F]{40}$' THEN 'ERC20'
  END
  WHERE currency = 'USDT' AND deposit_address IS NOT NULL;

-- One deposit address per member and network; an address belongs to one member only.
CREATE TABLE member_deposit_addresses (
  member_id uuid NOT NULL REFERENCES members(id) ON DELETE RESTRICT,
  network text NOT NULL CHECK (network IN ('TRC20', 'ERC20')),
  address text NOT NULL CHECK (length(address) BETWEEN 1 AND 128),
  created_at timestamptz NOT NULL DEFAULT now(),
  updated_at timestamptz NOT NULL DEFAULT now(),
  PRIMARY KEY (member_id, network)
);
CREATE UNIQUE INDEX member_deposit_addresses_address_key ON member_deposit_addresses (lower(address));

-- Existing single addresses move to the network they belong to. An address of neither format stays in
-- members.deposit_address (kept, no longer read by the app) so that nothing is lost.
INSERT INTO member_deposit_addresses (member_id, network, address)
  SELECT id, CASE WHEN deposit_address ~ '^T' THEN 'TRC20' ELSE 'ERC20' END, deposit_address
    FROM members
   WHERE deposit_address ~ '^T[1-9A-HJ-NP-Za-km-z]{33}$' OR deposit_address ~ '^0x[0-9a-fA-F]{40}$';
UPDATE members SET deposit_address = NULL
 WHERE deposit_address ~ '^T[1-9A-HJ-NP-Za-km-z]{33}$' OR deposit_address ~ '^0x[0-9a-fA-F]{40}$';
