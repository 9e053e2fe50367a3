import L from 'leaflet';
import 'leaflet/dist/leaflet.css';
import type { Feature } from 'geojson';
import { loadAtlas, type Atlas } from './atlas.ts';
import { boxOf, countiesOfStates, statesInView, type Box } from './geometry.ts';
import { OUTLINE_ATTRIBUTION, configuredTiles } from './tiles.ts';

/** spec 3 §9: maps zoom in at most this far. */
export const MAX_ZOOM = 13;
/** Water and land beyond the outlines. */
const BACKGROUND = '#e7f5ff';
const COUNTY_STYLE: L.PathOptions = { color: '#adb5bd', weight: 1, fillColor: '#f8f9fa', fillOpacity: 1, interactive: false };
const STATE_STYLE: L.PathOptions = { color: '#495057', weight: 2, fill: false, interactive: false };
/** Beyond this many states in view only the state lines are drawn: thousands of counties would say nothing at that scale. */
const MOST_STATES_WITH_COUNTIES = 8;
const COUNTY_PANE = 'counties';
const STATE_PANE = 'stateLines';

export interface BaseMapOptions {
  /** Draw markers and lines on one canvas instead of an element each (for maps with thousands of markers). */
  preferCanvas?: boolean;
}

/**
 * A Leaflet map as every screen of the product draws it: zoom up to 13, the outlines' credit,
 * and a tile layer only when the portal is configured with a tile server (tiles.ts). Resizes with its box.
 * `remove()` undoes everything.
 */
export function createBaseMap(el: HTMLElement, options: BaseMapOptions = {}): { map: L.Map; remove(): void } {
  const map = L.map(el, { maxZoom: MAX_ZOOM, zoomSnap: 0.25, preferCanvas: options.preferCanvas ?? false, attributionControl: false });
  map.getContainer().style.background = BACKGROUND;
  // Leaflet's panes stack up to z-index 1000: kept inside the map, so dialogs and menus open above it
  map.getContainer().style.isolation = 'isolate';
  const attribution = L.control.attribution({ prefix: false }).addTo(map);
  attribution.addAttribution(OUTLINE_ATTRIBUTION);
  void configuredTiles().then((tiles) => {
    if (tiles && !removed.has(map)) L.tileLayer(tiles.url, { maxZoom: MAX_ZOOM, attribution: tiles.attribution }).addTo(map);
  });
  // the outlines lie under every marker and line, whatever order they arrive in; state lines over counties
  for (const [name, z] of [[COUNTY_PANE, '340'], [STATE_PANE, '350']] as const) {
    const pane = map.createPane(name);
    pane.style.zIndex = z;
    pane.style.pointerEvents = 'none';
  }
  // A dialog or panel animates open: measure again once the box has its size.
  const resize = new ResizeObserver(() => map.invalidateSize());
  resize.observe(el);
  return {
    map,
    remove() {
      removed.add(map);
      resize.disconnect();
      map.remove();
    },
  };
}

/** Maps taken off the page: outlines that arrive later are not drawn on them. */
const removed = new WeakSet<L.Map>();

const stateBoxes = new WeakMap<Atlas, Map<string, Box>>();

function boxesOf(atlas: Atlas): Map<string, Box> {
  let boxes = stateBoxes.get(atlas);
  if (!boxes) {
    boxes = new Map();
    for (const s of atlas.states) {
      const box = boxOf(s.geometry);
      if (box && s.id !== undefined) boxes.set(String(s.id), box);
    }
    stateBoxes.set(atlas, boxes);
  }
  return boxes;
}

function outlineLayer(features: readonly Feature[], style: L.PathOptions, pane: string, lines: boolean): L.GeoJSON {
  // tiles, when there are any, show the land: the counties are then lines only
  const fill = lines ? { fill: false } : {};
  return L.geoJSON(features as Feature[], { style: { ...style, ...fill }, pane, interactive: false });
}

/**
 * Draws the us-atlas outlines on the map: the counties of the given states, or with 'inView' of
 * the states the view shows, adding states as the user pans. Resolves once the first outlines are
 * drawn; rejects when the outlines could not be loaded (the map still works without them).
 */
export async function drawOutlines(map: L.Map, which: readonly string[] | 'inView'): Promise<void> {
  const [atlas, tiles] = await Promise.all([loadAtlas(), configuredTiles()]);
  if (removed.has(map)) return;
  const lines = tiles !== null;
  const drawn = new Set<string>();
  const addCounties = (ids: readonly string[]) => {
    const fresh = ids.filter((id) => !drawn.has(id));
    if (fresh.length === 0) return;
    for (const id of fresh) drawn.add(id);
    outlineLayer(countiesOfStates(atlas.counties, fresh), COUNTY_STYLE, COUNTY_PANE, lines).addTo(map);
  };
  if (which !== 'inView') {
    const wanted = new Set(which);
    addCounties(which);
    outlineLayer(atlas.states.filter((s) => wanted.has(String(s.id))), STATE_STYLE, STATE_PANE, lines).addTo(map);
    return;
  }
  // every state line once (cheap), the counties of the states in view as they come into it
  outlineLayer(atlas.states, STATE_STYLE, STATE_PANE, lines).addTo(map);
  const boxes = boxesOf(atlas);
  const follow = () => {
    if (removed.has(map)) return;
    const b = map.getBounds();
    const ids = statesInView(boxes, [b.getWest(), b.getSouth(), b.getEast(), b.getNorth()]);
    if (ids.length <= MOST_STATES_WITH_COUNTIES) addCounties(ids);
  };
  map.on('moveend', follow);
  map.whenReady(follow);
}
