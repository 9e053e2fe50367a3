import {
  isStaff,
  linkedGroups,
  marketplaceClaimRefusal,
  MARKETPLACE_MSG,
  type Claimer,
  type MarketplaceAcceptResult,
} from '@tripline/core';
import type { FastifyRequest } from 'fastify';
import type { PoolClient } from 'pg';
import { inTransaction } from '../../platform/audit.ts';
import type { SessionUser } from '../../platform/auth/users.ts';
import type { AppDeps } from '../../platform/deps.ts';
import { forbidden } from '../../platform/errors.ts';
import { servedZips } from '../assignment/partners.ts';
import { repriceTrips } from '../partner-rates/pricing.ts';
import { isUuid } from '../trips/repository.ts';
import { auditOf, writeAudits } from '../trips/write.ts';
import { priceOffered } from './pricing.ts';
import { readOffered, type OfferedTrip } from './records.ts';

interface ClaimingPartner extends Claimer {
  contactNumber: number;
}

/** The claiming company: its credentials (Partner.compliant) and what its usable vehicles carry on the day. */
async function claimingPartner(client: PoolClient, partnerId: string, date: string): Promise<ClaimingPartner> {
  const { rows } = await client.query<{ compliant: boolean; contact_number: string; vehicles: number; amb: number; wc: number; str: number }>(
    `select c.compliant, c.contact_number,
            count(v.id)::int as vehicles, coalesce(sum(v.ambulatory_seating_capacity), 0)::int as amb,
            coalesce(sum(v.wheelchair_seating_capacity), 0)::int as wc, coalesce(sum(v.stretcher_capacity), 0)::int as str
       from contacts c
       left join vehicles v on v.partner_id = c.id and not v.deleted and v.available and (v.term_date is null or v.term_date >= $2::date)
      where c.id = $1
      group by c.id`,
    [partnerId, date],
  );
  const r = rows[0];
  return {
    partnerId,
    compliant: r?.compliant ?? false,
    contactNumber: Number(r?.contact_number ?? 0),
    fleet: { vehicles: r?.vehicles ?? 0, ambulatorySeats: r?.amb ?? 0, wheelchairSeats: r?.wc ?? 0, stretchers: r?.str ?? 0 },
  };
}

type Outcome = MarketplaceAcceptResult['failed'][number];

/**
 * POST marketplace-accept (spec 2 §7): a partner claims offered trips. In one
 * transaction the asked trips are locked FOR UPDATE in id order (two claims of overlapping trips
 * queue instead of deadlocking), each is checked on its locked row with core
 * marketplaceClaimRefusal, and a passenger's trips of a day in the request are claimed together or
 * not at all. A claimed trip is farmed out to the partner and accepted, its offer ends, a decline
 * and the old partner's driver and vehicle are cleared, it is priced again, and it gets an audit
 * row and a MarketplaceAccept partner activity. Pickups outside the partner's ZIP coverage are
 * claimed with a warning (the browser confirmed 'Out-Of-Area').
 */
