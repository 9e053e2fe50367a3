-- Up Migration
-- Partner pay (spec 3 §3): the operator's rates per partner, bill-to and service type, and what
-- each trip pays its partner. A rate is in force from date_begin through date_end (both days
-- included; no end = open). One rate of a group (partner, bill-to, service type) is in force on any
-- day: the exclusion constraint refuses overlapping days, so two writers racing to start a group's
-- new rate cannot both succeed.
CREATE EXTENSION IF NOT EXISTS btree_gist;

CREATE TABLE partner_rates (
  id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  affiliate_id uuid NOT NULL REFERENCES contacts(id),
  bill_to_contact_id uuid NOT NULL REFERENCES contacts(id),
  service_id text NOT NULL,
  rate_type text NOT NULL CHECK (rate_type IN ('Pick Up Per Mile', 'Flat Rate', 'Mile Reimburse')),
  cancel_rate numeric(10,2),
  base_pickup_rate numeric(10,2),
  base_bucket_mileage_rate numeric(10,2),
  base_flat_rate numeric(10,2),
  base_mileage_ceiling_rate numeric(10,2),
  base_mileage_rate numeric(10,2),
  time_charge numeric(10,2),
  base_mileage_reimbursement_rate numeric(10,2),
  add_wait_time numeric(10,2),
  adds_off_hours numeric(10,2),
  adds_pca numeric(10,2),
  adds_pharmacy_stop numeric(10,2),
  date_begin date NOT NULL,
  date_end date,
  status text NOT NULL DEFAULT 'Active',
  created timestamptz NOT NULL DEFAULT now(),
  created_by uuid REFERENCES contacts(id),
  mod_count integer NOT NULL DEFAULT 0,
  CHECK (date_end IS NULL OR date_end >= date_begin),
  -- amounts are dollars (the ceiling miles) and never negative; empty = not paid
  CHECK (coalesce(least(cancel_rate, base_pickup_rate, base_bucket_mileage_rate, base_flat_rate, base_mileage_ceiling_rate,
                        base_mileage_rate, time_charge, base_mileage_reimbursement_rate, add_wait_time, adds_off_hours,
                        adds_pca, adds_pharmacy_stop), 0) >= 0),
  CONSTRAINT partner_rates_one_in_force EXCLUDE USING gist (
    affiliate_id WITH =, bill_to_contact_id WITH =, service_id WITH =,
    daterange(date_begin, date_end, '[]') WITH &&
  )
);
CREATE INDEX partner_rates_bill_to ON partner_rates (bill_to_contact_id, affiliate_id);

-- What a trip pays its partner: farmout_rate (already there) = the override if any, else the
-- default the rate in force gives; the breakdown is the priced lines (or NoRate). Approved
-- mileage adjustments replace the loaded miles paid and add deadhead miles.
ALTER TABLE drive_assignments
  ADD COLUMN farmout_rate_default numeric(10,2),
  ADD COLUMN farmout_rate_override numeric(10,2),
  ADD COLUMN farmout_rate_breakdown jsonb,
  ADD COLUMN paid_miles_override numeric(8,2),
  ADD COLUMN extra_deadhead_miles numeric(8,2) NOT NULL DEFAULT 0;

-- Partner.compliant (spec 1 §3): a partner whose credentials are incomplete may not claim trips.
ALTER TABLE contacts ADD COLUMN compliant boolean NOT NULL DEFAULT true;

-- Down Migration
ALTER TABLE contacts DROP COLUMN IF EXISTS compliant;
ALTER TABLE drive_assignments
  DROP COLUMN IF EXISTS farmout_rate_default,
  DROP COLUMN IF EXISTS farmout_rate_override,
  DROP COLUMN IF EXISTS farmout_rate_breakdown,
  DROP COLUMN IF EXISTS paid_miles_override,
  DROP COLUMN IF EXISTS extra_deadhead_miles;
DROP TABLE IF EXISTS partner_rates;
