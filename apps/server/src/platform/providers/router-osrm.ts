/**
 * A router on an OSRM server (ROUTING_OSRM_URL): its route service for one drive and its table
 * service for the scheduling engine's matrix, asked in blocks the server accepts. OSRM knows no
 * traffic, so both durations are equal. When OSRM fails or cannot connect two points, the
 * great-circle estimate stands in, so a trip can still be saved and scheduled.
 */
import { DEFAULT_SPEED_KMH, estimateDrive } from '@tripline/core';
import type { Drive, GeoPoint, Router } from './geo.ts';
import { GEO_SERVICE_TIMEOUT_MS, getJson } from './geo-http.ts';

/** Points per side of one table request (OSRM's default max-table-size is 100 locations). */
export const OSRM_TABLE_BLOCK = 50;

type Obj = Record<string, unknown>;
const coord = (p: GeoPoint) => `${p.lng.toFixed(6)},${p.lat.toFixed(6)}`;
const drive = (meters: number, seconds: number): Drive => ({ meters: Math.round(meters), seconds: Math.round(seconds), secondsNoTraffic: Math.round(seconds) });

export function osrmRouter(
  baseUrl: string,
  options: { speedKmh?: number; timeoutMs?: number; onFallback?: (why: string) => void } = {},
): Router {
  const base = baseUrl.replace(/\/+$/, '');
  const speed = options.speedKmh ?? DEFAULT_SPEED_KMH;
  const timeout = options.timeoutMs ?? GEO_SERVICE_TIMEOUT_MS;
  const service = 'routing service';
  const fallback = (why: unknown) => options.onFallback?.(why instanceof Error ? why.message : String(why));

  async function block(from: readonly GeoPoint[], to: readonly GeoPoint[]): Promise<Drive[][]> {
    const all = [...from, ...to];
    const url = new URL(`${base}/table/v1/driving/${all.map(coord).join(';')}`);
    url.searchParams.set('sources', from.map((_, i) => i).join(';'));
    url.searchParams.set('destinations', to.map((_, j) => from.length + j).join(';'));
    url.searchParams.set('annotations', 'duration,distance');
    const body = (await getJson(url, service, timeout)) as Obj;
    if (body.code !== 'Ok' || !Array.isArray(body.durations) || !Array.isArray(body.distances)) {
      throw new Error(`the ${service} answered ${String(body.code ?? 'without a table')}`);
    }
    const durations = body.durations as (number | null)[][];
    const distances = body.distances as (number | null)[][];
    return from.map((a, i) =>
      to.map((b, j) => {
        const s = durations[i]?.[j];
        const m = distances[i]?.[j];
        return typeof s === 'number' && typeof m === 'number' ? drive(m, s) : estimateDrive(a, b, speed);
      }),
    );
  }

  return {
    async drive(from, to) {
      const url = new URL(`${base}/route/v1/driving/${coord(from)};${coord(to)}`);
      url.searchParams.set('overview', 'false');
      try {
        const body = (await getJson(url, service, timeout)) as Obj;
        const route = Array.isArray(body.routes) ? (body.routes[0] as Obj | undefined) : undefined;
        if (body.code === 'Ok' && typeof route?.distance === 'number' && typeof route.duration === 'number') {
          return drive(route.distance, route.duration);
        }
        fallback(`the ${service} found no route (${String(body.code)})`);
      } catch (e) {
        fallback(e);
      }
      return estimateDrive(from, to, speed);
    },
    async table(points) {
      const rows: Drive[][] = points.map(() => []);
      for (let i = 0; i < points.length; i += OSRM_TABLE_BLOCK) {
        const from = points.slice(i, i + OSRM_TABLE_BLOCK);
        for (let j = 0; j < points.length; j += OSRM_TABLE_BLOCK) {
          const to = points.slice(j, j + OSRM_TABLE_BLOCK);
          let cells: Drive[][];
          try {
            cells = await block(from, to);
          } catch (e) {
            fallback(e);
            cells = from.map((a) => to.map((b) => estimateDrive(a, b, speed)));
          }
          cells.forEach((row, k) => rows[i + k]!.push(...row));
        }
      }
      return rows;
    },
  };
}
