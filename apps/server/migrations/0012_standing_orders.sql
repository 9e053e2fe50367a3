-- Up Migration
-- Duplicated trips kept as standing orders, reservation notes, pharmacy stops awaiting review,
-- declined trip requests and the proofs of a cancel (spec 2 §3, §5, §7; 1 §7; 3 §2).

-- A standing order keeps the rule of a duplicate, not only its copies: chosen weekdays every N
-- weeks from a start to an optional end. A daily run makes its trips 60 days ahead.
CREATE TABLE standing_orders (
  id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  source_drive_assignment_id uuid NOT NULL REFERENCES drive_assignments(id) ON DELETE CASCADE,
  dupe_reference_key uuid NOT NULL,
  weekdays smallint[] NOT NULL CHECK (cardinality(weekdays) BETWEEN 1 AND 7 AND weekdays <@ ARRAY[0,1,2,3,4,5,6]::smallint[]),
  every_weeks integer NOT NULL CHECK (every_weeks BETWEEN 1 AND 52),
  start_date date NOT NULL,
  end_date date CHECK (end_date IS NULL OR end_date >= start_date),
  filled_through date,
  mod_count integer NOT NULL DEFAULT 0,
  created_by uuid REFERENCES contacts(id),
  created_at timestamptz NOT NULL DEFAULT now(),
  updated_at timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX standing_orders_source ON standing_orders (source_drive_assignment_id);
CREATE INDEX standing_orders_key ON standing_orders (dupe_reference_key);

-- Ranges of days a standing order makes no trip (a hospital stay), both ends included.
CREATE TABLE standing_order_suspensions (
  id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  standing_order_id uuid NOT NULL REFERENCES standing_orders(id) ON DELETE CASCADE,
  start_date date NOT NULL,
  end_date date NOT NULL CHECK (end_date >= start_date),
  created_by uuid REFERENCES contacts(id),
  created_at timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX standing_order_suspensions_order ON standing_order_suspensions (standing_order_id);

-- The trip a standing order made for each of its days: one per day, so running twice makes nothing
-- twice. cancelled_by_order marks trips a suspension or an end date cancelled (a resume restores them).
CREATE TABLE standing_order_trips (
  standing_order_id uuid NOT NULL REFERENCES standing_orders(id) ON DELETE CASCADE,
  service_date date NOT NULL,
  drive_assignment_id uuid NOT NULL REFERENCES drive_assignments(id) ON DELETE CASCADE,
  cancelled_by_order boolean NOT NULL DEFAULT false,
  PRIMARY KEY (standing_order_id, service_date)
);
CREATE INDEX standing_order_trips_da ON standing_order_trips (drive_assignment_id);

-- The series key of duplicated trips (added by 0011 with the editor; kept here should this run alone).
ALTER TABLE drive_assignments ADD COLUMN IF NOT EXISTS dupe_reference_key uuid;

-- Notes of the note builder (spec 2 §2, §3): a trip's internal notes and gurney checklist, and the
-- standing requests of its bill-to and passenger (kept on that contact, shown on each of its trips).
-- A note is never removed, only flagged deleted.
CREATE TABLE reservation_notes (
  id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  kind text NOT NULL CHECK (kind IN ('internal', 'billTo', 'passenger', 'gurney')),
  drive_assignment_id uuid REFERENCES drive_assignments(id) ON DELETE CASCADE,
  reference_number text,
  contact_id uuid REFERENCES contacts(id) ON DELETE CASCADE,
  note text NOT NULL DEFAULT '',
  items text[] NOT NULL DEFAULT '{}',
  entered_by uuid REFERENCES contacts(id),
  entered_at timestamptz NOT NULL DEFAULT now(),
  deleted boolean NOT NULL DEFAULT false,
  deleted_by uuid REFERENCES contacts(id),
  deleted_at timestamptz,
  CHECK (kind IN ('billTo', 'passenger') OR drive_assignment_id IS NOT NULL),
  CHECK (kind NOT IN ('billTo', 'passenger') OR contact_id IS NOT NULL)
);
CREATE INDEX reservation_notes_da ON reservation_notes (drive_assignment_id) WHERE drive_assignment_id IS NOT NULL;
CREATE INDEX reservation_notes_contact ON reservation_notes (contact_id) WHERE contact_id IS NOT NULL;

-- Pharmacy stops wait as partner activities for review (spec 2 §3 "Partner activity": time1, time2, extra).
ALTER TABLE partner_activities
  ADD COLUMN time1 time,
  ADD COLUMN time2 time,
  ADD COLUMN extra jsonb;

-- The proofs of a non-employee's cancel: the licence plate of the vehicle sent (spec 2 §3 "Cancel action").
ALTER TABLE trip_legs
  ADD COLUMN cancel_plate_state text,
  ADD COLUMN cancel_plate text;

-- spec 2 §5: a cancel needs notes "unless the reason says otherwise": each reason says whether it does.
ALTER TABLE cancel_reasons ADD COLUMN require_notes boolean NOT NULL DEFAULT true;

-- Declined trips (spec 1 §7 declined-trips?id; 3 §2 declined trip modal): besides partners' declines of
-- a trip, a request the operator declined before any trip was saved, kept with its summary.
ALTER TABLE trip_declines
  ALTER COLUMN drive_assignment_id DROP NOT NULL,
  ADD COLUMN trip_summary jsonb,
  ADD CONSTRAINT trip_declines_trip_or_summary CHECK (drive_assignment_id IS NOT NULL OR trip_summary IS NOT NULL);
CREATE INDEX trip_declines_requests ON trip_declines (created_at) WHERE drive_assignment_id IS NULL;

-- Down Migration
DROP INDEX IF EXISTS trip_declines_requests;
DELETE FROM trip_declines WHERE drive_assignment_id IS NULL;
ALTER TABLE trip_declines DROP CONSTRAINT IF EXISTS trip_declines_trip_or_summary, DROP COLUMN IF EXISTS trip_summary,
  ALTER COLUMN drive_assignment_id SET NOT NULL;
ALTER TABLE cancel_reasons DROP COLUMN IF EXISTS require_notes;
ALTER TABLE trip_legs DROP COLUMN IF EXISTS cancel_plate_state, DROP COLUMN IF EXISTS cancel_plate;
ALTER TABLE partner_activities DROP COLUMN IF EXISTS time1, DROP COLUMN IF EXISTS time2, DROP COLUMN IF EXISTS extra;
DROP TABLE IF EXISTS reservation_notes, standing_order_trips, standing_order_suspensions, standing_orders;
