/** Changes the editor makes to its form, each through the rule core states once (spec 2 §4, §5, §9). Pure. */
import {
  applyWillCall,
  computePickup,
  isWillCallTime,
  returnLeg,
  reservationIssues,
  returnTypeAfterAdding,
  waitLeg,
  type PlannedLeg,
  type AddressValue,
} from '@tripline/core';
import { showTime, timeError, timeValue, type EditorLeg, type EditorTrip } from './form.ts';

type Planned = PlannedLeg<AddressValue> & { editor: EditorLeg };

const planned = (l: EditorLeg): Planned => ({
  id: l.id,
  whichLeg: l.whichLeg,
  locFirstAction: l.locFirstAction,
  locSecondAction: l.locSecondAction,
  passengerId: l.passenger?.id ?? null,
  locationFirst: l.locationFirst,
  locationSecond: l.locationSecond,
  locFirstTimeOrd: timeValue(l.pickup),
  locSecondTimeOrd: timeValue(l.dropoff),
  apptTime: timeValue(l.appt),
  serviceCode: l.serviceCode,
  canceled: l.canceled,
  editor: l,
});

/** A leg the rules made, back in the form's terms (times shown as typed, 'WC' for will call). */
const editorOf = (p: Planned, key: string): EditorLeg => ({
  ...p.editor,
  key,
  id: p.id ?? null,
  whichLeg: p.whichLeg,
  locFirstAction: p.locFirstAction === 'WT' ? 'WT' : 'PU',
  locSecondAction: p.locSecondAction === 'DP' ? 'DP' : 'DO',
  locationFirst: p.locationFirst,
  locationSecond: p.locationSecond,
  pickup: showTime(p.locFirstTimeOrd),
  dropoff: showTime(p.locSecondTimeOrd),
  appt: showTime(p.apptTime),
  canceled: !!p.canceled,
});

/** spec 2 §4: will call on gives the will-call leg 23:59 times and no appointment; off clears them. */
export function setWillCall(t: EditorTrip, on: boolean): EditorTrip {
  const legs = applyWillCall(t.legs.map(planned), on).map((p) => editorOf(p, p.editor.key));
  return { ...t, willCall: on, legs: legs.map((l) => (on && l.pickup === 'WC' ? { ...l, pickupTimeOverride: false } : l)) };
}

export function updateLeg(t: EditorTrip, key: string, change: Partial<EditorLeg>): EditorTrip {
  return { ...t, legs: t.legs.map((l) => (l.key === key ? { ...l, ...change } : l)) };
}

/** spec 1 §5, 2 §4: a typed pickup of 23:59 or 'WC' turns will call on; any other typed pickup overrides the computed one. */
export function typePickup(t: EditorTrip, key: string, text: string): EditorTrip {
  if (isWillCallTime(text) && !t.willCall) return setWillCall(updateLeg(t, key, { pickup: text }), true);
  return updateLeg(t, key, { pickup: text, pickupTimeOverride: text.trim() !== '' });
}

/**
 * spec 2 §9: a leg whose pickup was not typed gets appointment − driving time − service time,
 * rounded down to 5 minutes, once the drive is measured.
 */
export function withComputedPickup(l: EditorLeg, serviceTypeRequested: string): EditorLeg {
  if (l.pickupTimeOverride || l.canceled || l.pickup === 'WC') return l;
  const pickup = computePickup(timeValue(l.appt), l.drive?.seconds ?? null, l.serviceCode ?? serviceTypeRequested);
  return pickup ? { ...l, pickup: showTime(pickup) } : l;
}

let counter = 0;
const newKey = (letter: string) => `new-${letter}-${++counter}`;

/**
 * Adds a return or wait leg after `fromKey` (spec 2 §4, §5): refused on a will-call trip with the
 * rule's text; a wait leg makes the trip Wait And Return.
 */
export function addLeg(t: EditorTrip, kind: 'return' | 'wait', fromKey: string): EditorTrip | { error: string } {
  const from = t.legs.find((l) => l.key === fromKey);
  if (!from) return t;
  const all = t.legs.map(planned);
  const made = kind === 'return' ? returnLeg(planned(from), all, t.willCall) : waitLeg(planned(from), all, t.willCall);
  if ('error' in made) return made;
  const leg = editorOf(made.leg, newKey(made.leg.whichLeg));
  return {
    ...t,
    returnType: returnTypeAfterAdding(kind, t.returnType),
    legs: [...t.legs, { ...leg, id: null, pickupTimeOverride: false, savedCanceled: false, drive: null, webFields: {}, passNotes: from.passNotes, apptType: null, apptToSee: '' }],
  };
}

/** Adds an assistant's leg the server made (POST drive-assignment-add-assistant-transient): Multiple Stops. */
export function addAssistant(t: EditorTrip, leg: EditorLeg): EditorTrip {
  return { ...t, returnType: returnTypeAfterAdding('assistant', t.returnType), legs: [...t.legs, { ...leg, key: newKey(leg.whichLeg) }] };
}

/** Removes a leg that was never saved; a saved leg is cancelled instead (spec 2 §5). */
export function dropLeg(t: EditorTrip, key: string): EditorTrip {
  const leg = t.legs.find((l) => l.key === key);
  if (!leg || leg.savedCanceled) return t;
  if (leg.id) return updateLeg(t, key, { canceled: !leg.canceled });
  return { ...t, legs: t.legs.filter((l) => l.key !== key) };
}

/** The form's problems by field path ('tripLegs.0.apptTime'), as the server would answer them, plus unreadable times. */
export function formIssues(t: EditorTrip): Record<string, string> {
  const issues: Record<string, string> = {};
  t.legs.forEach((l, i) => {
    for (const [field, typed] of [['locFirstTimeOrd', l.pickup], ['locSecondTimeOrd', l.dropoff], ['apptTime', l.appt]] as const) {
      const problem = timeError(typed);
      if (problem) issues[`tripLegs.${i}.${field}`] = problem;
    }
  });
  const found = reservationIssues({
    willCall: t.willCall,
    tripLegs: t.legs.map((l) => ({ ...planned(l), pickupTimeOverride: l.pickupTimeOverride, drivingSeconds: l.drive?.seconds ?? null })),
  });
  for (const issue of found) issues[issue.path] ??= issue.message;
  return issues;
}
