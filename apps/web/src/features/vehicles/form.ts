import {
  VEHICLE_MSG,
  VehicleSave,
  availableAfterTerm,
  capabilityLookupReady,
  isTermed,
  modelYearProblem,
  normalizeVin,
  parseDateInput,
  vinLookupReady,
  vinProblem,
  type Vehicle,
  type VehicleSaveInput,
} from '@tripline/core';

/** The vehicle editor's fields as typed (numbers and dates as text until saved). */
export interface VehicleDraft {
  id: string | null;
  modCount: number | null;
  partnerId: string | null;
  vehicleNumber: string;
  vehicleType: string;
  vin: string;
  licensePlate: string;
  manufacturer: string;
  model: string;
  modelYear: string;
  mpg: string;
  extColor: string;
  liftMaxWeight: string;
  liftType: string;
  loadingType: string;
  bariatric: boolean;
  ambulatorySeatingCapacity: string;
  wheelchairSeatingCapacity: string;
  ambulatoryAbility: string[];
  termDate: string;
  available: boolean;
  startingItinerisLocation: string;
  geoTabgps: string;
  description: string;
  vehicleBranch: string;
  vehicleLocationType: string | null;
  locationNumber: string;
  takeHomeEmployeeNumber: string;
}

export type DraftErrors = Partial<Record<keyof VehicleDraft, string>>;

const TEXT_FIELDS = [
  'licensePlate', 'manufacturer', 'model', 'extColor', 'liftType', 'loadingType', 'startingItinerisLocation', 'geoTabgps',
  'description', 'vehicleBranch', 'locationNumber', 'takeHomeEmployeeNumber',
] as const;
const NUMBER_FIELDS = ['modelYear', 'mpg', 'liftMaxWeight', 'ambulatorySeatingCapacity', 'wheelchairSeatingCapacity'] as const;

export function newDraft(partnerId: string | null): VehicleDraft {
  return {
    id: null,
    modCount: null,
    partnerId,
    vehicleNumber: '',
    vehicleType: '',
    vin: '',
    ...(Object.fromEntries(TEXT_FIELDS.map((f) => [f, ''])) as Record<(typeof TEXT_FIELDS)[number], string>),
    ...(Object.fromEntries(NUMBER_FIELDS.map((f) => [f, ''])) as Record<(typeof NUMBER_FIELDS)[number], string>),
    ambulatorySeatingCapacity: '0',
    wheelchairSeatingCapacity: '0',
    bariatric: false,
    ambulatoryAbility: [],
    termDate: '',
    available: true,
    vehicleLocationType: null,
  };
}

export function draftOf(v: Vehicle): VehicleDraft {
  const draft = newDraft(v.partnerId);
  for (const f of TEXT_FIELDS) draft[f] = v[f] ?? '';
  for (const f of NUMBER_FIELDS) draft[f] = v[f] === null ? '' : String(v[f]);
  return {
    ...draft,
    id: v.id,
    modCount: v.modCount,
    vehicleNumber: v.vehicleNumber,
    vehicleType: v.vehicleType,
    vin: v.vin ?? '',
    bariatric: v.bariatric,
    ambulatoryAbility: [...v.ambulatoryAbility],
    termDate: v.termDate ?? '',
    available: v.available,
    vehicleLocationType: v.vehicleLocationType,
  };
}

const numberOrText = (s: string): number | string | null => {
  const t = s.trim();
  if (t === '') return null;
  return Number.isFinite(Number(t)) ? Number(t) : t;
};

