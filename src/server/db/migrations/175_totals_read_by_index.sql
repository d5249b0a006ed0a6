-- The four-eyes totals (`four_eyes_totals`, migration 160) are read by key: a member's or an administrator's
-- hourly and minute rows, the ledger entries of one minute, the member's pending proposals. Planned from the
-- statistics of tables that were empty when last analysed (a new database, or any table that grows faster
-- than autovacuum analyses it), PostgreSQL scanned them whole, and the read, held under the totals locks,
-- grew with every approval until the next ANALYZE: 0.41 ms a call after 2,000 approvals on a new database
-- against 0.04 ms once analysed. Reading them by their indexes is right at every size, so the function
-- plans without sequential scans.
ALTER FUNCTION four_eyes_totals(uuid, uuid, text, uuid, boolean) SET enable_seqscan = off;
