import {
  SEARCH_MSG,
  addDays,
  filterDateRange,
  filterNumberRange,
  filterTimeRange,
  isGroup,
  leafProblem,
  parseDistanceMiles,
  parseFilterJson,
  parsePriority,
  parseSearchDate,
  splitReferenceNumbers,
  type FilterKey,
  type FilterLeaf,
  type FilterNode,
  type TripSearchQuery,
} from '@tripline/core';
import type { SessionUser } from '../../platform/auth/users.ts';
import { badRequest } from '../../platform/errors.ts';
import { tripScope } from '../../platform/scope.ts';
import { isUuid } from '../trips/repository.ts';
import { likeLiteral } from '../../platform/db/like.ts';

/**
 * The staff trip search (spec 2 §2, §5; spec 3 §3 "Filter"; docs/trip-search.md) compiled to one SQL
 * condition over the trip alias `da`. Every key maps through the fixed table below to SQL written
 * here; whatever the user typed only ever reaches PostgreSQL as a bind parameter.
 */

/** Where a key's column lives: on the trip, on any of its legs, or on any of its partners' declines. */
type Scope = 'da' | 'leg' | 'decline';
type ValueType = 'text' | 'uuid' | 'int' | 'time' | 'date' | 'bool';

interface Column {
  scope: Scope;
  /** The column (on `da`, `tl` for legs, `d` for declines), or the boolean condition for 'bool'. */
  sql: string;
  type: ValueType;
  /** Compared without regard to case (names, addresses, free text). */
  ci?: boolean;
  /** The value is looked up in another table: `fk` (on the scope's row) names a row of `table` whose `col` is compared. */
  via?: { fk: string; table: string; col: string };
}

const SCOPES: Record<Exclude<Scope, 'da'>, { from: string; link: string }> = {
  leg: { from: 'trip_legs tl', link: 'tl.drive_assignment_id = da.id' },
  decline: { from: 'trip_declines d', link: 'd.drive_assignment_id = da.id' },
};

/** A company whose name starts with 'Secure' is in-house (spec 2 §6); lower(name) is indexed. */
const IN_HOUSE = `da.farmout_contact_id in (select x.id from contacts x where lower(x.name) like 'secure%' and x.name like 'Secure%')`;
const OON = 'da.farmout_contact_id in (select x.id from contacts x where x.oon)';

