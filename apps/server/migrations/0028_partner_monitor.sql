-- Up Migration
-- Rate and mileage requests (spec 3 §3, §7) are partner activities too: `amount` is the requested
-- rate (null clears an override), `number` the mileage sent (a loaded difference or the final
-- deadhead miles), `previous_value` the rate or miles before the request, `deadhead` which miles.
ALTER TABLE partner_activities
  ADD COLUMN previous_value numeric(10,2),
  ADD COLUMN deadhead boolean;

-- One pending rate request and one pending mileage request per trip, so two racing requests cannot
-- both wait (the monitor's status-then-age order is served by partner_activities_status).
CREATE UNIQUE INDEX partner_activities_one_pending_pay_request ON partner_activities (drive_assignment_id, action)
  WHERE status = 'Pending' AND action IN ('RateAdjust', 'MileageAdjust');

-- Down Migration
DROP INDEX IF EXISTS partner_activities_one_pending_pay_request;
ALTER TABLE partner_activities DROP COLUMN IF EXISTS previous_value, DROP COLUMN IF EXISTS deadhead;
