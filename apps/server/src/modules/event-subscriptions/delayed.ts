import { isLegDelayed, legEtas, normaliseTime, operatorToday } from '@tripline/core';
import type { Pool } from 'pg';
import type { Clock } from '../../platform/clock.ts';

/**
 * TripDelayed: today's legs not yet started whose ETA (as drive-assignment-etas reads
 * it) is more than 15 minutes past the ordered pickup get one occurrence each; the unique index
 * makes a second check, or a second server process, add nothing. Answers how many were added.
 */
export async function checkDelayedLegs(deps: { pool: Pool; clock: Clock }): Promise<number> {
  const today = operatorToday(deps.clock.now());
  const { rows } = await deps.pool.query(
    `select tl.id, tl.which_leg, tl.status, tl.loc_first_time_ord::text, tl.loc_second_time_ord::text, tl.loc_first_time_act::text,
            tl.loc_second_time_act::text, tl.web_fields, da.id as trip_id, da.farmout_contact_id, da.driver_id
       from trip_legs tl join drive_assignments da on da.id = tl.drive_assignment_id
      where da.service_date = $1::date and not da.canceled and not da.deleted
        and tl.status in ('Pending', 'WillCall') and tl.loc_first_time_act is null
        and tl.web_fields ? 'estimatedPickupTime'
        and not exists (select 1 from event_occurrences o where o.trip_leg_id = tl.id and o.itineris_event_type = 'TripDelayed')`,
    [today],
  );
  const late = rows.filter((r) => {
    const [eta] = legEtas([
      {
        id: r.id,
        whichLeg: r.which_leg,
        status: r.status,
        locFirstTimeOrd: normaliseTime(r.loc_first_time_ord),
        locSecondTimeOrd: normaliseTime(r.loc_second_time_ord),
        locFirstTimeAct: null,
        locSecondTimeAct: null,
        webFields: r.web_fields,
      },
    ]);
    return eta !== undefined && isLegDelayed(eta.pickup.ordered, eta.pickup.estimated);
  });
  if (late.length === 0) return 0;
  const { rowCount } = await deps.pool.query(
    `insert into event_occurrences (itineris_event_type, drive_assignment_id, partner_id, driver_id, trip_leg_id, extra)
     select 'TripDelayed', x.trip_id, x.partner_id, x.driver_id, x.leg_id, jsonb_build_object('estimatedPickupTime', x.eta)
       from json_to_recordset($1::json) as x(trip_id uuid, partner_id uuid, driver_id uuid, leg_id uuid, eta text)
     on conflict (trip_leg_id) where itineris_event_type = 'TripDelayed' do nothing`,
    [
      JSON.stringify(
        late.map((r) => ({ trip_id: r.trip_id, partner_id: r.farmout_contact_id, driver_id: r.driver_id, leg_id: r.id, eta: r.web_fields.estimatedPickupTime })),
      ),
    ],
  );
  return rowCount ?? 0;
}
