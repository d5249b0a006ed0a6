-- Administrator page.

-- Member search (docs/decisions/0040-admin-member-search.md): "contains" on username, email and name
-- scans one narrow, already lower-cased column instead of calling lower() three times per row.
ALTER TABLE members ADD COLUMN search_key text GENERATED ALWAYS AS (
  lower(username) || E'\n' || lower(email) || E'\n' || lower(full_name)
) STORED;

-- The list without a search: a page of ids straight from the index, newest first.
CREATE INDEX members_created_id_idx ON members (created_at DESC, id);

-- A deposit address identifies one member: two members can never share one.
CREATE UNIQUE INDEX members_deposit_address_key ON members (lower(deposit_address)) WHERE deposit_address IS NOT NULL;

-- The audit view of one target (a member, a notice, a request), newest first.
CREATE INDEX audit_log_target_time_idx ON audit_log (target_id, created_at DESC);
