-- Up Migration
-- The contact register's one search (spec 2 §2, §5): name words in any order (trigram index on the
-- lower-case name, from 0004), a phone's ten digits or its last four or more, the contact number,
-- the member id and the date of birth, each from an index; and the plans' enrollment files (834),
-- searched the same way, from which a member not yet a contact can be made one.

CREATE EXTENSION IF NOT EXISTS pg_trgm;

CREATE INDEX contacts_member_lower ON contacts (lower(member_id)) WHERE member_id IS NOT NULL;
CREATE INDEX contacts_date_of_birth ON contacts (date_of_birth) WHERE date_of_birth IS NOT NULL;

-- A phone's digits reversed, so both the whole number and its last digits are a prefix search.
CREATE INDEX contact_phones_digits_reversed
  ON contact_phones (reverse(regexp_replace(phone_number_with_area_code, '[^0-9]', '', 'g')) text_pattern_ops);

-- One row per member and coverage period of an enrollment file (834), as the plan sent it.
CREATE TABLE enrollment_834 (
  id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  member_id text NOT NULL CHECK (length(member_id) BETWEEN 1 AND 40),
  plan_id uuid REFERENCES plans(id),
  name text NOT NULL,
  first_name text,
  last_name text,
  date_of_birth date,
  gender text,
  street text,
  city text,
  state text,
  zip text,
  phone text,
  date_begin date NOT NULL,
  date_end date,
  source text NOT NULL,
  created_at timestamptz NOT NULL DEFAULT now(),
  CHECK (date_end IS NULL OR date_end >= date_begin)
);
CREATE UNIQUE INDEX enrollment_834_member_period ON enrollment_834 (lower(member_id), plan_id, date_begin);
CREATE INDEX enrollment_834_name_trgm ON enrollment_834 USING gin (lower(name) gin_trgm_ops);
CREATE INDEX enrollment_834_date_of_birth ON enrollment_834 (date_of_birth);

-- Down Migration
DROP TABLE enrollment_834;
DROP INDEX contact_phones_digits_reversed;
DROP INDEX contacts_date_of_birth;
DROP INDEX contacts_member_lower;
