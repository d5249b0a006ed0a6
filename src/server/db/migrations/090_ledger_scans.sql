-- Deposits found by scanning TRON and the XRP Ledger (docs/decisions/0362-tron-xrpl-scans.md). XRP arrives
-- at the one service address; the member is told by the destination tag, kept on the deposit it made.
ALTER TABLE deposits DROP CONSTRAINT deposits_currency_check;
ALTER TABLE deposits ADD CONSTRAINT deposits_currency_check CHECK (currency IN ('USDT', 'KRW', 'XRP'));
ALTER TABLE deposits DROP CONSTRAINT deposits_network_check;
ALTER TABLE deposits ADD CONSTRAINT deposits_network_check CHECK (
  network IS NULL OR (network IN ('TRC20', 'ERC20') AND currency = 'USDT') OR (network = 'XRPL' AND currency = 'XRP'));
ALTER TABLE deposits ADD COLUMN destination_tag bigint
  CHECK (destination_tag IS NULL OR (destination_tag BETWEEN 0 AND 4294967295 AND network = 'XRPL'));

ALTER TABLE deposit_chain_checks DROP CONSTRAINT deposit_chain_checks_network_check;
ALTER TABLE deposit_chain_checks ADD CONSTRAINT deposit_chain_checks_network_check
  CHECK (network IN ('TRC20', 'ERC20', 'XRPL'));
ALTER TABLE chain_transfers DROP CONSTRAINT chain_transfers_network_check;
ALTER TABLE chain_transfers ADD CONSTRAINT chain_transfers_network_check CHECK (network IN ('TRC20', 'ERC20', 'XRPL'));
ALTER TABLE chain_scan_cursors DROP CONSTRAINT chain_scan_cursors_network_check;
ALTER TABLE chain_scan_cursors ADD CONSTRAINT chain_scan_cursors_network_check
  CHECK (network IN ('TRC20', 'ERC20', 'XRPL'));
