-- Up Migration
-- A trip's legs-and-activities stamp moves onto the trip row (legs_stamp). Kept in its own table,
-- reading a day's stamps probed that table once per trip: nothing while it was nearly empty, but
-- once most trips carried one (as on any operator's database after a while) about 10 ms of every
-- day list. On the row, the stamps come with the day's trips in the same index scan.

ALTER TABLE drive_assignments ADD COLUMN legs_stamp bigint NOT NULL DEFAULT 0;

-- Copying the stamps over is not a change of any trip: no new view stamp, no live notices.
ALTER TABLE drive_assignments DISABLE TRIGGER drive_assignments_view_stamp;
ALTER TABLE drive_assignments DISABLE TRIGGER drive_assignments_live_update;
UPDATE drive_assignments da SET legs_stamp = s.stamp FROM trip_view_stamps s WHERE s.drive_assignment_id = da.id;
ALTER TABLE drive_assignments ENABLE TRIGGER drive_assignments_view_stamp;
ALTER TABLE drive_assignments ENABLE TRIGGER drive_assignments_live_update;

-- A trip row this transaction wrote already has a stamp nobody else has seen, so its legs need not
-- stamp it again (a bulk load writes trips and then their legs).
CREATE OR REPLACE FUNCTION trip_view_stamp_parents(ids uuid[]) RETURNS void LANGUAGE sql AS $$
  UPDATE drive_assignments da SET legs_stamp = nextval('trip_view_stamp_seq')
   WHERE da.id = ANY(ids) AND NOT da.xmin = pg_current_xact_id()::xid;
$$;

DROP TABLE trip_view_stamps;

-- Down Migration
CREATE TABLE trip_view_stamps (
  drive_assignment_id uuid PRIMARY KEY REFERENCES drive_assignments(id) ON DELETE CASCADE,
  stamp bigint NOT NULL
);
INSERT INTO trip_view_stamps (drive_assignment_id, stamp) SELECT id, legs_stamp FROM drive_assignments WHERE legs_stamp <> 0;
CREATE OR REPLACE FUNCTION trip_view_stamp_parents(ids uuid[]) RETURNS void LANGUAGE sql AS $$
  INSERT INTO trip_view_stamps (drive_assignment_id, stamp)
  SELECT da.id, nextval('trip_view_stamp_seq') FROM drive_assignments da
   WHERE da.id = ANY(ids) AND NOT da.xmin = pg_current_xact_id()::xid
  ON CONFLICT (drive_assignment_id) DO UPDATE SET stamp = excluded.stamp;
$$;
ALTER TABLE drive_assignments DROP COLUMN legs_stamp;
