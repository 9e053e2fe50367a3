import { z } from 'zod';
import { IsoDate, text } from '../api/text.ts';
import { VEHICLE_MSG } from './messages.ts';
import { VEHICLE_ABILITIES, VEHICLE_LOCATION_TYPES, vehicleLocationProblem } from './rules.ts';
import { normalizeVin, vinProblem } from './vin.ts';

// The vehicle record of the API (spec 1 §3 Vehicle, 2 §3 SyncVehicle / SyncAffiliateFleet, 3 §3).

const id = (what: string) =>
  z.uuid({ error: (iss) => (iss.input === undefined || iss.input === null || iss.input === '' ? `Missing ${what}` : `${what} must be a record id`) });
const Bool = z.enum(['true', 'false'], { error: 'Use true or false' });
const optionalText = (max: number) =>
  text()
    .trim()
    .max(max, `At most ${max} characters`)
    .nullish()
    .transform((s) => (s ? s : null));
const count = (what: string) => z.number({ error: `${what} is a whole number` }).int(`${what} is a whole number`).min(0, `${what} cannot be negative`).max(99, `${what} is at most 99`);

/** A VIN as typed: spaces dropped, upper case, then checked (spec 2 §5). */
export const Vin = text({ error: VEHICLE_MSG.VIN_REQUIRED })
  .max(40, VEHICLE_MSG.VIN_LENGTH)
  .transform(normalizeVin)
  .check((ctx) => {
    const problem = ctx.value === '' ? VEHICLE_MSG.VIN_REQUIRED : vinProblem(ctx.value);
    if (problem) ctx.issues.push({ code: 'custom', message: problem, input: ctx.value });
  });

export const Vehicle = z.object({
  id: text(),
  vehicleNumber: text(),
  vehicleType: text(),
  vin: text().nullable(),
  licensePlate: text().nullable(),
  manufacturer: text().nullable(),
  model: text().nullable(),
  modelYear: z.number().int().nullable(),
  mpg: z.number().nullable(),
  extColor: text().nullable(),
  liftMaxWeight: z.number().int().nullable(),
  liftType: text().nullable(),
  loadingType: text().nullable(),
  bariatric: z.boolean(),
  ambulatorySeatingCapacity: z.number().int(),
  wheelchairSeatingCapacity: z.number().int(),
  ambulatoryAbility: z.array(text()),
  gurney: z.boolean(),
  termDate: text().nullable(),
  /** termDate precedes today (spec 3 §4). */
  termed: z.boolean(),
  available: z.boolean(),
  deleted: z.boolean(),
  partnerId: text(),
  partnerName: text(),
  startingItinerisLocation: text().nullable(),
  geoTabgps: text().nullable(),
  description: text().nullable(),
  vehicleBranch: text().nullable(),
  vehicleLocationType: text().nullable(),
  locationNumber: text().nullable(),
  takeHomeEmployeeNumber: text().nullable(),
  /** The take-home employee named by takeHomeEmployeeNumber. */
  employee: z.object({ id: text(), name: text() }).nullable(),
  status: z.object({ lat: z.number(), lng: z.number() }).nullable(),
  created: text(),
  modified: text(),
  modCount: z.number().int(),
});
export type Vehicle = z.infer<typeof Vehicle>;

/** What the editor saves: a new vehicle without id, a change with id and the modCount it was read at. */
export const VehicleSave = z
  .object({
    id: id('vehicle id').optional(),
    modCount: z.number({ error: 'modCount is a whole number' }).int().min(0).optional(),
    vehicleNumber: text({ error: VEHICLE_MSG.NUMBER_REQUIRED }).trim().min(1, VEHICLE_MSG.NUMBER_REQUIRED).max(20, 'A vehicle number has at most 20 characters'),
    vehicleType: text({ error: VEHICLE_MSG.TYPE_REQUIRED }).trim().min(1, VEHICLE_MSG.TYPE_REQUIRED).max(40, 'At most 40 characters'),
    vin: Vin,
    licensePlate: optionalText(12),
    manufacturer: optionalText(40),
    model: optionalText(40),
    modelYear: z.number({ error: 'The model year is a year like 2021' }).int('The model year is a year like 2021').nullish().transform((v) => v ?? null),
    mpg: z.number({ error: 'Miles per gallon is a number' }).min(0, 'Miles per gallon cannot be negative').max(999, 'Miles per gallon is at most 999').nullish().transform((v) => v ?? null),
    extColor: optionalText(30),
    liftMaxWeight: z.number({ error: 'The lift weight is a whole number of pounds' }).int('The lift weight is a whole number of pounds').min(0).max(5000, 'The lift weight is at most 5000 lb').nullish().transform((v) => v ?? null),
    liftType: optionalText(40),
    loadingType: optionalText(40),
    bariatric: z.boolean().default(false),
    ambulatorySeatingCapacity: count('Ambulatory seats').default(0),
    wheelchairSeatingCapacity: count('Wheelchair seats').default(0),
    ambulatoryAbility: z.array(z.enum(VEHICLE_ABILITIES, { error: `Abilities are ${VEHICLE_ABILITIES.join(', ')}` })).max(VEHICLE_ABILITIES.length).default([]),
    termDate: IsoDate.nullish().transform((v) => v ?? null),
    available: z.boolean().default(true),
    /** The owning partner; an Affiliate's own vehicles need none (its company is used). */
    partnerId: id('partner id').optional(),
    startingItinerisLocation: optionalText(100),
    geoTabgps: optionalText(40),
    description: optionalText(500),
    vehicleBranch: optionalText(40),
    vehicleLocationType: z.enum(VEHICLE_LOCATION_TYPES, { error: `The location type is one of ${VEHICLE_LOCATION_TYPES.join(', ')}` }).nullish().transform((v) => v ?? null),
    locationNumber: optionalText(20),
    takeHomeEmployeeNumber: optionalText(20),
  })
  .superRefine((v, ctx) => {
    const problem = vehicleLocationProblem(v);
    if (problem) ctx.addIssue({ code: 'custom', path: [problem.path], message: problem.message });
    if (v.id && v.modCount === undefined) ctx.addIssue({ code: 'custom', path: ['modCount'], message: 'Send the modCount the vehicle was read at' });
  });
