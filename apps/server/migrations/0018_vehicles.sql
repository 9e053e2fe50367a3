-- Up Migration

-- The vehicle fields of spec 1 §3 and 2 §3 that the fleet table did not keep yet: miles per gallon,
-- where the vehicle stays overnight (a take-home employee by employee number, or a garage by its
-- location number), what it can carry (ambulatoryAbility, may include Gurney) and its branch.
ALTER TABLE vehicles
  ADD COLUMN mpg numeric(5, 1),
  ADD COLUMN vehicle_location_type text CHECK (vehicle_location_type IN ('TakeHomeEmployee', 'Garage', 'Other')),
  ADD COLUMN location_number text,
  ADD COLUMN take_home_employee_number text,
  ADD COLUMN ambulatory_ability text[] NOT NULL DEFAULT '{}',
  ADD COLUMN vehicle_branch text,
  ADD CONSTRAINT vehicles_take_home_employee CHECK (vehicle_location_type IS DISTINCT FROM 'TakeHomeEmployee' OR take_home_employee_number IS NOT NULL),
  ADD CONSTRAINT vehicles_garage CHECK (vehicle_location_type IS DISTINCT FROM 'Garage' OR location_number IS NOT NULL);

-- What today's vehicles can carry follows from their seats.
UPDATE vehicles SET ambulatory_ability = array_remove(ARRAY[
    CASE WHEN ambulatory_seating_capacity > 0 THEN 'Ambulatory' END,
    CASE WHEN wheelchair_seating_capacity > 0 THEN 'Wheelchair' END,
    CASE WHEN stretcher_capacity > 0 THEN 'Gurney' END], NULL);

-- VINs are kept in upper case without spaces; one active (not deleted) vehicle per VIN.
UPDATE vehicles SET vin = nullif(upper(regexp_replace(vin, '\s', '', 'g')), '') WHERE vin IS NOT NULL;
CREATE UNIQUE INDEX vehicles_active_vin ON vehicles (vin) WHERE NOT deleted AND vin IS NOT NULL;
-- vehicle numbers are compared without letter case when a vehicle is saved
CREATE INDEX vehicles_number_lower ON vehicles (lower(vehicle_number));

-- A vehicle is not deleted while it is on trips from today on: that check reads trips by vehicle.
CREATE INDEX drive_assignments_vehicle ON drive_assignments (vehicle_id, service_date) WHERE vehicle_id IS NOT NULL;

-- A vehicle import between its preview (vehicle-import-upload) and its approval: the rows as read.
CREATE TABLE vehicle_imports (
  id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  created_by uuid NOT NULL REFERENCES contacts(id),
  partner_id uuid NOT NULL REFERENCES contacts(id),
  rows jsonb NOT NULL,
  created_at timestamptz NOT NULL DEFAULT now(),
  approved_at timestamptz
);
CREATE INDEX vehicle_imports_created_by ON vehicle_imports (created_by, created_at DESC);

-- Down Migration
DROP TABLE IF EXISTS vehicle_imports;
DROP INDEX IF EXISTS drive_assignments_vehicle;
DROP INDEX IF EXISTS vehicles_number_lower;
DROP INDEX IF EXISTS vehicles_active_vin;
ALTER TABLE vehicles
  DROP CONSTRAINT IF EXISTS vehicles_take_home_employee,
  DROP CONSTRAINT IF EXISTS vehicles_garage,
  DROP COLUMN IF EXISTS mpg,
  DROP COLUMN IF EXISTS vehicle_location_type,
  DROP COLUMN IF EXISTS location_number,
  DROP COLUMN IF EXISTS take_home_employee_number,
  DROP COLUMN IF EXISTS ambulatory_ability,
  DROP COLUMN IF EXISTS vehicle_branch;
