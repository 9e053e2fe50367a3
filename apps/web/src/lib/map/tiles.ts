/**
 * The map's tile layer. Maps draw on the bundled county outlines and need no tile server
 * (ARCHITECTURE); a deployment that has one names it when the web app is built:
 * VITE_MAP_TILE_URL (a Leaflet URL template such as https://tiles.example.org/{z}/{x}/{y}.png)
 * and VITE_MAP_TILE_ATTRIBUTION (the credit its terms ask for). The page's content security
 * policy must also let images come from that host.
 */
export interface TileSource {
  url: string;
  attribution: string;
}

/** The credit of the outlines every map draws (us-atlas, from the US Census Bureau's cartographic boundaries). */
export const OUTLINE_ATTRIBUTION = 'County outlines: US Census Bureau (us-atlas)';

/** A usable tile source from the two settings, or null: only http(s) templates with {z}, {x} and {y}. */
export function tileSource(url: string | undefined, attribution: string | undefined): TileSource | null {
  const template = url?.trim();
  if (!template || !/^https?:\/\//i.test(template)) return null;
  if (!['{z}', '{x}', '{y}'].every((part) => template.includes(part))) return null;
  return { url: template, attribution: attribution?.trim() || '' };
}

/** The tile source this build was made with. */
export function configuredTiles(): TileSource | null {
  const env = import.meta.env as Record<string, string | undefined>;
  return tileSource(env.VITE_MAP_TILE_URL, env.VITE_MAP_TILE_ATTRIBUTION);
}
