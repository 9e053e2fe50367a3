import { useEffect, useRef, useState } from 'react';
import { Center, Loader, Text } from '@mantine/core';
import type { Feature } from 'geojson';
import L from 'leaflet';
import 'leaflet/dist/leaflet.css';
import { US_STATES_BY_FIPS, type CountyRef } from '@tripline/core';
import { countiesOfStates } from '../admin-trips/inspect/map-geometry.ts';
import { loadAtlas } from '../geo/atlas.ts';
import { OUTLINE, UNASSIGNED_FILL } from './colours.ts';
import type { CountyOwner } from './draft.ts';

export interface CountyMapProps {
  /** Two-digit FIPS codes of the states drawn. */
  stateIds: readonly string[];
  /** The state the view fits, when one is being edited. */
  focusStateId: string | null;
  owners: ReadonlyMap<string, CountyOwner>;
  colours: ReadonlyMap<string, string>;
  /** The division being edited: its counties are outlined more strongly. */
  editingId: string | null;
  /** Absent: the map only shows. */
  onCountyClick?: (county: CountyRef) => void;
}

const fipsOf = (f: Feature) => String(f.id ?? '').padStart(5, '0');
const nameOf = (f: Feature) => String((f.properties as { name?: string } | null)?.name ?? fipsOf(f));

/**
 * The divisions map (spec 3 §5): county outlines of the divisions' states from us-atlas (no
 * tiles), each filled with its division's colour; a click on a county hands it to the form.
 */
export default function CountyMap({ stateIds, focusStateId, owners, colours, editingId, onCountyClick }: CountyMapProps) {
  const box = useRef<HTMLDivElement>(null);
  const map = useRef<L.Map | null>(null);
  const layer = useRef<L.GeoJSON | null>(null);
  const [status, setStatus] = useState<'loading' | 'ready' | 'failed'>('loading');
  // the handlers read the latest props without redrawing the outlines
  const latest = useRef({ owners, colours, editingId, onCountyClick });
  latest.current = { owners, colours, editingId, onCountyClick };

  const styleOf = (f: Feature | undefined): L.PathOptions => {
    const { owners: o, colours: c, editingId: e } = latest.current;
    const owner = f ? o.get(fipsOf(f)) : undefined;
    const mine = !!owner && owner.divisionId === e;
    return {
      color: mine ? '#212529' : OUTLINE,
      weight: mine ? 2 : 0.8,
      fillColor: owner ? (c.get(owner.divisionId) ?? UNASSIGNED_FILL) : UNASSIGNED_FILL,
      fillOpacity: owner ? (mine ? 0.85 : 0.6) : 1,
      className: f ? `county county-${fipsOf(f)}` : 'county',
    };
  };

  const tooltipOf = (f: Feature) => {
    const owner = latest.current.owners.get(fipsOf(f));
    const state = US_STATES_BY_FIPS[fipsOf(f).slice(0, 2)]?.code ?? '';
    return `${nameOf(f)}, ${state}: ${owner ? owner.code : 'no division'}`;
  };

  useEffect(() => {
    const el = box.current;
    if (!el) return;
    const m = L.map(el, { attributionControl: false, zoomSnap: 0.25, maxZoom: 11 });
    m.getContainer().style.background = '#e7f5ff';
    m.setView([39.5, -98.35], 4);
    map.current = m;
    const resize = new ResizeObserver(() => m.invalidateSize());
    resize.observe(el);
    return () => {
      resize.disconnect();
      m.remove();
      map.current = null;
    };
  }, []);

  const statesKey = stateIds.join(',');
  useEffect(() => {
    let cancelled = false;
    setStatus('loading');
    loadAtlas().then(
      ({ counties }) => {
        const m = map.current;
        if (cancelled || !m) return;
        layer.current?.remove();
        const shown = countiesOfStates(counties, stateIds);
        layer.current = L.geoJSON(shown, {
          style: styleOf,
          onEachFeature: (f, l) => {
            l.bindTooltip(tooltipOf(f), { sticky: true });
            l.on('click', () => latest.current.onCountyClick?.({ fips: fipsOf(f), name: nameOf(f) }));
          },
        }).addTo(m);
        const bounds = layer.current.getBounds();
        if (bounds.isValid()) m.fitBounds(bounds, { padding: [8, 8] });
        setStatus('ready');
      },
      () => !cancelled && setStatus('failed'),
    );
    return () => {
      cancelled = true;
    };
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [statesKey]);

  // new owners or colours restyle the drawn counties and say so in their tooltips
  useEffect(() => {
    layer.current?.setStyle((f) => styleOf(f));
    layer.current?.eachLayer((l) => {
      const f = (l as L.Polygon & { feature?: Feature }).feature;
      if (f) l.setTooltipContent(tooltipOf(f));
    });
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [owners, colours, editingId, status]);

  // editing a division fits its state
  useEffect(() => {
    const m = map.current;
    const l = layer.current;
    if (!m || !l || !focusStateId) return;
    const parts = l.getLayers().filter((p) => fipsOf((p as L.Polygon & { feature: Feature }).feature).startsWith(focusStateId)) as L.Polygon[];
    if (parts.length === 0) return;
    m.fitBounds(L.featureGroup(parts).getBounds(), { padding: [8, 8] });
  }, [focusStateId, status]);

  return (
    <div style={{ position: 'relative' }}>
      <div
        ref={box}
        style={{ height: 460, borderRadius: 4, cursor: onCountyClick ? 'pointer' : 'default' }}
        data-testid="division-map"
        role="region"
        aria-label={onCountyClick ? 'Division map: click a county to add it to the division or take it out' : 'Division map'}
      />
      {status === 'loading' && (
        <Center style={{ position: 'absolute', inset: 0, zIndex: 1000, pointerEvents: 'none' }}>
          <Loader size="sm" aria-label="Loading the county outlines" />
        </Center>
      )}
      {status === 'failed' && (
        <Text size="sm" c="red" mt={4} role="alert">
          The county outlines could not be loaded. The county list beside the form still assigns counties.
        </Text>
      )}
    </div>
  );
}
