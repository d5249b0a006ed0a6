-- A request approval's thresholds decided in SQL (decision 0460), so that its last statement and its COMMIT
-- go to the server in one round trip (money/limits.ts `commitUnderThresholds`): the totals locks that this
-- statement takes are then held for the statement and the commit only, never while the application's event
-- loop gets round to sending COMMIT.

-- The prices the thresholds value amounts at (decision 0370): per currency and for the won rate, the stored
-- provider value when it is live (younger than `p_stale` seconds, not a sample), otherwise the higher of the
-- last stored value and the sample, so a stalled feed never makes an amount look smaller than it was when
-- last seen. `p_samples` is `{"usdKrw": "1431", "usd": {"ETH": {"pair": "ETHUSDT", "sample": "3075.50"}, …}}`
-- (shared/constants.ts; a currency without a pair, USDT, is at its sample). Amounts as text, never JSON
-- numbers, so the application reads them exactly.
-- PL/pgSQL, not SQL, so that its query is planned once per connection, not at every call.
CREATE FUNCTION four_eyes_prices(p_stale double precision, p_samples jsonb) RETURNS jsonb
LANGUAGE plpgsql STABLE AS $$
BEGIN
  RETURN jsonb_build_object(
    'usdKrw',
    (SELECT CASE WHEN r.updated_at > now() - make_interval(secs => p_stale) AND r.source <> 'sample' THEN r.rate
                 ELSE greatest(r.rate, (p_samples ->> 'usdKrw')::numeric) END::text
       FROM (SELECT) one
       LEFT JOIN exchange_rates r ON r.from_currency = 'USD' AND r.to_currency = 'KRW'),
    'usd',
    (SELECT jsonb_object_agg(c.key,
              CASE WHEN p.updated_at > now() - make_interval(secs => p_stale) AND p.source <> 'sample' THEN p.price
                   ELSE greatest(p.price, (c.value ->> 'sample')::numeric) END::text)
       FROM jsonb_each(p_samples -> 'usd') c
       LEFT JOIN crypto_prices p ON p.symbol = c.value ->> 'pair'));
END;
$$;

-- `four_eyes_krw` values an amount in won as the application's `assetKrwValue` does (shared/assets.ts):
-- won floored, a crypto amount at its USD price times the won rate, floored; a currency without a price
-- (BTC, shown only) counts 0. `p_prices` is what `four_eyes_prices` returns.
CREATE FUNCTION four_eyes_krw(p_currency text, p_amount numeric, p_prices jsonb) RETURNS numeric
LANGUAGE sql IMMUTABLE AS $$
  SELECT CASE WHEN p_currency = 'KRW' THEN floor(abs(p_amount))
              ELSE coalesce(floor(abs(p_amount) * (p_prices -> 'usd' ->> p_currency)::numeric
                                                 * (p_prices ->> 'usdKrw')::numeric), 0) END
$$;

-- Takes the totals locks and reads the totals (`four_eyes_totals`) and the prices (`four_eyes_prices`), then
-- raises
-- - WE001 when a live proposal of `p_kind` about `p_target` waits for a second administrator;
-- - WE002 when, for a move of `p_moves` (`[{"dir": "in"|"out", "threshold": "…", "amounts":
--   [{"currency": "…", "amount": "…"}]}]`), the member's total in that direction with the move reaches its
--   threshold, or the administrator's (when `p_admin` is not null) reaches `p_admin_daily`.
-- The caller's own movement is not in the totals (they are written at COMMIT): `p_moves` adds it.
CREATE FUNCTION four_eyes_check(p_member uuid, p_admin uuid, p_kind text, p_target uuid, p_moves jsonb,
                                p_admin_daily numeric, p_stale double precision, p_samples jsonb)
RETURNS void LANGUAGE plpgsql AS $$
DECLARE
  v_in numeric;
  v_out numeric;
  v_admin numeric;
  v_open boolean;
  v_move jsonb;
  v_value numeric;
  v_member numeric;
  v_prices jsonb := four_eyes_prices(p_stale, p_samples);  -- before the locks: prices need none
BEGIN
  SELECT coalesce(sum(four_eyes_krw(t.currency, t.amount, v_prices))
                    FILTER (WHERE t.who = 'member' AND t.direction = 'in'), 0),
         coalesce(sum(four_eyes_krw(t.currency, t.amount, v_prices))
                    FILTER (WHERE t.who = 'member' AND t.direction = 'out'), 0),
         coalesce(sum(four_eyes_krw(t.currency, t.amount, v_prices)) FILTER (WHERE t.who = 'admin'), 0),
         coalesce(bool_or(t.who = 'open'), false)
    INTO v_in, v_out, v_admin, v_open
    FROM four_eyes_totals(p_member, p_admin, p_kind, p_target, true) t;
  IF v_open THEN
    RAISE EXCEPTION 'a proposal about this request waits' USING ERRCODE = 'WE001';
  END IF;
  FOR v_move IN SELECT jsonb_array_elements(p_moves) LOOP
    SELECT coalesce(sum(four_eyes_krw(a ->> 'currency', (a ->> 'amount')::numeric, v_prices)), 0)
      INTO v_value FROM jsonb_array_elements(v_move -> 'amounts') a;
    v_member := CASE WHEN v_move ->> 'dir' = 'in' THEN v_in ELSE v_out END;
    IF v_member + v_value >= (v_move ->> 'threshold')::numeric
       OR (p_admin IS NOT NULL AND v_admin + v_value >= p_admin_daily) THEN
      RAISE EXCEPTION 'a four-eyes threshold is met' USING ERRCODE = 'WE002';
    END IF;
  END LOOP;
END;
$$;
