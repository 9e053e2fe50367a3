-- Up Migration
-- Core tables of spec 1 §3 and 2 §3. JSON field names are the spec's; columns are snake_case.

CREATE EXTENSION IF NOT EXISTS pgcrypto;

CREATE TABLE divisions (
  id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  code text NOT NULL UNIQUE CHECK (code ~ '^[A-Z]{2}[0-9]{2}$'),
  name text NOT NULL,
  state text NOT NULL,
  time_zone text NOT NULL,
  mod_count integer NOT NULL DEFAULT 0,
  created_at timestamptz NOT NULL DEFAULT now(),
  updated_at timestamptz NOT NULL DEFAULT now()
);

CREATE TABLE counties (
  fips text PRIMARY KEY CHECK (fips ~ '^[0-9]{5}$'),
  name text NOT NULL,
  state text NOT NULL,
  division_id uuid REFERENCES divisions(id)
);

CREATE SEQUENCE contact_number_seq START 100001;

CREATE TABLE contacts (
  id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  contact_number bigint NOT NULL UNIQUE DEFAULT nextval('contact_number_seq'),
  name text NOT NULL,
  first_name text,
  last_name text,
  types text[] NOT NULL DEFAULT '{}',
  ldap_groups text[] NOT NULL DEFAULT '{}',
  admin_access boolean NOT NULL DEFAULT false,
  auto_scheduler_post boolean NOT NULL DEFAULT false,
  parent_id uuid REFERENCES contacts(id),
  division_id uuid REFERENCES divisions(id),
  username text UNIQUE,
  password_hash text,
  mfa_required boolean NOT NULL DEFAULT false,
  date_of_birth date,
  member_id text,
  plan_id uuid,
  -- partner (Affiliate company) fields
  base_lat double precision,
  base_lng double precision,
  oon boolean NOT NULL DEFAULT false,
  -- employee and driver fields
  employee_number text,
  notes text,
  deleted boolean NOT NULL DEFAULT false,
  mod_count integer NOT NULL DEFAULT 0,
  created_at timestamptz NOT NULL DEFAULT now(),
  updated_at timestamptz NOT NULL DEFAULT now()
);
CREATE UNIQUE INDEX contacts_username_lower ON contacts (lower(username));
CREATE INDEX contacts_types ON contacts USING gin (types);
CREATE INDEX contacts_parent ON contacts (parent_id);
CREATE INDEX contacts_member ON contacts (member_id) WHERE member_id IS NOT NULL;
CREATE INDEX contacts_name_lower ON contacts (lower(name) text_pattern_ops);

CREATE TABLE plans (
  id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  mco_id uuid NOT NULL REFERENCES contacts(id),
  name text NOT NULL,
  code text NOT NULL UNIQUE,
  lob text NOT NULL
);
ALTER TABLE contacts ADD CONSTRAINT contacts_plan_fk FOREIGN KEY (plan_id) REFERENCES plans(id);

CREATE TABLE contact_phones (
  id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  contact_id uuid NOT NULL REFERENCES contacts(id) ON DELETE CASCADE,
  phone_number_with_area_code text NOT NULL,
  sms_enabled boolean NOT NULL DEFAULT false,
  main boolean NOT NULL DEFAULT false,
  type text NOT NULL DEFAULT 'Main' CHECK (type IN ('Main', 'Cell', 'Mobile', 'Home', 'Work', 'Fax', 'Other'))
);
CREATE INDEX contact_phones_contact ON contact_phones (contact_id);

CREATE TABLE contact_emails (
  id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  contact_id uuid NOT NULL REFERENCES contacts(id) ON DELETE CASCADE,
  email text NOT NULL,
  main boolean NOT NULL DEFAULT false
);
CREATE INDEX contact_emails_contact ON contact_emails (contact_id);

CREATE TABLE addresses (
  id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  contact_id uuid REFERENCES contacts(id) ON DELETE CASCADE,
  label text NOT NULL DEFAULT 'Home',
  name text,
  street text,
  suite text,
  city text,
  state text,
  zip text,
  po_box text,
  google_formatted_address text,
  complete_address text,
  lat double precision,
  lng double precision,
  county_fips text REFERENCES counties(fips)
);
CREATE INDEX addresses_contact ON addresses (contact_id);

