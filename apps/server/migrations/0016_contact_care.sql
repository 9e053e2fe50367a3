-- Up Migration
-- Contact care: infectious diseases, partner holds, blacklists, and merged
-- contacts pointing at the contact they were merged into.

-- A merged contact is deleted and names the kept one, so its number still leads somewhere.
ALTER TABLE contacts ADD COLUMN merged_into_id uuid REFERENCES contacts(id);
CREATE INDEX contacts_merged_into ON contacts (merged_into_id) WHERE merged_into_id IS NOT NULL;

-- spec 2 §3 "Infectious disease": active = not cancelled and within its dates (both days included).
CREATE TABLE infectious_diseases (
  id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  contact_id uuid NOT NULL REFERENCES contacts(id) ON DELETE CASCADE,
  disease text NOT NULL,
  start_date date NOT NULL,
  end_date date NOT NULL,
  cancel boolean NOT NULL DEFAULT false,
  -- the recording user, by id and by the name shown as agentName
  agent_id uuid REFERENCES contacts(id),
  agent_name text NOT NULL,
  mod_count integer NOT NULL DEFAULT 0,
  created_at timestamptz NOT NULL DEFAULT now(),
  updated_at timestamptz NOT NULL DEFAULT now(),
  CHECK (end_date >= start_date)
);
CREATE INDEX infectious_diseases_contact ON infectious_diseases (contact_id, start_date DESC);

-- spec 2 §3 "Hold": startDate placed, beginDate effective, endDate 2078-12-31 = open-ended. Holds
-- are not undoable (spec 2 §9), so rows are only ever added.
CREATE TABLE provider_holds (
  id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  provider_id uuid NOT NULL REFERENCES contacts(id),
  type text NOT NULL CHECK (type IN ('NoNewTrips', 'Suspension')),
  start_date date NOT NULL,
  begin_date date NOT NULL,
  end_date date NOT NULL DEFAULT '2078-12-31',
  reason text,
  created_by uuid REFERENCES contacts(id),
  created_at timestamptz NOT NULL DEFAULT now(),
  CHECK (end_date >= begin_date)
);
CREATE INDEX provider_holds_provider ON provider_holds (provider_id, end_date);

-- spec 3 §3 "Blacklist": a passenger a partner will not carry (or who will not ride with it).
CREATE TABLE blacklists (
  id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  partner_id uuid NOT NULL REFERENCES contacts(id),
  passenger_id uuid NOT NULL REFERENCES contacts(id),
  requested_by text NOT NULL CHECK (requested_by IN ('Passenger', 'Partner', 'Operator')),
  end_date date,
  notes text,
  deleted boolean NOT NULL DEFAULT false,
  created_by uuid REFERENCES contacts(id),
  mod_count integer NOT NULL DEFAULT 0,
  created_at timestamptz NOT NULL DEFAULT now(),
  updated_at timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX blacklists_partner ON blacklists (partner_id) WHERE NOT deleted;
CREATE INDEX blacklists_passenger ON blacklists (passenger_id) WHERE NOT deleted;

-- Down Migration
DROP TABLE IF EXISTS blacklists;
DROP TABLE IF EXISTS provider_holds;
DROP TABLE IF EXISTS infectious_diseases;
DROP INDEX IF EXISTS contacts_merged_into;
ALTER TABLE contacts DROP COLUMN IF EXISTS merged_into_id;
