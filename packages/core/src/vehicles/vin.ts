import { VEHICLE_MSG } from './messages.ts';
import { manufacturerOfWmi } from './wmi.ts';

/** A VIN has 17 characters (spec 2 §9). */
export const VIN_LENGTH = 17;

// The standard VIN check digit (49 CFR 565): letters transliterate to numbers, each position has
// a weight, the weighted sum mod 11 is the digit at position 9 (10 is written X).
const TRANSLITERATION: Readonly<Record<string, number>> = {
  A: 1, B: 2, C: 3, D: 4, E: 5, F: 6, G: 7, H: 8,
  J: 1, K: 2, L: 3, M: 4, N: 5, P: 7, R: 9,
  S: 2, T: 3, U: 4, V: 5, W: 6, X: 7, Y: 8, Z: 9,
};
const WEIGHTS = [8, 7, 6, 5, 4, 3, 2, 10, 0, 9, 8, 7, 6, 5, 4, 3, 2] as const;

/** How a VIN is compared and stored: without spaces, upper case. */
export function normalizeVin(vin: string): string {
  return vin.replace(/\s+/g, '').toUpperCase();
}

/** The check digit a 17-character VIN of allowed characters should carry ('0'–'9' or 'X'). */
export function vinCheckDigit(vin: string): string {
  let sum = 0;
  for (let i = 0; i < VIN_LENGTH; i++) {
    const c = vin[i];
    const value = c >= '0' && c <= '9' ? Number(c) : TRANSLITERATION[c];
    sum += value * WEIGHTS[i];
  }
  const rest = sum % 11;
  return rest === 10 ? 'X' : String(rest);
}

/**
 * Why a VIN cannot be saved, or null (spec 2 §5, §9): 17 characters, letters and digits only,
 * never I, O or Q, and the check digit at position 9. Used by the editor as the user types and by
 * the server on every save and import. Give it a normalised VIN.
 */
export function vinProblem(vin: string): string | null {
  if (vin.length !== VIN_LENGTH) return VEHICLE_MSG.VIN_LENGTH;
  if (/[IOQ]/.test(vin)) return VEHICLE_MSG.VIN_FORBIDDEN_LETTERS;
  if (!/^[A-Z0-9]+$/.test(vin)) return VEHICLE_MSG.VIN_CHARACTERS;
  const digit = vinCheckDigit(vin);
  return vin[8] === digit ? null : VEHICLE_MSG.VIN_CHECK_DIGIT(vin, digit);
}

/** VIN lookup runs only on a 17-character VIN (spec 2 §5). */
export function vinLookupReady(vin: string): boolean {
  return normalizeVin(vin).length === VIN_LENGTH;
}

// Position 10: the model-year code, repeating every 30 years.
const YEAR_CODES = 'ABCDEFGHJKLMNPRSTVWXY123456789';

/**
 * The model year a VIN states at position 10. The code repeats every 30 years; a letter at
 * position 7 means the later cycle (2010–2039) for cars and light trucks, a digit the earlier one
 * (1980–2009). Null when position 10 holds no year code.
 */
export function vinModelYear(vin: string): number | null {
  const index = YEAR_CODES.indexOf(vin[9] ?? '');
  if (index < 0) return null;
  const later = /[A-Z]/.test(vin[6] ?? '');
  return (later ? 2010 : 1980) + index;
}

/** What a VIN tells without any outside service: model year and maker (make and mpg need the decoder). */
export interface VinDecoded {
  modelYear: number | null;
  manufacturer: string | null;
  model: string | null;
  mpg: number | null;
}

/** Decodes a valid VIN offline: model year from position 10, maker from the bundled WMI table. */
export function decodeVinLocally(vin: string): VinDecoded {
  return { modelYear: vinModelYear(vin), manufacturer: manufacturerOfWmi(vin), model: null, mpg: null };
}
