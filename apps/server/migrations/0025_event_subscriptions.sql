-- Up Migration
-- Event subscriptions, event occurrences and the notices between them (spec 2 §3, §4, 3 §3, §5).

-- Who wants to be told about which events, and how: exactly one channel each (rule 136). Portal
-- users keep to their own trips; staff may subscribe anyone. A deleted subscription is kept and
-- can be re-activated (rule 135). The unsubscribe token is random and only ends this subscription.
CREATE TABLE event_subscriptions (
  id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  recipient_id uuid NOT NULL REFERENCES contacts(id) ON DELETE CASCADE,
  match_event_type text NOT NULL,
  match_in_house boolean,
  match_notified_provider boolean,
  match_notified_driver boolean,
  match_provider_ids uuid[] NOT NULL DEFAULT '{}',
  match_bill_to_ids uuid[] NOT NULL DEFAULT '{}',
  match_passenger_ids uuid[] NOT NULL DEFAULT '{}',
  notify_vog_type text CHECK (notify_vog_type IN ('toastr', 'dialog', 'iqPush')),
  notify_emails text[] NOT NULL DEFAULT '{}',
  notify_robocall_phone text,
  notify_sms_phone text,
  deleted boolean NOT NULL DEFAULT false,
  unsubscribe_token text NOT NULL UNIQUE DEFAULT replace(gen_random_uuid()::text || gen_random_uuid()::text, '-', ''),
  mod_count integer NOT NULL DEFAULT 0,
  created_by uuid REFERENCES contacts(id) ON DELETE SET NULL,
  created timestamptz NOT NULL DEFAULT now(),
  modified timestamptz NOT NULL DEFAULT now(),
  CONSTRAINT event_subscriptions_one_channel CHECK (
    (notify_vog_type IS NOT NULL)::int + (cardinality(notify_emails) > 0)::int
    + (notify_robocall_phone IS NOT NULL)::int + (notify_sms_phone IS NOT NULL)::int = 1)
);
CREATE INDEX event_subscriptions_recipient ON event_subscriptions (recipient_id, created);
CREATE INDEX event_subscriptions_active_type ON event_subscriptions (match_event_type) WHERE NOT deleted;
CREATE INDEX event_subscriptions_sms_phone ON event_subscriptions (notify_sms_phone) WHERE NOT deleted AND notify_sms_phone IS NOT NULL;

-- Something that happened to a trip (spec 3 §3 event occurrence). The trip's partner and driver are
-- kept as they were then. Written by the triggers below in the transaction of the trip change, or
-- by the TripDelayed check; fanned_out_at is set once its notices are made.
CREATE TABLE event_occurrences (
  id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  created timestamptz NOT NULL DEFAULT now(),
  itineris_event_type text NOT NULL,
  agent_id uuid REFERENCES contacts(id) ON DELETE SET NULL,
  notified_provider boolean NOT NULL DEFAULT false,
  notified_driver boolean NOT NULL DEFAULT false,
  drive_assignment_id uuid REFERENCES drive_assignments(id) ON DELETE CASCADE,
  partner_id uuid,
  driver_id uuid,
  trip_leg_id uuid REFERENCES trip_legs(id) ON DELETE CASCADE,
  extra jsonb NOT NULL DEFAULT '{}',
  fanned_out_at timestamptz
);
CREATE INDEX event_occurrences_created ON event_occurrences (created DESC);
CREATE INDEX event_occurrences_trip ON event_occurrences (drive_assignment_id, itineris_event_type, created);
CREATE INDEX event_occurrences_to_fan_out ON event_occurrences (created) WHERE fanned_out_at IS NULL;
-- A late leg is announced once (TripDelayed).
CREATE UNIQUE INDEX event_occurrences_delayed_once ON event_occurrences (trip_leg_id) WHERE itineris_event_type = 'TripDelayed';

-- One notice per occurrence and subscription, whichever server process makes or sends it.
CREATE TABLE event_notices (
  id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  occurrence_id uuid NOT NULL REFERENCES event_occurrences(id) ON DELETE CASCADE,
  subscription_id uuid NOT NULL REFERENCES event_subscriptions(id) ON DELETE CASCADE,
  status text NOT NULL DEFAULT 'queued' CHECK (status IN ('queued', 'sending', 'sent', 'failed', 'skipped')),
  attempts integer NOT NULL DEFAULT 0,
  claimed_at timestamptz,
  sent_at timestamptz,
  error text,
  created timestamptz NOT NULL DEFAULT now(),
  UNIQUE (occurrence_id, subscription_id)
);
CREATE INDEX event_notices_waiting ON event_notices (created) WHERE status IN ('queued', 'sending');
CREATE INDEX event_notices_subscription ON event_notices (subscription_id);

-- The outbox records every message's fate: queued (kept here, no provider), sent or failed; and
-- phone calls join text messages and e-mail.
ALTER TABLE outbox_messages
  DROP CONSTRAINT IF EXISTS outbox_messages_channel_check,
  ADD CONSTRAINT outbox_messages_channel_check CHECK (channel IN ('sms', 'email', 'voice')),
  ADD COLUMN status text NOT NULL DEFAULT 'queued' CHECK (status IN ('queued', 'sent', 'failed')),
  ADD COLUMN error text,
  ADD COLUMN provider_message_id text;

