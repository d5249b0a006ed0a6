-- Pending email changes: the new address replaces the old one only when the link mailed to it is
-- opened. Only the SHA-256 of the link's token is stored; a link works once and until expires_at.
CREATE TABLE email_changes (
  id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  member_id uuid NOT NULL REFERENCES members(id) ON DELETE CASCADE,
  new_email text NOT NULL CHECK (length(new_email) BETWEEN 3 AND 254),
  token_hash text NOT NULL UNIQUE,
  expires_at timestamptz NOT NULL,
  used_at timestamptz,
  created_at timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX email_changes_member_idx ON email_changes (member_id, created_at DESC);
