-- Up Migration
-- Staff trip search (spec 2 §2, §5, §9; spec 3 §3 "Filter"): saved custom queries, the partners'
-- declines as rows, the ride-share and confirmation fields the filter keys read, the one-time CSV
-- download tokens, and the indexes that keep every search anchor indexed on a million trips
-- (docs/trip-search.md).

-- Contains searches on names and addresses use trigram indexes.
CREATE EXTENSION IF NOT EXISTS pg_trgm;

-- Saved custom queries (spec 2 §7 canned-query). The built-in UrgentUnaccepted is not stored: it is
-- built from the rules in core. A deleted query is kept (marked) so the audit log can name it.
CREATE TABLE canned_queries (
  id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  name text NOT NULL CHECK (length(name) BETWEEN 1 AND 80),
  json jsonb NOT NULL,
  created_by uuid REFERENCES contacts(id) ON DELETE SET NULL,
  mod_count integer NOT NULL DEFAULT 0,
  created_at timestamptz NOT NULL DEFAULT now(),
  updated_at timestamptz NOT NULL DEFAULT now(),
  deleted boolean NOT NULL DEFAULT false
);
CREATE INDEX canned_queries_live ON canned_queries (lower(name)) WHERE NOT deleted;

-- Every decline of a trip by a partner, by the partner itself or phoned in and entered by staff on
-- its behalf. The filter key declinedByAffiliateId reads it.
CREATE TABLE trip_declines (
  id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  drive_assignment_id uuid NOT NULL REFERENCES drive_assignments(id) ON DELETE CASCADE,
  partner_id uuid REFERENCES contacts(id),
  reason text,
  entered_by uuid REFERENCES contacts(id),
  on_behalf boolean NOT NULL DEFAULT false,
  created_at timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX trip_declines_partner_da ON trip_declines (partner_id, drive_assignment_id);
CREATE INDEX trip_declines_da ON trip_declines (drive_assignment_id);

-- Declines recorded so far: each partner activity 'Decline' names the trip, the partner and the
-- reason; a declined trip without one is attributed to the partner it is still farmed out to.
INSERT INTO trip_declines (drive_assignment_id, partner_id, reason, entered_by, created_at)
SELECT pa.drive_assignment_id, coalesce(pa.partner_id, da.farmout_contact_id), pa.reason, pa.created_by, pa.created_at
  FROM partner_activities pa JOIN drive_assignments da ON da.id = pa.drive_assignment_id
 WHERE pa.action = 'Decline';
INSERT INTO trip_declines (drive_assignment_id, partner_id, created_at)
SELECT da.id, da.farmout_contact_id, da.updated_at
  FROM drive_assignments da
 WHERE da.declined AND da.farmout_contact_id IS NOT NULL
   AND NOT EXISTS (SELECT 1 FROM trip_declines d WHERE d.drive_assignment_id = da.id);

-- The ride-share provider handling a trip (none yet) and the outcome of the last confirmation call
-- (spec 3 §3 trip confirm: OnPhone, NoAnswer, Confirmed, Declined). Adding columns fires no trigger;
-- later writes to them renew the trip's view stamp and notify live updates like any other column.
ALTER TABLE drive_assignments
  ADD COLUMN ride_service text,
  ADD COLUMN trip_confirm_status text;

-- Search anchors (spec 2 §5): date, passenger, reference number (indexed by 0001), member, driver.
CREATE INDEX trip_legs_member ON trip_legs (member_id) WHERE member_id IS NOT NULL;
-- Searches sort by each trip's first ordered pickup: read from the index alone, never the legs' rows.
CREATE INDEX trip_legs_da_first_pickup ON trip_legs (drive_assignment_id, loc_first_time_ord);
-- Pickup and dropoff name/address searches find the addresses first, then their legs.
CREATE INDEX trip_legs_location_first ON trip_legs (location_first_id);
CREATE INDEX trip_legs_location_second ON trip_legs (location_second_id);

-- The text an address is searched by (its formatted address, else its parts), lower case.
ALTER TABLE addresses ADD COLUMN search_text text GENERATED ALWAYS AS (
  lower(coalesce(complete_address, coalesce(street, '') || ' ' || coalesce(city, '') || ' ' || coalesce(state, '') || ' ' || coalesce(zip, '')))
) STORED;
CREATE INDEX addresses_search_trgm ON addresses USING gin (search_text gin_trgm_ops);
CREATE INDEX addresses_name_trgm ON addresses USING gin (lower(name) gin_trgm_ops);
-- Passenger names.
CREATE INDEX contacts_name_trgm ON contacts USING gin (lower(name) gin_trgm_ops);

-- A CSV download prepared after the password was checked again: one use, a few minutes. Only a
-- SHA-256 of the token is kept; the criteria are the validated search.
CREATE TABLE csv_export_tokens (
  token_hash text PRIMARY KEY,
  contact_id uuid NOT NULL REFERENCES contacts(id) ON DELETE CASCADE,
  impersonator_id uuid REFERENCES contacts(id) ON DELETE CASCADE,
  criteria jsonb NOT NULL,
  row_count integer NOT NULL,
  created_at timestamptz NOT NULL,
  expires_at timestamptz NOT NULL,
  used_at timestamptz
);
CREATE INDEX csv_export_tokens_expires ON csv_export_tokens (expires_at);

-- Down Migration
DROP TABLE IF EXISTS csv_export_tokens;
DROP INDEX IF EXISTS contacts_name_trgm;
DROP INDEX IF EXISTS addresses_name_trgm;
DROP INDEX IF EXISTS addresses_search_trgm;
ALTER TABLE addresses DROP COLUMN IF EXISTS search_text;
DROP INDEX IF EXISTS trip_legs_location_second;
DROP INDEX IF EXISTS trip_legs_location_first;
DROP INDEX IF EXISTS trip_legs_member;
DROP INDEX IF EXISTS trip_legs_da_first_pickup;
ALTER TABLE drive_assignments DROP COLUMN IF EXISTS trip_confirm_status, DROP COLUMN IF EXISTS ride_service;
DROP TABLE IF EXISTS trip_declines;
DROP TABLE IF EXISTS canned_queries;
