import { lazy, Suspense, useEffect, useState } from 'react';
import { Alert, Button, Center, Group, Loader, Modal, NumberInput, Stack, Text, TextInput } from '@mantine/core';
import { IconSearch } from '@tabler/icons-react';
import { customLatLngProblem, GEO_MSG } from '@tripline/core';
import { ApiError } from '../../lib/api.ts';
import { geocodeAddress } from './api.ts';

const LatLngMap = lazy(() => import('./LatLngMap.tsx'));

export interface LatLngPickerProps {
  opened: boolean;
  onClose(): void;
  /** Where the address is now, when it is placed. */
  value: { lat: number | null; lng: number | null } | null;
  /** The address text, searched first when the address is not placed yet. */
  text?: string;
  /** OK: the chosen point. */
  onPick(p: { lat: number; lng: number }): void;
}

type Point = { lat: number; lng: number };

/**
 * The lat/lng picker (spec 3 §2 "Lat/lng picker modal with draggable marker and geocode search"):
 * a search for a city/state, an address or a 'lat,lng' pair brings the map near (rule 141: a
 * custom lat/lng needs that approximate search first), then the marker is dragged, the map
 * clicked or the numbers typed to the exact place.
 */
export function LatLngPicker({ opened, onClose, value, text, onPick }: LatLngPickerProps) {
  const placed = value?.lat != null && value?.lng != null ? { lat: value.lat, lng: value.lng } : null;
  const [query, setQuery] = useState('');
  const [point, setPoint] = useState<Point | null>(placed);
  const [centreKey, setCentreKey] = useState(0);
  const [searching, setSearching] = useState(false);
  const [searchNote, setSearchNote] = useState<string | null>(null);
  const [problem, setProblem] = useState<string | null>(null);

  // Each opening starts from the address as it is.
  useEffect(() => {
    if (!opened) return;
    setPoint(placed);
    setQuery(placed ? '' : (text ?? ''));
    setSearchNote(null);
    setProblem(null);
    setCentreKey((k) => k + 1);
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [opened]);

  const search = async () => {
    const q = query.trim();
    if (!q) return;
    setSearching(true);
    setSearchNote(null);
    try {
      const r = await geocodeAddress(q);
      if (r.lat != null && r.lng != null) {
        setPoint({ lat: r.lat, lng: r.lng });
        setCentreKey((k) => k + 1);
        setProblem(null);
      }
      setSearchNote(r.warning);
    } catch (e) {
      setSearchNote(GEO_MSG.errorGeocoding(q, e instanceof ApiError ? e.message : String(e)));
    } finally {
      setSearching(false);
    }
  };

  const ok = () => {
    const p = customLatLngProblem(point !== null);
    if (p || !point) return setProblem(p);
    onPick(point);
    onClose();
  };

  const setCoord = (key: keyof Point, v: string | number) => {
    if (!point || typeof v !== 'number') return;
    setPoint({ ...point, [key]: v });
  };

  return (
    <Modal opened={opened} onClose={onClose} title="Place the address on the map" size="lg">
      <Stack gap="sm">
        <form
          onSubmit={(e) => {
            e.preventDefault();
            void search();
          }}
        >
          <Group align="flex-end" gap="xs">
            <TextInput
              style={{ flex: 1 }}
              label="Search"
              description="A city and state (Las Cruces, NM), an address or a latitude, longitude pair"
              value={query}
              onChange={(e) => setQuery(e.currentTarget.value)}
              data-autofocus
            />
            <Button type="submit" leftSection={<IconSearch size={16} />} loading={searching} disabled={!query.trim()}>
              Search
            </Button>
          </Group>
        </form>
        {searchNote && (
          <Alert color="yellow" p="xs">
            {searchNote}
          </Alert>
        )}
        {point ? (
          <Suspense
            fallback={
              <Center h={360}>
                <Loader size="sm" />
              </Center>
            }
          >
            <LatLngMap point={point} centreKey={centreKey} onMove={(p) => setPoint(p)} />
          </Suspense>
        ) : (
          <Center h={120} bg="gray.0" style={{ borderRadius: 4 }}>
            <Text c="dimmed" size="sm">
              Search for the city and state first; the map opens there.
            </Text>
          </Center>
        )}
        <Group grow>
          <NumberInput label="Latitude" value={point?.lat ?? ''} onChange={(v) => setCoord('lat', v)} min={-90} max={90} decimalScale={6} disabled={!point} />
          <NumberInput label="Longitude" value={point?.lng ?? ''} onChange={(v) => setCoord('lng', v)} min={-180} max={180} decimalScale={6} disabled={!point} />
        </Group>
        {problem && (
          <Alert color="red" p="xs" role="alert">
            {problem}
          </Alert>
        )}
        <Group justify="flex-end">
          <Button variant="default" onClick={onClose}>
            Cancel
          </Button>
          <Button onClick={ok}>OK</Button>
        </Group>
      </Stack>
    </Modal>
  );
}
