/**
 * One trip as a list shows it (the partner's Home list, the staff search results): what the rows
 * show and filter on, and the inputs of the row menu's rules (spec 1 §2 row actions, §4 finalise
 * blocks and the cancel-leg rule, §5 SMS), so a menu is decided without the full trip. The full
 * trip is read when a row is opened. Field names and nesting are the full trip's, so every rule
 * and formatter typed with a Pick of the trip reads a list row as well.
 *
 * On the wire a row leaves out what the reader can tell without it (LIST_ROW_BUDGET_BYTES): a
 * trip field at its default, and a leg field equal to what it would be taken for (see legFallback).
 * Parsing with TripListRow puts every field back, so the parsed row always has the whole shape.
 */
import { z } from 'zod';
import { text } from '../api/text.ts';
import { OPERATOR_TIME_ZONE } from '../time/zone.ts';
import { DriveAssignment, Phone, TripLeg } from './model.ts';
import { eligibleSmsPhone } from './rules.ts';

/** Only the address of a stop: the list shows it and searches in it. */
const ListStop = z.object({ Address: TripLeg.shape.locationFirst.shape.Address });
const ListPassenger = z.object({ id: text(), name: text(), phones: z.array(Phone) });

export const TripListLegFields = TripLeg.pick({
  whichLeg: true,
  status: true,
  cancelNc: true,
  cancelWc: true,
  serviceCode: true,
  locFirstTimeOrd: true,
  locFirstTimeAct: true,
  locFirstTimeDep: true,
  locSecondTimeOrd: true,
  locSecondTimeAct: true,
  callInTime: true,
  apptType: true,
  googleDrivingDistanceMeters: true,
  passengerId: true,
  passName: true,
}).extend({ passenger: ListPassenger.nullable(), locationFirst: ListStop, locationSecond: ListStop });
export type TripListLeg = z.infer<typeof TripListLegFields>;

const TRIP_FIELDS = {
  id: true,
  referenceNumber: true,
  modCount: true,
  serviceDate: true,
  serviceTypeRequested: true,
  schedulePriority: true,
  flag: true,
  division: true,
  timeZone: true,
  accepted: true,
  declined: true,
  canceled: true,
  cancelledWithCharge: true,
  cancelledWithoutCharge: true,
  cancelledReason: true,
  cancelReasonRequiresStats: true,
  dryRun: true,
  locked: true,
  willCall: true,
  partnerPayStatus: true,
  outstandingAdjustments: true,
  driverId: true,
  driverName: true,
  driverEmpNumberAssigned: true,
  farmoutName: true,
  farmoutRate: true,
} as const;

/** The parsed list row: every field present. */
export const TripListRowFields = DriveAssignment.pick(TRIP_FIELDS).extend({ tripLegs: z.array(TripListLegFields) });
export type TripListRow = z.infer<typeof TripListRowFields>;

type TripDefaulted = Exclude<keyof typeof TRIP_FIELDS, 'id' | 'referenceNumber' | 'serviceDate' | 'serviceTypeRequested'>;

/** A trip field left out of a row has this value: a new trip's (the database defaults). */
export const LIST_ROW_TRIP_DEFAULTS: { [K in TripDefaulted]: TripListRow[K] } = {
  modCount: 0,
  schedulePriority: 1,
  flag: null,
  division: null,
  timeZone: OPERATOR_TIME_ZONE,
  accepted: false,
  declined: false,
  canceled: false,
  cancelledWithCharge: false,
  cancelledWithoutCharge: false,
  cancelledReason: null,
  cancelReasonRequiresStats: null,
  dryRun: false,
  locked: false,
  willCall: false,
  partnerPayStatus: 'Open',
  outstandingAdjustments: 0,
  driverId: null,
  driverName: null,
  driverEmpNumberAssigned: null,
  farmoutName: null,
  farmoutRate: null,
};

type LegKey = keyof TripListLeg;

/** A new leg's values (the database defaults; a leg's service code is its trip's). */
const NEW_LEG: Omit<TripListLeg, 'serviceCode' | 'whichLeg' | 'passengerId' | 'passName'> = {
  status: 'Pending',
  cancelNc: false,
  cancelWc: false,
  locFirstTimeOrd: null,
  locFirstTimeAct: null,
  locFirstTimeDep: null,
  locSecondTimeOrd: null,
  locSecondTimeAct: null,
  callInTime: null,
  apptType: null,
  googleDrivingDistanceMeters: null,
  passenger: null,
  locationFirst: { Address: null },
  locationSecond: { Address: null },
};