/** The save body of a draft; what cannot be read is passed as typed so the contract's schema names it. */
export function bodyOf(d: VehicleDraft, today: string): VehicleSaveInput {
  const termText = d.termDate.trim();
  const body: Record<string, unknown> = {
    vehicleNumber: d.vehicleNumber,
    vehicleType: d.vehicleType,
    vin: d.vin,
    bariatric: d.bariatric,
    ambulatoryAbility: d.ambulatoryAbility,
    termDate: termText === '' ? null : (parseDateInput(termText, today) ?? termText),
    available: availableAfterTerm(d.available, parseDateInput(termText, today), today),
    vehicleLocationType: d.vehicleLocationType,
  };
  for (const f of TEXT_FIELDS) body[f] = d[f].trim() === '' ? null : d[f];
  for (const f of NUMBER_FIELDS) body[f] = numberOrText(d[f]);
  if (d.id) {
    body.id = d.id;
    body.modCount = d.modCount ?? 0;
  }
  if (d.partnerId) body.partnerId = d.partnerId;
  return body as VehicleSaveInput;
}

/**
 * Every problem of the draft by field, as the server would find them: the contract's schema (VIN
 * check digit, location type) plus the model year's range and a readable term date.
 */
export function draftErrors(d: VehicleDraft, today: string, needsPartner: boolean): DraftErrors {
  const errors: DraftErrors = {};
  const parsed = VehicleSave.safeParse(bodyOf(d, today));
  if (!parsed.success) {
    for (const issue of parsed.error.issues) {
      const field = String(issue.path[0] ?? '') as keyof VehicleDraft;
      if (field && !errors[field]) errors[field] = issue.message;
    }
  }
  const year = Number(d.modelYear);
  if (d.modelYear.trim() && Number.isInteger(year) && !errors.modelYear) {
    const problem = modelYearProblem(year, today);
    if (problem) errors.modelYear = problem;
  }
  if (d.termDate.trim() && !parseDateInput(d.termDate.trim(), today)) errors.termDate = 'Enter a date like 11/22/2026';
  if (needsPartner && !d.partnerId) errors.partnerId = VEHICLE_MSG.PARTNER_REQUIRED;
  return errors;
}

/** The VIN's problem once it is complete (17 characters), so typing is not interrupted before. */
export function vinHint(vin: string): string | null {
  const v = normalizeVin(vin);
  return v.length >= 17 ? vinProblem(v) : null;
}

/** Whether a VIN lookup should run: 17 characters and valid (spec 2 §5). */
export const shouldLookUpVin = (vin: string) => vinLookupReady(vin) && vinProblem(normalizeVin(vin)) === null;

/** Whether a capability lookup should run: year of 4 digits, make and model (spec 2 §5). */
export const shouldLookUpCapabilities = (d: Pick<VehicleDraft, 'modelYear' | 'manufacturer' | 'model'>) =>
  capabilityLookupReady(d.modelYear, d.manufacturer, d.model);

/** A new term date: one before today unchecks available (spec 2 §5 'Changing a term vehicle unchecks available'). */
export function withTermDate(d: VehicleDraft, termDate: string, today: string): VehicleDraft {
  const iso = parseDateInput(termDate.trim(), today);
  return { ...d, termDate, available: isTermed(iso, today) ? false : d.available };
}

/** The VIN lookup's answer in the draft: what it decoded replaces what was there. */
export function withVinLookup(d: VehicleDraft, found: { modelYear: number | null; manufacturer: string | null; model: string | null; mpg: number | null }): VehicleDraft {
  return {
    ...d,
    modelYear: found.modelYear !== null ? String(found.modelYear) : d.modelYear,
    manufacturer: found.manufacturer ?? d.manufacturer,
    model: found.model ?? d.model,
    mpg: found.mpg !== null ? String(found.mpg) : d.mpg,
  };
}

/** The capability lookup's seating in the draft; Gurney follows the answer, the other abilities the seats. */
export function withCapabilities(d: VehicleDraft, c: { ambo: number; wc: number; gurney: boolean }): VehicleDraft {
  const abilities = [c.ambo > 0 ? 'Ambulatory' : null, c.wc > 0 ? 'Wheelchair' : null, c.gurney ? 'Gurney' : null].filter((a): a is string => a !== null);
  return { ...d, ambulatorySeatingCapacity: String(c.ambo), wheelchairSeatingCapacity: String(c.wc), ambulatoryAbility: abilities };
}
