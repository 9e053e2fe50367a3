import { RES_MSG, seriesChanges } from '@tripline/core';
import { deliver, partnerUserIds } from '../notifications/deliveries.ts';
import type { PoolClient } from 'pg';
import { auditOf, writeAudits } from '../trips/write.ts';
import { LEG_WRITE_COLUMNS, TRIP_WRITE_COLUMNS, assignments, readColumns, type Values } from './columns.ts';
import { savedLegs, savedTrip, type WriteContext } from './write.ts';

/** A reservation's columns and its legs' (by id), as saved: what a series change is measured against. */
export interface Snapshot {
  trip: Values;
  legs: Values[];
}

export async function snapshot(client: PoolClient, tripId: string): Promise<Snapshot> {
  return { trip: await savedTrip(client, tripId), legs: [...(await savedLegs(client, tripId)).values()] };
}

const pick = (values: Values, fields: readonly string[]) => Object.fromEntries(fields.map((f) => [f, values[f] ?? null]));

/**
 * applyToAll (spec 2 §4): the series changes of this save (trip fields, and leg fields by leg
 * letter) are made to the later trips of the same series (dupe_reference_key) that have not
 * started, are not cancelled and are not Final. Each changed record gets its audit row and each
 * trip its modCount bumped. Answers the reference numbers changed.
 */
export async function applySeries(w: WriteContext, tripId: string, before: Snapshot): Promise<string[]> {
  const { client, req } = w;
  const after = await snapshot(client, tripId);
  const changes = seriesChanges({ ...before.trip, tripLegs: before.legs }, { ...after.trip, tripLegs: after.legs });
  if (changes.trip.length === 0 && Object.keys(changes.legs).length === 0) return [];
  const { rows: later } = await client.query<{ id: string; reference_number: string; partner: string | null }>(
    `select da.id, da.reference_number, da.farmout_contact_id as partner from drive_assignments da, drive_assignments me
      where me.id = $1 and da.dupe_reference_key = me.dupe_reference_key and da.service_date > me.service_date
        and da.partner_pay_status <> 'Final' and not da.canceled
        and not exists (select 1 from trip_legs tl where tl.drive_assignment_id = da.id
                         and (tl.loc_first_time_act is not null or tl.status in ('Arrived', 'In Vehicle', 'Exiting', 'Rode')))
      order by da.id for update of da`,
    [tripId],
  );
  const audits = [];
  const tripFields = pick(after.trip, changes.trip);
  for (const occurrence of later) {
    const was = await savedTrip(client, occurrence.id);
    const params: unknown[] = [occurrence.id];
    const sets = assignments(TRIP_WRITE_COLUMNS, tripFields, params);
    await client.query(`update drive_assignments set ${[...sets, 'mod_count = mod_count + 1', 'updated_at = now()'].join(', ')} where id = $1`, params);
    if (sets.length) audits.push(auditOf(req, w.activity, 'drive_assignments', occurrence.id, pick(was, changes.trip), tripFields));
    const { rows: legs } = await client.query<Values & { id: string }>(
      `select id, ${readColumns(LEG_WRITE_COLUMNS)} from trip_legs where drive_assignment_id = $1 and status not in ('Canceled', 'CanceledNoCharge')`,
      [occurrence.id],
    );
    for (const [letter, fields] of Object.entries(changes.legs)) {
      const source = after.legs.find((l) => l.whichLeg === letter);
      const target = legs.find((l) => l.whichLeg === letter);
      if (!source || !target) continue;
      const values = pick(source, fields);
      const legParams: unknown[] = [target.id];
      const legSets = assignments(LEG_WRITE_COLUMNS, values, legParams);
      await client.query(`update trip_legs set ${legSets.join(', ')}, mod_count = mod_count + 1 where id = $1`, legParams);
      audits.push(auditOf(req, w.activity, 'trip_legs', target.id, pick(target, fields), values));
    }
  }
  await writeAudits(client, audits);
  await tellPartners(client, later, w.now);
  return later.map((o) => o.reference_number);
}

/** How long a series notice stays in a partner's messages. */
const SERIES_NOTICE_MAX_AGE_SECONDS = 3 * 86_400;

/** spec 2 §4 (applyToAll): each partner of a changed occurrence is told which of its trips changed. */
async function tellPartners(client: PoolClient, changed: readonly { reference_number: string; partner: string | null }[], now: Date): Promise<void> {
  const byPartner = new Map<string, string[]>();
  for (const o of changed) if (o.partner) byPartner.set(o.partner, [...(byPartner.get(o.partner) ?? []), o.reference_number]);
  for (const [partner, refs] of byPartner) {
    const message = { type: 'toastr' as const, title: RES_MSG.SERIES_CHANGED_TITLE, body: RES_MSG.SERIES_CHANGED(refs), options: { referenceNumbers: refs } };
    await deliver(client, await partnerUserIds(client, partner), message, SERIES_NOTICE_MAX_AGE_SECONDS, now);
  }
}
