-- Proof of liabilities (docs/decisions/0450-proof-of-liabilities.md): every member's balances per currency at
-- the instant of a reserves check, the Merkle sum tree's root over them and the secret salt of the members'
-- commitments. Written with the check's reserve_snapshots lines (same batch) in one transaction; permanent:
-- never updated, deleted or truncated.
CREATE TABLE reserve_proof_roots (
  batch uuid PRIMARY KEY,
  taken_at timestamptz NOT NULL DEFAULT now(),
  -- 32 random bytes: a member's leaf commits to SHA-256(label ‖ salt ‖ member id); never shown to anyone.
  salt bytea NOT NULL CHECK (length(salt) = 32),
  root_hash text NOT NULL CHECK (root_hash ~ '^[0-9a-f]{64}$'),
  member_count integer NOT NULL CHECK (member_count >= 0),
  currencies text[] NOT NULL,
  -- Per currency in `currencies` order: the root's totals (the members' balances added) and the ledger's
  -- sums read in the same snapshot.
  totals numeric(38, 8)[] NOT NULL,
  ledger numeric(38, 8)[] NOT NULL
);
CREATE INDEX reserve_proof_roots_taken_idx ON reserve_proof_roots (taken_at DESC);

-- One leaf per member, in the tree's order (by commitment, so a position says nothing of who it is).
CREATE TABLE reserve_proof_leaves (
  batch uuid NOT NULL REFERENCES reserve_proof_roots(batch) ON DELETE RESTRICT,
  position integer NOT NULL CHECK (position >= 0),
  member_id uuid NOT NULL REFERENCES members(id) ON DELETE RESTRICT,
  balances numeric(38, 8)[] NOT NULL,
  PRIMARY KEY (batch, position),
  UNIQUE (member_id, batch)
);

CREATE TRIGGER reserve_proof_roots_permanent BEFORE UPDATE OR DELETE ON reserve_proof_roots
  FOR EACH ROW EXECUTE FUNCTION permanent_record_guard();
CREATE TRIGGER reserve_proof_roots_no_truncate BEFORE TRUNCATE ON reserve_proof_roots
  FOR EACH STATEMENT EXECUTE FUNCTION permanent_record_guard();
CREATE TRIGGER reserve_proof_leaves_permanent BEFORE UPDATE OR DELETE ON reserve_proof_leaves
  FOR EACH ROW EXECUTE FUNCTION permanent_record_guard();
CREATE TRIGGER reserve_proof_leaves_no_truncate BEFORE TRUNCATE ON reserve_proof_leaves
  FOR EACH STATEMENT EXECUTE FUNCTION permanent_record_guard();
