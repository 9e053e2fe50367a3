import { z } from 'zod';
import { IsoDate, text } from '../api/text.ts';
import { TimeOfDay } from '../trips/model.ts';
import { TripPay } from '../partner-pay/model.ts';
import { serviceTypeLabel } from '../coverage/rules.ts';
import { haversineKm, type LatLng } from '../trips/partner-score.ts';
import { MARKETPLACE_STATES, marketplaceState, type OfferFacts } from './rules.ts';

/**
 * The marketplace row (spec 2 §3 "Marketplace payload"): one offered trip as the
 * list, the map and marketplace trip inspect show it. Partners receive it redacted: no passenger
 * name, phone, member id or street, coordinates rounded to 0.01° (about 1 km), and an opaque
 * passenger key that links a passenger's trips of the day only. Staff receive the same row with
 * the passenger, the street addresses, exact coordinates and the trip's partner.
 */

/** Coordinates a partner sees: rounded to 0.01°. */
export const MARKETPLACE_COORDINATE_STEP = 0.01;
export const roundCoordinate = (v: number | null): number | null => (v === null ? null : Math.round(v * 100) / 100);

export const MarketplacePlace = z.object({
  city: text().nullable(),
  zip: text().nullable(),
  county: text().nullable(),
  lat: z.number().nullable(),
  lng: z.number().nullable(),
  facilityName: text().nullable(),
  /** Staff only: the full address. */
  address: text().nullable().optional(),
});
export type MarketplacePlace = z.infer<typeof MarketplacePlace>;

export const MarketplaceLeg = z.object({
  id: text(),
  whichLeg: text(),
  /** Ordered pickup time; '23:59:00' is a will call. */
  pickupTime: TimeOfDay.nullable(),
  appointmentTime: TimeOfDay.nullable(),
  pickup: MarketplacePlace,
  dropOff: MarketplacePlace,
  /** Loaded miles (driving distance) to 0.1. */
  miles: z.number().nullable(),
  driveMinutes: z.number().nullable(),
  status: text(),
});
export type MarketplaceLeg = z.infer<typeof MarketplaceLeg>;

/** The row every subscriber of the MarketplaceTrip found set receives (the lean list row). */
export const MarketplaceTripRow = z.object({
  id: text(),
  referenceNumber: text(),
  modCount: z.number().int(),
  serviceDate: IsoDate,
  serviceTypeRequested: text(),
  /** '03 Wheelchair'. */
  serviceTypeName: text(),
  willCall: z.boolean(),
  /** The first real ordered pickup, or null when every leg is a will call. */
  pickupTime: TimeOfDay.nullable(),
  /** That pickup as an instant (ms); a will call counts from the start of its day. */
  pickupAt: z.number(),
  appointmentTime: TimeOfDay.nullable(),
  timeZone: text(),
  pickup: MarketplacePlace,
  dropOff: MarketplacePlace,
  miles: z.number().nullable(),
  /** Opaque per-day key of the passenger: the same on every trip of theirs that day, and nothing else. */
  passengerKey: text().nullable(),
  state: z.enum(MARKETPLACE_STATES),
  /** When a reserved trip opens to every partner (ISO instant), for 'reserved until {time}'. */
  reservedUntil: text().nullable(),
  legs: z.array(MarketplaceLeg),
  /** Staff only. */
  passenger: z.object({ id: text(), name: text(), phone: text().nullable(), memberId: text().nullable() }).nullable().optional(),
  /** Staff only: the trip's partner, whose exclusive window marketplaceUntil ends. */
  farmoutContactId: text().nullable().optional(),
  farmoutName: text().nullable().optional(),
  marketplaceUntil: text().nullable().optional(),
});
export type MarketplaceTripRow = z.infer<typeof MarketplaceTripRow>;

/** A row of GET marketplace-trips: the found-set row plus what it means for the caller's company. */
export const MarketplaceTrip = MarketplaceTripRow.extend({
  /** What the trip pays the caller's company (dollars), or 'NoRate' (not claimable). */
  rate: z.union([z.number(), z.literal('NoRate')]),
  /** The priced lines of that rate, for marketplace trip inspect. */
  rateBreakdown: TripPay,
  /** Miles from the ZIP of the filter to the pickup (straight line, to 0.1), or null without a ZIP. */
  distanceMiles: z.number().nullable(),
  /** Partners: the pickup ZIP is outside the company's ZIP coverage (the browser confirms 'Out-Of-Area'). */
  outOfArea: z.boolean(),
});
export type MarketplaceTrip = z.infer<typeof MarketplaceTrip>;

/** A place as the server reads it. */
export interface PlaceRecord {
  street: string | null;
  address: string | null;
  city: string | null;
  zip: string | null;
  county: string | null;
  lat: number | null;
  lng: number | null;
  facilityName: string | null;
}

export interface LegRecord {
  id: string;
  whichLeg: string;
  pickupTime: string | null;
  appointmentTime: string | null;
  pickup: PlaceRecord;
  dropOff: PlaceRecord;
  miles: number | null;
  driveMinutes: number | null;
  status: string;
}

