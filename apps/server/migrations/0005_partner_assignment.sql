-- Up Migration
-- Assigning trips to partners (spec 2 §6, §7; spec 3 §2 partner picker, §5 "Partner change"): the
-- ZIP codes each partner serves, the trip's notes summary, and the indexes the partner score reads
-- (docs/partner-score.md).

-- The ZIP codes a partner company serves. A pickup outside them is 'Out-Of-Area' for that partner:
-- the picker shows it and assigning asks to confirm.
CREATE TABLE partner_zip_coverage (
  partner_id uuid NOT NULL REFERENCES contacts(id) ON DELETE CASCADE,
  zip text NOT NULL CHECK (zip ~ '^[0-9]{5}$'),
  PRIMARY KEY (partner_id, zip)
);
CREATE INDEX partner_zip_coverage_zip ON partner_zip_coverage (zip);

-- The trip's notes summary (spec 2 §3 notesSummary), edited with PATCH drive-assignments-detailed.
-- A column of drive_assignments: writing it renews the trip's view stamp (0002) and announces the
-- change to live subscribers (0003) like every other column, as both triggers cover the whole row.
ALTER TABLE drive_assignments ADD COLUMN notes_summary text;

-- Acceptance history of the partner score: a partner's declines over the last 90 days.
CREATE INDEX trip_declines_partner_at ON trip_declines (partner_id, created_at);

-- Down Migration
DROP INDEX IF EXISTS trip_declines_partner_at;
ALTER TABLE drive_assignments DROP COLUMN IF EXISTS notes_summary;
DROP TABLE IF EXISTS partner_zip_coverage;
