import { z } from 'zod';
import type { Endpoint } from './endpoint.ts';
import { endpoint } from './endpoint.ts';
import { IsoDate, text } from './text.ts';
import { RecordId } from './search.ts';
import { MarketplaceTrip } from '../marketplace/row.ts';
import { MARKETPLACE_DEFAULT_RANGE, MARKETPLACE_MAX_CLAIM, MARKETPLACE_MSG } from '../marketplace/rules.ts';

// Marketplace: offered trips and race-safe claims (spec 1 §4, 2 §4, §7).

const Zip = text().trim().regex(/^\d{5}$/, MARKETPLACE_MSG.ZIP);

/** Reference numbers as a query carries them: repeated, or separated by commas or spaces. */
const ReferenceList = z
  .union([text(), z.array(text())])
  .transform((v) => (Array.isArray(v) ? v : [v]).flatMap((s) => s.split(/[\s,]+/)).map((s) => s.trim()).filter(Boolean))
  .pipe(z.array(text().max(10, 'A reference number has at most 10 characters')).max(500, 'At most 500 reference numbers at once'));

export const MarketplaceQuery = z.object({
  /** The service date, today to 6 days ahead (the operator's today when absent). */
  date: IsoDate.optional(),
  /** Distances are measured from this ZIP code (default: the partner's base ZIP; staff: none, no range limit). */
  zip: Zip.optional(),
  /** Miles from the ZIP, 1–300 (default 50). */
  range: z.coerce.number({ error: MARKETPLACE_MSG.RANGE }).int(MARKETPLACE_MSG.RANGE).default(MARKETPLACE_DEFAULT_RANGE),
  /** Words matched against reference, city, ZIP, county, facility and service type. */
  q: text().trim().max(200, 'The search text has at most 200 characters').optional(),
  /** Exactly these trips, on any date (date, zip and range are then not applied). */
  referenceNumbers: ReferenceList.optional(),
  /** Staff: the partner whose view (rates, coverage, declines) to show; without it staff see every offered trip unpriced. */
  affiliateId: RecordId.optional(),
});

export const MarketplaceTrips = z.object({
  driveAssignments: z.array(MarketplaceTrip),
  /**
   * Where distances and the range are measured from: the filter's ZIP, else the partner's base
   * ZIP (the screen's default); null when there is none (staff without a ZIP: no range applied).
   */
  origin: z.object({ zip: text().nullable(), lat: z.number(), lng: z.number() }).nullable(),
  /** Offered trips of the date per passenger key (the linked-trips badge shows counts above 1). */
  tripCountsByPassenger: z.record(text(), z.number().int()),
});
export type MarketplaceTrips = z.infer<typeof MarketplaceTrips>;

const ClaimOutcome = z.object({ id: text(), referenceNumber: text().nullable(), message: text() });

export const MarketplaceAcceptResult = z.object({
  accepted: z.array(z.object({ id: text(), referenceNumber: text() })),
  /** Each trip not claimed, with why (core marketplaceClaimRefusal); unknown ids have no reference number. */
  failed: z.array(ClaimOutcome),
  /** Claimed, but worth knowing: the pickup is outside the company's ZIP coverage. */
  warnings: z.array(ClaimOutcome),
});
export type MarketplaceAcceptResult = z.infer<typeof MarketplaceAcceptResult>;

export const marketplaceEndpoints = {
  marketplaceTrips: endpoint({
    method: 'GET',
    path: 'marketplace-trips',
    area: 'marketplace',
    summary:
      "Offered trips of a date within range miles of a ZIP code (or exactly the trips referenceNumbers names, any date). Partners receive every offered trip redacted (no passenger name, phone, member id or street; coordinates to 0.01°) with their own rate or NoRate, except trips they declined; staff receive the full rows.",
    access: { roles: ['Affiliate', 'SecureEmployee'] },
    query: MarketplaceQuery,
    response: MarketplaceTrips,
  }),
  marketplaceAccept: endpoint({
    method: 'POST',
    path: 'marketplace-accept',
    area: 'marketplace',
    summary:
      "A partner claims offered trips (1–100 ids): each is checked on the locked row and farmed out to the partner, accepted; a passenger's trips of a day in the request are claimed together or not at all. Staff may not claim.",
    access: { roles: ['Affiliate'] },
    body: z
      .array(RecordId, { error: 'Send the ids of the trips to claim' })
      .min(1, 'Choose at least one trip')
      .max(MARKETPLACE_MAX_CLAIM, `At most ${MARKETPLACE_MAX_CLAIM} trips at once`),
    response: MarketplaceAcceptResult,
  }),
} satisfies Record<string, Endpoint>;
