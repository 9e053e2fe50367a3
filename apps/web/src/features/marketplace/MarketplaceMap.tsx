import { memo, useEffect, useRef, useState } from 'react';
import { Alert, Center, Group, Loader, Text } from '@mantine/core';
import L from 'leaflet';
import type { MarketplaceTrip, Vehicle } from '@tripline/core';
import { createBaseMap, drawOutlines } from '../../lib/map/base-map.ts';
import { NEED_COLORS, NEED_LABELS, VEHICLE_COLOR, markerLook } from './map-style.ts';
import { PickupLayer, type PickupPoint } from './pickup-layer.ts';
import { pickupText } from './trip-text.ts';

const METERS_PER_MILE = 1609.344;
/** Where the map starts before any trip is known: New Mexico, the operator's home. */
const START: L.LatLngTuple = [34.5, -106.1];

export interface MarketplaceMapProps {
  trips: readonly MarketplaceTrip[];
  selected: ReadonlySet<string>;
  vehicles: readonly Vehicle[];
  /** The centre of the range circle, when known. */
  origin: { lat: number; lng: number } | null;
  rangeMiles: number;
  /** The map fits the trips again when this changes (a list for other filters). */
  fitKey: string;
  onToggle(trip: MarketplaceTrip): void;
}

/**
 * The marketplace map (spec 2 §2): each shown trip's first pickup as a circle on one canvas
 * (thousands stay quick: no element or Leaflet layer per marker), coloured by service type and state; the range circle; the
 * partner's vehicles where their position is known. A click on a pickup selects the trip.
 */
function MarketplaceMap({ trips, selected, vehicles, origin, rangeMiles, fitKey, onToggle }: MarketplaceMapProps) {
  const box = useRef<HTMLDivElement>(null);
  const mapRef = useRef<L.Map | null>(null);
  const pickups = useRef<PickupLayer | null>(null);
  // a trip's point is made once and kept while the trip and its selection stay as they are
  const made = useRef(new WeakMap<MarketplaceTrip, PickupPoint>());
  const latest = useRef({ trips, onToggle });
  latest.current = { trips, onToggle };
  const [outlines, setOutlines] = useState<'loading' | 'ready' | 'failed'>('loading');

  useEffect(() => {
    const el = box.current;
    if (!el) return;
    const base = createBaseMap(el, { preferCanvas: true });
    base.map.setView(START, 7);
    mapRef.current = base.map;
    pickups.current = new PickupLayer((id) => {
      const trip = latest.current.trips.find((t) => t.id === id);
      if (trip) latest.current.onToggle(trip);
    }).addTo(base.map);
    drawOutlines(base.map, 'inView').then(
      () => setOutlines('ready'),
      () => setOutlines('failed'),
    );
    return () => {
      mapRef.current = null;
      pickups.current = null;
      base.remove();
    };
  }, []);

  // the pickups: one canvas redrawn whole, in a frame of its own (not in the task that drew the list)
  useEffect(() => {
    const map = mapRef.current;
    const layer = pickups.current;
    if (!map || !layer) return;
    const frame = requestAnimationFrame(() => {
      const points: PickupPoint[] = [];
      for (const trip of trips) {
        const { lat, lng } = trip.pickup;
        if (lat === null || lng === null) continue;
        const front = selected.has(trip.id);
        let point = made.current.get(trip);
        if (!point || point.front !== front) {
          point = { id: trip.id, lat, lng, front, look: markerLook(trip.serviceTypeRequested, trip.state, front), tooltip: `${trip.referenceNumber} · ${trip.serviceTypeName} · ${pickupText(trip)}` };
          made.current.set(trip, point);
        }
        points.push(point);
      }
      layer.setPoints(points);
      // how many pickups are drawn, for journeys and benchmarks that cannot count canvas pixels
      map.getContainer().dataset.markers = String(points.length);
    });
    return () => cancelAnimationFrame(frame);
  }, [trips, selected]);

  // the view: the trips and the range circle, once per day and place
  const fitted = useRef<string | null>(null);
  useEffect(() => {
    const map = mapRef.current;
    if (!map || fitted.current === fitKey || trips.length === 0) return;
    fitted.current = fitKey;
    const points = trips.flatMap((t) => (t.pickup.lat !== null && t.pickup.lng !== null ? [[t.pickup.lat, t.pickup.lng] as L.LatLngTuple] : []));
    if (points.length > 0) map.fitBounds(L.latLngBounds(points).pad(0.1), { maxZoom: 11 });
  }, [trips, fitKey]);

  useEffect(() => {
    const map = mapRef.current;
    if (!map || !origin) return;
    const circle = L.circle([origin.lat, origin.lng], { radius: rangeMiles * METERS_PER_MILE, color: '#1971c2', weight: 1.5, dashArray: '6 6', fill: false, interactive: false }).addTo(map);
    return () => {
      circle.remove();
    };
  }, [origin, rangeMiles]);

  useEffect(() => {
    const map = mapRef.current;
    if (!map) return;
    const layers = vehicles.flatMap((v) =>
      v.status
        ? [
            L.circleMarker([v.status.lat, v.status.lng], { radius: 6, color: '#fff', weight: 2, fillColor: VEHICLE_COLOR, fillOpacity: 1 })
              .bindTooltip(`Vehicle ${v.vehicleNumber} (${v.vehicleType})`)
              .addTo(map),
          ]
        : [],
    );
    return () => {
      for (const l of layers) l.remove();
    };
  }, [vehicles]);

  return (
    <div style={{ display: 'flex', flexDirection: 'column', height: '100%', minHeight: 0 }}>
      {outlines === 'failed' && (
        <Alert color="yellow" mb={4} p={6}>
          The county outlines could not be loaded; the trips are shown without them.
        </Alert>
      )}
      <div style={{ position: 'relative', flex: 1, minHeight: 280 }}>
        {/* A region: the map takes the arrow keys and holds its own controls; the list is the way to choose trips by keyboard. */}
        <div ref={box} style={{ position: 'absolute', inset: 0 }} role="region" aria-label="Map of the offered trips' pickups" data-testid="marketplace-map" />
        {outlines === 'loading' && (
          <Center style={{ position: 'absolute', inset: 0, zIndex: 1000, pointerEvents: 'none' }}>
            <Loader size="sm" />
          </Center>
        )}
      </div>
      <Group gap="sm" mt={4} wrap="wrap">
        {(Object.keys(NEED_COLORS) as (keyof typeof NEED_COLORS)[]).map((k) => (
          <Swatch key={k} color={NEED_COLORS[k]} label={NEED_LABELS[k]} />
        ))}
        <Swatch color={NEED_COLORS.ambulatory} label="Reserved (hollow)" hollow />
        <Swatch color={VEHICLE_COLOR} label="Your vehicles" />
      </Group>
    </div>
  );
}

export default memo(MarketplaceMap);

function Swatch({ color, label, hollow }: { color: string; label: string; hollow?: boolean }) {
  return (
    <Group gap={4}>
      <span style={{ width: 10, height: 10, borderRadius: 5, border: `2px solid ${color}`, background: hollow ? 'transparent' : color, display: 'inline-block' }} />
      <Text size="xs">{label}</Text>
    </Group>
  );
}
