import { z } from 'zod';
import { text } from '../api/text.ts';
import { IsoDate } from '../trips/model.ts';
import { HOLD_TYPES } from './holds.ts';
import { CARE_MSG } from './messages.ts';
import { BLACKLIST_REQUESTERS } from './partner-refusal.ts';

// The shapes of infectious diseases, holds, blacklists, duplicates and merges (spec 2 §3, 3 §3).

const recordId = (missing: string) =>
  z.uuid({ error: (iss) => (iss.input === undefined || iss.input === null || iss.input === '' ? missing : 'Must be a record id') });
const Id = recordId('Missing record id');
const Bool = z.union([z.boolean(), z.stringbool({ error: 'Use true or false' })]);

export const InfectiousDisease = z.object({
  id: text(),
  contactId: text(),
  disease: text(),
  startDate: IsoDate,
  endDate: IsoDate,
  cancel: z.boolean(),
  agentName: text(),
  /** Not cancelled and within its dates on the day asked about (today unless `date`). */
  active: z.boolean(),
  modCount: z.number().int(),
  created: text(),
});
export type InfectiousDisease = z.infer<typeof InfectiousDisease>;

export const InfectiousDiseaseQuery = z.object({ contactId: recordId(CARE_MSG.SAVE_CONTACT_FIRST), date: IsoDate.optional() });

/** A new disease (no id) or a change of one (id and modCount); agentName is always the recording user. */
export const InfectiousDiseaseInput = z
  .object({
    id: Id.optional(),
    modCount: z.number().int().min(0).optional(),
    contactId: recordId(CARE_MSG.SAVE_CONTACT_FIRST),
    disease: text({ error: CARE_MSG.DISEASE_REQUIRED }).trim().min(1, CARE_MSG.DISEASE_REQUIRED).max(100, 'The disease has at most 100 characters'),
    startDate: IsoDate,
    endDate: IsoDate.nullish(),
    cancel: z.boolean().default(false),
    agentName: text().max(200).nullish(),
  })
  .refine((d) => !d.endDate || d.endDate >= d.startDate, { message: CARE_MSG.END_BEFORE_START, path: ['endDate'] })
  .refine((d) => d.id === undefined || d.modCount !== undefined, { message: 'modCount is required to change a disease', path: ['modCount'] });

const HoldTypeField = z.enum(HOLD_TYPES);

export const ProviderHold = z.object({
  id: text(),
  providerId: text(),
  providerName: text(),
  type: HoldTypeField,
  startDate: IsoDate,
  beginDate: IsoDate,
  endDate: IsoDate,
  openEnded: z.boolean(),
  reason: text().nullable(),
  createdBy: text().nullable(),
  /** In effect today. */
  current: z.boolean(),
});
export type ProviderHold = z.infer<typeof ProviderHold>;

export const HoldInput = z
  .object({
    providerId: recordId(CARE_MSG.SAVE_PROVIDER_FIRST),
    type: HoldTypeField,
    /** Placed on; the server records today. */
    startDate: IsoDate.nullish(),
    beginDate: IsoDate,
    /** Omitted or 2078-12-31: open-ended. */
    endDate: IsoDate.nullish(),
    reason: text().trim().max(500, 'The reason has at most 500 characters').nullish(),
    /** Lists the trips the hold touches, for the confirmation, without placing it. */
    dryRun: z.boolean().default(false),
  })
  .refine((h) => !h.endDate || h.endDate >= h.beginDate, { message: CARE_MSG.END_BEFORE_BEGIN, path: ['endDate'] });

/** A trip of the partner in the hold's window, and what the hold does to it. */
export const HoldTrip = z.object({
  id: text(),
  referenceNumber: text(),
  serviceDate: IsoDate,
  passengerName: text().nullable(),
  /** A Suspension takes it from the partner; otherwise it stays. */
  unassigned: z.boolean(),
});

export const HoldResult = z.object({
  dryRun: z.boolean(),
  hold: ProviderHold.nullable(),
  trips: z.array(HoldTrip),
  confirm: text(),
});

