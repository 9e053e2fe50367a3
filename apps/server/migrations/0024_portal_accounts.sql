-- Up Migration

-- Account requests of the portal's sign-in wizard (spec 2 §2, §7): find-my-account starts one,
-- save-email keeps the chosen password and sends the code and link, the code or link verifies it,
-- save-phone turns it into a sign-in. Only hashes of the request token, code and link are kept.
CREATE TABLE portal_account_requests (
  id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  token_hash text NOT NULL UNIQUE,
  email text NOT NULL,
  phone_digits text NOT NULL,
  case_manager boolean NOT NULL,
  -- the one contact on file the request matched when the email was sent (null: none, or several)
  contact_id uuid REFERENCES contacts(id) ON DELETE CASCADE,
  password_hash text,
  code_hash text,
  link_hash text UNIQUE,
  code_expires_at timestamptz,
  code_attempts integer NOT NULL DEFAULT 0,
  verified_at timestamptz,
  completed_at timestamptz,
  client_address text,
  created_at timestamptz NOT NULL,
  expires_at timestamptz NOT NULL
);
CREATE INDEX portal_account_requests_expires ON portal_account_requests (expires_at);

-- Links sent by email to an account: a password reset (60 minutes) or the confirmation of a new
-- email address (24 hours). Each works once; only the token's hash is kept.
CREATE TABLE portal_account_links (
  token_hash text PRIMARY KEY,
  kind text NOT NULL CHECK (kind IN ('reset', 'email-change')),
  contact_id uuid NOT NULL REFERENCES contacts(id) ON DELETE CASCADE,
  -- the new address, for an email change
  email text,
  created_at timestamptz NOT NULL,
  expires_at timestamptz NOT NULL,
  used_at timestamptz
);
CREATE INDEX portal_account_links_contact ON portal_account_links (contact_id, kind);
CREATE INDEX portal_account_links_expires ON portal_account_links (expires_at);

-- Emails the public steps sent, counted per address typed and per client address (the throttle).
CREATE TABLE portal_account_sends (
  id bigserial PRIMARY KEY,
  email text NOT NULL,
  client_address text NOT NULL,
  at timestamptz NOT NULL
);
CREATE INDEX portal_account_sends_email ON portal_account_sends (lower(email), at);
CREATE INDEX portal_account_sends_client ON portal_account_sends (client_address, at);

-- Down Migration
DROP TABLE IF EXISTS portal_account_sends;
DROP TABLE IF EXISTS portal_account_links;
DROP TABLE IF EXISTS portal_account_requests;
