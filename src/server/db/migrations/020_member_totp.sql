-- One-time codes (TOTP, RFC 6238; decision 0150). One row per member who started
-- enrolment; `confirmed_at` is set when the first code was accepted. `secret` is the base32 secret,
-- sealed with AES-256-GCM under TOTP_ENCRYPTION_KEY when that is set ('v1:' prefix), else 'plain:'.
-- `last_step` is the last accepted time step (unix time / 30 s): a code is accepted only by the
-- conditional UPDATE ... WHERE last_step < its step, so a code is never used twice, even in parallel.
CREATE TABLE member_totp (
  member_id uuid PRIMARY KEY REFERENCES members (id) ON DELETE RESTRICT,
  secret text NOT NULL CHECK (length(secret) <= 200),
  created_at timestamptz NOT NULL DEFAULT now(),
  confirmed_at timestamptz,
  last_step bigint
);

-- Ten single-use recovery codes per enrolment, stored as SHA-256 of 80-bit random codes (decision
-- 0150); `used_at` is set once, by a conditional UPDATE, so one code is accepted once.
CREATE TABLE member_totp_recovery (
  member_id uuid NOT NULL REFERENCES members (id) ON DELETE RESTRICT,
  code_hash text NOT NULL CHECK (length(code_hash) = 64),
  created_at timestamptz NOT NULL DEFAULT now(),
  used_at timestamptz,
  PRIMARY KEY (member_id, code_hash)
);
