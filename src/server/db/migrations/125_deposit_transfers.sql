-- A deposit is one transfer: (network, transaction, transfer index), not one transaction
-- (docs/decisions/0410-one-deposit-per-transfer.md). A transaction may carry several transfers (a batch
-- payout's many USDT `Transfer` logs, to several members or to one): each becomes its own deposit.
--
-- `log_index` is the transfer's place in its transaction: the token transfer's log index on Ethereum and
-- TRON, 0 for an XRP payment (one delivered amount per transaction), -1 for the ether a transaction itself
-- carries (its `value`: no log). NULL: a member's claim the checker has not yet tied to one transfer; such a
-- claim stands for its whole transaction, and at most one live claim per TXID may be untied.
ALTER TABLE deposits ADD COLUMN log_index integer CHECK (log_index >= -1);

-- Existing deposits: the transfer the checker or the scan bound to each (chain_transfers) where known; an
-- XRP payment has one transfer (0); any other stays untied (NULL), standing for its whole transaction as
-- the TXID-only index made it before.
UPDATE deposits d SET log_index = t.log_index
  FROM (SELECT deposit_id, min(log_index) AS log_index FROM chain_transfers GROUP BY deposit_id) t
 WHERE t.deposit_id = d.id;
UPDATE deposits SET log_index = 0 WHERE log_index IS NULL AND network = 'XRPL' AND txid IS NOT NULL;

-- One live deposit per transfer; one live untied claim per TXID (of any network, as before).
DROP INDEX deposits_txid_key;
CREATE UNIQUE INDEX deposits_transfer_key ON deposits (coalesce(network, ''), regexp_replace(lower(txid), '^0x', ''), log_index)
  WHERE txid IS NOT NULL AND log_index IS NOT NULL AND status <> 'rejected';
CREATE UNIQUE INDEX deposits_txid_key ON deposits (regexp_replace(lower(txid), '^0x', ''))
  WHERE txid IS NOT NULL AND log_index IS NULL AND status <> 'rejected';
-- The scan and the claims look a transaction's deposits up by TXID, bound or not, live or rejected.
CREATE INDEX deposits_txid_idx ON deposits (regexp_replace(lower(txid), '^0x', '')) WHERE txid IS NOT NULL;

-- Ether arrives at the member's Ethereum deposit address as the transaction's own value.
ALTER TABLE deposits DROP CONSTRAINT deposits_currency_check;
ALTER TABLE deposits ADD CONSTRAINT deposits_currency_check CHECK (currency IN ('USDT', 'KRW', 'XRP', 'ETH'));
ALTER TABLE deposits DROP CONSTRAINT deposits_network_check;
ALTER TABLE deposits ADD CONSTRAINT deposits_network_check CHECK (
  network IS NULL OR (network IN ('TRC20', 'ERC20') AND currency = 'USDT') OR (network = 'XRPL' AND currency = 'XRP')
  OR (network = 'ERC20' AND currency = 'ETH'));

ALTER TABLE chain_transfers DROP CONSTRAINT chain_transfers_log_index_check;
ALTER TABLE chain_transfers ADD CONSTRAINT chain_transfers_log_index_check CHECK (log_index >= -1);

-- A deposit's transfer, once tied, is never changed (the credit it carries is that transfer's).
CREATE FUNCTION deposits_transfer_guard() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF OLD.log_index IS NOT NULL AND NEW.log_index IS DISTINCT FROM OLD.log_index THEN
    RAISE EXCEPTION 'deposit % is tied to transfer %', OLD.id, OLD.log_index USING ERRCODE = 'WC002';
  END IF;
  RETURN NEW;
END;
$$;
CREATE TRIGGER deposits_transfer_kept BEFORE UPDATE OF log_index ON deposits
  FOR EACH ROW EXECUTE FUNCTION deposits_transfer_guard();
