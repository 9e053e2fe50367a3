-- Up Migration
-- Employees and drivers are contacts (drivers: type Driver, parent the partner company) with the
-- Employee fields of spec 3 §3; shift overrides, pay history, photos and employee imports.

-- (the middle initial is kept in contacts.middle_name, the contact's own field; addresses are
-- the contact's joins to addresses, label Home)
ALTER TABLE contacts
  ADD COLUMN dl_number text,
  ADD COLUMN dl_issue_date date,
  ADD COLUMN dl_exp_date date,
  ADD COLUMN hired_date date,
  ADD COLUMN termination_date date,
  ADD COLUMN initial_credential_date date,
  ADD COLUMN latest_credential_date date,
  -- 7 days Monday first, each {day, start, end} ('HH:MM' or null for a day off); null = Mon–Fri 09:00–17:00
  ADD COLUMN availability jsonb,
  ADD COLUMN photo_key text,
  ADD COLUMN photo_content_type text,
  ADD COLUMN photo_size integer;

CREATE INDEX contacts_employee_number ON contacts (employee_number) WHERE employee_number IS NOT NULL;

-- spec 3 §3 shift override: one per employee and date; both times null = off that day.
CREATE TABLE employee_shift_overrides (
  id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  employee_id uuid NOT NULL REFERENCES contacts(id),
  date date NOT NULL,
  start_time time,
  end_time time,
  created_by uuid REFERENCES contacts(id),
  created timestamptz NOT NULL DEFAULT now(),
  CHECK ((start_time IS NULL) = (end_time IS NULL)),
  CHECK (start_time IS NULL OR end_time > start_time),
  UNIQUE (employee_id, date)
);

-- spec 3 §3 pay history: one entry per employee and dateWorked.
CREATE TABLE employee_pay_history (
  id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  employee_id uuid NOT NULL REFERENCES contacts(id),
  date_worked date NOT NULL,
  hours_worked numeric(5,2) CHECK (hours_worked BETWEEN 0 AND 24),
  amount numeric(10,2) CHECK (amount >= 0),
  notes text,
  modified_by uuid REFERENCES contacts(id),
  modified timestamptz NOT NULL DEFAULT now(),
  UNIQUE (employee_id, date_worked)
);

-- An uploaded employee CSV waiting for its approve step (spec 3 §7).
CREATE TABLE employee_imports (
  id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  uploaded_by uuid NOT NULL REFERENCES contacts(id),
  affiliate_id uuid REFERENCES contacts(id),
  file_name text,
  rows jsonb NOT NULL,
  approved_at timestamptz,
  created timestamptz NOT NULL DEFAULT now()
);

-- Down Migration
DROP TABLE IF EXISTS employee_imports;
DROP TABLE IF EXISTS employee_pay_history;
DROP TABLE IF EXISTS employee_shift_overrides;
DROP INDEX IF EXISTS contacts_employee_number;
ALTER TABLE contacts
  DROP COLUMN IF EXISTS dl_number,
  DROP COLUMN IF EXISTS dl_issue_date,
  DROP COLUMN IF EXISTS dl_exp_date,
  DROP COLUMN IF EXISTS hired_date,
  DROP COLUMN IF EXISTS termination_date,
  DROP COLUMN IF EXISTS initial_credential_date,
  DROP COLUMN IF EXISTS latest_credential_date,
  DROP COLUMN IF EXISTS availability,
  DROP COLUMN IF EXISTS photo_key,
  DROP COLUMN IF EXISTS photo_content_type,
  DROP COLUMN IF EXISTS photo_size;