export const BlacklistEntry = z.object({
  id: text(),
  partnerId: text(),
  partnerName: text(),
  passengerId: text(),
  passengerName: text(),
  requestedBy: z.enum(BLACKLIST_REQUESTERS),
  endDate: IsoDate.nullable(),
  notes: text().nullable(),
  deleted: z.boolean(),
  modCount: z.number().int(),
  created: text(),
});
export type BlacklistEntry = z.infer<typeof BlacklistEntry>;

export const BlacklistQuery = z
  .object({ passengerId: Id.optional(), providerId: Id.optional() })
  .refine((q) => (q.passengerId === undefined) !== (q.providerId === undefined), { message: CARE_MSG.ONE_SIDE });

export const BlacklistInput = z
  .object({
    id: Id.optional(),
    modCount: z.number().int().min(0).optional(),
    partnerId: recordId(CARE_MSG.SAVE_PROVIDER_FIRST),
    passengerId: recordId(CARE_MSG.SAVE_PASSENGER_FIRST),
    requestedBy: z.enum(BLACKLIST_REQUESTERS),
    endDate: IsoDate.nullish(),
    notes: text().trim().max(500, 'Notes have at most 500 characters').nullish(),
    /** Removes the entry (kept for its history). */
    deleted: z.boolean().default(false),
  })
  .refine((b) => b.id === undefined || b.modCount !== undefined, { message: 'modCount is required to change an entry', path: ['modCount'] });

export const DuplicateCandidate = z.object({
  id: text(),
  contactNumber: z.number(),
  name: text(),
  types: z.array(text()),
  dateOfBirth: IsoDate.nullable(),
  memberId: text().nullable(),
  modCount: z.number().int(),
  reasons: z.array(text()),
});

export const MergeInput = z.object({
  dryRun: Bool.default(true),
  keepId: Id,
  mergeId: Id,
  keepModCount: z.number().int().min(0),
  mergeModCount: z.number().int().min(0),
});

/** What a merge changed (or, dry, would change) in one table's column. */
export const MergeCount = z.object({ table: text(), column: text(), moved: z.number().int(), dropped: z.number().int() });

export const MergeResult = z.object({
  dryRun: z.boolean(),
  keepId: text(),
  mergeId: text(),
  types: z.array(text()),
  counts: z.array(MergeCount),
  /** Rows of the merged contact that repeated one of the kept contact's and were dropped, in words. */
  conflicts: z.array(text()),
});
export type MergeResult = z.infer<typeof MergeResult>;

export const CareSummary = z.object({
  id: text(),
  contactNumber: z.number(),
  name: text(),
  types: z.array(text()),
  ldapGroups: z.array(text()),
  adminAccess: z.boolean(),
  mfaRequired: z.boolean(),
  canSignIn: z.boolean(),
  deleted: z.boolean(),
  mergedInto: z.object({ id: text(), contactNumber: z.number(), name: text() }).nullable(),
  isPartner: z.boolean(),
  isPassenger: z.boolean(),
  modCount: z.number().int(),
  prefProvider: z.object({ id: text(), name: text() }).nullable(),
});
export type CareSummary = z.infer<typeof CareSummary>;

export const TripDaysQuery = z
  .object({ contactId: Id, from: IsoDate, to: IsoDate })
  .refine((q) => q.to >= q.from, { message: CARE_MSG.END_BEFORE_START, path: ['to'] })
  .refine((q) => q.to <= addMonthsLimit(q.from), { message: 'At most 62 days at once', path: ['to'] });

/** The last day a calendar may ask for: 62 days after `from` (any text that is no date: no limit). */
function addMonthsLimit(from: string): string {
  const [y, m, d] = from.split('-').map(Number);
  const t = new Date(Date.UTC(y, m - 1, d + 62));
  return Number.isNaN(t.getTime()) || y < 1000 ? '9999-12-31' : t.toISOString().slice(0, 10);
}

export const ContactTrip = z.object({
  id: text(),
  referenceNumber: text(),
  serviceDate: IsoDate,
  pickupTime: text().nullable(),
  canceled: z.boolean(),
  partnerName: text().nullable(),
  /** How the contact takes part: Passenger, Partner, Driver or Bill To. */
  role: text(),
});
