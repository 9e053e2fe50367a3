-- Up Migration

-- Down Migration
