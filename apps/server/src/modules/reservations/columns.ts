/**
 * The columns the editor writes, by the spec's field names: what a save compares, writes and
 * records in the audit log (only the fields that changed, before and after).
 */
type Column = readonly [field: string, column: string, read?: string];

const hms = (col: string) => `to_char(${col}, 'HH24:MI:SS')`;

export const TRIP_WRITE_COLUMNS: readonly Column[] = [
  ['serviceDate', 'service_date', "to_char(service_date, 'YYYY-MM-DD')"],
  ['serviceNumber', 'service_number'],
  ['serviceTypeRequested', 'service_type_requested'],
  ['daClass', 'da_class'],
  ['billToContactId', 'bill_to_contact_id'],
  ['authorizedBy', 'authorized_by'],
  ['authorized', 'authorized'],
  ['requestedBy', 'requested_by'],
  ['pca', 'pca'],
  ['passengersAdditional', 'passengers_additional'],
  ['schedulePriority', 'schedule_priority'],
  ['returnType', 'return_type'],
  ['willCall', 'will_call'],
  ['divisionId', 'division_id'],
];

export const LEG_WRITE_COLUMNS: readonly Column[] = [
  ['whichLeg', 'which_leg'],
  ['legOrder', 'leg_order'],
  ['passengerId', 'passenger_id'],
  ['passName', 'pass_name'],
  ['locFirstAction', 'loc_first_action'],
  ['locSecondAction', 'loc_second_action'],
  ['locationFirstId', 'location_first_id'],
  ['locationSecondId', 'location_second_id'],
  ['locFirstTimeOrd', 'loc_first_time_ord', hms('loc_first_time_ord')],
  ['locSecondTimeOrd', 'loc_second_time_ord', hms('loc_second_time_ord')],
  ['apptTime', 'appt_time', hms('appt_time')],
  ['apptType', 'appt_type'],
  ['apptToSee', 'appt_to_see'],
  ['serviceCode', 'service_code'],
  ['passNotes', 'pass_notes'],
  ['googleDrivingDistanceMeters', 'google_driving_distance_meters'],
  ['googleDrivingTime', 'google_driving_time'],
  ['googleDrivingTimeNoTraffic', 'google_driving_time_no_traffic'],
  ['webFields', 'web_fields'],
  ['status', 'status'],
  ['billToContactId', 'bill_to_contact_id'],
  ['divisionId', 'division_id'],
  ['memberId', 'member_id'],
  ['memberPlanId', 'member_plan_id'],
  ['lob', 'lob'],
  ['servDateBeg', 'serv_date_beg', "to_char(serv_date_beg, 'YYYY-MM-DD')"],
];

/** A select list reading the columns under their field names. */
export const readColumns = (columns: readonly Column[]) => columns.map(([field, column, read]) => `${read ?? column} as "${field}"`).join(', ');

export type Values = Record<string, unknown>;

const sameValue = (a: unknown, b: unknown) => JSON.stringify(a ?? null) === JSON.stringify(b ?? null);

/** The fields whose values differ, with both sides (for the audit row). */
export function changed(before: Values, after: Values): { before: Values; after: Values } | null {
  const b: Values = {};
  const a: Values = {};
  for (const key of Object.keys(after)) {
    if (sameValue(before[key], after[key])) continue;
    b[key] = before[key] ?? null;
    a[key] = after[key] ?? null;
  }
  return Object.keys(a).length ? { before: b, after: a } : null;
}

const param = (value: unknown) => (value !== null && typeof value === 'object' ? JSON.stringify(value) : value);

/** `col = $n` assignments of the given fields, with their parameters appended to params. */
export function assignments(columns: readonly Column[], values: Values, params: unknown[]): string[] {
  const sets: string[] = [];
  for (const [field, column] of columns) {
    if (!(field in values)) continue;
    params.push(param(values[field]));
    sets.push(`${column} = $${params.length}`);
  }
  return sets;
}

/** The column names and placeholders of an insert of the given fields. */
export function insertion(columns: readonly Column[], values: Values, params: unknown[]): { names: string[]; places: string[] } {
  const names: string[] = [];
  const places: string[] = [];
  for (const [field, column] of columns) {
    if (!(field in values)) continue;
    params.push(param(values[field]));
    names.push(column);
    places.push(`$${params.length}`);
  }
  return { names, places };
}
