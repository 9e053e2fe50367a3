import { TRIP_MSG } from '../trips/messages.ts';

/** The vehicle editor's and the vehicle endpoints' texts (spec 2 §5, rules.md 115–121). */
export const VEHICLE_MSG = {
  VIN_CHECK_DIGIT: (vin: string, digit: string) => `VIN ${vin} is not valid: check digit should be ${digit}`,
  VIN_LENGTH: 'A VIN has exactly 17 characters',
  VIN_FORBIDDEN_LETTERS: 'A VIN never contains the letters I, O or Q',
  VIN_CHARACTERS: 'A VIN has only letters and digits',
  VIN_REQUIRED: 'Enter the VIN',
  VIN_TAKEN: (vin: string) => `VIN ${vin} already belongs to an active vehicle`,
  TAKE_HOME_EMPLOYEE: 'You must select a valid take-home employee, or choose a different Vehicle Location type',
  GARAGE: 'You must select a valid garage, or choose a different Vehicle Location type',
  FIX_FIRST: 'Fix validation errors first',
  NUMBER_REQUIRED: 'Enter the vehicle number',
  NUMBER_TAKEN: (n: string) => `Vehicle number ${n} is already in use`,
  TYPE_REQUIRED: 'Choose the vehicle type',
  YEAR_RANGE: (from: number, to: number) => `The model year must be one of the last 20 years (${from}–${to})`,
  PARTNER_REQUIRED: 'Choose the partner the vehicle belongs to',
  NOT_PARTNER: 'The vehicle must belong to a transport partner',
  NOT_IN_HOUSE: "Vehicles of the operator's own fleet only: this partner is not in-house",
  MAY_NOT_ADD: 'Adding vehicles needs FleetManagement or admin access',
  ON_TRIPS: (number: string, trips: number) =>
    `Vehicle ${number} is on ${trips} trip${trips === 1 ? '' : 's'} from today on: give ${trips === 1 ? 'it' : 'them'} another vehicle first`,
  /** spec 1 §8: the same text as a trip's stale write, naming the vehicle number. */
  CONFLICT: TRIP_MSG.CONFLICT,
  NO_CAPABILITIES: (year: number, make: string, model: string) => `No seating is known for a ${year} ${make} ${model}: enter it by hand`,
  VIN_LOOKUP_LENGTH: 'VIN lookup needs all 17 characters',
  IMPORT_EMPTY: 'The file has no vehicle rows',
  IMPORT_TOO_MANY: (max: number) => `A vehicle import holds at most ${max} rows`,
  IMPORT_COLUMNS: (missing: string[]) => `The file is missing the column${missing.length === 1 ? '' : 's'} ${missing.join(', ')}`,
  IMPORT_UNREADABLE: (why: string) => `The file could not be read as CSV: ${why}`,
  IMPORT_NOT_FOUND: 'This import was not found: upload the file again',
  IMPORT_DONE: 'This import was already approved',
  IMPORT_HAS_ERRORS: 'Fix the rows with errors in the file and upload it again',
} as const;
