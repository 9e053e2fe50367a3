-- Up Migration
-- Sign-in codes sent per account, so an account is sent at most 3 codes in any 15 minutes
-- (each with its own 5 tries). Rows older than the window are deleted as new codes are sent.
CREATE TABLE mfa_code_sends (
  id bigserial PRIMARY KEY,
  contact_id uuid NOT NULL REFERENCES contacts(id) ON DELETE CASCADE,
  sent_at timestamptz NOT NULL
);
CREATE INDEX mfa_code_sends_contact ON mfa_code_sends (contact_id, sent_at DESC);

-- Down Migration
DROP TABLE IF EXISTS mfa_code_sends;
