import { useEffect, useRef, useState } from 'react';
import { Alert, Center, Group, Loader, Text } from '@mantine/core';
import L from 'leaflet';
import { createBaseMap, drawOutlines } from './base-map.ts';
import { loadAtlas } from './atlas.ts';
import { statesOfStops, type MapLeg, type MapStop } from './geometry.ts';

const PICKUP_COLOR = '#2f9e44';
const DROPOFF_COLOR = '#e03131';
const LEG_COLOR = '#1971c2';

export interface RouteMapProps {
  stops: readonly MapStop[];
  legs: readonly MapLeg[];
  /** Said when there is nothing to draw. */
  emptyText: string;
  /** The map's accessible name. */
  label: string;
}

/**
 * A trip's route: each leg's pickup and drop-off with a line between them, drawn on the county
 * outlines of the states they are in. Trip inspect, the portal's trip page and marketplace trip
 * inspect show it.
 */
export default function RouteMap({ stops: givenStops, legs: givenLegs, emptyText, label }: RouteMapProps) {
  const box = useRef<HTMLDivElement>(null);
  const [state, setState] = useState<'loading' | 'ready' | 'failed'>('loading');
  // Redraw only when the stops move, not on every live update of the trip.
  const key = JSON.stringify({ stops: givenStops, legs: givenLegs });

  useEffect(() => {
    const el = box.current;
    if (!el) return;
    const { stops, legs } = JSON.parse(key) as { stops: MapStop[]; legs: MapLeg[] };
    if (stops.length === 0) return;
    let cancelled = false;
    const base = createBaseMap(el);
    const { map } = base;
    const bounds = L.latLngBounds(stops.map((s) => [s.lat, s.lng] as [number, number]));
    // far enough out to show the surrounding county outlines
    map.fitBounds(bounds.pad(0.5), { maxZoom: 9 });
    for (const leg of legs) {
      L.polyline([leg.from, leg.to], { color: LEG_COLOR, weight: 3, dashArray: '6 6' })
        .bindTooltip(`Leg ${leg.whichLeg}`)
        .addTo(map);
    }
    for (const s of stops) {
      L.circleMarker([s.lat, s.lng], {
        radius: 8,
        color: '#fff',
        weight: 2,
        fillColor: s.kind === 'pickup' ? PICKUP_COLOR : DROPOFF_COLOR,
        fillOpacity: 1,
      })
        .bindTooltip(s.label)
        .addTo(map);
    }
    loadAtlas()
      .then(({ states }) => drawOutlines(map, statesOfStops(stops, states)))
      .then(
        () => !cancelled && setState('ready'),
        // The stops are still worth seeing without the outlines.
        () => !cancelled && setState('failed'),
      );
    return () => {
      cancelled = true;
      base.remove();
    };
  }, [key]);

  if (givenStops.length === 0) {
    return (
      <Text c="dimmed" size="sm" ta="center" py="xl">
        {emptyText}
      </Text>
    );
  }
  return (
    <div>
      {state === 'failed' && (
        <Alert color="yellow" mb="xs" p="xs">
          The county outlines could not be loaded; the stops are shown without them.
        </Alert>
      )}
      <div style={{ position: 'relative' }}>
        {/* A region, not an image: the map holds its own controls (zoom, markers) and takes the arrow keys. */}
        <div ref={box} style={{ height: 400, borderRadius: 4 }} data-testid="trip-map" aria-label={label} role="region" />
        {state === 'loading' && (
          <Center style={{ position: 'absolute', inset: 0, zIndex: 1000, pointerEvents: 'none' }}>
            <Loader size="sm" />
          </Center>
        )}
      </div>
      <Group gap="md" mt="xs">
        <Legend color={PICKUP_COLOR} label="Pickup" />
        <Legend color={DROPOFF_COLOR} label="Drop-off" />
        <Legend color={LEG_COLOR} label="Leg" line />
      </Group>
    </div>
  );
}

function Legend({ color, label, line }: { color: string; label: string; line?: boolean }) {
  return (
    <Group gap={6}>
      <span
        style={
          line
            ? { width: 18, height: 0, borderTop: `3px dashed ${color}`, display: 'inline-block' }
            : { width: 12, height: 12, borderRadius: 6, background: color, display: 'inline-block' }
        }
      />
      <Text size="xs">{label}</Text>
    </Group>
  );
}
