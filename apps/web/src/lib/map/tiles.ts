import { contract, type TileSource } from '@tripline/core';
import { callApi } from '../api.ts';

/** The credit of the outlines every map draws (us-atlas, from the US Census Bureau's cartographic boundaries). */
export const OUTLINE_ATTRIBUTION = 'County outlines: US Census Bureau (us-atlas)';

let asked: Promise<TileSource | null> | null = null;

/**
 * The tile server the portal is configured with (MAP_TILE_URL), asked once per page load; null
 * when there is none or the question fails (the maps then draw the outlines alone).
 */
export function configuredTiles(): Promise<TileSource | null> {
  asked ??= callApi(contract.mapTiles, { quiet: true })
    .then((t) => (t.url ? { url: t.url, attribution: t.attribution } : null))
    .catch(() => {
      asked = null;
      return null;
    });
  return asked;
}
