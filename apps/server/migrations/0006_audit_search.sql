-- Up Migration
-- Indexes of the audit log searches. Searched by user, the log also finds what a staff member
-- did while impersonating someone else (su writes their id as impersonator_id).
CREATE INDEX audit_log_impersonator ON audit_log (impersonator_id, at DESC) WHERE impersonator_id IS NOT NULL;
-- The log searched by activity type alone reads that type's newest rows first.
CREATE INDEX audit_log_activity ON audit_log (activity_type, at DESC);

-- Down Migration
DROP INDEX IF EXISTS audit_log_activity;
DROP INDEX IF EXISTS audit_log_impersonator;
