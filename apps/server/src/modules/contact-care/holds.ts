import {
  CARE_MSG,
  HOLD_OPEN_END,
  hasOccurred,
  holdCovers,
  isOpenEnded,
  operatorToday,
  suspensionTakesTrip,
  type DriveAssignment,
  type ParsedBodyOf,
  type ProviderHold,
  type contract,
} from '@tripline/core';
import type { FastifyRequest } from 'fastify';
import type { SessionUser } from '../../platform/auth/users.ts';
import { inTransaction } from '../../platform/audit.ts';
import type { AppDeps } from '../../platform/deps.ts';
import { badRequest, notFound } from '../../platform/errors.ts';
import { applyBulk } from '../assignment/bulk.ts';
import { findPartner, type PartnerRef } from '../assignment/partners.ts';
import { lockTrips } from '../trips/repository.ts';
import { auditOf, writeAudit } from '../trips/write.ts';

interface HoldRow {
  id: string;
  provider_id: string;
  provider_name: string;
  type: ProviderHold['type'];
  start_date: string;
  begin_date: string;
  end_date: string;
  reason: string | null;
  created_by: string | null;
}

const HOLD_SELECT = `select h.id, h.provider_id, p.name as provider_name, h.type, to_char(h.start_date, 'YYYY-MM-DD') as start_date,
    to_char(h.begin_date, 'YYYY-MM-DD') as begin_date, to_char(h.end_date, 'YYYY-MM-DD') as end_date, h.reason, cb.name as created_by
  from provider_holds h join contacts p on p.id = h.provider_id left join contacts cb on cb.id = h.created_by`;

function present(r: HoldRow, today: string): ProviderHold {
  return {
    id: r.id,
    providerId: r.provider_id,
    providerName: r.provider_name,
    type: r.type,
    startDate: r.start_date,
    beginDate: r.begin_date,
    endDate: r.end_date,
    openEnded: isOpenEnded({ endDate: r.end_date }),
    reason: r.reason,
    createdBy: r.created_by,
    current: holdCovers({ beginDate: r.begin_date, endDate: r.end_date }, today),
  };
}

const unknownPartner = () => badRequest(CARE_MSG.NOT_A_PARTNER, [{ path: 'providerId', message: CARE_MSG.NOT_A_PARTNER }]);

/** GET provider-holds: a partner's holds, the latest begin first. */
export async function listHolds(deps: AppDeps, providerId: string): Promise<ProviderHold[]> {
  const partner = await findPartner(deps.pool, { id: providerId });
  if (!partner) throw notFound(CARE_MSG.NOT_A_PARTNER);
  const { rows } = await deps.pool.query<HoldRow>(`${HOLD_SELECT} where h.provider_id = $1 order by h.begin_date desc, h.created_at desc`, [partner.id]);
  const today = operatorToday(deps.clock.now());
  return rows.map((r) => present(r, today));
}

type HoldInput = ParsedBodyOf<typeof contract.placeHold>;

/** Whether a trip has started: taken place by the clock, or a leg with an actual pickup time. */
const started = (t: DriveAssignment, now: Date) => hasOccurred(t, now) || t.tripLegs.some((l) => l.locFirstTimeAct !== null);

/**
 * POST provider-holds (spec 2 §4, §9): lists the partner's trips in the window with what the hold
 * does to each; with dryRun that is all, for the confirmation. Otherwise, in one transaction with
 * the partner's row locked (an assignment checking holds waits for it): the hold is added, and a
 * Suspension takes its unstarted trips from the partner as a bulk unassignment would, each audited.
 */
export async function placeHold(deps: AppDeps, req: FastifyRequest, user: SessionUser, body: HoldInput) {
  const now = deps.clock.now();
  const today = operatorToday(now);
  const hold = { providerId: body.providerId.toLowerCase(), type: body.type, beginDate: body.beginDate, endDate: body.endDate ?? HOLD_OPEN_END };
  return inTransaction(deps.pool, async (client) => {
    const partner: PartnerRef | null = await findPartner(client, { id: hold.providerId });
    if (!partner) throw unknownPartner();
    await client.query('select 1 from contacts where id = $1 for update', [partner.id]);
    const { rows: ids } = await client.query<{ id: string }>(
      `select id from drive_assignments where farmout_contact_id = $1 and service_date between $2::date and $3::date and not canceled`,
      [partner.id, hold.beginDate, hold.endDate],
    );
    const trips = [...(await lockTrips(client, user, ids.map((r) => r.id))).values()].sort((a, b) =>
      a.serviceDate === b.serviceDate ? a.referenceNumber.localeCompare(b.referenceNumber) : a.serviceDate < b.serviceDate ? -1 : 1,
    );
    const takes = (t: DriveAssignment) => suspensionTakesTrip(hold, { ...t, started: started(t, now) });
    const listed = trips.map((t) => ({
      id: t.id,
      referenceNumber: t.referenceNumber,
      serviceDate: t.serviceDate,
      passengerName: t.tripLegs.find((l) => l.passenger)?.passenger?.name ?? null,
      unassigned: takes(t),
    }));
    if (body.dryRun) return { dryRun: true, hold: null, trips: listed, confirm: CARE_MSG.HOLD_CONFIRM };

    const { rows } = await client.query<{ id: string }>(
      `insert into provider_holds (provider_id, type, start_date, begin_date, end_date, reason, created_by)
       values ($1, $2, $3, $4, $5, $6, $7) returning id`,
      [partner.id, hold.type, today, hold.beginDate, hold.endDate, body.reason ?? null, user.id],
    );
    const id = rows[0].id;
    const taken = trips.filter(takes);
    await writeAudit(
      client,
      auditOf(req, 'provider-hold', 'provider_holds', id, null, {
        providerId: partner.id,
        providerName: partner.name,
        type: hold.type,
        startDate: today,
        beginDate: hold.beginDate,
        endDate: hold.endDate,
        reason: body.reason ?? null,
        unassigned: taken.map((t) => t.referenceNumber),
      }),
    );
    if (taken.length > 0) await applyBulk(client, req, 'unassign', taken, null, 'provider-hold');
    const saved = await client.query<HoldRow>(`${HOLD_SELECT} where h.id = $1`, [id]);
    return { dryRun: false, hold: present(saved.rows[0], today), trips: listed, confirm: CARE_MSG.HOLD_CONFIRM };
  });
}