/** An offered trip as the server reads it, before it is shown to anyone. */
export interface MarketplaceRecord extends OfferFacts {
  id: string;
  modCount: number;
  serviceDate: string;
  willCall: boolean;
  pickupTime: string | null;
  appointmentTime: string | null;
  billToContactId: string | null;
  farmoutName: string | null;
  passenger: { id: string; name: string; phone: string | null; memberId: string | null } | null;
  passengerKey: string | null;
  legs: LegRecord[];
}

function place(p: PlaceRecord, staff: boolean): MarketplacePlace {
  const shown = { city: p.city, zip: p.zip, county: p.county, facilityName: p.facilityName };
  if (staff) return { ...shown, lat: p.lat, lng: p.lng, address: p.address };
  return { ...shown, lat: roundCoordinate(p.lat), lng: roundCoordinate(p.lng) };
}

/** Who looks: a partner company, or staff (seeing every partner's view, or one partner's when partnerId is set). */
export interface MarketplaceViewer {
  partnerId: string | null;
  staff: boolean;
}

/**
 * The row a viewer sees; the state is the one the viewer's partner (if any) sees. For a partner this is the redaction: only the
 * fields listed are copied, so nothing else of the record (name, phone, member id, street, exact
 * coordinates, the trip's partner) can reach another company.
 */
export function marketplaceRow(r: MarketplaceRecord, viewer: MarketplaceViewer, now: Date): MarketplaceTripRow {
  const { staff } = viewer;
  const state = marketplaceState(r, viewer.partnerId, now);
  const first = r.legs[0];
  const miles = r.legs.reduce<number | null>((sum, l) => (l.miles === null ? sum : (sum ?? 0) + l.miles), null);
  const row: MarketplaceTripRow = {
    id: r.id,
    referenceNumber: r.referenceNumber,
    modCount: r.modCount,
    serviceDate: r.serviceDate,
    serviceTypeRequested: r.serviceTypeRequested,
    serviceTypeName: serviceTypeLabel(r.serviceTypeRequested),
    willCall: r.willCall,
    pickupTime: r.pickupTime,
    pickupAt: r.pickupAt,
    appointmentTime: r.appointmentTime,
    timeZone: r.timeZone,
    pickup: first ? place(first.pickup, staff) : place(EMPTY_PLACE, staff),
    // a round trip's drop-off is where the first leg goes (the appointment), not home again
    dropOff: first ? place(first.dropOff, staff) : place(EMPTY_PLACE, staff),
    miles: miles === null ? null : Math.round(miles * 10) / 10,
    passengerKey: r.passengerKey,
    state,
    reservedUntil: state === 'reserved' ? r.marketplaceUntil : null,
    legs: r.legs.map((l) => ({
      id: l.id,
      whichLeg: l.whichLeg,
      pickupTime: l.pickupTime,
      appointmentTime: l.appointmentTime,
      pickup: place(l.pickup, staff),
      dropOff: place(l.dropOff, staff),
      miles: l.miles,
      driveMinutes: l.driveMinutes,
      status: l.status,
    })),
  };
  if (staff) {
    row.passenger = r.passenger;
    row.farmoutContactId = r.farmoutContactId;
    row.farmoutName = r.farmoutName;
    row.marketplaceUntil = r.marketplaceUntil;
  }
  return row;
}

const EMPTY_PLACE: PlaceRecord = { street: null, address: null, city: null, zip: null, county: null, lat: null, lng: null, facilityName: null };

/** A found-set row's state at a later instant: a reserved trip opens to everyone when its window ends. */
export function rowStateAt(row: Pick<MarketplaceTripRow, 'state' | 'reservedUntil'>, now: Date): MarketplaceTripRow['state'] {
  if (row.state === 'reserved' && row.reservedUntil !== null && now.getTime() >= Date.parse(row.reservedUntil)) return 'available';
  return row.state;
}

/** Straight-line miles between two points, to 0.1. */
export function milesBetween(a: LatLng, b: LatLng): number {
  return Math.round((haversineKm(a, b) / 1.609344) * 10) / 10;
}

/**
 * The search text q matches reference, city, ZIP, county, facility and service type;
 * every word must be found in one of them (case ignored).
 */
export function matchesMarketplaceText(row: Pick<MarketplaceTripRow, 'referenceNumber' | 'serviceTypeName' | 'legs'>, q: string): boolean {
  const words = q.toLowerCase().split(/\s+/).filter(Boolean);
  if (words.length === 0) return true;
  const fields = [row.referenceNumber, row.serviceTypeName];
  for (const leg of row.legs) {
    for (const p of [leg.pickup, leg.dropOff]) fields.push(p.city ?? '', p.zip ?? '', p.county ?? '', p.facilityName ?? '');
  }
  const haystack = fields.join('\n').toLowerCase();
  return words.every((w) => haystack.includes(w));
}
