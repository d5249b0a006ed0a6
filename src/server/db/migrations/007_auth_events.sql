-- Authentication events (sign-in activity): every sign-in, failure, lockout, second step, logout, session
-- expiry, password / second password / email change and administrator reset. Append-only like the ledger:
-- the database itself refuses UPDATE, DELETE and TRUNCATE.
-- member_id has no foreign key for now (member deletion is becoming account closing; a RESTRICT key follows).
CREATE TABLE auth_events (
  id bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  member_id uuid,
  -- The username or email as typed (trimmed, at most 100 characters), for attempts on unknown accounts.
  identifier text CHECK (length(identifier) <= 100),
  kind text NOT NULL CHECK (kind IN (
    'login', 'lockout', 'second_factor', 'logout', 'session_expired',
    'password_change', 'second_password_change', 'email_change_requested', 'email_change_confirmed',
    'admin_password_reset', 'admin_second_password_reset')),
  success boolean NOT NULL,
  reason text CHECK (length(reason) <= 40),
  ip text CHECK (length(ip) <= 100),
  user_agent text CHECK (length(user_agent) <= 300),
  -- The administrator who acted, for administrator resets.
  actor_id uuid,
  created_at timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX auth_events_member_time_idx ON auth_events (member_id, created_at DESC, id DESC);
CREATE INDEX auth_events_time_idx ON auth_events (created_at DESC, id DESC);

CREATE FUNCTION auth_events_append_only() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  RAISE EXCEPTION 'auth_events is append-only';
END;
$$;
CREATE TRIGGER auth_events_no_change BEFORE UPDATE OR DELETE ON auth_events
  FOR EACH ROW EXECUTE FUNCTION auth_events_append_only();
CREATE TRIGGER auth_events_no_truncate BEFORE TRUNCATE ON auth_events
  FOR EACH STATEMENT EXECUTE FUNCTION auth_events_append_only();
