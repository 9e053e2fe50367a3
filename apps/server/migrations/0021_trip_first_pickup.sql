-- Up Migration
-- Each trip keeps its first real pickup (the earliest ordered pickup time of its legs that is not
-- the 23:59 placeholder) on its own row, kept by the same statement triggers of trip_legs that keep
-- its legs stamp. Day order (date, first pickup, reference) is then an index: a search of a whole
-- day answers its first matches without reading every matching trip's legs.

ALTER TABLE drive_assignments ADD COLUMN first_pickup time;

-- Filling it in is not a change of any trip: no new view stamp, no live notices.
ALTER TABLE drive_assignments DISABLE TRIGGER drive_assignments_view_stamp;
ALTER TABLE drive_assignments DISABLE TRIGGER drive_assignments_live_update;
UPDATE drive_assignments da SET first_pickup = l.first_pickup
  FROM (SELECT tl.drive_assignment_id, min(tl.loc_first_time_ord) FILTER (WHERE tl.loc_first_time_ord <> '23:59:00') AS first_pickup
          FROM trip_legs tl GROUP BY tl.drive_assignment_id) l
 WHERE l.drive_assignment_id = da.id AND l.first_pickup IS NOT NULL;
ALTER TABLE drive_assignments ENABLE TRIGGER drive_assignments_view_stamp;
ALTER TABLE drive_assignments ENABLE TRIGGER drive_assignments_live_update;

-- A trip row this transaction wrote keeps its legs stamp (nobody else has seen it), but its first
-- pickup follows its legs always: a bulk load writes trips and then their legs.
CREATE OR REPLACE FUNCTION trip_view_stamp_parents(ids uuid[]) RETURNS void LANGUAGE sql AS $$
  UPDATE drive_assignments da
     SET legs_stamp = CASE WHEN da.xmin = pg_current_xact_id()::xid THEN da.legs_stamp ELSE nextval('trip_view_stamp_seq') END,
         first_pickup = l.first_pickup
    FROM (SELECT i.id, (SELECT min(tl.loc_first_time_ord) FILTER (WHERE tl.loc_first_time_ord <> '23:59:00')
                          FROM trip_legs tl WHERE tl.drive_assignment_id = i.id) AS first_pickup
            FROM unnest(ids) AS i(id)) l
   WHERE da.id = l.id
     AND (NOT da.xmin = pg_current_xact_id()::xid OR da.first_pickup IS DISTINCT FROM l.first_pickup);
$$;

CREATE INDEX drive_assignments_day_order ON drive_assignments (service_date, first_pickup, reference_number COLLATE "C");

-- Down Migration
DROP INDEX IF EXISTS drive_assignments_day_order;
CREATE OR REPLACE FUNCTION trip_view_stamp_parents(ids uuid[]) RETURNS void LANGUAGE sql AS $$
  UPDATE drive_assignments da SET legs_stamp = nextval('trip_view_stamp_seq')
   WHERE da.id = ANY(ids) AND NOT da.xmin = pg_current_xact_id()::xid;
$$;
ALTER TABLE drive_assignments DROP COLUMN first_pickup;
