-- Up Migration
-- Trip requests of the case manager and passenger portal (spec 2 §3 "Case manager trip request",
-- §7 case-manager-trip-preview and case-manager-trip-schedule). A preview checks the request and
-- holds it here for 30 minutes under its id; scheduling writes the trip once and keeps its id, so a
-- second schedule of the same request (a double click, a retry) answers the same trip.
CREATE TABLE trip_requests (
  id uuid PRIMARY KEY,
  -- who previewed it: only they may schedule it
  requested_by uuid NOT NULL REFERENCES contacts(id) ON DELETE CASCADE,
  passenger_id uuid NOT NULL REFERENCES contacts(id) ON DELETE CASCADE,
  -- the request as sent (spec 2 §3 fields) and what the preview answered
  request jsonb NOT NULL,
  preview jsonb NOT NULL,
  created_at timestamptz NOT NULL DEFAULT now(),
  expires_at timestamptz NOT NULL,
  drive_assignment_id uuid REFERENCES drive_assignments(id) ON DELETE SET NULL,
  scheduled_at timestamptz,
  CHECK (expires_at > created_at)
);
CREATE INDEX trip_requests_requested_by ON trip_requests (requested_by, created_at DESC);
CREATE INDEX trip_requests_drive_assignment ON trip_requests (drive_assignment_id) WHERE drive_assignment_id IS NOT NULL;
-- the passengers a staff member booked for lately, offered first in the wizard
CREATE INDEX drive_assignments_created_by ON drive_assignments (created_by, service_date) WHERE created_by IS NOT NULL;

-- Down Migration
DROP INDEX IF EXISTS drive_assignments_created_by;
DROP TABLE IF EXISTS trip_requests;
