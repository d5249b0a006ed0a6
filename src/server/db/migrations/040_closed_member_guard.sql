-- Closing an account and the member's own requests serialise on the member's row (decision 0311).
-- Closing takes the row FOR UPDATE; every write made on a member's behalf first takes it FOR KEY SHARE
-- here, so it waits for a close in flight and then reads the row as the close left it. A write for a
-- member closed meanwhile is refused (SQLSTATE WC001, answered 403 ACCOUNT_CLOSED): a request that
-- passed its session check just before the close cannot add a deposit, a withdrawal, an address, a
-- session or a bank account after the close answered, nor write personal data back over the masked one.
-- The closing transaction itself marks itself with the setting wallet.closing_member.
CREATE OR REPLACE FUNCTION refuse_closed_member() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  target uuid := (to_jsonb(NEW) ->> TG_ARGV[0])::uuid;
  closed timestamptz;
BEGIN
  IF target IS NULL OR current_setting('wallet.closing_member', true) = target::text THEN
    RETURN NEW;
  END IF;
  SELECT closed_at INTO closed FROM members WHERE id = target FOR KEY SHARE;
  IF closed IS NOT NULL THEN
    RAISE EXCEPTION 'member % is closed', target USING ERRCODE = 'WC001';
  END IF;
  RETURN NEW;
END;
$$;

CREATE TRIGGER deposits_open_member BEFORE INSERT ON deposits
  FOR EACH ROW EXECUTE FUNCTION refuse_closed_member('member_id');
CREATE TRIGGER withdrawals_open_member BEFORE INSERT ON withdrawals
  FOR EACH ROW EXECUTE FUNCTION refuse_closed_member('member_id');
CREATE TRIGGER withdrawals_open_recipient BEFORE INSERT ON withdrawals
  FOR EACH ROW EXECUTE FUNCTION refuse_closed_member('recipient_member_id');
CREATE TRIGGER withdrawal_addresses_open_member BEFORE INSERT ON withdrawal_addresses
  FOR EACH ROW EXECUTE FUNCTION refuse_closed_member('member_id');
CREATE TRIGGER sessions_open_member BEFORE INSERT ON sessions
  FOR EACH ROW EXECUTE FUNCTION refuse_closed_member('member_id');
CREATE TRIGGER email_changes_open_member BEFORE INSERT ON email_changes
  FOR EACH ROW EXECUTE FUNCTION refuse_closed_member('member_id');
CREATE TRIGGER bank_accounts_open_member BEFORE INSERT OR UPDATE ON bank_accounts
  FOR EACH ROW EXECUTE FUNCTION refuse_closed_member('member_id');
CREATE TRIGGER member_totp_open_member BEFORE INSERT OR UPDATE ON member_totp
  FOR EACH ROW EXECUTE FUNCTION refuse_closed_member('member_id');

-- A closed member's personal data and secrets stay as the close left them.
CREATE OR REPLACE FUNCTION refuse_closed_member_edit() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF OLD.closed_at IS NOT NULL
     AND current_setting('wallet.closing_member', true) IS DISTINCT FROM OLD.id::text
     AND (NEW.email, NEW.full_name, NEW.contact, NEW.marketing_consent, NEW.password_hash,
          NEW.second_password_hash)
         IS DISTINCT FROM
         (OLD.email, OLD.full_name, OLD.contact, OLD.marketing_consent, OLD.password_hash,
          OLD.second_password_hash) THEN
    RAISE EXCEPTION 'member % is closed', OLD.id USING ERRCODE = 'WC001';
  END IF;
  RETURN NEW;
END;
$$;

CREATE TRIGGER members_closed_unchanged BEFORE UPDATE ON members
  FOR EACH ROW EXECUTE FUNCTION refuse_closed_member_edit();