/** Leg fields in the order a row lists them; the passenger comes before the fields taken from it. */
const LEG_KEYS = Object.keys(TripListLegFields.shape) as LegKey[];
LEG_KEYS.sort((a, b) => Number(a === 'passengerId' || a === 'passName') - Number(b === 'passengerId' || b === 'passName'));

/** What a leg after the first repeats of the leg before when it leaves them out: who rides and how the leg stands. */
const REPEATED: ReadonlySet<LegKey> = new Set(['status', 'cancelNc', 'cancelWc', 'passenger']);

/**
 * What a leg field left out of a row is taken to be. whichLeg: the letter of the leg's place (A,
 * B, C…); serviceCode: the trip's requested service; passengerId and passName: the leg's
 * passenger's id and name (null without a passenger). On a later leg: its pickup is where the leg
 * before ended, its drop-off where the first leg started (the way home), and its passenger, status
 * and cancel marks are the leg before's. Anything else is a new leg's value.
 */
function legFallback(key: LegKey, index: number, leg: Partial<TripListLeg>, legs: readonly TripListLeg[], serviceType: string): unknown {
  if (key === 'whichLeg') return String.fromCharCode(65 + index);
  if (key === 'serviceCode') return serviceType;
  if (key === 'passengerId') return leg.passenger?.id ?? null;
  if (key === 'passName') return leg.passenger?.name ?? null;
  if (index > 0) {
    if (key === 'locationFirst') return legs[index - 1].locationSecond;
    if (key === 'locationSecond') return legs[0].locationFirst;
    if (REPEATED.has(key)) return legs[index - 1][key];
  }
  return NEW_LEG[key];
}

const same = (a: unknown, b: unknown) => JSON.stringify(a) === JSON.stringify(b);

const WirePhone = Phone.extend({ smsEnabled: z.boolean().default(false), main: z.boolean().default(false) });
const WireLegShape = Object.fromEntries(LEG_KEYS.map((k) => [k, TripListLegFields.shape[k].optional()]));
const WireLeg = z
  .object({
    ...(WireLegShape as { [K in LegKey]: z.ZodOptional<(typeof TripListLegFields.shape)[K]> }),
    passenger: ListPassenger.extend({ phones: z.array(WirePhone).default([]) }).nullable().optional(),
  })
  .describe(
    "A field left out is what it is taken for: whichLeg the leg's letter by place (A, B, C…), serviceCode the trip's serviceTypeRequested, passengerId and passName the leg passenger's id and name; on a later leg locationFirst is the leg before's locationSecond, locationSecond the first leg's locationFirst, and passenger, status, cancelNc and cancelWc the leg before's; anything else a new leg's value (status Pending, false, null).",
  );
type WireLeg = z.input<typeof WireLeg>;

const tripDefault = <K extends TripDefaulted>(k: K) =>
  (DriveAssignment.shape[k] as unknown as z.ZodType<TripListRow[K]>).default(LIST_ROW_TRIP_DEFAULTS[k] as never);

/** A list row as the server sends it: the fields above, each left out when the reader can tell it. */
export const TripListRowWire = DriveAssignment.pick({ id: true, referenceNumber: true, serviceDate: true, serviceTypeRequested: true }).extend({
  ...(Object.fromEntries(Object.keys(LIST_ROW_TRIP_DEFAULTS).map((k) => [k, tripDefault(k as TripDefaulted)])) as {
    [K in TripDefaulted]: z.ZodDefault<z.ZodType<TripListRow[K]>>;
  }),
  tripLegs: z.array(WireLeg),
});

function expandLegs(legs: z.output<typeof WireLeg>[], serviceType: string): TripListLeg[] {
  const out: TripListLeg[] = [];
  legs.forEach((wire, i) => {
    const leg: Partial<TripListLeg> = {};
    for (const key of LEG_KEYS) {
      const value = wire[key];
      // a copy: no two legs or rows share an object taken over from elsewhere
      (leg as Record<string, unknown>)[key] = value === undefined ? structuredClone(legFallback(key, i, leg, out, serviceType)) : value;
    }
    out.push(leg as TripListLeg);
  });
  return out;
}