export const FILTER_COLUMNS: Record<FilterKey, Column> = {
  referenceNumber: { scope: 'da', sql: 'da.reference_number', type: 'text' },
  serviceDate: { scope: 'da', sql: 'da.service_date', type: 'date' },
  billingContactId: { scope: 'da', sql: 'da.bill_to_contact_id', type: 'uuid' },
  planId: { scope: 'leg', sql: 'x.code', type: 'text', via: { fk: 'tl.member_plan_id', table: 'plans', col: 'x.code' } },
  division: { scope: 'da', sql: 'x.code', type: 'text', via: { fk: 'da.division_id', table: 'divisions', col: 'x.code' } },
  affiliateId: { scope: 'da', sql: 'da.farmout_contact_id', type: 'uuid' },
  driverId: { scope: 'da', sql: 'da.driver_id', type: 'uuid' },
  accepted: { scope: 'da', sql: 'da.accepted', type: 'bool' },
  acceptedNonNull: { scope: 'da', sql: '(da.accepted or da.declined)', type: 'bool' },
  priority: { scope: 'da', sql: 'da.schedule_priority', type: 'int' },
  serviceType: { scope: 'da', sql: 'da.service_type_requested', type: 'text' },
  passengerId: { scope: 'leg', sql: 'tl.passenger_id', type: 'uuid' },
  passengerName: { scope: 'leg', sql: 'lower(x.name)', type: 'text', ci: true, via: { fk: 'tl.passenger_id', table: 'contacts', col: 'lower(x.name)' } },
  partnerPayStatus: { scope: 'da', sql: 'da.partner_pay_status', type: 'text' },
  whichLeg: { scope: 'leg', sql: 'tl.which_leg', type: 'text' },
  apptType: { scope: 'leg', sql: 'lower(tl.appt_type)', type: 'text', ci: true },
  apptTime: { scope: 'leg', sql: 'tl.appt_time', type: 'time' },
  pickupName: { scope: 'leg', sql: 'lower(x.name)', type: 'text', ci: true, via: { fk: 'tl.location_first_id', table: 'addresses', col: 'lower(x.name)' } },
  pickupAddress: { scope: 'leg', sql: 'x.search_text', type: 'text', ci: true, via: { fk: 'tl.location_first_id', table: 'addresses', col: 'x.search_text' } },
  pickupTimeOrdered: { scope: 'leg', sql: 'tl.loc_first_time_ord', type: 'time' },
  dropoffName: { scope: 'leg', sql: 'lower(x.name)', type: 'text', ci: true, via: { fk: 'tl.location_second_id', table: 'addresses', col: 'lower(x.name)' } },
  dropoffAddress: { scope: 'leg', sql: 'x.search_text', type: 'text', ci: true, via: { fk: 'tl.location_second_id', table: 'addresses', col: 'x.search_text' } },
  dropoffTimeOrdered: { scope: 'leg', sql: 'tl.loc_second_time_ord', type: 'time' },
  memberId: { scope: 'leg', sql: 'tl.member_id', type: 'text' },
  cancelledReason: { scope: 'da', sql: 'lower(da.cancelled_reason)', type: 'text', ci: true },
  cancelledWithoutCharge: { scope: 'da', sql: 'da.cancelled_without_charge', type: 'bool' },
  cancelledWithCharge: { scope: 'da', sql: 'da.cancelled_with_charge', type: 'bool' },
  willCall: { scope: 'da', sql: 'da.will_call', type: 'bool' },
  pca: { scope: 'da', sql: 'da.pca', type: 'bool' },
  daClass: { scope: 'da', sql: 'da.da_class', type: 'text' },
  lob: { scope: 'leg', sql: 'tl.lob', type: 'text' },
  rideService: { scope: 'da', sql: 'da.ride_service', type: 'text' },
  inHouse: { scope: 'da', sql: IN_HOUSE, type: 'bool' },
  oon: { scope: 'da', sql: OON, type: 'bool' },
  distanceMeters: { scope: 'leg', sql: 'tl.google_driving_distance_meters', type: 'int' },
  declinedByAffiliateId: { scope: 'decline', sql: 'd.partner_id', type: 'uuid' },
  id: { scope: 'da', sql: 'da.id', type: 'uuid' },
  flag: { scope: 'da', sql: 'da.flag', type: 'text' },
  flagNonNull: { scope: 'da', sql: 'da.flag is not null', type: 'bool' },
  tripConfirmStatusNonNull: { scope: 'da', sql: 'da.trip_confirm_status is not null', type: 'bool' },
};

export const NUL_MESSAGE = 'Search text cannot contain a NUL character';

/** LIKE treats % and _ as wildcards and \ as its escape: typed text matches itself only. */

/** Collects bind parameters; `$` answers the placeholder of a new one. */
export class Params {
  constructor(readonly list: unknown[] = []) {}
  $(value: unknown, cast = ''): string {
    // PostgreSQL text cannot hold a NUL character: refuse it rather than fail in the database
    const texts = Array.isArray(value) ? value : [value];
    if (texts.some((t) => typeof t === 'string' && t.includes('\u0000'))) throw badRequest(NUL_MESSAGE);
    this.list.push(value);
    return `$${this.list.length}${cast}`;
  }
}

const scalarText = (v: unknown) => String(v).trim();

