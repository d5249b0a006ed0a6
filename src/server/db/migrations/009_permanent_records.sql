-- Money records are permanent (docs/decisions/0110-closing-accounts.md,
-- docs/decisions/0111-append-only-records.md). A member is closed, never deleted; no row of the ledger,
-- the audit log or the sign-in log is ever updated or deleted; requests are never deleted.

-- Closing an account: the row stays (the username stays reserved, every money record keeps its link).
ALTER TABLE members ADD COLUMN closed_at timestamptz;
ALTER TABLE members ADD COLUMN closed_by uuid REFERENCES members(id) ON DELETE RESTRICT;
-- The administrator's list shows open accounts by default, closed ones on demand: each walks its own index.
CREATE INDEX members_open_idx ON members (created_at DESC, id) WHERE closed_at IS NULL;
CREATE INDEX members_closed_idx ON members (created_at DESC, id) WHERE closed_at IS NOT NULL;

-- A closed member's email is masked, and masked addresses may coincide; an email is unique among open
-- accounts only (a closed member's address may be used again by a new member).
DROP INDEX members_email_key;
CREATE UNIQUE INDEX members_email_key ON members (lower(email)) WHERE closed_at IS NULL;

-- Every foreign key to members, deposits or withdrawals becomes ON DELETE RESTRICT: nothing that points at
-- a member or a request is ever removed or unlinked by a deletion (001 had CASCADE and SET NULL).
DO $$
DECLARE
  c record;
BEGIN
  FOR c IN
    SELECT con.conname, con.conrelid::regclass AS tbl, pg_get_constraintdef(con.oid) AS def
      FROM pg_constraint con
     WHERE con.contype = 'f'
       AND con.confrelid IN ('members'::regclass, 'deposits'::regclass, 'withdrawals'::regclass)
       AND con.confdeltype <> 'r'
  LOOP
    EXECUTE format('ALTER TABLE %s DROP CONSTRAINT %I', c.tbl, c.conname);
    EXECUTE format('ALTER TABLE %s ADD CONSTRAINT %I %s', c.tbl, c.conname,
      regexp_replace(c.def, ' ON DELETE (CASCADE|SET NULL|SET DEFAULT|NO ACTION)( \([^)]*\))?', '') || ' ON DELETE RESTRICT');
  END LOOP;
END;
$$;

-- The audit log names its actor: a member who can no longer be deleted. NOT VALID: entries written before
-- this migration may name members an earlier version deleted; new entries are checked.
ALTER TABLE audit_log ADD CONSTRAINT audit_log_actor_id_fkey FOREIGN KEY (actor_id) REFERENCES members(id)
  ON DELETE RESTRICT NOT VALID;

-- The sign-in log (migration 007) gets the same link when it exists.
DO $$
BEGIN
  IF to_regclass('auth_events') IS NOT NULL AND NOT EXISTS (
    SELECT 1 FROM pg_constraint WHERE conrelid = to_regclass('auth_events') AND conname = 'auth_events_member_id_fkey'
  ) THEN
    ALTER TABLE auth_events ADD CONSTRAINT auth_events_member_id_fkey FOREIGN KEY (member_id)
      REFERENCES members(id) ON DELETE RESTRICT NOT VALID;
    BEGIN
      ALTER TABLE auth_events VALIDATE CONSTRAINT auth_events_member_id_fkey;
    EXCEPTION WHEN foreign_key_violation THEN
      RAISE NOTICE 'auth_events names members deleted before migration 009; the link is checked for new rows only';
    END;
  END IF;
END;
$$;

-- Append-only in the database itself: any UPDATE, DELETE or TRUNCATE is refused, whoever runs it.
CREATE FUNCTION permanent_record_guard() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  RAISE EXCEPTION '% is a permanent record: % is not allowed', TG_TABLE_NAME, TG_OP
    USING ERRCODE = 'insufficient_privilege';
END;
$$;

DROP TRIGGER ledger_entries_no_update ON ledger_entries;
DROP FUNCTION ledger_entries_append_only();
CREATE TRIGGER ledger_entries_append_only BEFORE UPDATE OR DELETE ON ledger_entries
  FOR EACH ROW EXECUTE FUNCTION permanent_record_guard();
CREATE TRIGGER ledger_entries_no_truncate BEFORE TRUNCATE ON ledger_entries
  FOR EACH STATEMENT EXECUTE FUNCTION permanent_record_guard();

CREATE TRIGGER audit_log_append_only BEFORE UPDATE OR DELETE ON audit_log
  FOR EACH ROW EXECUTE FUNCTION permanent_record_guard();
CREATE TRIGGER audit_log_no_truncate BEFORE TRUNCATE ON audit_log
  FOR EACH STATEMENT EXECUTE FUNCTION permanent_record_guard();

-- Requests change status (pending → approved/rejected) but are never deleted; members are closed, never
-- deleted.
CREATE TRIGGER deposits_no_delete BEFORE DELETE ON deposits
  FOR EACH ROW EXECUTE FUNCTION permanent_record_guard();
CREATE TRIGGER deposits_no_truncate BEFORE TRUNCATE ON deposits
  FOR EACH STATEMENT EXECUTE FUNCTION permanent_record_guard();
CREATE TRIGGER withdrawals_no_delete BEFORE DELETE ON withdrawals
  FOR EACH ROW EXECUTE FUNCTION permanent_record_guard();
CREATE TRIGGER withdrawals_no_truncate BEFORE TRUNCATE ON withdrawals
  FOR EACH STATEMENT EXECUTE FUNCTION permanent_record_guard();
CREATE TRIGGER members_no_delete BEFORE DELETE ON members
  FOR EACH ROW EXECUTE FUNCTION permanent_record_guard();
CREATE TRIGGER members_no_truncate BEFORE TRUNCATE ON members
  FOR EACH STATEMENT EXECUTE FUNCTION permanent_record_guard();

-- The sign-in log: migration 007 makes it append-only; these make sure of it here too.
DO $$
BEGIN
  IF to_regclass('auth_events') IS NOT NULL THEN
    CREATE TRIGGER auth_events_permanent BEFORE UPDATE OR DELETE ON auth_events
      FOR EACH ROW EXECUTE FUNCTION permanent_record_guard();
    CREATE TRIGGER auth_events_permanent_truncate BEFORE TRUNCATE ON auth_events
      FOR EACH STATEMENT EXECUTE FUNCTION permanent_record_guard();
  END IF;
END;
$$;
