-- A request approval's thresholds decided in SQL (decision 0460), so that its last statement and its COMMIT
-- go to the server in one round trip (money/limits.ts `commitUnderThresholds`): the totals locks that this
-- statement takes are then held for the statement and the commit only, never while the application's event
-- loop gets round to sending COMMIT.
--
-- `four_eyes_krw` values an amount in won as the application's `assetKrwValue` does (shared/assets.ts):
-- won floored, a crypto amount at its USD price times the won rate, floored; a currency without a price
-- (BTC, shown only) counts 0. `p_prices` is `{"usdKrw": "…", "usd": {"ETH": "…", …}}`, the prices the
-- application read for the decision (decision 0370's: never lower than last seen).
CREATE FUNCTION four_eyes_krw(p_currency text, p_amount numeric, p_prices jsonb) RETURNS numeric
LANGUAGE sql IMMUTABLE AS $$
  SELECT CASE WHEN p_currency = 'KRW' THEN floor(abs(p_amount))
              ELSE coalesce(floor(abs(p_amount) * (p_prices -> 'usd' ->> p_currency)::numeric
                                                 * (p_prices ->> 'usdKrw')::numeric), 0) END
$$;

-- Takes the totals locks and reads the totals (`four_eyes_totals`), then raises
-- - WE001 when a live proposal of `p_kind` about `p_target` waits for a second administrator;
-- - WE002 when, for a move of `p_moves` (`[{"dir": "in"|"out", "threshold": "…", "amounts":
--   [{"currency": "…", "amount": "…"}]}]`), the member's total in that direction with the move reaches its
--   threshold, or the administrator's (when `p_admin` is not null) reaches `p_admin_daily`.
-- The caller's own movement is not in the totals (they are written at COMMIT): `p_moves` adds it.
CREATE FUNCTION four_eyes_check(p_member uuid, p_admin uuid, p_kind text, p_target uuid, p_moves jsonb,
                                p_admin_daily numeric, p_prices jsonb) RETURNS void LANGUAGE plpgsql AS $$
DECLARE
  v_in numeric;
  v_out numeric;
  v_admin numeric;
  v_open boolean;
  v_move jsonb;
  v_value numeric;
  v_member numeric;
BEGIN
  SELECT coalesce(sum(four_eyes_krw(t.currency, t.amount, p_prices))
                    FILTER (WHERE t.who = 'member' AND t.direction = 'in'), 0),
         coalesce(sum(four_eyes_krw(t.currency, t.amount, p_prices))
                    FILTER (WHERE t.who = 'member' AND t.direction = 'out'), 0),
         coalesce(sum(four_eyes_krw(t.currency, t.amount, p_prices)) FILTER (WHERE t.who = 'admin'), 0),
         coalesce(bool_or(t.who = 'open'), false)
    INTO v_in, v_out, v_admin, v_open
    FROM four_eyes_totals(p_member, p_admin, p_kind, p_target, true) t;
  IF v_open THEN
    RAISE EXCEPTION 'a proposal about this request waits' USING ERRCODE = 'WE001';
  END IF;
  FOR v_move IN SELECT jsonb_array_elements(p_moves) LOOP
    SELECT coalesce(sum(four_eyes_krw(a ->> 'currency', (a ->> 'amount')::numeric, p_prices)), 0)
      INTO v_value FROM jsonb_array_elements(v_move -> 'amounts') a;
    v_member := CASE WHEN v_move ->> 'dir' = 'in' THEN v_in ELSE v_out END;
    IF v_member + v_value >= (v_move ->> 'threshold')::numeric
       OR (p_admin IS NOT NULL AND v_admin + v_value >= p_admin_daily) THEN
      RAISE EXCEPTION 'a four-eyes threshold is met' USING ERRCODE = 'WE002';
    END IF;
  END LOOP;
END;
$$;