export async function claimTrips(deps: AppDeps, req: FastifyRequest, user: SessionUser, ids: readonly string[]): Promise<MarketplaceAcceptResult> {
  if (isStaff(user) || !user.partnerId) throw forbidden(MARKETPLACE_MSG.STAFF_MAY_NOT_CLAIM);
  const partnerId = user.partnerId;
  const asked = [...new Set(ids.map((id) => id.trim().toLowerCase()))];
  const known = asked.filter(isUuid).sort();

  return inTransaction(deps.pool, async (client) => {
    const now = deps.clock.now();
    await client.query('select id from drive_assignments where id = any($1::uuid[]) order by id for update', [known]);
    // read after the locks: each row is the one the last claim committed
    const trips = known.length ? await readOffered(client, 'da.id = any($1::uuid[])', [known], { withPassenger: false }) : [];
    const byId = new Map(trips.map((t) => [t.record.id, t]));
    const firstDate = trips.map((t) => t.record.serviceDate).sort()[0];
    const claimer = await claimingPartner(client, partnerId, firstDate ?? '1970-01-01');
    const pay = await priceOffered(client, trips, () => partnerId, now);

    const failed: Outcome[] = [];
    const refusalOf = (t: OfferedTrip) =>
      marketplaceClaimRefusal(t.record, t.record.referenceNumber, claimer, pay.get(t.record.id)?.rate !== 'NoRate', now);
    for (const id of asked) {
      if (!byId.has(id)) failed.push({ id, referenceNumber: null, message: MARKETPLACE_MSG.NO_LONGER_AVAILABLE(id) });
    }
    const claimed: OfferedTrip[] = [];
    const groups = linkedGroups(trips.map((t) => ({ id: t.record.id, passengerKey: t.record.passengerKey, trip: t })));
    for (const group of groups) {
      const refusals = group.map((g) => ({ g, message: refusalOf(g.trip) }));
      const refused = refusals.find((r) => r.message !== null);
      if (!refused) {
        claimed.push(...group.map((g) => g.trip));
        continue;
      }
      for (const { g, message } of refusals) {
        const ref = g.trip.record.referenceNumber;
        failed.push({ id: g.id, referenceNumber: ref, message: message ?? MARKETPLACE_MSG.LINKED(ref, refused.g.trip.record.referenceNumber) });
      }
    }
    await farmOut(client, req, claimer, claimed);
    await repriceTrips(client, claimed.map((t) => t.record.id), now);

    const zips = claimed.flatMap((t) => (t.record.legs[0]?.pickup.zip ? [t.record.legs[0].pickup.zip] : []));
    const served = (await servedZips(client, zips, partnerId)).get(partnerId) ?? new Set<string>();
    const warnings = claimed
      .filter((t) => !served.has(t.record.legs[0]?.pickup.zip ?? ''))
      .map((t) => ({ id: t.record.id, referenceNumber: t.record.referenceNumber, message: MARKETPLACE_MSG.OUT_OF_AREA(t.record.referenceNumber) }));
    return {
      accepted: claimed.map((t) => ({ id: t.record.id, referenceNumber: t.record.referenceNumber })),
      failed,
      warnings,
    };
  });
}

/** Writes the claims: the trip farmed out to the claimer and accepted, with its activity and audit row. */
async function farmOut(client: PoolClient, req: FastifyRequest, claimer: ClaimingPartner, claimed: readonly OfferedTrip[]): Promise<void> {
  if (claimed.length === 0) return;
  const ids = claimed.map((t) => t.record.id);
  await client.query(
    `update drive_assignments
        set farmout_contact_id = $2, farmout_contact_number = $3, accepted = true, declined = false, deleted = false,
            marketplace_until = null, driver_id = null, driver_emp_number_assigned = null, vehicle_id = null,
            mod_count = mod_count + 1, updated_at = now()
      where id = any($1::uuid[])`,
    [ids, claimer.partnerId, claimer.contactNumber],
  );
  const { rows: activities } = await client.query<{ id: string; drive_assignment_id: string }>(
    `insert into partner_activities (drive_assignment_id, partner_id, action, status, created_by)
     select id, $2, 'MarketplaceAccept', 'Recorded', $3 from unnest($1::uuid[]) as id
     returning id, drive_assignment_id`,
    [ids, claimer.partnerId, req.user?.id ?? null],
  );
  const activityOf = new Map(activities.map((a) => [a.drive_assignment_id, a.id]));
  await writeAudits(
    client,
    claimed.map(({ record: t }) =>
      auditOf(
        req,
        'marketplace-accept',
        'drive_assignments',
        t.id,
        { farmoutContactId: t.farmoutContactId, accepted: false, marketplaceUntil: t.marketplaceUntil, modCount: t.modCount },
        { farmoutContactId: claimer.partnerId, accepted: true, marketplaceUntil: null, modCount: t.modCount + 1, partnerActivityId: activityOf.get(t.id) ?? null },
      ),
    ),
  );
}
