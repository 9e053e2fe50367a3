-- Up Migration
-- Coverage and appointment types (spec 2 §3 coverages and onTimeRule, §5 "Coverage check needs
-- passenger, service date, service number and appointment type", §7 coverage-check; spec 3 §3
-- "Member plan", "Coverage", "Appointment type"; DECISIONS 10). The people and fleet coverages tab
-- and the case manager portal read these tables too.

-- Member plan fields (spec 3 §3): the dates it runs, grace after its end, its yearly trip limit, its
-- advance-notice window, whether a failed check may be authorised, and the service types it pays.
ALTER TABLE plans
  ADD COLUMN description text,
  ADD COLUMN state text,
  ADD COLUMN date_begin date NOT NULL DEFAULT '1970-01-01',
  ADD COLUMN date_end date NOT NULL DEFAULT '9999-12-31',
  ADD COLUMN grace_period_days integer NOT NULL DEFAULT 0 CHECK (grace_period_days BETWEEN 0 AND 365),
  ADD COLUMN trip_limit_count integer CHECK (trip_limit_count > 0),
  ADD COLUMN advance_notice_days_min integer CHECK (advance_notice_days_min >= 0),
  ADD COLUMN advance_notice_days_max integer CHECK (advance_notice_days_max >= 0),
  ADD COLUMN advance_notice_hours_min integer CHECK (advance_notice_hours_min >= 0),
  ADD COLUMN prevent_overrides boolean NOT NULL DEFAULT false,
  ADD COLUMN included_service_types text[] NOT NULL DEFAULT '{01,03,05}',
  ADD COLUMN deleted boolean NOT NULL DEFAULT false,
  ADD COLUMN mod_count integer NOT NULL DEFAULT 0,
  -- spec 3 §5: a plan cannot set both advance notice hours min and days min
  ADD CONSTRAINT plans_one_advance_minimum CHECK (advance_notice_days_min IS NULL OR advance_notice_hours_min IS NULL),
  ADD CONSTRAINT plans_dates_in_order CHECK (date_begin <= date_end);

-- Appointment types (spec 3 §3: code, display, billToIds). A type with no bill-to rows is offered
-- for every bill-to; one with rows only for those bill-tos.
CREATE TABLE appointment_types (
  id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  code text NOT NULL UNIQUE CHECK (length(code) BETWEEN 1 AND 60),
  display text NOT NULL,
  deleted boolean NOT NULL DEFAULT false,
  mod_count integer NOT NULL DEFAULT 0
);
CREATE TABLE appointment_type_bill_tos (
  appointment_type_id uuid NOT NULL REFERENCES appointment_types(id) ON DELETE CASCADE,
  bill_to_id uuid NOT NULL REFERENCES contacts(id) ON DELETE CASCADE,
  PRIMARY KEY (appointment_type_id, bill_to_id)
);
CREATE INDEX appointment_type_bill_tos_bill_to ON appointment_type_bill_tos (bill_to_id);

-- A member's coverage (spec 3 §3: memberId, planId, billToId, status, planTripLimitCount; tripsYTD is
-- counted from the trips). status is what the plan's 834 said: Active, or Termed when the plan ended
-- it; Pending and Expired follow from the dates (core coverageStatusOn). trip_limit_count, when set,
-- replaces the plan's for this member.
CREATE TABLE coverages (
  id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  contact_id uuid NOT NULL REFERENCES contacts(id) ON DELETE CASCADE,
  bill_to_id uuid NOT NULL REFERENCES contacts(id),
  plan_id uuid REFERENCES plans(id),
  member_id text NOT NULL CHECK (length(member_id) BETWEEN 1 AND 40),
  status text NOT NULL DEFAULT 'Active' CHECK (status IN ('Active', 'Termed')),
  date_begin date NOT NULL DEFAULT '1970-01-01',
  date_end date NOT NULL DEFAULT '9999-12-31',
  trip_limit_count integer CHECK (trip_limit_count > 0),
  deleted boolean NOT NULL DEFAULT false,
  mod_count integer NOT NULL DEFAULT 0,
  created_at timestamptz NOT NULL DEFAULT now(),
  CHECK (date_begin <= date_end)
);
CREATE INDEX coverages_contact ON coverages (contact_id) WHERE NOT deleted;
CREATE INDEX coverages_member ON coverages (member_id) WHERE NOT deleted;
CREATE INDEX coverages_bill_to ON coverages (bill_to_id, contact_id) WHERE NOT deleted;

-- A passenger's or bill-to's on-time rule (spec 2 §3 onTimeRule; GET on-time-rule-service).
ALTER TABLE contacts ADD COLUMN on_time_rule jsonb;

-- Cancel reasons limited to some bill-tos (GET cancel-reasons?billToId). A reason with no rows
-- applies to every bill-to.
CREATE TABLE cancel_reason_bill_tos (
  cancel_reason_id uuid NOT NULL REFERENCES cancel_reasons(id) ON DELETE CASCADE,
  bill_to_id uuid NOT NULL REFERENCES contacts(id) ON DELETE CASCADE,
  PRIMARY KEY (cancel_reason_id, bill_to_id)
);
CREATE INDEX cancel_reason_bill_tos_bill_to ON cancel_reason_bill_tos (bill_to_id);

-- The look-ups read a passenger's history by destination: trips to a place, most recent first.
CREATE INDEX trip_legs_passenger_destination ON trip_legs (passenger_id, location_second_id);
-- Whom passengers see at a place (GET appt-to-see-options), from the legs that name one.
CREATE INDEX trip_legs_destination ON trip_legs (location_second_id) WHERE appt_to_see IS NOT NULL;

-- Down Migration
DROP INDEX IF EXISTS trip_legs_destination;
DROP INDEX IF EXISTS trip_legs_passenger_destination;
DROP TABLE IF EXISTS cancel_reason_bill_tos;
ALTER TABLE contacts DROP COLUMN IF EXISTS on_time_rule;
DROP TABLE IF EXISTS coverages;
DROP TABLE IF EXISTS appointment_type_bill_tos;
DROP TABLE IF EXISTS appointment_types;
ALTER TABLE plans
  DROP CONSTRAINT IF EXISTS plans_one_advance_minimum,
  DROP CONSTRAINT IF EXISTS plans_dates_in_order,
  DROP COLUMN IF EXISTS description,
  DROP COLUMN IF EXISTS state,
  DROP COLUMN IF EXISTS date_begin,
  DROP COLUMN IF EXISTS date_end,
  DROP COLUMN IF EXISTS grace_period_days,
  DROP COLUMN IF EXISTS trip_limit_count,
  DROP COLUMN IF EXISTS advance_notice_days_min,
  DROP COLUMN IF EXISTS advance_notice_days_max,
  DROP COLUMN IF EXISTS advance_notice_hours_min,
  DROP COLUMN IF EXISTS prevent_overrides,
  DROP COLUMN IF EXISTS included_service_types,
  DROP COLUMN IF EXISTS deleted,
  DROP COLUMN IF EXISTS mod_count;
