-- Live events ordered without serialising commits (decision 0131).
-- Until now every publishing transaction took one advisory lock and called pg_notify, so event ids grew
-- in commit order; both held every money transaction's commit behind the previous one's (pg_notify takes
-- PostgreSQL's notification-queue lock until the end of the transaction). Each event now records the id
-- of the transaction that wrote it; an event is delivered (live or replayed) only once every transaction
-- older than its own has ended (tx < pg_snapshot_xmin(pg_current_snapshot())), in (tx, id) order, so no
-- event can later appear before one already delivered. Rows written before this migration share its own
-- transaction id: they keep their id order.
ALTER TABLE live_events ADD COLUMN tx xid8 NOT NULL DEFAULT pg_current_xact_id();
CREATE INDEX live_events_tx_id_idx ON live_events (tx, id);