export type VehicleSave = z.output<typeof VehicleSave>;
export type VehicleSaveInput = z.input<typeof VehicleSave>;

/** List filters of /vehicles (spec 1 §2; issue: partner for staff, type, available, termed). */
export const VehicleListQuery = z.object({
  id: id('vehicle id').optional(),
  partnerId: id('partner id').optional(),
  vehicleType: text().trim().max(40, 'At most 40 characters').optional(),
  available: Bool.optional(),
  termed: Bool.optional(),
  includeDeleted: Bool.optional(),
});

export const VehicleDeleteQuery = z.object({
  id: id('vehicle id'),
  modCount: z.coerce.number({ error: 'modCount is a whole number' }).int('modCount is a whole number').min(0).optional(),
});

/** A vehicle in a picker (vehicles-proxy). */
export const VehicleOption = z.object({
  id: text(),
  vehicleNumber: text(),
  vehicleType: text(),
  partnerId: text(),
  ambulatorySeatingCapacity: z.number().int(),
  wheelchairSeatingCapacity: z.number().int(),
  gurney: z.boolean(),
});

export const VinLookupQuery = z.object({
  vin: text({ error: VEHICLE_MSG.VIN_LOOKUP_LENGTH })
    .max(40, VEHICLE_MSG.VIN_LOOKUP_LENGTH)
    .transform(normalizeVin)
    .check((ctx) => {
      const problem = ctx.value.length !== 17 ? VEHICLE_MSG.VIN_LOOKUP_LENGTH : vinProblem(ctx.value);
      if (problem) ctx.issues.push({ code: 'custom', message: problem, input: ctx.value });
    }),
});

export const VinLookupResult = z.object({
  modelYear: z.number().int().nullable(),
  manufacturer: text().nullable(),
  model: text().nullable(),
  mpg: z.number().nullable(),
  /** local: year and maker decoded from the VIN itself; decoder: the NHTSA decoder answered. */
  source: z.enum(['local', 'decoder']),
});
export type VinLookupResult = z.infer<typeof VinLookupResult>;

export const VehicleCapabilitiesQuery = z.object({
  make: text({ error: 'Enter the make' }).trim().min(1, 'Enter the make').max(40, 'At most 40 characters'),
  model: text({ error: 'Enter the model' }).trim().min(1, 'Enter the model').max(40, 'At most 40 characters'),
  year: text({ error: 'Enter the year' }).trim().regex(/^\d{4}$/, 'The year has 4 digits').transform(Number),
});

export const VehicleImportUpload = z.object({
  /** The CSV file's text (at most 512 KiB: 2,000 vehicles fit easily). */
  csv: text({ error: 'Choose a CSV file' }).min(1, 'Choose a CSV file').max(512 * 1024, 'The file is too large: at most 512 KB'),
  /** Staff name the partner whose fleet the file holds; an Affiliate imports into its own. */
  partnerId: id('partner id').optional(),
});

export const VehicleImportRow = z.object({
  line: z.number().int(),
  vehicleNumber: text().nullable(),
  vin: text().nullable(),
  action: z.enum(['create', 'update']).nullable(),
  problems: z.array(text()),
});

export const VehicleImportPreview = z.object({
  importId: text(),
  partnerId: text(),
  rows: z.array(VehicleImportRow),
  valid: z.number().int(),
  invalid: z.number().int(),
});

export const VehicleImportApprove = z.object({ importId: id('import id') });
export const VehicleImportResult = z.object({ created: z.number().int(), updated: z.number().int() });
