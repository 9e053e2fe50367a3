-- Up Migration
-- Geocoding (spec 3 §5 "Editors and geocoding"): how well each address is placed, whether its
-- lat/lng was set by hand in the lat/lng picker, and the geocoding service's error when it failed
-- (such an address is saved as not geocoded). Typed leg addresses are new rows that are never
-- edited afterwards, so created_at tells when one was typed.
ALTER TABLE addresses
  ADD COLUMN geocode_quality text CHECK (geocode_quality IN ('exact', 'zip-centroid')),
  ADD COLUMN custom_lat_lng boolean NOT NULL DEFAULT false,
  ADD COLUMN geocode_error text,
  ADD COLUMN created_at timestamptz NOT NULL DEFAULT now();

-- Stored places a stop can be chosen from (a pharmacy stop's pharmacies), each at an address.
CREATE TABLE places (
  id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  type text NOT NULL CHECK (type IN ('pharmacy')),
  name text NOT NULL,
  phone text,
  address_id uuid NOT NULL REFERENCES addresses(id),
  created_at timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX places_address ON places (address_id);
CREATE INDEX places_type ON places (type);

-- The places near a point are read by a box of latitude and longitude.
CREATE INDEX addresses_lat_lng ON addresses (lat, lng) WHERE lat IS NOT NULL;

-- Down Migration
DROP INDEX IF EXISTS addresses_lat_lng;
DROP TABLE IF EXISTS places;
ALTER TABLE addresses
  DROP COLUMN IF EXISTS created_at,
  DROP COLUMN IF EXISTS geocode_error,
  DROP COLUMN IF EXISTS custom_lat_lng,
  DROP COLUMN IF EXISTS geocode_quality;
