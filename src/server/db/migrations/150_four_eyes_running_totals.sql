-- The four-eyes 24 h totals read in a bounded number of rows, and taken at the end of a decision
-- (decision 0460).
--
-- A member's hourly totals per direction, as the administrators' (migration 113): what came in (deposits,
-- positive adjustments) and what went out (payouts, transfers, negative adjustments) per hour and currency.
CREATE TABLE member_hourly_totals (
  member_id uuid NOT NULL REFERENCES members (id) ON DELETE RESTRICT,
  hour timestamptz NOT NULL,
  direction text NOT NULL CHECK (direction IN ('in', 'out')),
  currency text NOT NULL,
  moved numeric(38, 8) NOT NULL CHECK (moved >= 0),
  PRIMARY KEY (member_id, hour, direction, currency)
);

-- The same per minute, for both: the hour the 24 h window starts in is read from its minutes.
CREATE TABLE actor_minute_totals (
  actor_id uuid NOT NULL REFERENCES members (id) ON DELETE RESTRICT,
  minute timestamptz NOT NULL,
  currency text NOT NULL,
  moved numeric(38, 8) NOT NULL CHECK (moved >= 0),
  PRIMARY KEY (actor_id, minute, currency)
);
CREATE TABLE member_minute_totals (
  member_id uuid NOT NULL REFERENCES members (id) ON DELETE RESTRICT,
  minute timestamptz NOT NULL,
  direction text NOT NULL CHECK (direction IN ('in', 'out')),
  currency text NOT NULL,
  moved numeric(38, 8) NOT NULL CHECK (moved >= 0),
  PRIMARY KEY (member_id, minute, direction, currency)
);

-- Which way a ledger entry counts toward its member's total (NULL: neither, e.g. a transfer's credit).
CREATE FUNCTION ledger_direction(kind text, amount numeric, deposit_id uuid, withdrawal_id uuid)
RETURNS text LANGUAGE sql IMMUTABLE AS $$
  SELECT CASE
    WHEN (kind = 'deposit' AND deposit_id IS NOT NULL) OR (kind = 'admin_adjustment' AND amount > 0) THEN 'in'
    WHEN (kind IN ('withdrawal', 'transfer_out') AND withdrawal_id IS NOT NULL)
      OR (kind = 'admin_adjustment' AND amount < 0) THEN 'out'
  END
$$;

-- Both hourly totals are derived from each ledger row when its transaction commits (a deferred trigger),
-- not when the row is written: the rows of one busy administrator's hour are then locked only while a
-- transaction commits, never across the rest of an approval. The member's row first, then the actor's.
DROP TRIGGER ledger_entries_actor_hourly ON ledger_entries;
DROP FUNCTION actor_hourly_totals_add();

CREATE FUNCTION hourly_totals_add() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  h timestamptz := date_bin('1 hour', NEW.created_at, timestamptz '2000-01-01 00:00+00');
  m timestamptz := date_bin('1 minute', NEW.created_at, timestamptz '2000-01-01 00:00+00');
  dir text := ledger_direction(NEW.kind, NEW.amount, NEW.deposit_id, NEW.withdrawal_id);
BEGIN
  IF dir IS NOT NULL THEN
    INSERT INTO member_hourly_totals AS t (member_id, hour, direction, currency, moved)
    VALUES (NEW.member_id, h, dir, NEW.currency, abs(NEW.amount))
    ON CONFLICT (member_id, hour, direction, currency) DO UPDATE SET moved = t.moved + excluded.moved;
    INSERT INTO member_minute_totals AS t (member_id, minute, direction, currency, moved)
    VALUES (NEW.member_id, m, dir, NEW.currency, abs(NEW.amount))
    ON CONFLICT (member_id, minute, direction, currency) DO UPDATE SET moved = t.moved + excluded.moved;
  END IF;
  IF NEW.actor_id IS NOT NULL AND NEW.confirmed_by IS NULL
     AND NEW.kind IN ('deposit', 'withdrawal', 'transfer_out', 'admin_adjustment') THEN
    INSERT INTO actor_hourly_totals AS t (actor_id, hour, currency, moved)
    VALUES (NEW.actor_id, h, NEW.currency, abs(NEW.amount))
    ON CONFLICT (actor_id, hour, currency) DO UPDATE SET moved = t.moved + excluded.moved;
    INSERT INTO actor_minute_totals AS t (actor_id, minute, currency, moved)
    VALUES (NEW.actor_id, m, NEW.currency, abs(NEW.amount))
    ON CONFLICT (actor_id, minute, currency) DO UPDATE SET moved = t.moved + excluded.moved;
  END IF;
  RETURN NULL;
