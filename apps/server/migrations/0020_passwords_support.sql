-- Up Migration

-- A temporary password given by password-reset must be changed at the next sign-in (3 §7).
ALTER TABLE contacts
  ADD COLUMN password_change_required boolean NOT NULL DEFAULT false,
  ADD COLUMN password_changed_at timestamptz;

-- Messages sent through the support form (/contact), signed in or not (spec 1 §7).
CREATE TABLE support_requests (
  id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  contact_id uuid REFERENCES contacts(id) ON DELETE SET NULL,
  name text,
  email text,
  phone text,
  message text NOT NULL CHECK (char_length(message) <= 5000),
  url text,
  client_address text,
  created_at timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX support_requests_created ON support_requests (created_at DESC);
CREATE INDEX support_requests_contact ON support_requests (contact_id) WHERE contact_id IS NOT NULL;

-- Down Migration
DROP TABLE IF EXISTS support_requests;
ALTER TABLE contacts DROP COLUMN IF EXISTS password_changed_at, DROP COLUMN IF EXISTS password_change_required;
