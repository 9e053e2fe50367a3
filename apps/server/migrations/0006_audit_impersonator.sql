-- Up Migration
-- The audit log searched by user finds the changes a staff member made while impersonating
-- someone else too (su writes their id as impersonator_id).
CREATE INDEX audit_log_impersonator ON audit_log (impersonator_id, at DESC) WHERE impersonator_id IS NOT NULL;

-- Down Migration
DROP INDEX IF EXISTS audit_log_impersonator;