/** The condition a column meets for one leaf's values (the positive form, before notIn). */
function positive(col: Column, leaf: FilterLeaf, p: Params, today: string): string {
  const target = col.via ? col.via.col : col.sql;
  const values = (Array.isArray(leaf.value) ? leaf.value : [leaf.value]).map(scalarText);
  const lowered = (ph: string) => (col.ci ? `lower(${ph})` : ph);
  let cond: string;
  switch (col.type) {
    case 'text':
      if (leaf.op === 'startsWith' || leaf.op === 'contains') {
        const pattern = (leaf.op === 'contains' ? '%' : '') + likeLiteral(values[0]) + '%';
        cond = `${target} like ${lowered(p.$(pattern))}`;
      } else if (values.length === 1) {
        cond = `${target} = ${lowered(p.$(values[0]))}`;
      } else {
        cond = col.ci ? `${target} = any(array(select lower(v) from unnest(${p.$(values, '::text[]')}) v))` : `${target} = any(${p.$(values, '::text[]')})`;
      }
      break;
    case 'uuid':
      // validateFilter has checked each is an id; anything else still matches nothing
      cond = values.length === 1 ? `${target} = ${p.$(isUuid(values[0]) ? values[0] : null, '::uuid')}` : `${target} = any(${p.$(values.filter(isUuid), '::uuid[]')})`;
      break;
    case 'int':
      cond = values
        .map((v) => {
          const r = filterNumberRange(v);
          return r.max === null ? `${target} >= ${p.$(r.min, '::int')}` : `${target} between ${p.$(r.min, '::int')} and ${p.$(r.max, '::int')}`;
        })
        .join(' or ');
      break;
    case 'time':
      cond = values
        .map((v) => {
          const r = filterTimeRange(v);
          return `${target} between ${p.$(r.from, '::time')} and ${p.$(r.to, '::time')}`;
        })
        .join(' or ');
      break;
    case 'date': {
      const r = filterDateRange(values[0], today, addDays);
      cond = `${target} between ${p.$(r.from, '::date')} and ${p.$(r.to, '::date')}`;
      break;
    }
    default:
      throw new Error(`a ${col.type} column has no value comparison`);
  }
  if (values.length > 1 && (col.type === 'int' || col.type === 'time')) cond = `(${cond})`;
  return col.via ? `${col.via.fk} in (select x.id from ${col.via.table} x where ${cond})` : cond;
}

/**
 * One leaf as a condition on the trip: "a leg / decline of the trip matches", or "none does" for
 * notIn and "is empty". With `probe` (the search already narrows the trips by date, reference,
 * id or driver) each remaining trip's legs are checked one trip at a time; without it PostgreSQL
 * may start from the legs (a name or member search over every day).
 */
function compileLeaf(leaf: FilterLeaf, p: Params, today: string, probe = false): string {
  const col = FILTER_COLUMNS[leaf.key];
  if (col.type === 'bool') return leaf.value === true ? `(${col.sql})` : `not coalesce(${col.sql}, false)`;
  const within = (cond: string, join = '') => {
    if (col.scope === 'da') return cond;
    const { from, link } = SCOPES[col.scope];
    // a subquery with LIMIT is not turned into a join: it runs for each trip the anchor found
    return probe ? `coalesce((select true from ${from}${join} where ${link} and ${cond} limit 1), false)` : `exists (select 1 from ${from}${join} where ${link} and ${cond})`;
  };
  if (leaf.value === null) {
    const base = col.via ? col.via.fk : col.sql;
    return col.scope === 'da' ? `${base} is null` : `not ${within(`${base} is not null`)}`;
  }
  if (probe && col.via && col.scope !== 'da') {
    // checked trip by trip, the looked-up row is joined by its key rather than searched for
    const join = ` join ${col.via.table} x on x.id = ${col.via.fk}`;
    const cond = positive({ ...col, via: undefined, sql: col.via.col }, leaf, p, today);
    return leaf.op === 'notIn' ? `not ${within(cond, join)}` : within(cond, join);
  }
  const cond = positive(col, leaf, p, today);
  if (leaf.op !== 'notIn') return within(cond);
  return col.scope === 'da' ? `not coalesce(${cond}, false)` : `not ${within(cond)}`;
}

