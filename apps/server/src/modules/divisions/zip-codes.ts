import { DIVISION_MSG, type ZipCodeInfo } from '@tripline/core';
import type { Pool } from 'pg';
import { notFound } from '../../platform/errors.ts';
import { lookupZip } from '../../platform/providers/geo-zip.ts';
import { countyWithDivision } from './repository.ts';

/**
 * GET zip-codes?zip (spec 2 §7): the ZIP's city and county from the ZIP data set (offline), and the
 * division the operator gave that county. A ZIP the data set does not know answers 404.
 */
export async function zipCodeInfo(pool: Pool, zip: string): Promise<ZipCodeInfo> {
  const place = lookupZip(zip);
  if (!place) throw notFound(DIVISION_MSG.UNKNOWN_ZIP(zip));
  const { county, division } = await countyWithDivision(pool, place.countyFips);
  return { zip: place.zip, city: place.city, state: place.state, countyFips: place.countyFips, county, division };
}