END;
$$;
CREATE CONSTRAINT TRIGGER ledger_entries_hourly AFTER INSERT ON ledger_entries
  DEFERRABLE INITIALLY DEFERRED FOR EACH ROW EXECUTE FUNCTION hourly_totals_add();

-- The last day's entries, so totals read right after the upgrade count them; older hours are never read.
INSERT INTO member_hourly_totals (member_id, hour, direction, currency, moved)
SELECT member_id, date_bin('1 hour', created_at, timestamptz '2000-01-01 00:00+00'),
       ledger_direction(kind, amount, deposit_id, withdrawal_id), currency, sum(abs(amount))
  FROM ledger_entries
 WHERE created_at > now() - interval '25 hours'
   AND ledger_direction(kind, amount, deposit_id, withdrawal_id) IS NOT NULL
 GROUP BY 1, 2, 3, 4;
INSERT INTO member_minute_totals (member_id, minute, direction, currency, moved)
SELECT member_id, date_bin('1 minute', created_at, timestamptz '2000-01-01 00:00+00'),
       ledger_direction(kind, amount, deposit_id, withdrawal_id), currency, sum(abs(amount))
  FROM ledger_entries
 WHERE created_at > now() - interval '25 hours'
   AND ledger_direction(kind, amount, deposit_id, withdrawal_id) IS NOT NULL
 GROUP BY 1, 2, 3, 4;
INSERT INTO actor_minute_totals (actor_id, minute, currency, moved)
SELECT actor_id, date_bin('1 minute', created_at, timestamptz '2000-01-01 00:00+00'), currency, sum(abs(amount))
  FROM ledger_entries
 WHERE actor_id IS NOT NULL AND confirmed_by IS NULL AND created_at > now() - interval '25 hours'
   AND kind IN ('deposit', 'withdrawal', 'transfer_out', 'admin_adjustment')
 GROUP BY 1, 2, 3;

-- A member's pending proposals, counted in their totals.
CREATE INDEX admin_proposals_member_pending_idx ON admin_proposals (member_id) WHERE status = 'pending';

