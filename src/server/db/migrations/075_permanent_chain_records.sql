-- The chain's money records are permanent in the database itself, like the ledger and the requests
-- (009): a recorded payout, an address derived for a member and a member's destination tag are never
-- deleted, and reserve snapshots cannot be truncated either.

-- Derived addresses and destination tags: never given to anyone else, so never changed or removed.
CREATE TRIGGER deposit_address_derivations_permanent BEFORE UPDATE OR DELETE ON deposit_address_derivations
  FOR EACH ROW EXECUTE FUNCTION permanent_record_guard();
CREATE TRIGGER deposit_address_derivations_no_truncate BEFORE TRUNCATE ON deposit_address_derivations
  FOR EACH STATEMENT EXECUTE FUNCTION permanent_record_guard();
CREATE TRIGGER member_deposit_tags_permanent BEFORE UPDATE OR DELETE ON member_deposit_tags
  FOR EACH ROW EXECUTE FUNCTION permanent_record_guard();
CREATE TRIGGER member_deposit_tags_no_truncate BEFORE TRUNCATE ON member_deposit_tags
  FOR EACH STATEMENT EXECUTE FUNCTION permanent_record_guard();

CREATE TRIGGER reserve_snapshots_no_truncate BEFORE TRUNCATE ON reserve_snapshots
  FOR EACH STATEMENT EXECUTE FUNCTION permanent_record_guard();

-- A payout: what was recorded (which withdrawal, which TXID, by whom, when) never changes; the checker
-- writes its verdict while the payout is still 'recorded', and a verdict, once given, is final.
CREATE FUNCTION withdrawal_payouts_guard() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP <> 'UPDATE'
     OR OLD.status <> 'recorded'
     OR (NEW.withdrawal_id, NEW.network, NEW.txid, NEW.recorded_by, NEW.recorded_by_username, NEW.recorded_at)
        IS DISTINCT FROM
        (OLD.withdrawal_id, OLD.network, OLD.txid, OLD.recorded_by, OLD.recorded_by_username, OLD.recorded_at)
  THEN
    RAISE EXCEPTION '% is a permanent record: % is not allowed', TG_TABLE_NAME, TG_OP
      USING ERRCODE = 'insufficient_privilege';
  END IF;
  RETURN NEW;
END;
$$;
CREATE TRIGGER withdrawal_payouts_permanent BEFORE UPDATE OR DELETE ON withdrawal_payouts
  FOR EACH ROW EXECUTE FUNCTION withdrawal_payouts_guard();
CREATE TRIGGER withdrawal_payouts_no_truncate BEFORE TRUNCATE ON withdrawal_payouts
  FOR EACH STATEMENT EXECUTE FUNCTION permanent_record_guard();
