import { z } from 'zod';
import { text } from './text.ts';
import { DriveAssignment, IsoDate } from '../trips/model.ts';
import type { FilterGroup } from '../trips/filter.ts';
import { FilterNodeSchema, parseFilterJson } from '../trips/filter-json.ts';
import {
  CANCEL_TYPES,
  SEARCH_MSG,
  parseDistanceMiles,
  parsePriority,
  searchAnchors,
  searchLimit,
  splitReferenceNumbers,
} from '../trips/search.ts';
import { TRIP_LIST_VIEWS } from '../trips/list-row.ts';
import { endpoint } from './endpoint.ts';

export const RecordId = text().trim().min(1, 'Missing record id').max(36, 'Not a record id');
const Text = (max = 100) => text().trim().max(max, `At most ${max} characters`);
const Bool = z.enum(['true', 'false'], { error: 'Use true or false' });
/** A date in any accepted form (DECISIONS 2) or relative ("+3"); the server resolves it against today. */
const SearchDate = text().trim().max(20, 'Enter a date like 2026-11-22 or 11/22/2026');

/**
 * GET drive-assignments (spec 1 §7, 2 §2): one trip by id or referenceNumber, a partner's day
 * (serviceDate), or the staff search with every /admin/trips parameter plus `limit` (a batch size)
 * and `filter` (a custom query as JSON). Unknown parameters are ignored (showTab is the screen's).
 * `view=list` answers each trip's list row (TripListRow) instead of the full trip.
 */
export const TripSearchQuery = z
  .object({
    id: RecordId.optional(),
    serviceDate: SearchDate.optional(),
    serviceDateMax: SearchDate.optional(),
    division: Text(10).optional(),
    flag: Text(40).optional(),
    affiliateId: RecordId.optional(),
    /** One reference number, or several separated by commas or spaces. */
    referenceNumber: Text(2000).optional(),
    memberId: Text(40).optional(),
    apptType: Text(60).optional(),
    apptTime: Text(20).optional(),
    planId: Text(40).optional(),
    passengerId: RecordId.optional(),
    daClass: Text(20).optional(),
    driverId: RecordId.optional(),
    whichLeg: z.enum(['A', 'B'], { error: 'Leg is A or B' }).optional(),
    pickupName: Text(100).optional(),
    dropoffName: Text(100).optional(),
    rideService: Text(40).optional(),
    inHouse: Bool.optional(),
    oon: Bool.optional(),
    lob: Text(40).optional(),
    flagNonNull: Bool.optional(),
    billingContactId: RecordId.optional(),
    priority: text().trim().max(10, SEARCH_MSG.INVALID_PRIORITY).optional(),
    distanceMiles: text().trim().max(20, SEARCH_MSG.INVALID_DISTANCE).optional(),
    cancelType: z.enum(CANCEL_TYPES, { error: `Cancel type is one of ${CANCEL_TYPES.join(', ')}` }).optional(),
    /** Service type codes separated by commas, e.g. 01,03. */
    serviceTypes: Text(100).optional(),
    showTab: Text(40).optional(),
    /** Rows to answer (core searchLimit): 250 when absent; the screen's 100–1000, API clients up to 10,000. */
    limit: text()
      .trim()
      .optional()
      .refine((v) => searchLimit(v) !== null, SEARCH_MSG.INVALID_BATCH),
    /** A custom query (spec 3 §3) as JSON text. */
    filter: text().max(100_000, 'The custom query is too long').optional(),
    /** full (the default): whole trips; list: each trip's list row, what a list shows and its row menu reads. */
    view: z.enum(TRIP_LIST_VIEWS, { error: `View is ${TRIP_LIST_VIEWS.join(' or ')}` }).optional(),
  })
  .superRefine((q, ctx) => {
    const filled = (v: string | undefined) => v !== undefined && v.trim() !== '';
    if (filled(q.priority) && !parsePriority(q.priority!)) ctx.addIssue({ code: 'custom', path: ['priority'], message: SEARCH_MSG.INVALID_PRIORITY });
    if (filled(q.distanceMiles) && !parseDistanceMiles(q.distanceMiles!))
      ctx.addIssue({ code: 'custom', path: ['distanceMiles'], message: SEARCH_MSG.INVALID_DISTANCE });
    if (filled(q.referenceNumber) && splitReferenceNumbers(q.referenceNumber!).some((r) => r.length > 10))
      ctx.addIssue({ code: 'custom', path: ['referenceNumber'], message: 'A reference number has at most 10 characters' });
    if (filled(q.filter)) {
      const parsed = parseFilterJson(q.filter!);
      if (!parsed.ok) ctx.addIssue({ code: 'custom', path: ['filter'], message: parsed.message });
    } else if (!filled(q.id) && searchAnchors(q).length === 0) {
      ctx.addIssue({ code: 'custom', path: [], message: SEARCH_MSG.CRITERIA_REQUIRED });
    }
  });
export type TripSearchQuery = z.output<typeof TripSearchQuery>;

export const TripList = z.object({
  rows: z.array(DriveAssignment),
  /** Every matching trip in the caller's scope; more than rows.length when the batch size cut it. */
  total: z.number().int(),
});

