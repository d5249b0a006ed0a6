-- The four-eyes totals rows (migrations 113, 150) are rewritten at every decision: the current hour's and
-- minute's row of the administrator who decides, and of the member. Packed full, each new version of a row
-- goes to another page with a new index entry, so a busy administrator's few rows come to stand behind
-- thousands of dead index entries until vacuum, and reading the 24 h totals grows with the day's approvals.
-- With room left on their pages a new version stays beside the old one (a heap-only update, no index entry)
-- and the page is pruned as it is read.
ALTER TABLE actor_hourly_totals SET (fillfactor = 20);
ALTER TABLE actor_minute_totals SET (fillfactor = 20);
ALTER TABLE member_hourly_totals SET (fillfactor = 50);
ALTER TABLE member_minute_totals SET (fillfactor = 50);
