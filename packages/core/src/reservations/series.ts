/** Trip fields whose change is worth carrying to the later trips of a series (spec 2 §4). */
export const SERIES_TRIP_FIELDS = [
  'serviceNumber',
  'serviceTypeRequested',
  'daClass',
  'billToContactId',
  'authorizedBy',
  'requestedBy',
  'pca',
  'passengersAdditional',
  'schedulePriority',
  'returnType',
] as const;

/** Leg fields carried to the leg of the same letter in the later trips of a series. */
export const SERIES_LEG_FIELDS = [
  'passengerId',
  'locFirstAction',
  'locSecondAction',
  'locationFirstId',
  'locationSecondId',
  'locFirstTimeOrd',
  'locSecondTimeOrd',
  'apptTime',
  'apptType',
  'apptToSee',
  'serviceCode',
  'passNotes',
] as const;

type Fields = Record<string, unknown>;
const same = (a: unknown, b: unknown) => (a ?? null) === (b ?? null);

/** The series fields that differ between two copies of a trip (and of its legs, by letter). */
export function seriesChanges(
  before: Fields & { tripLegs: readonly Fields[] },
  after: Fields & { tripLegs: readonly Fields[] },
): { trip: string[]; legs: Record<string, string[]> } {
  const trip = SERIES_TRIP_FIELDS.filter((f) => !same(before[f], after[f]));
  const legs: Record<string, string[]> = {};
  for (const leg of after.tripLegs) {
    const was = before.tripLegs.find((l) => l.whichLeg === leg.whichLeg);
    if (!was) continue;
    const changed = SERIES_LEG_FIELDS.filter((f) => !same(was[f], leg[f]));
    if (changed.length) legs[leg.whichLeg as string] = changed;
  }
  return { trip, legs };
}

/**
 * spec 2 §4: saving a recurring reservation (one with a series key) on a future date with changes
 * the series shares asks whether to apply them to all later occurrences.
 */
export function asksApplyToAll(
  trip: { dupeReferenceKey: string | null; serviceDate: string },
  today: string,
  changes: { trip: readonly string[]; legs: Record<string, readonly string[]> },
): boolean {
  if (!trip.dupeReferenceKey || trip.serviceDate <= today) return false;
  return changes.trip.length > 0 || Object.keys(changes.legs).length > 0;
}