/** The row as the server sends it: every field the reader can tell without it left out. */
export function compactTripListRow(row: TripListRow): z.input<typeof TripListRowWire> {
  const wire: Record<string, unknown> = {};
  for (const [key, value] of Object.entries(row)) {
    if (key === 'tripLegs') continue;
    if (!(key in LIST_ROW_TRIP_DEFAULTS) || !same(value, LIST_ROW_TRIP_DEFAULTS[key as TripDefaulted])) wire[key] = value;
  }
  wire.tripLegs = row.tripLegs.map((leg, i): WireLeg => {
    const out: Record<string, unknown> = {};
    for (const key of LEG_KEYS) {
      if (same(leg[key], legFallback(key, i, leg, row.tripLegs, row.serviceTypeRequested))) continue;
      out[key] = key === 'passenger' && leg.passenger ? { ...leg.passenger, phones: leg.passenger.phones.map(compactPhone) } : leg[key];
    }
    return out as WireLeg;
  });
  return wire as z.input<typeof TripListRowWire>;
}

function compactPhone(p: Phone): z.input<typeof WirePhone> {
  const { smsEnabled, main, ...rest } = p;
  return { ...rest, ...(smsEnabled ? { smsEnabled } : {}), ...(main ? { main } : {}) };
}

/** A list row: read from the wire shape, parsed into the whole shape. */
export const TripListRow = z.codec(TripListRowWire, TripListRowFields, {
  decode: (wire) => ({ ...wire, tripLegs: expandLegs(wire.tripLegs, wire.serviceTypeRequested) }),
  encode: (row) => TripListRowWire.parse(compactTripListRow(row)),
});

/** The list view of GET drive-assignments: list rows in day order and the count of every match. */
export const TripRowList = z.object({
  rows: z.array(TripListRow),
  /** Every matching trip in the caller's scope; more than rows.length when the batch size cut it. */
  total: z.number().int(),
});

/** How GET drive-assignments answers each trip: the full trip (the default) or its list row. */
export const TRIP_LIST_VIEWS = ['full', 'list'] as const;
export type TripListView = (typeof TRIP_LIST_VIEWS)[number];

/** The average JSON size of a list row on the wire the lists are built for (bytes, UTF-8). */
export const LIST_ROW_BUDGET_BYTES = 1024;

function toListLeg(leg: TripLeg): TripListLeg {
  // the SMS rule reads only the first phone it may text: the row carries that one, or none
  const phone: Phone | null = leg.passenger ? eligibleSmsPhone(leg.passenger.phones) : null;
  return {
    whichLeg: leg.whichLeg,
    status: leg.status,
    cancelNc: leg.cancelNc,
    cancelWc: leg.cancelWc,
    serviceCode: leg.serviceCode,
    locFirstTimeOrd: leg.locFirstTimeOrd,
    locFirstTimeAct: leg.locFirstTimeAct,
    locFirstTimeDep: leg.locFirstTimeDep,
    locSecondTimeOrd: leg.locSecondTimeOrd,
    locSecondTimeAct: leg.locSecondTimeAct,
    callInTime: leg.callInTime,
    apptType: leg.apptType,
    googleDrivingDistanceMeters: leg.googleDrivingDistanceMeters,
    passengerId: leg.passengerId,
    passName: leg.passName,
    passenger: leg.passenger ? { id: leg.passenger.id, name: leg.passenger.name, phones: phone ? [phone] : [] } : null,
    locationFirst: { Address: leg.locationFirst.Address },
    locationSecond: { Address: leg.locationSecond.Address },
  };
}

/** The list row of a full trip (the parsed, whole shape): the fields above and nothing else. */
export function toTripListRow(trip: DriveAssignment): TripListRow {
  const row: Record<string, unknown> = {};
  for (const key of Object.keys(TRIP_FIELDS) as (keyof typeof TRIP_FIELDS)[]) row[key] = trip[key];
  row.tripLegs = trip.tripLegs.map(toListLeg);
  return row as TripListRow;
}

/** The JSON a list view sends for a full trip. */
export const tripListRowJson = (trip: DriveAssignment): string => JSON.stringify(compactTripListRow(toTripListRow(trip)));
