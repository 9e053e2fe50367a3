-- Up Migration
-- Per-address request limits (docs/security.md "Rate limits"): one row per limit and caller,
-- counting the requests of the current window. Every server process shares it, so a limit holds
-- however many processes answer. A row whose window has ended starts over on the next request;
-- the hourly clean-up removes the ones nobody renewed.
CREATE TABLE request_limits (
  key text PRIMARY KEY,
  count integer NOT NULL CHECK (count > 0),
  reset_at timestamptz NOT NULL
);
CREATE INDEX request_limits_reset ON request_limits (reset_at);

-- Receipts on no expense and no trip are removed 24 hours after their upload; the clean-up reads
-- them oldest first, and the upload counts a user's own against the quota.
CREATE INDEX receipts_unattached ON receipts (created_at) WHERE partner_activity_id IS NULL AND drive_assignment_id IS NULL;
CREATE INDEX receipts_unattached_uploader ON receipts (uploaded_by) WHERE partner_activity_id IS NULL AND drive_assignment_id IS NULL;

-- Down Migration
DROP INDEX IF EXISTS receipts_unattached_uploader;
DROP INDEX IF EXISTS receipts_unattached;
DROP TABLE IF EXISTS request_limits;
