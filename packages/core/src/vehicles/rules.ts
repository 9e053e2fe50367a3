import { hasRole, isStaff, type AccessSubject } from '../auth/roles.ts';
import { VEHICLE_MSG } from './messages.ts';

/** Vehicle types a fleet lists (spec 2 §4 value lists: not shown; the demo fleet's types plus the common ones). */
export const VEHICLE_TYPES = ['Ambulatory Sedan', 'Ambulatory Van', 'Wheelchair Van', 'Stretcher Van', 'Bus'] as const;

/** Where a vehicle stays overnight (spec 2 §3 vehicleLocationType: TakeHomeEmployee, Garage or other). */
export const VEHICLE_LOCATION_TYPES = ['TakeHomeEmployee', 'Garage', 'Other'] as const;
export type VehicleLocationType = (typeof VEHICLE_LOCATION_TYPES)[number];

/** What a vehicle can carry (spec 2 §3 ambulatoryAbility, a list that may include Gurney; DECISIONS 1). */
export const VEHICLE_ABILITIES = ['Ambulatory', 'Wheelchair', 'Gurney'] as const;

/** Year options are the last 20 years (spec 2 §5, §9). */
export const VEHICLE_YEAR_COUNT = 20;

/** The model years the editor offers, newest first: this year and the 19 before it. */
export function vehicleYearOptions(today: string): number[] {
  const year = Number(today.slice(0, 4));
  return Array.from({ length: VEHICLE_YEAR_COUNT }, (_, i) => year - i);
}

/** Why a model year cannot be saved, or null. */
export function modelYearProblem(year: number, today: string): string | null {
  const options = vehicleYearOptions(today);
  const newest = options[0];
  const oldest = options[options.length - 1];
  return year >= oldest && year <= newest ? null : VEHICLE_MSG.YEAR_RANGE(oldest, newest);
}

/** A vehicle is termed when its term date precedes today (spec 3 §4). Dates are YYYY-MM-DD. */
export function isTermed(termDate: string | null | undefined, today: string): boolean {
  return !!termDate && termDate < today;
}

/** Changing a term vehicle unchecks available (spec 2 §5): a termed vehicle is never available. */
export function availableAfterTerm(available: boolean, termDate: string | null | undefined, today: string): boolean {
  return available && !isTermed(termDate, today);
}

export interface VehicleLocation {
  vehicleLocationType: string | null | undefined;
  takeHomeEmployeeNumber: string | null | undefined;
  locationNumber: string | null | undefined;
}

/**
 * spec 2 §5: a TakeHomeEmployee location needs the employee who takes the vehicle home, a Garage
 * location needs the garage. The answer names the field the message belongs to.
 */
export function vehicleLocationProblem(v: VehicleLocation): { path: string; message: string } | null {
  const blank = (s: string | null | undefined) => !s || s.trim() === '';
  if (v.vehicleLocationType === 'TakeHomeEmployee' && blank(v.takeHomeEmployeeNumber)) {
    return { path: 'takeHomeEmployeeNumber', message: VEHICLE_MSG.TAKE_HOME_EMPLOYEE };
  }
  if (v.vehicleLocationType === 'Garage' && blank(v.locationNumber)) {
    return { path: 'locationNumber', message: VEHICLE_MSG.GARAGE };
  }
  return null;
}

/**
 * The add button is shown to an Affiliate, or to staff who are FleetManagement or admin (spec 1 §5,
 * rules.md 33); the server refuses a create by anyone else.
 */
export function mayAddVehicle(user: AccessSubject & { partnerId?: string | null }): boolean {
  if (hasRole(user, 'Admin')) return true;
  if (isStaff(user)) return hasRole(user, 'FleetManagement');
  return hasRole(user, 'Affiliate') && !!user.partnerId;
}

/** Staff edit any vehicle; an Affiliate only its own (rules.md 73, 75). */
export function mayEditVehicle(user: AccessSubject & { partnerId?: string | null }, vehiclePartnerId: string): boolean {
  if (isStaff(user)) return true;
  return hasRole(user, 'Affiliate') && user.partnerId === vehiclePartnerId;
}

/** Capability lookup needs a 4-character year, a make and a model (spec 2 §5). */
export function capabilityLookupReady(year: string | number | null | undefined, make: string | null | undefined, model: string | null | undefined): boolean {
  return /^\d{4}$/.test(String(year ?? '').trim()) && !!make?.trim() && !!model?.trim();
}
