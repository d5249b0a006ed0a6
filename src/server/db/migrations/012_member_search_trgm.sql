-- Member search at 100,000 members (issue 18, decision 0141): a trigram GIN index on the one lower-cased
-- search column lets "contains" (LIKE '%term%') read only the rows holding the term's trigrams instead
-- of scanning every member. PostgreSQL ships pg_trgm in contrib; PGlite loads its build of it
-- (src/server/db/pglite-open.ts). fastupdate off: members join rarely, and a search never reads a pending
-- list of unmerged entries (with it on, a search after 100,000 sign-ups read 354 pages for no hit).
CREATE EXTENSION IF NOT EXISTS pg_trgm;

CREATE INDEX IF NOT EXISTS members_search_key_trgm_idx ON members USING gin (search_key gin_trgm_ops) WITH (fastupdate = off);
