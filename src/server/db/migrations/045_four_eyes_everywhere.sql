-- Two people for every movement of money (docs/decisions/0321-four-eyes-everywhere.md): deposit approvals,
-- balance adjustments, deposit addresses, other administrators' credentials and daily withdrawal limits
-- become proposals too.
ALTER TABLE admin_proposals DROP CONSTRAINT admin_proposals_kind_check;
ALTER TABLE admin_proposals ADD CONSTRAINT admin_proposals_kind_check CHECK (kind IN (
  'balances.set', 'balance.adjust', 'lock.create', 'lock.update', 'lock.delete',
  'withdrawal.approve', 'deposit.approve', 'admin.grant', 'admin.revoke',
  'deposit_address.set', 'deposit_address.clear', 'password.reset', 'second_password.reset',
  'withdrawal_limits.set'));

-- A credential reset carries the new secret's hash (argon2, never the secret) until it is decided; then it
-- is cleared, the only change a decided proposal admits.
ALTER TABLE admin_proposals ADD COLUMN secret_hash text;

-- One live approval proposal per deposit, as per withdrawal.
CREATE UNIQUE INDEX admin_proposals_one_deposit ON admin_proposals (target_id)
  WHERE kind = 'deposit.approve' AND status = 'pending';

-- Totals of the last 24 hours per member and per administrator read the ledger by these.
CREATE INDEX IF NOT EXISTS ledger_entries_actor_recent_idx ON ledger_entries (actor_id, created_at)
  WHERE actor_id IS NOT NULL;
CREATE INDEX IF NOT EXISTS ledger_entries_member_recent_idx ON ledger_entries (member_id, created_at);

CREATE OR REPLACE FUNCTION admin_proposals_guard() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP <> 'UPDATE' THEN
    RAISE EXCEPTION '% is a permanent record: % is not allowed', TG_TABLE_NAME, TG_OP
      USING ERRCODE = 'insufficient_privilege';
  END IF;
  IF (OLD.status <> 'pending'
      AND ROW(NEW.status, NEW.decided_by, NEW.decided_by_username, NEW.decided_at, NEW.result)
          IS DISTINCT FROM ROW(OLD.status, OLD.decided_by, OLD.decided_by_username, OLD.decided_at, OLD.result))
     OR (NEW.secret_hash IS DISTINCT FROM OLD.secret_hash AND NEW.secret_hash IS NOT NULL)
     OR NEW.kind IS DISTINCT FROM OLD.kind OR NEW.member_id IS DISTINCT FROM OLD.member_id
     OR NEW.target_id IS DISTINCT FROM OLD.target_id OR NEW.payload IS DISTINCT FROM OLD.payload
     OR NEW.basis IS DISTINCT FROM OLD.basis OR NEW.summary IS DISTINCT FROM OLD.summary
     OR NEW.proposed_by IS DISTINCT FROM OLD.proposed_by
     OR NEW.proposed_by_username IS DISTINCT FROM OLD.proposed_by_username
     OR NEW.created_at IS DISTINCT FROM OLD.created_at OR NEW.expires_at IS DISTINCT FROM OLD.expires_at THEN
    RAISE EXCEPTION 'admin_proposals: only a pending proposal''s decision may be recorded'
      USING ERRCODE = 'insufficient_privilege';
  END IF;
  RETURN NEW;
END;
$$;

-- A matched transfer mined before its address became the member's (block time before the assignment): never
-- credited automatically; the operator sees it in the request's chain verdict and decides.
ALTER TABLE deposit_chain_checks ADD COLUMN before_assignment boolean NOT NULL DEFAULT false;

-- Who confirmed a ledger entry's action as the second administrator (NULL: applied in one step). The
-- per-administrator daily total counts only what an administrator moved alone.
ALTER TABLE ledger_entries ADD COLUMN confirmed_by uuid REFERENCES members (id) ON DELETE RESTRICT;
