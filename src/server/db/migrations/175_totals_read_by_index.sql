-- The four-eyes totals (`four_eyes_totals`, migration 160) are read by key: a member's or an administrator's
-- hourly and minute rows, the ledger entries of one minute, the member's pending proposals. Two ways their
-- plan came to depend on the statistics, each measured under one administrator's approvals:
-- - planned from tables that were empty when last analysed (a new database, or any table that grows faster
--   than autovacuum analyses it), they were scanned whole, and the read, held under the totals locks, grew
--   with every approval until the next ANALYZE: 0.41 ms a call after 2,000 approvals against 0.07 ms;
-- - with a day of approvals analysed, PostgreSQL judged the generic plan of the totals read, and of the
--   check's sum over it, dearer than a plan for each call's values, and planned both at every call: 0.12 ms
--   each, the first inside the totals locks.
-- Reading them by their indexes is right at every size, and the values change nothing in the plan: both
-- functions plan once per connection, without sequential scans.
ALTER FUNCTION four_eyes_totals(uuid, uuid, text, uuid, boolean)
  SET enable_seqscan = off SET plan_cache_mode = force_generic_plan;
ALTER FUNCTION four_eyes_check(uuid, uuid, text, uuid, jsonb, numeric, double precision, jsonb)
  SET plan_cache_mode = force_generic_plan;
