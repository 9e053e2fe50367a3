/**
 * The demo operator's trips from 30 days back to 7 days ahead. Most are drawn at random with a
 * believable mix; a few per day are planned so that both partner logins see work every day and
 * every state the screens handle turns up for them, and so the demo passenger has a dialysis
 * schedule.
 */
import { addDays, weekday } from './calendar.ts';
import type { Rng } from './random.ts';
import type { LegRows, TripRows } from './tables.ts';
import { addTrip, type TripSpec, type TripState } from './trips.ts';
import type { PartnerInfo, PassengerInfo, TripWorld } from './world.ts';

export const DAYS_BACK = 30;
export const DAYS_AHEAD = 7;

const PAST_CYCLE: readonly TripState[] = [
  'completed',
  'final',
  'completedNoStats',
  'dryRun',
  'cancelledWithCharge',
  'cancelledNoCharge',
  'declined',
  'pending',
  'unaccepted',
];
const TODAY_CYCLE: readonly TripState[] = ['accepted', 'unaccepted', 'cancelledNoCharge'];
const FUTURE_CYCLE: readonly TripState[] = ['unaccepted', 'accepted', 'declined', 'cancelledNoCharge'];

export interface DemoSchedule {
  world: TripWorld;
  today: string;
  loginPartners: PartnerInfo[];
  demoPassenger: PassengerInfo;
  demoPassengerPartner: PartnerInfo;
  firstReference: number;
}

function cycle<T>(list: readonly T[], n: number): T {
  return list[((n % list.length) + list.length) % list.length];
}

/** Adds the demo trips and returns how many there are. */
export function addDemoTrips(rng: Rng, s: DemoSchedule, trips: TripRows, legs: LegRows): number {
  const { world } = s;
  const divisionOf = (id: string) => world.divisions.find((d) => d.id === id)!;
  let reference = s.firstReference;
  let count = 0;

  for (let offset = -DAYS_BACK; offset <= DAYS_AHEAD; offset++) {
    const date = addDays(s.today, offset);
    const wd = weekday(date);
    const weekend = wd === 0 || wd === 6;
    const planned: Omit<TripSpec, 'referenceNumber'>[] = [];

    s.loginPartners.forEach((partner, k) => {
      const division = divisionOf(partner.divisionId);
      const n = offset + DAYS_BACK + 4 * k;
      const state = offset < 0 ? cycle(PAST_CYCLE, n) : offset === 0 ? cycle(TODAY_CYCLE, k) : cycle(FUTURE_CYCLE, n);
      const base = { date, dayDelta: offset, division, partner };
      planned.push({ ...base, state, priority: n % 3 === 0 ? 3 + (n % 2) : 1 });
      planned.push({ ...base, legs: 2, willCall: n % 3 === 1 });
      planned.push({ ...base, legs: n % 5 === 0 ? 3 : undefined });
      if (!weekend) planned.push({ ...base });
    });

    // dialysis three times a week, the classic standing order
    if (wd === 1 || wd === 3 || wd === 5) {
      planned.push({
        date,
        dayDelta: offset,
        division: divisionOf(s.demoPassenger.divisionId),
        passenger: s.demoPassenger,
        partner: s.demoPassengerPartner,
        legs: 2,
        willCall: false,
        apptType: 'Dialysis',
        pickupAt: 7 * 60,
        priority: 2,
        state: offset < 0 ? 'completed' : offset === 0 ? 'accepted' : undefined,
      });
    } else if (wd === 4 && offset % 2 === 0) {
      planned.push({
        date,
        dayDelta: offset,
        division: divisionOf(s.demoPassenger.divisionId),
        passenger: s.demoPassenger,
        partner: s.demoPassengerPartner,
        legs: 2,
        apptType: 'Cardiology',
      });
    }

    const total = Math.max(planned.length, weekend ? rng.int(40, 50) : rng.int(58, 80));
    for (let i = 0; i < total; i++) {
      const spec = i < planned.length ? planned[i] : { date, dayDelta: offset };
      addTrip(world, rng, { ...spec, referenceNumber: String(reference++) }, trips, legs);
      count++;
    }
  }
  return count;
}
