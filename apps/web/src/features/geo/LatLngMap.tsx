import { useEffect, useRef, useState } from 'react';
import { Center, Loader, Text } from '@mantine/core';
import L from 'leaflet';
import 'leaflet/dist/leaflet.css';
import { countiesOfStates, statesOfStops } from '../admin-trips/inspect/map-geometry.ts';
import { loadAtlas } from './atlas.ts';

const MAX_ZOOM = 13;
/** A search result is shown with its county and the ones around it; the user zooms in to place exactly. */
const SEARCH_ZOOM = 9;
const MARKER_COLOR = '#e03131';

/** A pin drawn in CSS, so the marker needs no image files. */
const pin = L.divIcon({
  className: '',
  html: `<div style="width:18px;height:18px;border-radius:50% 50% 50% 0;background:${MARKER_COLOR};border:2px solid #fff;transform:rotate(-45deg);box-shadow:0 1px 4px rgba(0,0,0,.4)"></div>`,
  iconSize: [18, 18],
  iconAnchor: [9, 18],
});

export interface LatLngMapProps {
  point: { lat: number; lng: number };
  /** Bumped when the point comes from a search, so the map centres on it again. */
  centreKey: number;
  onMove(p: { lat: number; lng: number }): void;
}

/**
 * The lat/lng picker's map: the county outlines of the state around the point and a draggable
 * marker; a click on the map moves the marker there too.
 */
export default function LatLngMap({ point, centreKey, onMove }: LatLngMapProps) {
  const box = useRef<HTMLDivElement>(null);
  const map = useRef<L.Map | null>(null);
  const marker = useRef<L.Marker | null>(null);
  const outlines = useRef<L.LayerGroup | null>(null);
  const move = useRef(onMove);
  move.current = onMove;
  const [outlinesState, setOutlinesState] = useState<'loading' | 'ready' | 'failed'>('loading');

  useEffect(() => {
    const el = box.current;
    if (!el) return;
    const m = L.map(el, { maxZoom: MAX_ZOOM, attributionControl: false, zoomSnap: 0.25 });
    m.getContainer().style.background = '#e7f5ff';
    outlines.current = L.layerGroup().addTo(m);
    const mk = L.marker([0, 0], { icon: pin, draggable: true, keyboard: true, title: 'Drag to the exact place', autoPan: true }).addTo(m);
    mk.on('dragend', () => {
      const at = mk.getLatLng();
      move.current({ lat: round(at.lat), lng: round(at.lng) });
    });
    m.on('click', (e: L.LeafletMouseEvent) => move.current({ lat: round(e.latlng.lat), lng: round(e.latlng.lng) }));
    map.current = m;
    marker.current = mk;
    const resize = new ResizeObserver(() => m.invalidateSize());
    resize.observe(el);
    return () => {
      resize.disconnect();
      m.remove();
      map.current = null;
    };
  }, []);

  // The marker follows the point; the view and outlines follow a new search.
  useEffect(() => {
    marker.current?.setLatLng([point.lat, point.lng]);
  }, [point.lat, point.lng]);

  useEffect(() => {
    const m = map.current;
    if (!m) return;
    m.setView([point.lat, point.lng], SEARCH_ZOOM);
    let cancelled = false;
    setOutlinesState('loading');
    loadAtlas().then(
      ({ states, counties }) => {
        if (cancelled || !outlines.current) return;
        outlines.current.clearLayers();
        const stateIds = statesOfStops([point], states);
        L.geoJSON(countiesOfStates(counties, stateIds), {
          style: { color: '#adb5bd', weight: 1, fillColor: '#f8f9fa', fillOpacity: 1 },
          interactive: false,
        }).addTo(outlines.current);
        setOutlinesState('ready');
      },
      () => !cancelled && setOutlinesState('failed'),
    );
    return () => {
      cancelled = true;
    };
    // Centre again only for a new search, not while the marker is dragged.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [centreKey]);

  return (
    <div style={{ position: 'relative' }}>
      <div ref={box} style={{ height: 360, borderRadius: 4 }} data-testid="lat-lng-map" role="region" aria-label="Map: drag the marker or click to place the address" />
      {outlinesState === 'loading' && (
        <Center style={{ position: 'absolute', inset: 0, zIndex: 1000, pointerEvents: 'none' }}>
          <Loader size="sm" />
        </Center>
      )}
      {outlinesState === 'failed' && (
        <Text size="xs" c="dimmed" mt={4}>
          The county outlines could not be loaded; the marker still places the address.
        </Text>
      )}
    </div>
  );
}

/** Six decimals: about 10 cm, more than a map click can mean. */
function round(x: number): number {
  return Math.round(x * 1e6) / 1e6;
}
