-- Up Migration
-- The reservation editor (spec 2 §2–§9): a trip and its legs saved whole, the series a trip belongs
-- to, who booked it, an administrator's override of its created time, and the request history.

-- The series a trip belongs to: trips duplicated from one another (and standing orders) share the key.
-- Saving with applyToAll changes the later trips of the same key (spec 2 §4).
-- Who booked the trip, and the created time an administrator set instead of the real one
-- (POST da-override-create-timestamp); created_at itself is never rewritten.
ALTER TABLE drive_assignments
  ADD COLUMN dupe_reference_key uuid,
  ADD COLUMN created_by uuid REFERENCES contacts(id),
  ADD COLUMN created_override timestamptz;
CREATE INDEX drive_assignments_dupe_reference_key ON drive_assignments (dupe_reference_key, service_date)
  WHERE dupe_reference_key IS NOT NULL;

-- A leg the editor dropped after it was saved is cancelled, never deleted (spec 2 §5): when and by whom.
ALTER TABLE trip_legs
  ADD COLUMN canceled_at timestamptz,
  ADD COLUMN canceled_by uuid REFERENCES contacts(id);

-- The request history of a reservation (GET reservation-requests): every booking writes one row with
-- who asked, when, and what was asked (the body as sent, before the server's own computations).
-- The trip's id is the id the editor generated, so a retried booking finds its first trip here.
CREATE TABLE reservation_requests (
  id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  drive_assignment_id uuid NOT NULL REFERENCES drive_assignments(id) ON DELETE CASCADE,
  reference_number text NOT NULL,
  kind text NOT NULL CHECK (kind IN ('create', 'update')),
  requested_by uuid REFERENCES contacts(id),
  requested_at timestamptz NOT NULL DEFAULT now(),
  request jsonb NOT NULL,
  outcome jsonb
);
CREATE INDEX reservation_requests_reference ON reservation_requests (reference_number, requested_at);
CREATE INDEX reservation_requests_da ON reservation_requests (drive_assignment_id);

-- Down Migration
DROP TABLE IF EXISTS reservation_requests;
ALTER TABLE trip_legs DROP COLUMN IF EXISTS canceled_at, DROP COLUMN IF EXISTS canceled_by;
DROP INDEX IF EXISTS drive_assignments_dupe_reference_key;
ALTER TABLE drive_assignments
  DROP COLUMN IF EXISTS dupe_reference_key,
  DROP COLUMN IF EXISTS created_by,
  DROP COLUMN IF EXISTS created_override;
