-- An administrator's confirmation window (docs/decisions/0440-step-up-once-per-sitting.md): one fresh
-- one-time code opens it on the session that gave the code. `step_up_id` names the window in the audit
-- entries of the confirmations made inside it; `step_up_at` is when the code opened it (the window's
-- absolute end counts from there), `step_up_used_at` its last use (its idle end counts from there). Signing
-- out or the session's own expiry deletes the row, and with it the window; a new sign-in clears it on the
-- administrator's other sessions.
ALTER TABLE sessions ADD COLUMN step_up_id uuid;
ALTER TABLE sessions ADD COLUMN step_up_at timestamptz;
ALTER TABLE sessions ADD COLUMN step_up_used_at timestamptz;
ALTER TABLE sessions ADD CONSTRAINT sessions_step_up_check
  CHECK ((step_up_id IS NULL) = (step_up_at IS NULL) AND (step_up_id IS NULL) = (step_up_used_at IS NULL));
