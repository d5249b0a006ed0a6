-- Member search at 100,000 members (decision 0141): a trigram GIN index on the one lower-cased
-- search column lets "contains" (LIKE '%term%') read only the rows holding the term's trigrams instead
-- of scanning every member. PostgreSQL ships pg_trgm in contrib; PGlite loads its build of it
-- (src/server/db/pglite-open.ts). fastupdate off: members join rarely, and a search never reads a pending
-- list of unmerged entries (with it on, a search after 100,000 sign-ups read 354 pages for no hit).
CREATE EXTENSION IF NOT EXISTS pg_trgm;

-- The operator class is named with the schema pg_trgm lives in, so the index is made whatever the
-- search_path (an operator may keep extensions in a schema of their own; the upgrade test migrates a
-- schema of its own while the extension already sits in public).
DO $$
DECLARE ext_schema text;
BEGIN
  SELECT n.nspname INTO ext_schema FROM pg_extension e JOIN pg_namespace n ON n.oid = e.extnamespace
   WHERE e.extname = 'pg_trgm';
  EXECUTE format(
    'CREATE INDEX IF NOT EXISTS members_search_key_trgm_idx ON members USING gin (search_key %I.gin_trgm_ops) WITH (fastupdate = off)',
    ext_schema);
END $$;
