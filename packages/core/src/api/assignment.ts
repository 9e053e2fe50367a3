import { z } from 'zod';
import { text } from './text.ts';
import { DriveAssignment } from '../trips/model.ts';
import { RecordId } from './search.ts';
import { endpoint } from './endpoint.ts';

// Acting on trips found by the staff search (spec 2 §9 bulk actions, 3 §2 partner picker): bulk
// changes by reference number or id, repairs, partner options and a decline phoned in by a partner.

const ReferenceNumbers = z
  .array(text().trim().min(1).max(10, 'A reference number has at most 10 characters'))
  .min(1, 'Choose at least one trip')
  .max(5000, 'At most 5000 trips at once');
const TripIds = z.array(RecordId).min(1, 'Choose at least one trip').max(5000, 'At most 5000 trips at once');

/** What a bulk action did: each trip changed, and each skipped with the reason. */
export const BulkResult = z.object({
  changed: z.array(z.object({ id: text(), referenceNumber: text() })),
  skipped: z.array(z.object({ id: text().nullable(), referenceNumber: text().nullable(), reason: text() })),
});
export type BulkResult = z.infer<typeof BulkResult>;

export const RepairResult = z.object({
  dryRun: z.boolean(),
  repaired: z.array(z.object({ referenceNumber: text(), fixes: z.array(text()) })),
  skipped: z.array(z.object({ referenceNumber: text(), reason: text() })),
});

/** A candidate partner for a trip (spec 3 §2 partner picker), best first by score. */
export const PartnerOption = z.object({
  providerId: text(),
  name: text(),
  contactNumber: z.number().nullable(),
  /** 0–100, higher is better (docs/partner-score.md). */
  score: z.number(),
  /** The parts of the score, for the picker to explain it. */
  parts: z.object({
    /** Base to pickup in miles to 0.1 (the mean over the trips when several are scored). */
    distanceMiles: z.number().nullable(),
    capable: z.boolean(),
    /** Serves the pickup ZIP code of every trip scored. */
    zipCovered: z.boolean(),
    tripsThatDay: z.number().int(),
    acceptanceRate: z.number().nullable(),
  }),
  /** Of the trips scored, how many pickup ZIP codes the partner serves. */
  coverage: z.object({ covered: z.number().int(), trips: z.number().int() }),
  /** The partner serves none of the pickups: the picker marks it 'Out-Of-Area'. */
  outOfArea: z.boolean(),
  inHouse: z.boolean(),
  /** The trip's current partner. */
  current: z.boolean(),
  /** Why the partner may not take the trip (a hold or a blacklist entry, core partnerRefusal), or null. */
  excluded: text().nullable().optional(),
});
export type PartnerOption = z.infer<typeof PartnerOption>;

export const assignmentEndpoints = {
  bulkUnCancel: endpoint({
    method: 'POST',
    path: 'drive-assignment-bulk-un-cancel',
    area: 'trip search',
    summary: "Restores the cancelled trips of a found set (today or later); 'No canceled DAs in found set' when none.",
    access: { roles: ['SecureEmployee'] },
    body: z.object({ referenceNumbers: ReferenceNumbers }),
    response: BulkResult,
  }),
  bulkReset: endpoint({
    method: 'POST',
    path: 'drive-assignment-bulk-reset',
    area: 'trip search',
    summary: "Clears the partner's answer (accepted/declined) so the partner answers again (today or later).",
    access: { roles: ['SecureEmployee'] },
    body: z.object({ referenceNumbers: ReferenceNumbers }),
    response: BulkResult,
  }),
  bulkAssign: endpoint({
    method: 'POST',
    path: 'drive-assignment-bulk-assign',
    area: 'trip search',
    summary: 'Assigns trips (today or later) to a partner.',
    access: { roles: ['SecureEmployee'] },
    body: z.object({ referenceNumbers: ReferenceNumbers, providerId: RecordId }),
    response: BulkResult,
  }),
  partnerCoverage: endpoint({
    method: 'POST',
    path: 'partner-coverage-for-das',
    area: 'trip search',
    summary:
      "The trips among those named whose pickup ZIP code the partner does not serve (Out-Of-Area), so a bulk assignment can be confirmed for every trip, not only the one the picker scored.",
    access: { roles: ['SecureEmployee'] },
    body: z.object({ referenceNumbers: ReferenceNumbers, providerId: RecordId }),
    response: z.object({
      /** Trips found in the caller's scope; unknown reference numbers are left out. */
      checked: z.number().int(),
      outOfArea: z.array(z.object({ referenceNumber: text(), zip: text().nullable() })),
    }),
  }),
  bulkCancel: endpoint({
    method: 'POST',
    path: 'bulk-cancel',
    area: 'trip search',
    summary: 'Cancels trips (today or later) by id.',
    access: { roles: ['SecureEmployee'] },
    body: TripIds,
    response: BulkResult,
  }),
  bulkUnassign: endpoint({
    method: 'POST',
    path: 'bulk-unassign',
    area: 'trip search',
    summary: 'Takes trips (today or later) away from their partner, by id.',
    access: { roles: ['SecureEmployee'] },
    body: TripIds,
    response: BulkResult,
  }),
  repairTrips: endpoint({
    method: 'POST',
    path: 'repair-trips',
    area: 'trip search',
    summary: 'Finds and fixes inconsistent trip data; dryRun reports without changing.',
    access: { roles: ['Admin', 'Encounters'] },
    body: z.object({ referenceNumbers: ReferenceNumbers, dryRun: z.boolean().default(true) }),
    response: RepairResult,
  }),
  partnerOptionsForTrips: endpoint({
    method: 'POST',
    path: 'partner-options-for-das',
    area: 'trip search',
    summary: 'Partners that could take several trips at once (a bulk assignment), best first by their mean score, with how many pickups each serves.',
    access: { roles: ['SecureEmployee'] },
    answers: [404],
    body: z.object({ referenceNumbers: ReferenceNumbers }),
    response: z.array(PartnerOption),
  }),
  partnerOptions: endpoint({
    method: 'GET',
    path: 'partner-options-for-da',
    area: 'trip search',
    summary: 'Partners that could take a trip, best first by score.',
    access: { roles: ['SecureEmployee'] },
    answers: [404],
    query: z.object({ referenceNumber: text().trim().min(1, 'Missing reference number').max(10) }),
    response: z.array(PartnerOption),
  }),
  declineOnBehalf: endpoint({
    method: 'POST',
    path: 'decline-da-on-behalf-of-partner',
    area: 'trip search',
    summary: "Records a partner's phoned-in decline of a trip.",
    access: { roles: ['SecureEmployee'] },
    answers: [404],
    body: z.object({ daId: RecordId, providerId: RecordId, reasonId: text().trim().min(1, 'Choose a reason for declining this trip').max(200) }),
    response: DriveAssignment,
  }),
};
