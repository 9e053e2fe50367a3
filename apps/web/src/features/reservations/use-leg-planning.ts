import { useEffect, useRef } from 'react';
import { apptDuration, legWindow, type LegWebFields } from '@tripline/core';
import { useGuessWillCallDuration, useOnTimeRule } from '../coverage/api.ts';
import { timeValue, type EditorLeg } from './form.ts';

/**
 * A leg's planning fields from the passenger's look-ups: the on-time window from the on-time rule
 * (GET on-time-rule-service) and, for a will-call leg, how long the passenger usually stays
 * (GET guess-will-call-duration). Reported when they differ from what the leg holds.
 */
export function useLegPlanning(leg: EditorLeg, billToId: string | null, apptType: string | null, onFields: (fields: LegWebFields) => void): void {
  const passengerId = leg.canceled ? null : (leg.passenger?.id ?? null);
  const willCall = leg.pickup === 'WC';
  const rule = useOnTimeRule(passengerId, billToId).data;
  const stay = useGuessWillCallDuration(willCall ? passengerId : null, apptType, leg.locationFirst?.id ?? null).data;
  const report = useRef(onFields);
  report.current = onFields;
  const planned: LegWebFields = {
    ...(rule ? legWindow(timeValue(leg.pickup), timeValue(leg.appt), rule) : {}),
    ...(willCall && stay ? apptDuration(stay) : {}),
  };
  const wanted = JSON.stringify(planned);
  const held = JSON.stringify(Object.fromEntries(Object.keys(planned).map((k) => [k, leg.webFields[k as keyof LegWebFields] ?? null])));
  useEffect(() => {
    if (wanted !== held) report.current(JSON.parse(wanted) as LegWebFields);
  }, [wanted, held]);
}
