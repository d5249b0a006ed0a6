-- The four-eyes totals and their locks in one PL/pgSQL function (decision 0460), in place of
-- `four_eyes_take` and the `four_eyes_moved` it called: a decision's last statement runs inside the critical
-- section, and one function there has one plan to check and one result set to fill. What is counted is
-- migration 150's, the lock classes are money/limits.ts's.
--
-- `p_lock`: first the member's and then the administrator's totals lock, held to COMMIT, and the read after
-- them with a snapshot of its own, so it sees every decision committed before (a decision's last statement,
-- or an edit's first read). Without it, a read for display. With `p_target`, a row 'open' when a live
-- proposal of `p_kind` about that request waits for a second administrator.
DROP FUNCTION four_eyes_take(uuid, uuid, text, uuid);
DROP FUNCTION four_eyes_moved(uuid, uuid);

CREATE FUNCTION four_eyes_totals(p_member uuid, p_admin uuid, p_kind text, p_target uuid, p_lock boolean)
RETURNS TABLE (who text, direction text, currency text, amount numeric) LANGUAGE plpgsql AS $$
#variable_conflict use_column
BEGIN
  IF p_lock THEN
    PERFORM pg_advisory_xact_lock(1297042993, hashtext(p_member::text));
    IF p_admin IS NOT NULL THEN
      PERFORM pg_advisory_xact_lock(1297042994, hashtext(p_admin::text));
    END IF;
  END IF;
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
   WHERE m.amount <> 0 GROUP BY m.who, m.direction, m.currency
  UNION ALL
  SELECT 'open', NULL, NULL, NULL FROM admin_proposals p
   WHERE p_target IS NOT NULL AND p.kind = p_kind AND p.target_id = p_target AND p.status = 'pending'
     AND p.expires_at > now();
END;
$$;
