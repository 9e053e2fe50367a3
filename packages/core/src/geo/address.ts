import { z } from 'zod';
import { text } from '../api/text.ts';

/** How exactly an address was placed: at the address itself, only at its ZIP code's centre, or not at all. */
export const GEOCODE_QUALITIES = ['exact', 'zip-centroid', 'none'] as const;
export type GeocodeQuality = (typeof GEOCODE_QUALITIES)[number];

/**
 * A leg's stop as a form sends it: an address row that exists (a passenger's saved address, a
 * place, or an address typed before), or a typed text the server geocodes and writes as a new,
 * immutable address row the leg points at (a contact's own address is never edited in place).
 * lat/lng given with a text are the user's own placing (the lat/lng picker) and are kept as they
 * are. An empty stop (neither) is valid: the leg is saved without that address.
 */
export const LegAddressInput = z.object({
  id: text().trim().min(1).max(36, 'Not a record id').nullable().optional(),
  text: text().trim().max(300, 'An address has at most 300 characters').optional(),
  lat: z.number().min(-90, 'Latitude is -90 to 90').max(90, 'Latitude is -90 to 90').nullable().optional(),
  lng: z.number().min(-180, 'Longitude is -180 to 180').max(180, 'Longitude is -180 to 180').nullable().optional(),
});
export type LegAddressInput = z.infer<typeof LegAddressInput>;

/** A stop as the editor holds and shows it: the row it is (null until saved), its text, where it is and how well that is known. */
export interface AddressValue {
  id: string | null;
  text: string;
  lat: number | null;
  lng: number | null;
  quality: GeocodeQuality | null;
  zip: string | null;
  /** lat/lng were placed by hand (the lat/lng picker or a typed coordinate pair), not by the geocoder. */
  custom?: boolean;
}

/**
 * What the form sends for a stop it holds: the row it is, else its text, with lat/lng only when
 * placed by hand (the server geocodes the text itself, so a geocoder's point is not sent as the
 * user's own). Null for an empty stop.
 */
export function toLegAddressInput(v: AddressValue | null | undefined): LegAddressInput | null {
  if (!v) return null;
  if (v.id) return { id: v.id };
  const text = v.text.trim();
  if (v.custom && v.lat != null && v.lng != null) return { text, lat: v.lat, lng: v.lng };
  return text ? { text } : null;
}
