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

-- A partner that declined a trip no longer sees it in the marketplace, so a decline is part of
-- what the trip looks like: it renews the trip's legs-and-activities stamp (as legs and partner
-- activities do, migration 0002) and so announces the trip to live found sets.
CREATE TRIGGER trip_declines_view_insert AFTER INSERT ON trip_declines
  REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION trip_view_touch_parents();
CREATE TRIGGER trip_declines_view_update AFTER UPDATE ON trip_declines
  REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION trip_view_touch_parents();
CREATE TRIGGER trip_declines_view_delete AFTER DELETE ON trip_declines
  REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION trip_view_touch_parents();

-- Down Migration
DROP TRIGGER IF EXISTS trip_declines_view_insert ON trip_declines;
DROP TRIGGER IF EXISTS trip_declines_view_update ON trip_declines;
DROP TRIGGER IF EXISTS trip_declines_view_delete ON trip_declines;
DROP TABLE IF EXISTS marketplace_secret;
DROP INDEX IF EXISTS drive_assignments_offered;
