import { useEffect, useRef } from 'react';
import { fetchDistance } from '../geo/api.ts';
import type { EditorLeg } from './form.ts';

/** spec 2 §9: the distance is measured again 100 ms after the last address or time change. */
export const DISTANCE_DEBOUNCE_MS = 100;

const pointOf = (v: EditorLeg['locationFirst']) => (v && v.lat != null && v.lng != null ? { lat: v.lat, lng: v.lng } : null);

/**
 * Measures a leg's drive (GET api/v1/distance) once its stops and times have been still for
 * 100 ms, and reports it; the server measures again when the trip is saved (the browser's figure
 * is only shown and used for the computed pickup).
 */
export function useLegDistance(leg: EditorLeg, onDrive: (drive: EditorLeg['drive']) => void): void {
  const report = useRef(onDrive);
  report.current = onDrive;
  const from = pointOf(leg.locationFirst);
  const to = pointOf(leg.locationSecond);
  const key = JSON.stringify({ from, to, appt: leg.appt, pickup: leg.pickup });

  useEffect(() => {
    const { from, to } = JSON.parse(key) as { from: { lat: number; lng: number } | null; to: { lat: number; lng: number } | null };
    if (!from || !to) return;
    const controller = new AbortController();
    const timer = setTimeout(() => {
      fetchDistance({ origin: from, destination: to }, controller.signal).then(
        (d) => report.current(d.meters === null ? null : { meters: d.meters, seconds: d.seconds }),
        () => {},
      );
    }, DISTANCE_DEBOUNCE_MS);
    return () => {
      clearTimeout(timer);
      controller.abort();
    };
  }, [key]);
}
