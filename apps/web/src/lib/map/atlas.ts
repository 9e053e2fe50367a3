import type { Feature, FeatureCollection } from 'geojson';
import { feature } from 'topojson-client';

export interface Atlas {
  states: Feature[];
  counties: Feature[];
}

let atlas: Promise<Atlas> | null = null;

/**
 * The US county and state outlines (us-atlas), loaded once and only when a map is shown: maps are
 * drawn on them without a tile server (ARCHITECTURE).
 */
export function loadAtlas(): Promise<Atlas> {
  atlas ??= import('us-atlas/counties-10m.json').then((mod) => {
    const topology = (mod.default ?? mod) as unknown as Parameters<typeof feature>[0];
    const objects = topology.objects as Record<string, Parameters<typeof feature>[1]>;
    const states = feature(topology, objects.states) as unknown as FeatureCollection;
    const counties = feature(topology, objects.counties) as unknown as FeatureCollection;
    return { states: states.features, counties: counties.features };
  });
  atlas.catch(() => {
    atlas = null;
  });
  return atlas;
}
