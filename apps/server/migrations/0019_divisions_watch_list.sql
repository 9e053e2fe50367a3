-- Up Migration
-- The watch list of elevated members (spec 3 §2, §5) and its previewed uploads. Divisions and
-- counties exist since 0001; the divisions screen edits them.

-- A workbook read and previewed, applied at most once: its rows as the preview showed them.
CREATE TABLE watch_list_uploads (
  id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  file_name text NOT NULL,
  rows jsonb NOT NULL,
  uploaded_by uuid REFERENCES contacts(id),
  uploaded_at timestamptz NOT NULL DEFAULT now(),
  applied_by uuid REFERENCES contacts(id),
  applied_at timestamptz
);
CREATE INDEX watch_list_uploads_uploaded_at ON watch_list_uploads (uploaded_at);

-- One entry per passenger, kept by the application (a new reason or new dates change the entry);
-- not a unique index, so merging two listed contacts keeps both entries instead of failing.
CREATE TABLE elevated_members (
  id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  passenger_id uuid NOT NULL REFERENCES contacts(id),
  reason text NOT NULL CHECK (length(btrim(reason)) BETWEEN 1 AND 500),
  start_date date NOT NULL,
  end_date date CHECK (end_date IS NULL OR end_date >= start_date),
  added_by uuid REFERENCES contacts(id),
  upload_id uuid REFERENCES watch_list_uploads(id),
  created_at timestamptz NOT NULL DEFAULT now(),
  updated_at timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX elevated_members_passenger ON elevated_members (passenger_id);
CREATE INDEX elevated_members_added_by ON elevated_members (added_by);

-- Counties are looked up by division for the map and the lists.
CREATE INDEX IF NOT EXISTS counties_division ON counties (division_id);

-- Down Migration
DROP INDEX IF EXISTS counties_division;
DROP TABLE IF EXISTS elevated_members, watch_list_uploads;
