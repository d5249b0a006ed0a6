-- A proposal cancelled by another administrator (반려) keeps the reason they gave; the proposer's own
-- withdrawal (철회) may keep one. Decided, it never changes, like the rest of the decision.
ALTER TABLE admin_proposals ADD COLUMN decision_reason text
  CHECK (decision_reason IS NULL OR length(decision_reason) BETWEEN 1 AND 200);

CREATE OR REPLACE FUNCTION admin_proposals_guard() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP <> 'UPDATE' THEN
    RAISE EXCEPTION '% is a permanent record: % is not allowed', TG_TABLE_NAME, TG_OP
      USING ERRCODE = 'insufficient_privilege';
  END IF;
  IF (OLD.status <> 'pending'
      AND ROW(NEW.status, NEW.decided_by, NEW.decided_by_username, NEW.decided_at, NEW.result, NEW.decision_reason)
          IS DISTINCT FROM
          ROW(OLD.status, OLD.decided_by, OLD.decided_by_username, OLD.decided_at, OLD.result, OLD.decision_reason))
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
