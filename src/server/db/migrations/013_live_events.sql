-- Live events (decision 0130): what GET /api/events streams and replays after Last-Event-ID.
-- A row is written in the same transaction as the change it announces (src/server/events/publish.ts),
-- with pg_notify('wallet_events', ...), so a rollback announces nothing and a commit is never lost.
-- Ids are taken under a transaction advisory lock, so they grow in commit order and a replay of
-- "id > Last-Event-ID" never skips an event that committed late.
CREATE TABLE live_events (
  id bigserial PRIMARY KEY,
  created_at timestamptz NOT NULL DEFAULT now(),
  type text NOT NULL,
  -- The member the event is about (null: every member, e.g. a new notice).
  member_id uuid,
  to_member boolean NOT NULL,
  to_admins boolean NOT NULL,
  data jsonb NOT NULL
);
CREATE INDEX live_events_created_idx ON live_events (created_at);

-- A session deleted (logout, expiry sweep, member deletion, password reset), shortened, or a member's
-- administrator role changed: open streams of that member re-check their session at once.
CREATE FUNCTION live_session_changed() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'DELETE' THEN
    PERFORM pg_notify('wallet_sessions', OLD.member_id::text);
  ELSIF TG_TABLE_NAME = 'members' THEN
    PERFORM pg_notify('wallet_sessions', NEW.id::text);
  ELSE
    PERFORM pg_notify('wallet_sessions', NEW.member_id::text);
  END IF;
  RETURN NULL;
END $$;

CREATE TRIGGER sessions_live_delete AFTER DELETE ON sessions
  FOR EACH ROW EXECUTE FUNCTION live_session_changed();
CREATE TRIGGER sessions_live_update AFTER UPDATE OF expires_at, stage ON sessions
  FOR EACH ROW EXECUTE FUNCTION live_session_changed();
CREATE TRIGGER members_live_role AFTER UPDATE OF is_admin ON members
  FOR EACH ROW WHEN (OLD.is_admin IS DISTINCT FROM NEW.is_admin) EXECUTE FUNCTION live_session_changed();
