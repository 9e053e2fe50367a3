-- Up Migration
-- The partner's daily trip workflow (spec 1 §4, §5; 2 §5): stats with their reasons, wait-time and
-- expense adjustments, receipts, declines and single-leg cancellations.

-- Stats entry (spec 2 §5): times out of range carry one of the reasons; who entered them and when.
ALTER TABLE trip_legs
  ADD COLUMN stats_reason text CHECK (stats_reason IN ('Late Arrival', 'Time Change Request By Client', 'Improper Booking Time', 'Other')),
  ADD COLUMN stats_notes text,
  ADD COLUMN stats_entered_by uuid REFERENCES contacts(id),
  ADD COLUMN stats_entered_at timestamptz,
  ADD COLUMN cancel_reason text,
  ADD COLUMN cancel_notes text;

-- Extra wait time granted to the partner (approved automatically or after the operator's review),
-- added to the trip's pay.
ALTER TABLE drive_assignments
  ADD COLUMN wait_time_minutes integer NOT NULL DEFAULT 0 CHECK (wait_time_minutes >= 0);

-- Partner activities carry the adjustment requests: wait time (number = minutes) and expenses
-- (amount and reason), plus records that need no review (a decline and its reason).
ALTER TABLE partner_activities
  ADD COLUMN reason text,
  ADD COLUMN amount numeric(10,2) CHECK (amount IS NULL OR amount >= 0),
  ADD CONSTRAINT partner_activities_status_check CHECK (status IN ('Pending', 'Approved', 'Denied', 'Resolved', 'Recorded'));

-- Only adjustments awaiting review hold a trip's pay status at Open: the day list counts them per trip.
CREATE INDEX partner_activities_da_pending ON partner_activities (drive_assignment_id) WHERE status = 'Pending';

-- Expense receipts: uploaded first, then attached to one expense of one trip.
CREATE TABLE receipts (
  id uuid PRIMARY KEY,
  uploaded_by uuid NOT NULL REFERENCES contacts(id),
  drive_assignment_id uuid REFERENCES drive_assignments(id) ON DELETE SET NULL,
  partner_activity_id uuid REFERENCES partner_activities(id) ON DELETE SET NULL,
  storage_key text NOT NULL UNIQUE,
  original_name text NOT NULL,
  content_type text NOT NULL CHECK (content_type IN ('image/jpeg', 'image/png', 'image/gif', 'image/webp', 'image/heic', 'application/pdf')),
  size bigint NOT NULL CHECK (size > 0),
  created_at timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX receipts_uploader ON receipts (uploaded_by, created_at DESC);
CREATE INDEX receipts_da ON receipts (drive_assignment_id) WHERE drive_assignment_id IS NOT NULL;
CREATE INDEX receipts_activity ON receipts (partner_activity_id) WHERE partner_activity_id IS NOT NULL;

-- The day list's JSON of each trip is kept between requests (docs/decisions.md "Day list"), keyed by
-- stamps that whatever changes what a trip looks like renews in the same transaction, whichever
-- code writes it:
--   - the trip row itself: its view_stamp, on every UPDATE;
--   - its legs and partner activities: the trip's row in trip_view_stamps (not the trip row, so
--     the trip's own change notifications stay its own);
--   - names, phones, addresses, divisions, plans and cancel reasons, which many trips share and
--     which rarely change: the epoch, which retires every kept copy at once.
-- They are read in the same snapshot as the trips, so a kept copy is only used for the exact
-- version of the trip it was built from.
CREATE SEQUENCE trip_view_stamp_seq;
ALTER TABLE drive_assignments ADD COLUMN view_stamp bigint NOT NULL DEFAULT nextval('trip_view_stamp_seq');

CREATE FUNCTION trip_view_stamp_row() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  NEW.view_stamp := nextval('trip_view_stamp_seq');
  RETURN NEW;
END $$;
CREATE TRIGGER drive_assignments_view_stamp BEFORE UPDATE ON drive_assignments
  FOR EACH ROW EXECUTE FUNCTION trip_view_stamp_row();

CREATE TABLE trip_view_stamps (
  drive_assignment_id uuid PRIMARY KEY REFERENCES drive_assignments(id) ON DELETE CASCADE,
  stamp bigint NOT NULL
);

-- A trip row this transaction wrote already has a stamp nobody else has seen, so its legs need not
-- stamp it again (a bulk load writes trips and then their legs).
CREATE FUNCTION trip_view_stamp_parents(ids uuid[]) RETURNS void LANGUAGE sql AS $$
  INSERT INTO trip_view_stamps (drive_assignment_id, stamp)
  SELECT da.id, nextval('trip_view_stamp_seq') FROM drive_assignments da
   WHERE da.id = ANY(ids) AND NOT da.xmin = pg_current_xact_id()::xid
  ON CONFLICT (drive_assignment_id) DO UPDATE SET stamp = excluded.stamp;
$$;

CREATE FUNCTION trip_view_touch_parents() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  -- each branch names only the transition tables its event has
  IF TG_OP = 'INSERT' THEN
    PERFORM trip_view_stamp_parents(ARRAY(SELECT DISTINCT drive_assignment_id FROM new_rows));
  ELSIF TG_OP = 'DELETE' THEN
    PERFORM trip_view_stamp_parents(ARRAY(SELECT DISTINCT drive_assignment_id FROM old_rows));
  ELSE
    PERFORM trip_view_stamp_parents(ARRAY(SELECT drive_assignment_id FROM new_rows UNION SELECT drive_assignment_id FROM old_rows));
  END IF;
  RETURN NULL;
END $$;

CREATE TRIGGER trip_legs_view_insert AFTER INSERT ON trip_legs
  REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION trip_view_touch_parents();
CREATE TRIGGER trip_legs_view_update AFTER UPDATE ON trip_legs
  REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION trip_view_touch_parents();
CREATE TRIGGER trip_legs_view_delete AFTER DELETE ON trip_legs
  REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION trip_view_touch_parents();
CREATE TRIGGER partner_activities_view_insert AFTER INSERT ON partner_activities
  REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION trip_view_touch_parents();
CREATE TRIGGER partner_activities_view_update AFTER UPDATE ON partner_activities
  REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION trip_view_touch_parents();
CREATE TRIGGER partner_activities_view_delete AFTER DELETE ON partner_activities
  REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION trip_view_touch_parents();

CREATE TABLE trip_view_epoch (
  only_row boolean PRIMARY KEY DEFAULT true CHECK (only_row),
  epoch bigint NOT NULL DEFAULT 0
);
INSERT INTO trip_view_epoch DEFAULT VALUES;

CREATE FUNCTION trip_view_epoch_bump() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  -- each branch names only the transition table its event has
  IF TG_OP = 'DELETE' THEN
    IF EXISTS (SELECT 1 FROM old_rows) THEN
      UPDATE trip_view_epoch SET epoch = epoch + 1;
    END IF;
  ELSIF EXISTS (SELECT 1 FROM new_rows) THEN
    UPDATE trip_view_epoch SET epoch = epoch + 1;
  END IF;
  RETURN NULL;
END $$;

CREATE FUNCTION trip_view_epoch_bump_row() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  UPDATE trip_view_epoch SET epoch = epoch + 1;
  RETURN NULL;
END $$;

-- contacts change often for other reasons; only a new name shows in the list
CREATE TRIGGER contacts_view_name AFTER UPDATE OF name ON contacts
  FOR EACH ROW WHEN (OLD.name IS DISTINCT FROM NEW.name) EXECUTE FUNCTION trip_view_epoch_bump_row();
CREATE TRIGGER contact_phones_view_insert AFTER INSERT ON contact_phones
  REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION trip_view_epoch_bump();
CREATE TRIGGER contact_phones_view_update AFTER UPDATE ON contact_phones
  REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION trip_view_epoch_bump();
CREATE TRIGGER contact_phones_view_delete AFTER DELETE ON contact_phones
  REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION trip_view_epoch_bump();
CREATE TRIGGER addresses_view_update AFTER UPDATE ON addresses
  REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION trip_view_epoch_bump();
CREATE TRIGGER divisions_view_update AFTER UPDATE ON divisions
  REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION trip_view_epoch_bump();
CREATE TRIGGER plans_view_update AFTER UPDATE ON plans
  REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION trip_view_epoch_bump();
-- a trip shows whether its cancel reason needs stats, matched by label: a new reason can change that
CREATE TRIGGER cancel_reasons_view_insert AFTER INSERT ON cancel_reasons
  REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION trip_view_epoch_bump();
CREATE TRIGGER cancel_reasons_view_update AFTER UPDATE ON cancel_reasons
  REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION trip_view_epoch_bump();
CREATE TRIGGER cancel_reasons_view_delete AFTER DELETE ON cancel_reasons
  REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION trip_view_epoch_bump();

-- Down Migration
DROP TRIGGER IF EXISTS contacts_view_name ON contacts;
DROP TRIGGER IF EXISTS contact_phones_view_insert ON contact_phones;
DROP TRIGGER IF EXISTS contact_phones_view_update ON contact_phones;
DROP TRIGGER IF EXISTS contact_phones_view_delete ON contact_phones;
DROP TRIGGER IF EXISTS addresses_view_update ON addresses;
DROP TRIGGER IF EXISTS divisions_view_update ON divisions;
DROP TRIGGER IF EXISTS plans_view_update ON plans;
DROP TRIGGER IF EXISTS cancel_reasons_view_insert ON cancel_reasons;
DROP TRIGGER IF EXISTS cancel_reasons_view_update ON cancel_reasons;
DROP TRIGGER IF EXISTS cancel_reasons_view_delete ON cancel_reasons;
DROP TRIGGER IF EXISTS trip_legs_view_insert ON trip_legs;
DROP TRIGGER IF EXISTS trip_legs_view_update ON trip_legs;
DROP TRIGGER IF EXISTS trip_legs_view_delete ON trip_legs;
DROP TRIGGER IF EXISTS partner_activities_view_insert ON partner_activities;
DROP TRIGGER IF EXISTS partner_activities_view_update ON partner_activities;
DROP TRIGGER IF EXISTS partner_activities_view_delete ON partner_activities;
DROP TRIGGER IF EXISTS drive_assignments_view_stamp ON drive_assignments;
DROP FUNCTION IF EXISTS trip_view_epoch_bump_row(), trip_view_epoch_bump(), trip_view_touch_parents(), trip_view_stamp_row();
DROP FUNCTION IF EXISTS trip_view_stamp_parents(uuid[]);
DROP TABLE IF EXISTS trip_view_epoch, trip_view_stamps;
ALTER TABLE drive_assignments DROP COLUMN IF EXISTS view_stamp;
DROP SEQUENCE IF EXISTS trip_view_stamp_seq;
DROP TABLE IF EXISTS receipts;
DROP INDEX IF EXISTS partner_activities_da_pending;
ALTER TABLE partner_activities DROP CONSTRAINT IF EXISTS partner_activities_status_check,
  DROP COLUMN IF EXISTS amount, DROP COLUMN IF EXISTS reason;
ALTER TABLE drive_assignments DROP COLUMN IF EXISTS wait_time_minutes;
ALTER TABLE trip_legs DROP COLUMN IF EXISTS cancel_notes, DROP COLUMN IF EXISTS cancel_reason,
  DROP COLUMN IF EXISTS stats_entered_at, DROP COLUMN IF EXISTS stats_entered_by,
  DROP COLUMN IF EXISTS stats_notes, DROP COLUMN IF EXISTS stats_reason;
