import { addDays } from '../time/date-input.ts';

/** spec 2 §5: a new infectious disease ends 5 days after it starts unless an end is given. */
export const INFECTIOUS_DEFAULT_DAYS = 5;

export interface InfectiousPeriod {
  startDate: string;
  endDate: string;
  cancel: boolean;
}

/** The end date of a disease recorded without one (spec 2 §5: 5 days ahead). */
export function defaultInfectiousEnd(startDate: string): string {
  return addDays(startDate, INFECTIOUS_DEFAULT_DAYS);
}

/** spec 2 §5: active means not cancelled and within its dates (both days included). */
export function isInfectiousOn(d: InfectiousPeriod, date: string): boolean {
  return !d.cancel && d.startDate <= date && date <= d.endDate;
}

/** Whether a passenger's leg on `date` carries infectiousDiseaseFlag: any active disease that day. */
export function infectiousFlagOn(diseases: readonly InfectiousPeriod[], date: string): boolean {
  return diseases.some((d) => isInfectiousOn(d, date));
}

/**
 * The days whose legs a change of a disease may flag or unflag: from the earlier start to the later
 * end of the disease before and after the change.
 */
export function infectiousWindow(before: InfectiousPeriod | null, after: InfectiousPeriod): { from: string; to: string } {
  if (!before) return { from: after.startDate, to: after.endDate };
  return {
    from: before.startDate < after.startDate ? before.startDate : after.startDate,
    to: before.endDate > after.endDate ? before.endDate : after.endDate,
  };
}
