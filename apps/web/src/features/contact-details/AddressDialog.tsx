import { useEffect, useState } from 'react';
import { Alert, Autocomplete, Button, Group, Modal, Select, SimpleGrid, Stack, Text, TextInput } from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { IconMapPin } from '@tabler/icons-react';
import { ADDRESS_LABELS, addressText, shouldGeocode, TYPEAHEAD_WAIT_MS, type AddressLabel } from '@tripline/core';
import { ApiError } from '../../lib/api.ts';
import { geocodeAddress, useCityOptions } from '../geo/api.ts';
import { LatLngPicker } from '../geo/LatLngPicker.tsx';
import type { AddressRow } from './form.ts';

const CITY_OPTION = /^(.*), ([A-Z]{2}) (\d{5})$/;

export interface AddressDialogProps {
  /** The address being edited or added; null: closed. */
  address: AddressRow | null;
  onClose(): void;
  onDone(a: AddressRow): void;
}

/**
 * The contact address dialog (spec 3 §2, §5): label, street, suite, city (with city suggestions),
 * state and ZIP. OK geocodes the address when it has no point, a street, and a ZIP, a city or a
 * comma (rule 139); a failed geocoding call keeps the dialog open with the service's error (rule
 * 138), an address that cannot be placed is kept with a warning, and the pin places it by hand.
 */
export function AddressDialog({ address, onClose, onDone }: AddressDialogProps) {
  const [a, setA] = useState<AddressRow | null>(address);
  const [busy, setBusy] = useState(false);
  const [warning, setWarning] = useState<string | null>(null);
  const [picker, setPicker] = useState(false);
  useEffect(() => {
    setA(address);
    setWarning(null);
  }, [address]);
  const [city] = useDebouncedValue(a?.city.trim() ?? '', TYPEAHEAD_WAIT_MS);
  const cities = useCityOptions(city.length >= 2 ? city : '', a?.state.trim().length === 2 ? a.state.trim() : undefined);
  if (!a) return null;
  // Typing the address again forgets where it was placed (a hand-placed point too).
  const edit = (patch: Partial<AddressRow>) => setA({ ...a, ...patch, lat: null, lng: null, hasCustomLatLng: false, geocodeError: null });
  const text = addressText(a);

  const ok = async () => {
    if (a.lat != null && a.lng != null) return onDone(a);
    if (!shouldGeocode({ street: a.street, city: a.city, zip: a.zip })) return onDone(a);
    setBusy(true);
    try {
      const r = await geocodeAddress(text);
      if (r.failed) {
        setA({ ...a, geocodeError: r.warning });
        return;
      }
      if (r.lat == null || r.lng == null) {
        setWarning(r.warning);
        return onDone({ ...a, geocodeError: null });
      }
      onDone({ ...a, lat: r.lat, lng: r.lng, zip: a.zip || r.zip || '', city: a.city || r.city || '', state: a.state || r.state || '', geocodeError: null });
    } catch (e) {
      setA({ ...a, geocodeError: e instanceof ApiError ? e.message : 'Could not communicate with server' });
    } finally {
      setBusy(false);
    }
  };

  return (
    <Modal opened onClose={onClose} title={a.id ? 'Edit address' : 'New address'} size="lg">
      <form
        onSubmit={(e) => {
          e.preventDefault();
          e.stopPropagation();
          // the lat/lng picker's search is a form of its own whose submit bubbles up to here
          if (e.target !== e.currentTarget) return;
          void ok();
        }}
      >
        <Stack gap="sm">
          <Select label="Label" data={[...ADDRESS_LABELS]} value={a.label} onChange={(v) => v && setA({ ...a, label: v as AddressLabel })} allowDeselect={false} />
          <SimpleGrid cols={{ base: 1, sm: 3 }}>
            <TextInput label="Street" value={a.street} onChange={(e) => edit({ street: e.currentTarget.value })} data-autofocus style={{ gridColumn: 'span 2' }} />
            <TextInput label="Suite" value={a.suite} onChange={(e) => setA({ ...a, suite: e.currentTarget.value })} />
            <Autocomplete
              label="City"
              value={a.city}
              onChange={(v) => {
                // a suggestion ('Albuquerque, NM 87102') fills city, state and ZIP at once
                const m = CITY_OPTION.exec(v);
                edit(m ? { city: m[1]!, state: m[2]!, zip: m[3]! } : { city: v });
              }}
              data={[...new Set((cities.data ?? []).map((c) => `${c.city}, ${c.state} ${c.zip}`))].slice(0, 8)}
            />
            <TextInput label="State" value={a.state} maxLength={2} onChange={(e) => edit({ state: e.currentTarget.value.toUpperCase() })} />
            <TextInput label="ZIP" value={a.zip} onChange={(e) => edit({ zip: e.currentTarget.value })} />
          </SimpleGrid>
          <Group gap="xs">
            <Button variant="light" size="xs" leftSection={<IconMapPin size={14} />} onClick={() => setPicker(true)}>Pick on map</Button>
            <Text size="xs" c="dimmed">
              {a.lat != null && a.lng != null ? `${a.hasCustomLatLng ? 'Placed by hand' : 'Placed'} at ${a.lat.toFixed(5)}, ${a.lng.toFixed(5)}` : 'Placed when you press OK'}
            </Text>
          </Group>
          {a.geocodeError && <Alert color="red" role="alert">{a.geocodeError}</Alert>}
          {warning && <Alert color="yellow">{warning}</Alert>}
          <Group justify="end">
            <Button variant="default" onClick={onClose}>Cancel</Button>
            <Button type="submit" loading={busy}>OK</Button>
          </Group>
        </Stack>
      </form>
      <LatLngPicker
        opened={picker}
        onClose={() => setPicker(false)}
        value={{ lat: a.lat, lng: a.lng }}
        text={text}
        onPick={(p) => {
          setA({ ...a, lat: p.lat, lng: p.lng, hasCustomLatLng: true, geocodeError: null });
          setPicker(false);
        }}
      />
    </Modal>
  );
}
