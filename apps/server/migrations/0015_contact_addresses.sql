-- Up Migration
-- Editing a contact (spec 2 §3 Contact, 3 §3 joinContactAddresses, 3 §5).
--
-- Addresses become immutable rows that contacts point at through join_contact_addresses: editing a
-- contact's address writes a new address row and re-points the join, so a trip leg that names the
-- old row keeps the place it was booked with. Today each contact address belongs to exactly one
-- contact (addresses.contact_id); those rows become joins with a label of spec 3 §3 (Billing,
-- Garage, Home, Office, Mailing): a partner's base is its Garage, any other label its Office.
-- addresses.label stays as what the row was first saved as (a leg's typed stop, a pharmacy).
CREATE TABLE join_contact_addresses (
  id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  contact_id uuid NOT NULL REFERENCES contacts(id) ON DELETE CASCADE,
  address_id uuid NOT NULL REFERENCES addresses(id),
  label text NOT NULL CHECK (label IN ('Billing', 'Garage', 'Home', 'Office', 'Mailing')),
  -- the order of the contact's address table (Home/Office first, spec 3 §5)
  sort_order integer NOT NULL DEFAULT 0,
  deleted boolean NOT NULL DEFAULT false,
  created timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX join_contact_addresses_contact ON join_contact_addresses (contact_id, sort_order) WHERE NOT deleted;
CREATE INDEX join_contact_addresses_address ON join_contact_addresses (address_id);

INSERT INTO join_contact_addresses (contact_id, address_id, label, sort_order, created)
SELECT a.contact_id,
       a.id,
       CASE WHEN a.label IN ('Billing', 'Garage', 'Home', 'Office', 'Mailing') THEN a.label
            WHEN a.label = 'Base' THEN 'Garage'
            ELSE 'Office' END,
       row_number() OVER (PARTITION BY a.contact_id ORDER BY (a.label = 'Home') DESC, a.id) - 1,
       a.created_at
  FROM addresses a
 WHERE a.contact_id IS NOT NULL;

DROP INDEX IF EXISTS addresses_contact;
ALTER TABLE addresses DROP COLUMN contact_id;
ALTER TABLE addresses ADD COLUMN country text;

-- A contact's address row is never changed once joined: its text and location stay as they were,
-- so the trips booked with it keep their place (an edit writes a new row and re-points the join).
CREATE FUNCTION addresses_joined_immutable() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF (NEW.street, NEW.suite, NEW.city, NEW.state, NEW.zip, NEW.country, NEW.po_box, NEW.complete_address, NEW.lat, NEW.lng)
       IS DISTINCT FROM (OLD.street, OLD.suite, OLD.city, OLD.state, OLD.zip, OLD.country, OLD.po_box, OLD.complete_address, OLD.lat, OLD.lng)
     AND EXISTS (SELECT 1 FROM join_contact_addresses j WHERE j.address_id = OLD.id) THEN
    RAISE EXCEPTION 'Address % belongs to a contact and is not changed: save a new address instead', OLD.id
      USING ERRCODE = 'check_violation';
  END IF;
  RETURN NEW;
END $$;
CREATE TRIGGER addresses_joined_immutable BEFORE UPDATE ON addresses
  FOR EACH ROW EXECUTE FUNCTION addresses_joined_immutable();

-- The Contact fields of spec 2 §3 the register did not keep yet. A contact's street, city, ZIP,
-- lat/lng and county are those of its first address (its joins), not columns of its own.
ALTER TABLE contacts
  ADD COLUMN type1 text NOT NULL DEFAULT 'Person' CHECK (type1 IN ('Person', 'Business')),
  ADD COLUMN company_name text,
  ADD COLUMN salutation text,
  ADD COLUMN title text,
  ADD COLUMN middle_name text,
  ADD COLUMN nickname text,
  ADD COLUMN po_box text,
  ADD COLUMN gender text,
  ADD COLUMN service_type text,
  ADD COLUMN pref_vehicle text,
  ADD COLUMN ambulatory_status text,
  ADD COLUMN curb_to_curb boolean NOT NULL DEFAULT false,
  ADD COLUMN do_not_share_vehicle boolean NOT NULL DEFAULT false,
  ADD COLUMN do_not_change_vehicle boolean NOT NULL DEFAULT false,
  ADD COLUMN ppec boolean NOT NULL DEFAULT false,
  ADD COLUMN external_source text,
  ADD COLUMN external_id text,
  ADD COLUMN cn_class text,
  ADD COLUMN location_type text,
  ADD COLUMN billing_notes text,
  ADD COLUMN billing_contact_id uuid REFERENCES contacts(id),
  ADD COLUMN school_id text,
  ADD COLUMN preferred_partner_id uuid REFERENCES contacts(id),
  ADD COLUMN pref_language text,
  ADD COLUMN phone_preference text CHECK (phone_preference IN ('SMS', 'Voice'));
CREATE INDEX contacts_preferred_partner ON contacts (preferred_partner_id) WHERE preferred_partner_id IS NOT NULL;
CREATE INDEX contacts_billing_contact ON contacts (billing_contact_id) WHERE billing_contact_id IS NOT NULL;

-- An e-mail's kind (spec 2 §3 emails: type).
ALTER TABLE contact_emails ADD COLUMN type text NOT NULL DEFAULT 'Main';

-- A passenger's special requests (spec 2 §3 specialRequests: note, active, enteredBy, entered).
CREATE TABLE contact_special_requests (
  id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  contact_id uuid NOT NULL REFERENCES contacts(id) ON DELETE CASCADE,
  note text NOT NULL CHECK (length(note) BETWEEN 1 AND 2000),
  active boolean NOT NULL DEFAULT true,
  entered_by text NOT NULL,
  entered timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX contact_special_requests_contact ON contact_special_requests (contact_id);

-- A member's trip authorization (spec 3 §3: passengerId, billToId, memberId, type default
-- LongDistance, facilityId). Removing one marks it deleted.
CREATE TABLE member_trip_authorizations (
  id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  passenger_id uuid NOT NULL REFERENCES contacts(id) ON DELETE CASCADE,
  bill_to_id uuid REFERENCES contacts(id),
  member_id text,
  type text NOT NULL DEFAULT 'LongDistance',
  facility_id uuid REFERENCES contacts(id),
  deleted boolean NOT NULL DEFAULT false,
  created timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX member_trip_authorizations_passenger ON member_trip_authorizations (passenger_id) WHERE NOT deleted;

-- Down Migration
DROP TABLE IF EXISTS member_trip_authorizations;
DROP TABLE IF EXISTS contact_special_requests;
ALTER TABLE contact_emails DROP COLUMN IF EXISTS type;
DROP INDEX IF EXISTS contacts_billing_contact;
DROP INDEX IF EXISTS contacts_preferred_partner;
ALTER TABLE contacts
  DROP COLUMN IF EXISTS type1, DROP COLUMN IF EXISTS company_name, DROP COLUMN IF EXISTS salutation,
  DROP COLUMN IF EXISTS title, DROP COLUMN IF EXISTS middle_name, DROP COLUMN IF EXISTS nickname,
  DROP COLUMN IF EXISTS po_box, DROP COLUMN IF EXISTS gender, DROP COLUMN IF EXISTS service_type,
  DROP COLUMN IF EXISTS pref_vehicle, DROP COLUMN IF EXISTS ambulatory_status, DROP COLUMN IF EXISTS curb_to_curb,
  DROP COLUMN IF EXISTS do_not_share_vehicle, DROP COLUMN IF EXISTS do_not_change_vehicle, DROP COLUMN IF EXISTS ppec,
  DROP COLUMN IF EXISTS external_source, DROP COLUMN IF EXISTS external_id, DROP COLUMN IF EXISTS cn_class,
  DROP COLUMN IF EXISTS location_type, DROP COLUMN IF EXISTS billing_notes, DROP COLUMN IF EXISTS billing_contact_id,
  DROP COLUMN IF EXISTS school_id, DROP COLUMN IF EXISTS preferred_partner_id, DROP COLUMN IF EXISTS pref_language,
  DROP COLUMN IF EXISTS phone_preference;
DROP TRIGGER IF EXISTS addresses_joined_immutable ON addresses;
DROP FUNCTION IF EXISTS addresses_joined_immutable();
ALTER TABLE addresses DROP COLUMN IF EXISTS country;
ALTER TABLE addresses ADD COLUMN contact_id uuid REFERENCES contacts(id) ON DELETE CASCADE;
UPDATE addresses a SET contact_id = j.contact_id
  FROM (SELECT DISTINCT ON (address_id) address_id, contact_id FROM join_contact_addresses ORDER BY address_id, created) j
 WHERE j.address_id = a.id;
CREATE INDEX addresses_contact ON addresses (contact_id);
DROP TABLE IF EXISTS join_contact_addresses;
