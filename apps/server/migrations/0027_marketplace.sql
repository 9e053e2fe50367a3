-- Up Migration
-- The marketplace (spec 1 §4, 2 §4): a trip is offered while marketplace_until is set and it is not
-- accepted, canceled or locked. Offered trips are a small share of a day, so the list of a date
-- reads them through a partial index instead of the whole day.
-- It holds each trip's id and version stamps too, so the list of a date finds which kept
-- trips are still current without reading the trips themselves.
CREATE INDEX drive_assignments_offered ON drive_assignments (service_date, first_pickup, reference_number)
  INCLUDE (id, view_stamp, legs_stamp)
  WHERE marketplace_until IS NOT NULL AND NOT accepted AND NOT canceled AND NOT locked;

-- The opaque passenger key of a marketplace row links one passenger's trips of one day and says
-- nothing else: a hash of this secret, the passenger and the date. The secret never leaves the database.
CREATE TABLE marketplace_secret (
  only_row boolean PRIMARY KEY DEFAULT true CHECK (only_row),
  passenger_key_salt text NOT NULL
);
INSERT INTO marketplace_secret (passenger_key_salt)
  VALUES (md5(random()::text || clock_timestamp()::text || random()::text));

-- Down Migration
DROP TABLE IF EXISTS marketplace_secret;
DROP INDEX IF EXISTS drive_assignments_offered;
