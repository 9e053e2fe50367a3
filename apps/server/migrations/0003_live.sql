-- Up Migration
-- Live updates (ARCHITECTURE "Live updates"): every change to a trip, its legs, its partner
-- activities or a notification delivery announces the changed ids on the channel
-- 'tripline_changes'. Each server process LISTENs and re-evaluates only the found sets those ids can
-- affect. Payloads carry ids only, so no row content (patient data) passes through the channel.
--
-- Payload: {"table": <table changed>, "op": "INSERT"|"UPDATE"|"DELETE", "ids": [...]}. For trip_legs
-- and partner_activities the ids are the parent trips' (drive_assignment_id), which is what a found
-- set of trips needs to reload.
--
-- Statement-level triggers with transition tables: a bulk update of N rows sends ceil(N / 150)
-- notifications instead of N. 150 uuids (about 39 bytes each in JSON) keep a payload well under
-- PostgreSQL's 8000-byte limit.

CREATE FUNCTION tripline_notify_changes() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  id_column text := TG_ARGV[0];
  chunk_size constant integer := 150;
  ids text[];
  i integer;
BEGIN
  IF TG_OP = 'INSERT' THEN
    EXECUTE format('SELECT array_agg(DISTINCT %1$I::text) FROM new_rows WHERE %1$I IS NOT NULL', id_column) INTO ids;
  ELSIF TG_OP = 'DELETE' THEN
    EXECUTE format('SELECT array_agg(DISTINCT %1$I::text) FROM old_rows WHERE %1$I IS NOT NULL', id_column) INTO ids;
  ELSE
    -- A leg moved to another trip changes both trips.
    EXECUTE format(
      'SELECT array_agg(DISTINCT c.id) FROM (SELECT %1$I::text AS id FROM new_rows UNION SELECT %1$I::text FROM old_rows) c WHERE c.id IS NOT NULL',
      id_column) INTO ids;
  END IF;
  IF ids IS NULL THEN
    RETURN NULL;
  END IF;
  FOR i IN 1 .. array_length(ids, 1) BY chunk_size LOOP
    PERFORM pg_notify('tripline_changes',
      json_build_object('table', TG_TABLE_NAME, 'op', TG_OP, 'ids', ids[i : i + chunk_size - 1])::text);
  END LOOP;
  RETURN NULL;
END $$;

-- A trigger with transition tables fires for one event only, hence three per table.
CREATE TRIGGER drive_assignments_live_insert AFTER INSERT ON drive_assignments
  REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION tripline_notify_changes('id');
CREATE TRIGGER drive_assignments_live_update AFTER UPDATE ON drive_assignments
  REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION tripline_notify_changes('id');
CREATE TRIGGER drive_assignments_live_delete AFTER DELETE ON drive_assignments
  REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION tripline_notify_changes('id');

CREATE TRIGGER trip_legs_live_insert AFTER INSERT ON trip_legs
  REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION tripline_notify_changes('drive_assignment_id');
CREATE TRIGGER trip_legs_live_update AFTER UPDATE ON trip_legs
  REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION tripline_notify_changes('drive_assignment_id');
CREATE TRIGGER trip_legs_live_delete AFTER DELETE ON trip_legs
  REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION tripline_notify_changes('drive_assignment_id');

CREATE TRIGGER partner_activities_live_insert AFTER INSERT ON partner_activities
  REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION tripline_notify_changes('drive_assignment_id');
CREATE TRIGGER partner_activities_live_update AFTER UPDATE ON partner_activities
  REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION tripline_notify_changes('drive_assignment_id');
CREATE TRIGGER partner_activities_live_delete AFTER DELETE ON partner_activities
  REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION tripline_notify_changes('drive_assignment_id');

CREATE TRIGGER notification_deliveries_live_insert AFTER INSERT ON notification_deliveries
  REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION tripline_notify_changes('id');
CREATE TRIGGER notification_deliveries_live_update AFTER UPDATE ON notification_deliveries
  REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION tripline_notify_changes('id');
CREATE TRIGGER notification_deliveries_live_delete AFTER DELETE ON notification_deliveries
  REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION tripline_notify_changes('id');

-- Down Migration
DROP TRIGGER IF EXISTS drive_assignments_live_insert ON drive_assignments;
DROP TRIGGER IF EXISTS drive_assignments_live_update ON drive_assignments;
DROP TRIGGER IF EXISTS drive_assignments_live_delete ON drive_assignments;
DROP TRIGGER IF EXISTS trip_legs_live_insert ON trip_legs;
DROP TRIGGER IF EXISTS trip_legs_live_update ON trip_legs;
DROP TRIGGER IF EXISTS trip_legs_live_delete ON trip_legs;
DROP TRIGGER IF EXISTS partner_activities_live_insert ON partner_activities;
DROP TRIGGER IF EXISTS partner_activities_live_update ON partner_activities;
DROP TRIGGER IF EXISTS partner_activities_live_delete ON partner_activities;
DROP TRIGGER IF EXISTS notification_deliveries_live_insert ON notification_deliveries;
DROP TRIGGER IF EXISTS notification_deliveries_live_update ON notification_deliveries;
DROP TRIGGER IF EXISTS notification_deliveries_live_delete ON notification_deliveries;
DROP FUNCTION IF EXISTS tripline_notify_changes();