/** A validated custom query as one condition; groups nest in parentheses. */
export function compileFilter(node: FilterNode, p: Params, today: string, probe = false): string {
  if (!isGroup(node)) return compileLeaf(node, p, today, probe);
  if (node.filters.length === 0) return node.logicalOp === 'and' ? 'true' : 'false';
  const joiner = node.logicalOp === 'or' ? ' or ' : ' and ';
  return `(${node.filters.map((f) => compileFilter(f, p, today, probe)).join(joiner)})`;
}

/** Trip columns whose index finds few trips: a search holding one of them checks legs trip by trip. */
const TRIP_ANCHORS: readonly FilterKey[] = ['serviceDate', 'referenceNumber', 'id', 'driverId'];
const anchoredFilter = (node: FilterNode) =>
  isGroup(node) &&
  node.logicalOp === 'and' &&
  node.filters.some((f) => !isGroup(f) && TRIP_ANCHORS.includes(f.key) && f.op !== 'notIn' && f.value !== null && !String(f.value).includes('..'));

/** A parameter of /admin/trips as a filter leaf, refused with the same message the filter editor shows. */
function paramLeaf(key: FilterKey, op: FilterLeaf['op'], value: FilterLeaf['value'], path: string): FilterLeaf {
  const leaf: FilterLeaf = { key, op, value };
  const problem = leafProblem(leaf);
  if (problem) throw badRequest(problem, [{ path, message: problem }]);
  return leaf;
}

const filled = (v: string | undefined): v is string => v !== undefined && v.trim() !== '';

/** The date range of serviceDate..serviceDateMax, each in any accepted form or relative to today. */
function dateRange(q: TripSearchQuery, today: string): { from: string | null; to: string | null } {
  const read = (text: string | undefined, path: string) => {
    if (!filled(text)) return null;
    const day = parseSearchDate(text, today);
    if (!day) throw badRequest(SEARCH_MSG.INVALID_DATE, [{ path, message: SEARCH_MSG.INVALID_DATE }]);
    return day;
  };
  const from = read(q.serviceDate, 'serviceDate');
  const to = read(q.serviceDateMax, 'serviceDateMax');
  if (from && to && from > to) throw badRequest(SEARCH_MSG.DATE_RANGE, [{ path: 'serviceDateMax', message: SEARCH_MSG.DATE_RANGE }]);
  return { from, to };
}

/** The cancellation filter of the search form (docs/trip-search.md). */
const CANCEL_CONDITIONS: Record<string, string> = {
  active: 'not (da.canceled or da.cancelled_with_charge or da.cancelled_without_charge)',
  canceled: '(da.canceled or da.cancelled_with_charge or da.cancelled_without_charge)',
  withCharge: 'da.cancelled_with_charge',
  withoutCharge: 'da.cancelled_without_charge',
};

/**
 * The whole search as one condition over `da`: the caller's row scope (always; null only for
 * trusted server code), every /admin/trips parameter present, and the custom query.
 */
