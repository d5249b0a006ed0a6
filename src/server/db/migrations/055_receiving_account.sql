-- The service's won receiving account: the bank account members send won deposits to, shown on the won
-- deposit screen. One row (id is always true); set by an administrator, every change audited.
CREATE TABLE service_receiving_account (
  id boolean PRIMARY KEY DEFAULT true CHECK (id),
  bank_name text NOT NULL,
  account_number text NOT NULL,
  account_holder text NOT NULL,
  updated_by uuid REFERENCES members(id) ON DELETE RESTRICT,
  updated_at timestamptz NOT NULL DEFAULT now()
);
