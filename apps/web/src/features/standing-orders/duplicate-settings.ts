import type { DuplicateSettings, Repeat } from '@tripline/core';

/** What the duplicate form holds while it is edited. */
export interface DuplicateFormValues {
  kind: Repeat['kind'];
  every: number | string;
  weekdays: string[];
  from: string | null;
  to: string | null;
  excluded: string[];
  standingOrder: boolean;
  noEnd: boolean;
}

export function initialValues(serviceDate: string, today: string): DuplicateFormValues {
  const weekday = new Date(`${serviceDate}T12:00:00Z`).getUTCDay();
  return { kind: 'weekly', every: 1, weekdays: [String(weekday)], from: today > serviceDate ? today : serviceDate, to: null, excluded: [], standingOrder: false, noEnd: false };
}

/** The form as the rule of core reads it. */
export function settingsOf(v: DuplicateFormValues): DuplicateSettings {
  const every = typeof v.every === 'number' ? v.every : Number(v.every || 0);
  const repeat: Repeat = v.kind === 'daily' ? { kind: 'daily', every } : { kind: 'weekly', every, weekdays: v.weekdays.map(Number) };
  return { repeat, from: v.from, to: v.to, excluded: v.excluded };
}