export function compileTripSearch(q: TripSearchQuery, user: SessionUser | null, today: string, params: unknown[]): string {
  const p = new Params(params);
  const parts: string[] = [user ? tripScope(user, params) : 'true'];
  const parsed = filled(q.filter) ? parseFilterJson(q.filter) : null;
  if (parsed && !parsed.ok) throw badRequest(parsed.message, [{ path: 'filter', message: parsed.message }]);
  // one day, a reference list, an id or a driver: few enough trips to check their legs one by one
  const oneDay = filled(q.serviceDate) && (!filled(q.serviceDateMax) || q.serviceDateMax.trim() === q.serviceDate.trim());
  const probe = oneDay || [q.id, q.referenceNumber, q.driverId].some(filled) || (parsed?.ok === true && anchoredFilter(parsed.filter));
  const add = (leaf: FilterLeaf) => parts.push(compileLeaf(leaf, p, today, probe));

  if (filled(q.id)) {
    // spec 1 §9: a reference longer than 10 characters is an id, a shorter one a reference number
    const id = q.id.trim();
    parts.push(id.length > 10 ? `da.id = ${p.$(isUuid(id) ? id : null, '::uuid')}` : `da.reference_number = ${p.$(id)}`);
  }
  const { from, to } = dateRange(q, today);
  if (from) parts.push(to ? `da.service_date between ${p.$(from, '::date')} and ${p.$(to, '::date')}` : `da.service_date = ${p.$(from, '::date')}`);
  else if (to) parts.push(`da.service_date <= ${p.$(to, '::date')}`);

  const text: [FilterKey, string | undefined][] = [
    ['division', q.division],
    ['flag', q.flag],
    ['memberId', q.memberId],
    ['apptType', q.apptType],
    ['planId', q.planId],
    ['daClass', q.daClass],
    ['rideService', q.rideService],
    ['lob', q.lob],
  ];
  for (const [key, value] of text) if (filled(value)) add(paramLeaf(key, 'eq', value.trim(), key));
  const ids: [FilterKey, string | undefined][] = [
    ['affiliateId', q.affiliateId],
    ['passengerId', q.passengerId],
    ['driverId', q.driverId],
    ['billingContactId', q.billingContactId],
  ];
  for (const [key, value] of ids) if (filled(value)) add(paramLeaf(key, 'eq', value.trim(), key));

  if (filled(q.referenceNumber)) add({ key: 'referenceNumber', op: 'in', value: splitReferenceNumbers(q.referenceNumber) });
  if (filled(q.apptTime)) add(paramLeaf('apptTime', 'eq', q.apptTime.trim(), 'apptTime'));
  if (q.whichLeg) add({ key: 'whichLeg', op: 'eq', value: q.whichLeg });
  // spec 2 §2: pickupName / dropoffName find the text anywhere in the place's name or address
  for (const [value, fk] of [
    [q.pickupName, 'tl.location_first_id'],
    [q.dropoffName, 'tl.location_second_id'],
  ] as const) {
    if (!filled(value)) continue;
    const pattern = p.$(`%${likeLiteral(value.trim())}%`);
    if (probe) {
      const matches = `(lower(x.name) like lower(${pattern}) or x.search_text like lower(${pattern}))`;
      parts.push(`coalesce((select true from trip_legs tl join addresses x on x.id = ${fk} where tl.drive_assignment_id = da.id and ${matches} limit 1), false)`);
    } else {
      const places = `select x.id from addresses x where lower(x.name) like lower(${pattern}) union select x.id from addresses x where x.search_text like lower(${pattern})`;
      parts.push(`exists (select 1 from trip_legs tl where tl.drive_assignment_id = da.id and ${fk} in (${places}))`);
    }
  }
  for (const [key, value] of [
    ['inHouse', q.inHouse],
    ['oon', q.oon],
    ['flagNonNull', q.flagNonNull],
  ] as const) {
    if (value) add({ key, op: 'eq', value: value === 'true' });
  }
  if (filled(q.priority)) {
    const r = parsePriority(q.priority);
    if (!r) throw badRequest(SEARCH_MSG.INVALID_PRIORITY, [{ path: 'priority', message: SEARCH_MSG.INVALID_PRIORITY }]);
    add({ key: 'priority', op: 'eq', value: r.max === null ? `${r.min}+` : `${r.min}-${r.max}` });
  }
  if (filled(q.distanceMiles)) {
    const r = parseDistanceMiles(q.distanceMiles);
    if (!r) throw badRequest(SEARCH_MSG.INVALID_DISTANCE, [{ path: 'distanceMiles', message: SEARCH_MSG.INVALID_DISTANCE }]);
    add({ key: 'distanceMeters', op: 'eq', value: `${r.minMeters}-${r.maxMeters}` });
  }
  if (q.cancelType && q.cancelType !== 'all') parts.push(CANCEL_CONDITIONS[q.cancelType]);
  if (filled(q.serviceTypes)) {
    const codes = [...new Set(q.serviceTypes.split(/[\s,]+/).filter(Boolean))];
    if (codes.length > 0) add(paramLeaf('serviceType', 'in', codes, 'serviceTypes'));
  }
  if (parsed?.ok) parts.push(compileFilter(parsed.filter, p, today, probe));
  return parts.join(' and ');
}

