-- Two-person approval (decision 0160): an administrator's balance edit, lock change,
-- large payout or administrator-role change is first a proposal; it takes effect only when a different
-- administrator confirms it. A proposal records exactly what will be applied (`payload`) and, for a
-- balance edit, the balances it was based on (`basis`). Proposals are permanent records: never deleted;
-- only `status` moves, once, from 'pending' to 'applied', 'cancelled' or 'expired', with who and when.
CREATE TABLE admin_proposals (
  id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  kind text NOT NULL CHECK (kind IN ('balances.set', 'lock.create', 'lock.update', 'lock.delete',
                                     'withdrawal.approve', 'admin.grant', 'admin.revoke')),
  -- The member the action is about (for a payout: the member who asked for it).
  member_id uuid NOT NULL REFERENCES members (id) ON DELETE RESTRICT,
  -- The lock or withdrawal it acts on, when there is one.
  target_id uuid,
  payload jsonb NOT NULL,
  basis jsonb,
  -- What the pending-proposals list shows (amounts, KRW value at proposal time).
  summary jsonb NOT NULL DEFAULT '{}'::jsonb,
  status text NOT NULL DEFAULT 'pending' CHECK (status IN ('pending', 'applied', 'cancelled', 'expired')),
  proposed_by uuid NOT NULL REFERENCES members (id) ON DELETE RESTRICT,
  proposed_by_username text NOT NULL,
  created_at timestamptz NOT NULL DEFAULT now(),
  expires_at timestamptz NOT NULL,
  decided_by uuid REFERENCES members (id) ON DELETE RESTRICT,
  decided_by_username text,
  decided_at timestamptz,
  result jsonb,
  CHECK (expires_at > created_at),
  CHECK ((status = 'pending') = (decided_at IS NULL))
);
CREATE INDEX admin_proposals_status_idx ON admin_proposals (status, created_at);
-- One live approval proposal per withdrawal.
CREATE UNIQUE INDEX admin_proposals_one_payout ON admin_proposals (target_id)
  WHERE kind = 'withdrawal.approve' AND status = 'pending';

-- Never deleted; a decided proposal never changes; a pending one changes only its decision columns.
CREATE FUNCTION admin_proposals_guard() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP <> 'UPDATE' THEN
    RAISE EXCEPTION '% is a permanent record: % is not allowed', TG_TABLE_NAME, TG_OP
      USING ERRCODE = 'insufficient_privilege';
  END IF;
  IF OLD.status <> 'pending'
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
CREATE TRIGGER admin_proposals_append_only BEFORE UPDATE OR DELETE ON admin_proposals
  FOR EACH ROW EXECUTE FUNCTION admin_proposals_guard();
CREATE TRIGGER admin_proposals_no_truncate BEFORE TRUNCATE ON admin_proposals
  FOR EACH STATEMENT EXECUTE FUNCTION admin_proposals_guard();