-- Case managers see trips of their bill-to accounts (spec 2 §6).
CREATE TABLE case_manager_bill_tos (
  case_manager_id uuid NOT NULL REFERENCES contacts(id) ON DELETE CASCADE,
  bill_to_id uuid NOT NULL REFERENCES contacts(id) ON DELETE CASCADE,
  PRIMARY KEY (case_manager_id, bill_to_id)
);

CREATE TABLE vehicles (
  id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  vehicle_number text NOT NULL UNIQUE,
  vehicle_type text NOT NULL,
  vin text,
  license_plate text,
  manufacturer text,
  model text,
  model_year integer,
  ext_color text,
  lift_max_weight integer,
  lift_type text,
  loading_type text,
  bariatric boolean NOT NULL DEFAULT false,
  ambulatory_seating_capacity integer NOT NULL DEFAULT 0,
  wheelchair_seating_capacity integer NOT NULL DEFAULT 0,
  stretcher_capacity integer NOT NULL DEFAULT 0,
  term_date date,
  deleted boolean NOT NULL DEFAULT false,
  available boolean NOT NULL DEFAULT true,
  partner_id uuid NOT NULL REFERENCES contacts(id),
  starting_itineris_location text,
  geo_tab_gps text,
  description text,
  status_lat double precision,
  status_lng double precision,
  mod_count integer NOT NULL DEFAULT 0,
  created timestamptz NOT NULL DEFAULT now(),
  modified timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX vehicles_partner ON vehicles (partner_id);

CREATE SEQUENCE reference_number_seq START 2000001;

-- Drive assignment (trip; entity SyncDriveAssv), spec 1 §3.
CREATE TABLE drive_assignments (
  id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  reference_number text NOT NULL UNIQUE DEFAULT nextval('reference_number_seq')::text CHECK (length(reference_number) <= 10),
  mod_count integer NOT NULL DEFAULT 0,
  service_date date NOT NULL,
  service_number text,
  service_type_requested text NOT NULL,
  accepted boolean NOT NULL DEFAULT false,
  declined boolean NOT NULL DEFAULT false,
  deleted boolean NOT NULL DEFAULT false,
  canceled boolean NOT NULL DEFAULT false,
  cancelled_without_charge boolean NOT NULL DEFAULT false,
  cancelled_with_charge boolean NOT NULL DEFAULT false,
  cancelled_reason text,
  dry_run boolean NOT NULL DEFAULT false,
  will_call boolean NOT NULL DEFAULT false,
  flag text,
  locked boolean NOT NULL DEFAULT false,
  schedule_priority integer NOT NULL DEFAULT 1,
  partner_pay_status text NOT NULL DEFAULT 'Open' CHECK (partner_pay_status IN ('Open', 'Pending', 'Final')),
  driver_emp_number_assigned text,
  driver_id uuid REFERENCES contacts(id),
  vehicle_id uuid REFERENCES vehicles(id),
  farmout_contact_number bigint,
  farmout_contact_id uuid REFERENCES contacts(id),
  farmout_rate numeric(10,2),
  bill_to_contact_id uuid REFERENCES contacts(id),
  division_id uuid REFERENCES divisions(id),
  county text,
  da_class text,
  passengers_additional integer NOT NULL DEFAULT 0,
  pca boolean NOT NULL DEFAULT false,
  ppec boolean NOT NULL DEFAULT false,
  return_type text,
  authorized boolean NOT NULL DEFAULT false,
  authorized_by text,
  breaks jsonb NOT NULL DEFAULT '[]',
  requested_by text,
  marketplace_until timestamptz,
  created_at timestamptz NOT NULL DEFAULT now(),
  updated_at timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX drive_assignments_date_division ON drive_assignments (service_date, division_id);
CREATE INDEX drive_assignments_farmout_date ON drive_assignments (farmout_contact_id, service_date);
CREATE INDEX drive_assignments_bill_to_date ON drive_assignments (bill_to_contact_id, service_date);
CREATE INDEX drive_assignments_driver ON drive_assignments (driver_id, service_date);

-- Trip leg, spec 1 §3.
CREATE TABLE trip_legs (
  id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  drive_assignment_id uuid NOT NULL REFERENCES drive_assignments(id) ON DELETE CASCADE,
  which_leg text NOT NULL DEFAULT 'A',
  leg_order integer NOT NULL DEFAULT 0,
  passenger_id uuid REFERENCES contacts(id),
  loc_first_action text NOT NULL DEFAULT 'PU' CHECK (loc_first_action IN ('PU', 'DO', 'WT')),
  loc_second_action text NOT NULL DEFAULT 'DO' CHECK (loc_second_action IN ('PU', 'DO', 'WT', 'DP')),
  loc_first_time_ord time,
  loc_second_time_ord time,
  loc_first_time_act time,
  loc_first_time_dep time,
  loc_second_time_act time,
  call_in_time time,
  appt_type text,
  appt_time time,
  appt_to_see text,
  web_fields jsonb NOT NULL DEFAULT '{}',
  location_first_id uuid REFERENCES addresses(id),
  location_second_id uuid REFERENCES addresses(id),
  service_code text,
  google_driving_distance_meters integer,
  google_driving_time integer,
  google_driving_time_no_traffic integer,
  lob text,
  division_id uuid REFERENCES divisions(id),
  member_id text,
  member_plan_id uuid REFERENCES plans(id),
  ambulatory_status text,
  infectious_disease_flag boolean NOT NULL DEFAULT false,
  do_not_change_vehicle boolean NOT NULL DEFAULT false,
  pass_name text,
  pass_notes text,
  serv_date_beg date,
  tl_class text,
  status text NOT NULL DEFAULT 'Pending' CHECK (status IN ('WillCall', 'Pending', 'Arrived', 'In Vehicle', 'Exiting', 'Rode', 'Canceled', 'CanceledNoCharge')),
  cancel_nc boolean NOT NULL DEFAULT false,
  cancel_wc boolean NOT NULL DEFAULT false,
  bill_to_contact_id uuid REFERENCES contacts(id),
  mod_count integer NOT NULL DEFAULT 0
);
CREATE INDEX trip_legs_da ON trip_legs (drive_assignment_id, leg_order);
CREATE INDEX trip_legs_passenger ON trip_legs (passenger_id, serv_date_beg);

CREATE TABLE decline_reasons (
  id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  name text NOT NULL UNIQUE,
  aliases text[] NOT NULL DEFAULT '{}',
  always_visible boolean NOT NULL DEFAULT false,
  sort_order integer NOT NULL DEFAULT 0
);

CREATE TABLE cancel_reasons (
  id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  label text NOT NULL UNIQUE,
  require_stats boolean NOT NULL DEFAULT false,
  with_charge boolean NOT NULL DEFAULT false,
  staff_only boolean NOT NULL DEFAULT false,
  sort_order integer NOT NULL DEFAULT 0
);

-- Partner actions and adjustment requests the operator reviews (spec 1 §3 "Partner action").
CREATE TABLE partner_activities (
  id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  drive_assignment_id uuid NOT NULL REFERENCES drive_assignments(id) ON DELETE CASCADE,
  partner_id uuid REFERENCES contacts(id),
  action text NOT NULL,
  status text NOT NULL DEFAULT 'Pending',
  number numeric(10,2),
  notes text,
  created_by uuid REFERENCES contacts(id),
  created_at timestamptz NOT NULL DEFAULT now(),
  resolved_by uuid REFERENCES contacts(id),
  resolved_at timestamptz
);
CREATE INDEX partner_activities_da ON partner_activities (drive_assignment_id);
CREATE INDEX partner_activities_status ON partner_activities (status, created_at);

-- Notification delivery (VOGDelivery), spec 1 §3.
CREATE TABLE notification_deliveries (
  id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  recipient_id uuid NOT NULL REFERENCES contacts(id) ON DELETE CASCADE,
  message jsonb NOT NULL,
  max_age_seconds integer NOT NULL DEFAULT 86400,
  created timestamptz NOT NULL DEFAULT now(),
  unread boolean NOT NULL DEFAULT true,
  dismissed_at timestamptz
);
CREATE INDEX notification_deliveries_recipient ON notification_deliveries (recipient_id, unread, created DESC);

-- SMS and email outbox: the local default of the messaging interface.
CREATE TABLE outbox_messages (
  id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  channel text NOT NULL CHECK (channel IN ('sms', 'email')),
  recipient text NOT NULL,
  subject text,
  body text NOT NULL,
  contact_id uuid REFERENCES contacts(id) ON DELETE SET NULL,
  created_at timestamptz NOT NULL DEFAULT now(),
  sent_at timestamptz
);
CREATE INDEX outbox_messages_created ON outbox_messages (created_at DESC);

CREATE TABLE sessions (
  id_hash text PRIMARY KEY,
  contact_id uuid NOT NULL REFERENCES contacts(id) ON DELETE CASCADE,
  -- the staff member who started an impersonation (su); contact_id is then the impersonated contact
  impersonator_id uuid REFERENCES contacts(id) ON DELETE CASCADE,
  mfa_pending boolean NOT NULL DEFAULT false,
  mfa_code_hash text,
  mfa_code_expires_at timestamptz,
  mfa_attempts integer NOT NULL DEFAULT 0,
  created_at timestamptz NOT NULL,
  last_seen_at timestamptz NOT NULL,
  expires_at timestamptz NOT NULL,
  client_address text,
  user_agent text
);
CREATE INDEX sessions_contact ON sessions (contact_id);
CREATE INDEX sessions_expires ON sessions (expires_at);

CREATE TABLE mfa_remembered_devices (
  token_hash text PRIMARY KEY,
  contact_id uuid NOT NULL REFERENCES contacts(id) ON DELETE CASCADE,
  expires_at timestamptz NOT NULL
);

CREATE TABLE login_failures (
  id bigserial PRIMARY KEY,
  username text NOT NULL,
  client_address text NOT NULL,
  at timestamptz NOT NULL
);
CREATE INDEX login_failures_username ON login_failures (lower(username), at);
CREATE INDEX login_failures_address ON login_failures (client_address, at);

-- API tokens for partners' own software: per-endpoint, per-method access lists (spec 2 §6).
CREATE TABLE api_tokens (
  id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  contact_id uuid NOT NULL REFERENCES contacts(id) ON DELETE CASCADE,
  name text NOT NULL,
  token_hash text NOT NULL UNIQUE,
  endpoints jsonb NOT NULL DEFAULT '{}',
  ldap_groups text[] NOT NULL DEFAULT '{}',
  expires_at timestamptz,
  revoked boolean NOT NULL DEFAULT false,
  created_at timestamptz NOT NULL DEFAULT now()
);

CREATE TABLE bug_reports (
  id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  reporter_id uuid REFERENCES contacts(id) ON DELETE SET NULL,
  name text,
  email text,
  description text NOT NULL,
  url text NOT NULL DEFAULT '',
  exceptions jsonb NOT NULL DEFAULT '[]',
  created_at timestamptz NOT NULL DEFAULT now()
);

-- Append-only audit log: who, impersonated by whom, what, before/after, when, request id.
CREATE TABLE audit_log (
  id bigserial PRIMARY KEY,
  at timestamptz NOT NULL DEFAULT now(),
  actor_id uuid,
  impersonator_id uuid,
  activity_type text NOT NULL,
  table_name text NOT NULL,
  record_id text,
  before jsonb,
  after jsonb,
  request_id text,
  client_address text
);
CREATE INDEX audit_log_record ON audit_log (table_name, record_id, at DESC);
CREATE INDEX audit_log_actor ON audit_log (actor_id, at DESC);
CREATE INDEX audit_log_at ON audit_log (at DESC);

CREATE FUNCTION audit_log_append_only() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  RAISE EXCEPTION 'audit_log is append-only';
END $$;
CREATE TRIGGER audit_log_no_update BEFORE UPDATE OR DELETE ON audit_log
  FOR EACH ROW EXECUTE FUNCTION audit_log_append_only();

-- Down Migration
DROP TABLE IF EXISTS audit_log, bug_reports, api_tokens, login_failures, mfa_remembered_devices, sessions,
  outbox_messages, notification_deliveries, partner_activities, cancel_reasons, decline_reasons, trip_legs,
  drive_assignments, vehicles, case_manager_bill_tos, addresses, contact_emails, contact_phones, plans, contacts,
  counties, divisions CASCADE;
DROP FUNCTION IF EXISTS audit_log_append_only();
DROP SEQUENCE IF EXISTS reference_number_seq, contact_number_seq;
