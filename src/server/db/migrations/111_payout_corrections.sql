-- Correcting a payout's recorded, unconfirmed TXID by hand is a proposal
-- (docs/decisions/0392-payout-txid-corrections.md). The kinds' list is the registry's
-- (src/shared/schemas/proposals.ts), repeated whole.
ALTER TABLE admin_proposals DROP CONSTRAINT admin_proposals_kind_check;
ALTER TABLE admin_proposals ADD CONSTRAINT admin_proposals_kind_check CHECK (kind IN (
  'balances.set', 'balance.adjust', 'lock.create', 'lock.update', 'lock.delete',
  'withdrawal.approve', 'deposit.approve', 'admin.grant', 'admin.revoke',
  'deposit_address.set', 'deposit_address.clear', 'password.reset', 'second_password.reset',
  'withdrawal_limits.set', 'receiving_account.set', 'totp.reset', 'bank_account.save', 'bank_account.verify',
  'payout.correct'));
-- One correction waiting per withdrawal.
CREATE UNIQUE INDEX admin_proposals_one_payout_correction ON admin_proposals (target_id)
  WHERE kind = 'payout.correct' AND status = 'pending';

-- A withdrawal may have several payout rows over time: a TXID the checker found wrong ('mismatch') or one
-- replaced by a two-person correction ('replaced') stays as it was recorded, and the payout goes back to
-- the batch until a new TXID is recorded in a row of its own. At most one row per withdrawal is live
-- ('recorded' or 'confirmed'), and a TXID pays at most one live payout.
ALTER TABLE withdrawal_payouts ADD COLUMN id uuid NOT NULL DEFAULT gen_random_uuid();
ALTER TABLE withdrawal_payouts DROP CONSTRAINT withdrawal_payouts_pkey;
ALTER TABLE withdrawal_payouts ADD PRIMARY KEY (id);
-- The row a two-person correction replaced.
ALTER TABLE withdrawal_payouts ADD COLUMN replaces uuid REFERENCES withdrawal_payouts (id) ON DELETE RESTRICT;
ALTER TABLE withdrawal_payouts DROP CONSTRAINT withdrawal_payouts_status_check;
ALTER TABLE withdrawal_payouts ADD CONSTRAINT withdrawal_payouts_status_check
  CHECK (status IN ('recorded', 'confirmed', 'mismatch', 'replaced'));
DROP INDEX withdrawal_payouts_txid_key;
CREATE UNIQUE INDEX withdrawal_payouts_live_txid ON withdrawal_payouts (network, txid)
  WHERE status IN ('recorded', 'confirmed');
CREATE UNIQUE INDEX withdrawal_payouts_live_withdrawal ON withdrawal_payouts (withdrawal_id)
  WHERE status IN ('recorded', 'confirmed');
CREATE INDEX withdrawal_payouts_withdrawal_idx ON withdrawal_payouts (withdrawal_id, recorded_at);

-- What was recorded (row, withdrawal, TXID, by whom, when, what it replaced) never changes; the checker's
-- verdict or a correction is written once, while the row is still 'recorded'.
CREATE OR REPLACE FUNCTION withdrawal_payouts_guard() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP <> 'UPDATE'
     OR OLD.status <> 'recorded'
     OR (NEW.id, NEW.withdrawal_id, NEW.network, NEW.txid, NEW.recorded_by, NEW.recorded_by_username,
         NEW.recorded_at, NEW.replaces)
        IS DISTINCT FROM
        (OLD.id, OLD.withdrawal_id, OLD.network, OLD.txid, OLD.recorded_by, OLD.recorded_by_username,
         OLD.recorded_at, OLD.replaces)
  THEN
    RAISE EXCEPTION '% is a permanent record: % is not allowed', TG_TABLE_NAME, TG_OP
      USING ERRCODE = 'insufficient_privilege';
  END IF;
  RETURN NEW;
END;
$$;
