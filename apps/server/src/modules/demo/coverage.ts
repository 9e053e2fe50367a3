/**
 * The ZIP codes each demo partner serves: every ZIP of a demo address within COVERAGE_KM of the
 * partner's base, always including the base's own ZIP. Partners of one city overlap, a small-town
 * partner covers its town and the nearest suburbs, and trips across a division find both in-area
 * and out-of-area partners in the picker. Deterministic: it depends only on the loaded addresses.
 */
import type pg from 'pg';
import { EARTH_RADIUS_KM } from '@tripline/core';

export const COVERAGE_KM = 25;

export async function addPartnerZipCoverage(client: pg.PoolClient): Promise<number> {
  const { rowCount } = await client.query(
    `INSERT INTO partner_zip_coverage (partner_id, zip)
     SELECT DISTINCT c.id, left(a.zip, 5)
       FROM contacts c
       JOIN addresses a ON a.zip ~ '^[0-9]{5}' AND a.lat IS NOT NULL AND a.lng IS NOT NULL
      WHERE 'Affiliate' = ANY(c.types) AND c.parent_id IS NULL AND c.base_lat IS NOT NULL
        AND (a.contact_id = c.id OR 2 * $1::float8 * asin(least(1, sqrt(
              power(sin(radians(a.lat - c.base_lat) / 2), 2) +
              cos(radians(c.base_lat)) * cos(radians(a.lat)) * power(sin(radians(a.lng - c.base_lng) / 2), 2)))) <= $2)
     ON CONFLICT DO NOTHING`,
    [EARTH_RADIUS_KM, COVERAGE_KM],
  );
  return rowCount ?? 0;
}
