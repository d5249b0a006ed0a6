-- A confirmation in flight claims its proposal for a short while (docs/decisions/0394-one-confirmation-at-a-time.md):
-- the claim is taken, in a statement of its own, before the one-time code is checked and given back when the
-- confirmation ends, so parallel copies are refused at once without spending code attempts. A claim of a
-- server that stopped mid-confirmation lapses at `confirming_until`. Not part of the decision: the guard
-- trigger leaves these two columns alone, and deciding a proposal clears them.
ALTER TABLE admin_proposals ADD COLUMN confirming_token uuid;
ALTER TABLE admin_proposals ADD COLUMN confirming_until timestamptz;
ALTER TABLE admin_proposals ADD CONSTRAINT admin_proposals_confirming_check
  CHECK ((confirming_token IS NULL) = (confirming_until IS NULL));