-- What a member moved over the last 24 hours per direction and currency (applied: the ledger; waiting for a
-- second administrator: the pending proposals), and what an administrator moved alone, per currency. The
-- whole hours of the window come from the hourly totals, the whole minutes of the hour it starts in from the
-- minute totals, and the minute it starts in (which it covers only in part) from the ledger entries: at most
-- 24 + 60 rows per currency and one minute's entries, however busy the day was. One statement, so a
-- confirmation (a proposal becoming a ledger entry) is seen on one side or the other.
-- PL/pgSQL, so that each connection plans the query once (an SQL function's is planned at every call).
CREATE FUNCTION four_eyes_moved(p_member uuid, p_admin uuid)
RETURNS TABLE (who text, direction text, currency text, amount numeric) LANGUAGE plpgsql AS $$
#variable_conflict use_column
BEGIN
  RETURN QUERY
  WITH edge AS (
    SELECT now() - interval '24 hours' AS since,
           date_bin('1 hour', now() - interval '24 hours', timestamptz '2000-01-01 00:00+00') AS hour,
           date_bin('1 minute', now() - interval '24 hours', timestamptz '2000-01-01 00:00+00') AS minute),
  pending AS (
    SELECT p.kind, p.target_id, p.payload, p.basis FROM admin_proposals p
     WHERE p.member_id = p_member AND p.status = 'pending' AND p.expires_at > now()
       AND p.kind IN ('deposit.approve', 'withdrawal.approve', 'balance.adjust', 'balances.set')
    OFFSET 0),
  moved AS (
    SELECT 'member' AS who, t.direction, t.currency, t.moved AS amount FROM member_hourly_totals t, edge
     WHERE t.member_id = p_member AND t.hour > edge.hour
    UNION ALL
    SELECT 'member', t.direction, t.currency, t.moved FROM member_minute_totals t, edge
     WHERE t.member_id = p_member AND t.minute > edge.minute AND t.minute < edge.hour + interval '1 hour'
    UNION ALL
    SELECT 'member', ledger_direction(l.kind, l.amount, l.deposit_id, l.withdrawal_id), l.currency, abs(l.amount)
      FROM ledger_entries l, edge
     WHERE l.member_id = p_member AND l.created_at > edge.since AND l.created_at < edge.minute + interval '1 minute'
       AND ledger_direction(l.kind, l.amount, l.deposit_id, l.withdrawal_id) IS NOT NULL
    UNION ALL
    SELECT 'member', 'in', d.currency, d.amount FROM pending x JOIN deposits d ON d.id = x.target_id
     WHERE x.kind = 'deposit.approve'
    UNION ALL
    SELECT 'member', 'out', w.currency, w.amount FROM pending x JOIN withdrawals w ON w.id = x.target_id
     WHERE x.kind = 'withdrawal.approve'
    UNION ALL
    SELECT 'member', CASE WHEN (x.payload->>'delta')::numeric > 0 THEN 'in' ELSE 'out' END,
           x.payload->>'currency', abs((x.payload->>'delta')::numeric)
      FROM pending x WHERE x.kind = 'balance.adjust'
    UNION ALL
    -- A balance edit's new totals against the totals it was based on (other kinds' payloads are not
    -- numbers: the kinds are chosen first, OFFSET 0 keeps them apart from the casts).
    SELECT 'member', CASE WHEN e.value::numeric > (x.basis->>e.key)::numeric THEN 'in' ELSE 'out' END,
           e.key, abs(e.value::numeric - (x.basis->>e.key)::numeric)
      FROM (SELECT * FROM pending WHERE kind = 'balances.set' OFFSET 0) x
     CROSS JOIN LATERAL jsonb_each_text(x.payload) e
    UNION ALL
    SELECT 'admin', NULL, t.currency, t.moved FROM actor_hourly_totals t, edge
     WHERE t.actor_id = p_admin AND t.hour > edge.hour
    UNION ALL
    SELECT 'admin', NULL, t.currency, t.moved FROM actor_minute_totals t, edge
     WHERE t.actor_id = p_admin AND t.minute > edge.minute AND t.minute < edge.hour + interval '1 hour'
    UNION ALL
    SELECT 'admin', NULL, l.currency, abs(l.amount) FROM ledger_entries l, edge
     WHERE l.actor_id = p_admin AND l.confirmed_by IS NULL AND l.created_at > edge.since
       AND l.created_at < edge.minute + interval '1 minute'
       AND l.kind IN ('deposit', 'withdrawal', 'transfer_out', 'admin_adjustment'))
  SELECT m.who, m.direction, m.currency, sum(m.amount) FROM moved m
   WHERE m.amount <> 0 GROUP BY m.who, m.direction, m.currency;
END;
$$;

-- The same, read once the member's and then the administrator's totals lock is held (the advisory lock
-- classes of money/limits.ts): the last statement of a decision, so what serialises one member's or one
-- administrator's decisions is held only from it to COMMIT. Inside this function the read takes a snapshot
-- of its own after the locks, so it sees every decision committed before them; with it, a row 'open' when a
-- live proposal of `p_kind` about `p_target` (the request being decided) waits for a second administrator.
CREATE FUNCTION four_eyes_take(p_member uuid, p_admin uuid, p_kind text, p_target uuid)
RETURNS TABLE (who text, direction text, currency text, amount numeric) LANGUAGE plpgsql AS $$
BEGIN
  PERFORM pg_advisory_xact_lock(1297042993, hashtext(p_member::text));
  IF p_admin IS NOT NULL THEN
    PERFORM pg_advisory_xact_lock(1297042994, hashtext(p_admin::text));
  END IF;
  RETURN QUERY
    SELECT * FROM four_eyes_moved(p_member, p_admin)
    UNION ALL
    SELECT 'open', NULL, NULL, NULL FROM admin_proposals p
     WHERE p_target IS NOT NULL AND p.kind = p_kind AND p.target_id = p_target AND p.status = 'pending'
       AND p.expires_at > now();
END;
$$;