-- Occurrences of trip changes, in the change's own transaction, whichever path made the change.
CREATE FUNCTION event_occurrence_of_trip() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO event_occurrences (itineris_event_type, drive_assignment_id, partner_id, driver_id)
  VALUES ('TripAssigned', NEW.id, NEW.farmout_contact_id, NEW.driver_id);
  RETURN NULL;
END $$;

CREATE FUNCTION event_occurrence_of_leg() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  trip record;
  kind text;
BEGIN
  SELECT id, farmout_contact_id, driver_id INTO trip FROM drive_assignments WHERE id = NEW.drive_assignment_id;
  IF NEW.status IN ('Canceled', 'CanceledNoCharge') AND OLD.status NOT IN ('Canceled', 'CanceledNoCharge') THEN
    -- a trip cancelled whole is one notice, not one per leg: once per trip and transaction
    IF NOT EXISTS (SELECT 1 FROM event_occurrences o WHERE o.drive_assignment_id = NEW.drive_assignment_id
                    AND o.itineris_event_type = 'CancelTrip' AND o.created = now()) THEN
      INSERT INTO event_occurrences (itineris_event_type, drive_assignment_id, partner_id, driver_id, trip_leg_id, extra)
      VALUES ('CancelTrip', trip.id, trip.farmout_contact_id, trip.driver_id, NEW.id, jsonb_build_object('status', NEW.status));
    END IF;
    RETURN NULL;
  END IF;
  IF NEW.status IN ('Canceled', 'CanceledNoCharge') THEN
    RETURN NULL;
  END IF;
  IF NEW.loc_second_time_act IS NOT NULL AND OLD.loc_second_time_act IS NULL THEN
    -- times entered after the ride (stats) announce nothing
    RETURN NULL;
  ELSIF NEW.call_in_time IS NOT NULL AND OLD.call_in_time IS NULL THEN
    kind := 'WillCallActivation';
  ELSIF NEW.loc_first_time_dep IS NOT NULL AND OLD.loc_first_time_dep IS NULL THEN
    kind := 'PickedUp';
  ELSIF NEW.loc_first_time_act IS NOT NULL AND OLD.loc_first_time_act IS NULL THEN
    kind := 'DriverArrived';
  ELSE
    RETURN NULL;
  END IF;
  INSERT INTO event_occurrences (itineris_event_type, drive_assignment_id, partner_id, driver_id, trip_leg_id)
  VALUES (kind, trip.id, trip.farmout_contact_id, trip.driver_id, NEW.id);
  RETURN NULL;
END $$;

-- The WHEN clauses keep bulk updates that touch none of these columns free of any work.
CREATE TRIGGER drive_assignments_event_assigned AFTER UPDATE ON drive_assignments FOR EACH ROW
  WHEN ((NEW.farmout_contact_id IS NOT NULL AND NEW.farmout_contact_id IS DISTINCT FROM OLD.farmout_contact_id)
     OR (NEW.farmout_contact_id IS NULL AND NEW.driver_id IS NOT NULL AND OLD.driver_id IS NULL))
  EXECUTE FUNCTION event_occurrence_of_trip();

CREATE TRIGGER trip_legs_event_occurrence AFTER UPDATE ON trip_legs FOR EACH ROW
  WHEN ((NEW.status IS DISTINCT FROM OLD.status AND NEW.status IN ('Canceled', 'CanceledNoCharge'))
     OR (NEW.call_in_time IS NOT NULL AND OLD.call_in_time IS NULL)
     OR (NEW.loc_first_time_dep IS NOT NULL AND OLD.loc_first_time_dep IS NULL)
     OR (NEW.loc_first_time_act IS NOT NULL AND OLD.loc_first_time_act IS NULL))
  EXECUTE FUNCTION event_occurrence_of_leg();

-- Each new occurrence nudges the server processes to make its notices now rather than at the next sweep.
CREATE FUNCTION event_occurrences_announce() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM pg_notify('tripline_event_occurrences', '');
  RETURN NULL;
END $$;
CREATE TRIGGER event_occurrences_announce AFTER INSERT ON event_occurrences FOR EACH STATEMENT
  EXECUTE FUNCTION event_occurrences_announce();

-- Down Migration
DROP TRIGGER IF EXISTS trip_legs_event_occurrence ON trip_legs;
DROP TRIGGER IF EXISTS drive_assignments_event_assigned ON drive_assignments;
DROP TABLE IF EXISTS event_notices;
DROP TABLE IF EXISTS event_occurrences;
DROP TABLE IF EXISTS event_subscriptions;
DROP FUNCTION IF EXISTS event_occurrences_announce();
DROP FUNCTION IF EXISTS event_occurrence_of_leg();
DROP FUNCTION IF EXISTS event_occurrence_of_trip();
DELETE FROM outbox_messages WHERE channel = 'voice';
ALTER TABLE outbox_messages
  DROP COLUMN IF EXISTS provider_message_id,
  DROP COLUMN IF EXISTS error,
  DROP COLUMN IF EXISTS status,
  DROP CONSTRAINT IF EXISTS outbox_messages_channel_check,
  ADD CONSTRAINT outbox_messages_channel_check CHECK (channel IN ('sms', 'email'));
