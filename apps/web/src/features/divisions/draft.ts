import { divisionProblems, stateFipsOfCode, type CountyRef, type Division, type DivisionSave } from '@tripline/core';

/** The edit form's division: a new one has no id yet. */
export interface DivisionDraft {
  id: string | null;
  modCount: number | null;
  code: string;
  name: string;
  state: string | null;
  timeZone: string | null;
  counties: CountyRef[];
}

/** A county on the map: who holds it, as the form stands. */
export interface CountyOwner {
  divisionId: string;
  code: string;
}

/** The id a new division has on the map until it is saved. */
export const NEW_DIVISION = 'new';

export function emptyDraft(): DivisionDraft {
  return { id: null, modCount: null, code: '', name: '', state: null, timeZone: null, counties: [] };
}

export function draftOf(d: Division): DivisionDraft {
  return {
    id: d.id,
    modCount: d.modCount,
    code: d.code,
    name: d.name,
    state: d.state,
    timeZone: d.timeZone,
    counties: d.counties.map((c) => ({ fips: c.fips, name: c.name })),
  };
}

export function toBody(d: DivisionDraft): DivisionSave {
  return {
    ...(d.id ? { id: d.id, modCount: d.modCount ?? 0 } : {}),
    code: d.code.trim(),
    name: d.name.trim(),
    state: d.state ?? '',
    timeZone: (d.timeZone ?? '') as DivisionSave['timeZone'],
    counties: d.counties,
  };
}

/** The form's problems by field (core rules), before anything is sent. */
export function draftProblems(d: DivisionDraft): Record<string, string> {
  return divisionProblems({ code: d.code, name: d.name, state: d.state ?? '', timeZone: d.timeZone ?? '' });
}

const fipsKey = (counties: readonly CountyRef[]) =>
  counties
    .map((c) => c.fips)
    .sort()
    .join(',');

/** Whether the form differs from the saved division (or, new, holds anything). */
export function isDirty(d: DivisionDraft, saved: Division | null): boolean {
  if (!saved) return !!(d.code.trim() || d.name.trim() || d.state || d.timeZone || d.counties.length);
  return (
    d.code.trim().toUpperCase() !== saved.code ||
    d.name.trim() !== saved.name ||
    d.state !== saved.state ||
    d.timeZone !== saved.timeZone ||
    fipsKey(d.counties) !== fipsKey(saved.counties)
  );
}

/**
 * Who holds each county as the form stands: the saved divisions, with the form's county list in
 * place of its own division's (a county it took moves to it; one it let go belongs to none).
 */
export function countyOwners(divisions: readonly Division[], draft: DivisionDraft | null): Map<string, CountyOwner> {
  const owners = new Map<string, CountyOwner>();
  for (const d of divisions) {
    if (draft && d.id === draft.id) continue;
    for (const c of d.counties) owners.set(c.fips, { divisionId: d.id, code: d.code });
  }
  if (draft) {
    const own = { divisionId: draft.id ?? NEW_DIVISION, code: draft.code.trim().toUpperCase() || 'New division' };
    for (const c of draft.counties) owners.set(c.fips, own);
  }
  return owners;
}

/** Two-digit state FIPS codes of the states the map draws: every division's, and the form's. */
export function mapStates(divisions: readonly Division[], draft: DivisionDraft | null): string[] {
  const codes = new Set(divisions.map((d) => d.state));
  if (draft?.state) codes.add(draft.state);
  for (const c of draft?.counties ?? []) codes.add(c.fips.slice(0, 2));
  const out = new Set<string>();
  for (const code of codes) {
    const f = /^\d{2}$/.test(code) ? code : stateFipsOfCode(code);
    if (f) out.add(f);
  }
  return [...out].sort();
}
