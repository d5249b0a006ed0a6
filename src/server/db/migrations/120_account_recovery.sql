-- A member recovers their own password or second password through their e-mail
-- (docs/decisions/0400-member-self-recovery.md); no administrator sets a member's secret. Notices members see
-- are published by two administrators (docs/decisions/0401-notices-by-two.md).

-- One code per request: stored as its SHA-256, short-lived, a few attempts, used once. A newer request
-- ends the older ones. Kept (never deleted) as the record of each recovery.
CREATE TABLE account_recoveries (
  id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  member_id uuid NOT NULL REFERENCES members (id) ON DELETE RESTRICT,
  secret text NOT NULL CHECK (secret IN ('password', 'second_password')),
  code_hash text NOT NULL,
  attempts int NOT NULL DEFAULT 0 CHECK (attempts >= 0),
  expires_at timestamptz NOT NULL,
  used_at timestamptz,
  -- The two-person proposal that sent it, when administrators did (null: the member asked).
  proposal_id uuid,
  created_at timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX account_recoveries_member ON account_recoveries (member_id, secret, created_at DESC);

-- The lists of kinds are extended from what the database holds, so other additions to them stay.
DO $$
DECLARE
  kinds text[];
BEGIN
  SELECT array_agg(DISTINCT k) INTO kinds FROM (
    SELECT (regexp_matches(pg_get_constraintdef(c.oid), '''([^'']+)''', 'g'))[1] AS k
      FROM pg_constraint c WHERE c.conname = 'auth_events_kind_check'
    UNION SELECT unnest(ARRAY['recovery_requested', 'password_recovery', 'second_password_recovery'])) s;
  ALTER TABLE auth_events DROP CONSTRAINT auth_events_kind_check;
  EXECUTE format('ALTER TABLE auth_events ADD CONSTRAINT auth_events_kind_check CHECK (kind = ANY (%L::text[]))', kinds);

  SELECT array_agg(DISTINCT k) INTO kinds FROM (
    SELECT (regexp_matches(pg_get_constraintdef(c.oid), '''([^'']+)''', 'g'))[1] AS k
      FROM pg_constraint c WHERE c.conname = 'admin_proposals_kind_check'
    UNION SELECT unnest(ARRAY['member.recovery', 'notice.publish'])) s;
  ALTER TABLE admin_proposals DROP CONSTRAINT admin_proposals_kind_check;
  EXECUTE format('ALTER TABLE admin_proposals ADD CONSTRAINT admin_proposals_kind_check CHECK (kind = ANY (%L::text[]))', kinds);
END $$;