export const CannedQuery = z.object({
  id: text(),
  name: text(),
  json: FilterNodeSchema,
  /** Built in (UrgentUnaccepted): cannot be changed or deleted. */
  builtIn: z.boolean(),
  createdBy: text().nullable(),
  modCount: z.number().int(),
});
export type CannedQuery = z.infer<typeof CannedQuery>;
export const CannedQueryBody = z.object({
  /** Absent for a new query. */
  id: RecordId.optional(),
  name: text().trim().min(1, 'Name the query').max(80, 'At most 80 characters'),
  json: FilterNodeSchema,
  modCount: z.number().int().min(0).optional(),
});

const StopEta = z.object({
  ordered: text().nullable(),
  scheduled: text().nullable(),
  estimated: text().nullable(),
  actual: text().nullable(),
  /** Whole minutes after the ordered time (negative: early). */
  minutesLate: z.number().nullable(),
  /** spec 2 §4 pickup and drop-off marks. */
  mark: z.enum(['success', 'warning', 'danger']).nullable(),
});
/** One leg of the ETAs tab (trip inspect). */
export const LegEta = z.object({ legId: text(), whichLeg: text(), status: text(), pickup: StopEta, dropoff: StopEta });
export type LegEta = z.infer<typeof LegEta>;

export const CsvExportBody = z.object({
  dateFrom: text().trim().min(1, 'Enter the first date').max(20),
  dateTo: text().trim().min(1, 'Enter the last date').max(20),
  passwordVerify: text().min(1, 'Enter your password to download').max(200),
  /** The rest of the search (the same parameters as GET drive-assignments), optional. */
  search: z.record(text(), text().max(100_000)).optional(),
});

export const searchEndpoints = {
  cannedQueries: endpoint({
    method: 'GET',
    path: 'canned-queries',
    area: 'trip search',
    summary: 'Saved custom queries, the built-in UrgentUnaccepted first.',
    access: { roles: ['SecureEmployee'] },
    response: z.array(CannedQuery),
  }),
  cannedQueryGet: endpoint({
    method: 'GET',
    path: 'canned-query',
    area: 'trip search',
    summary: 'One saved custom query by id.',
    access: { roles: ['SecureEmployee'] },
    answers: [404],
    query: z.object({ id: RecordId }),
    response: CannedQuery,
  }),
  cannedQuerySave: endpoint({
    method: 'POST',
    path: 'canned-query',
    area: 'trip search',
    summary: 'Saves a custom query (new without id; with id and modCount it replaces that one).',
    access: { roles: ['SecureEmployee'] },
    answers: [404, 409],
    body: CannedQueryBody,
    response: CannedQuery,
  }),
  cannedQueryDelete: endpoint({
    method: 'DELETE',
    path: 'canned-query',
    area: 'trip search',
    summary: 'Deletes a saved custom query.',
    access: { roles: ['SecureEmployee'] },
    answers: [404],
    query: z.object({ id: RecordId }),
    response: z.object({ id: text() }),
  }),
  patchDetailed: endpoint({
    method: 'PATCH',
    path: 'drive-assignments-detailed',
    area: 'trip search',
    summary:
      "Changes a trip's partner (farmoutContactNumber, farmoutCompany), its notes (notesSummary, legs' passNotes) or its marketplace offer (marketplaceUntil: an instant from pickup − 3 days to pickup − 16 h, now once that range has passed; null withdraws).",
    access: { roles: ['SecureEmployee'] },
    answers: [404, 409],
    body: z.object({
      id: RecordId,
      modCount: z.number().int().min(0),
      farmoutContactNumber: z.number().int().nullable().optional(),
      farmoutCompany: text().max(200).nullable().optional(),
      notesSummary: text().max(4000).nullable().optional(),
      tripLegs: z.array(z.object({ id: RecordId, passNotes: text().max(4000).nullable() })).max(20).optional(),
      /** Offers the trip in the marketplace until this instant (exclusive to its partner before it), or null withdraws it. */
      marketplaceUntil: z.iso.datetime({ offset: true, error: 'Give the instant as an ISO date and time' }).nullable().optional(),
    }),
    response: DriveAssignment,
  }),
  tripEtas: endpoint({
    method: 'GET',
    path: 'drive-assignment-etas',
    area: 'trip search',
    summary: "A trip's legs with ordered, scheduled, estimated and actual times and how late each stop was (trip inspect, ETAs tab).",
    access: { signedIn: true },
    answers: [404],
    query: z.object({ id: RecordId }),
    response: z.array(LegEta),
  }),
  tripsByPassengerDay: endpoint({
    method: 'GET',
    path: 'drive-assignments-by-passenger-service-date',
    area: 'trip search',
    summary: "The passenger's trips of one day (trip inspect, related trips), in the caller's scope.",
    access: { signedIn: true },
    query: z.object({ passengerId: RecordId, serviceDate: IsoDate }),
    response: z.array(DriveAssignment),
  }),
  csvExport: endpoint({
    method: 'POST',
    path: 'reports/csv/driveAssignments',
    area: 'trip search',
    summary: 'Prepares a CSV download of a search after re-checking the password; answers a one-time download URL.',
    access: { roles: ['SecureEmployee', 'Affiliate'] },
    answers: [429],
    body: CsvExportBody,
    response: z.object({ url: text(), expiresAt: text() }),
  }),
  csvDownload: endpoint({
    method: 'GET',
    path: 'reports/csv/driveAssignments',
    area: 'trip search',
    summary: 'Streams a prepared CSV download (one use, short-lived token).',
    access: { roles: ['SecureEmployee', 'Affiliate'] },
    answers: [404],
    query: z.object({ token: text().trim().min(1).max(200) }),
    raw: true,
  }),
};

export type { FilterGroup };
