/**
 * A map tile server (ARCHITECTURE: maps draw the bundled county outlines and need none). A
 * deployment that has one names it with MAP_TILE_URL, a Leaflet URL template such as
 * https://{s}.tiles.example.org/{z}/{x}/{y}.png, and MAP_TILE_ATTRIBUTION, the credit its terms ask for.
 */
export interface TileSource {
  url: string;
  attribution: string;
}

/** A usable tile source from the two settings, or null: only http(s) templates with {z}, {x} and {y}. */
export function tileSource(url: string | null | undefined, attribution: string | null | undefined): TileSource | null {
  const template = url?.trim();
  if (!template || !/^https?:\/\/[^/\s]+/i.test(template)) return null;
  if (!['{z}', '{x}', '{y}'].every((part) => template.includes(part))) return null;
  return { url: template, attribution: attribution?.trim() || '' };
}

/**
 * Where the page may load tile images from (its content security policy): the template's scheme
 * and host, a `{s}` subdomain becoming `*`. Null for no tile source.
 */
export function tileImageOrigin(source: TileSource | null): string | null {
  if (!source) return null;
  const m = /^(https?):\/\/([^/?#]+)/i.exec(source.url);
  if (!m) return null;
  const host = m[2].replace(/^\{s\}\./i, '*.');
  return /[{}]/.test(host) ? null : `${m[1].toLowerCase()}://${host.toLowerCase()}`;
}
