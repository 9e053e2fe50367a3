import { VehicleSave, VEHICLE_ABILITIES, parseDateInput } from '@tripline/core';

/** The columns a vehicle import reads: the editor's fields, by their API names in any letter case. */
export const IMPORT_FIELDS = [
  'vehicleNumber', 'vehicleType', 'vin', 'licensePlate', 'manufacturer', 'model', 'modelYear', 'mpg', 'extColor',
  'liftMaxWeight', 'liftType', 'loadingType', 'bariatric', 'ambulatorySeatingCapacity', 'wheelchairSeatingCapacity',
  'ambulatoryAbility', 'termDate', 'available', 'startingItinerisLocation', 'geoTabgps', 'description', 'vehicleBranch',
  'vehicleLocationType', 'locationNumber', 'takeHomeEmployeeNumber',
] as const;
export const REQUIRED_COLUMNS = ['vehicleNumber', 'vehicleType', 'vin'] as const;
const NUMBERS = new Set(['modelYear', 'mpg', 'liftMaxWeight', 'ambulatorySeatingCapacity', 'wheelchairSeatingCapacity']);
const BOOLEANS = new Set(['bariatric', 'available']);
const BY_LOWER = new Map<string, string>(IMPORT_FIELDS.map((f) => [f.toLowerCase(), f]));

/** The field a header names, or null for a column the import does not read. */
export function fieldOfHeader(header: string): string | null {
  return BY_LOWER.get(header.trim().toLowerCase().replace(/[\s_-]/g, '')) ?? null;
}

function yesNo(s: string): boolean | string {
  const v = s.trim().toLowerCase();
  if (['true', 'yes', 'y', '1'].includes(v)) return true;
  if (['false', 'no', 'n', '0'].includes(v)) return false;
  return s;
}

/**
 * One CSV row as the editor's save body: blank cells are left out (defaults apply), numbers and
 * yes/no read as such, abilities separated by ; or |, dates in any accepted form (DECISIONS 2).
 * What cannot be read is passed on as typed, so the save schema names the problem.
 */
export function rowToBody(row: Record<string, string>, today: string): Record<string, unknown> {
  const body: Record<string, unknown> = {};
  for (const [header, raw] of Object.entries(row)) {
    const field = fieldOfHeader(header);
    const value = (raw ?? '').trim();
    if (!field || value === '') continue;
    if (NUMBERS.has(field)) body[field] = Number.isFinite(Number(value)) ? Number(value) : value;
    else if (BOOLEANS.has(field)) body[field] = yesNo(value);
    else if (field === 'ambulatoryAbility') {
      body[field] = value.split(/[;|]/).map((a) => a.trim()).filter(Boolean).map((a) => VEHICLE_ABILITIES.find((k) => k.toLowerCase() === a.toLowerCase()) ?? a);
    } else if (field === 'termDate') body[field] = parseDateInput(value, today) ?? value;
    else body[field] = value;
  }
  return body;
}

/** The save body of a row, or its problems (each once, with the field named). */
export function parseRow(body: Record<string, unknown>): { body: VehicleSave } | { problems: string[] } {
  const parsed = VehicleSave.safeParse(body);
  if (parsed.success) return { body: parsed.data };
  return { problems: [...new Set(parsed.error.issues.map((i) => (i.path.length ? `${i.path.join('.')}: ${i.message}` : i.message)))] };
}

/** The fields of a stored vehicle a row starts from: an update changes only what its cells give. */
export function importBase(v: Record<string, unknown>): Record<string, unknown> {
  return Object.fromEntries(IMPORT_FIELDS.filter((f) => v[f] !== null && v[f] !== undefined).map((f) => [f, v[f]]));
}
