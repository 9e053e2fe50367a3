import { useRef, useState } from 'react';
import { ActionIcon, Badge, Combobox, Group, Loader, Text, TextInput, Tooltip, useCombobox } from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { IconMapPin } from '@tabler/icons-react';
import { GEOCODE_QUALITY_LABELS, GEO_MSG, TYPEAHEAD_WAIT_MS, type AddressValue, type GeocodeQuality } from '@tripline/core';
import { ApiError } from '../../lib/api.ts';
import { geocodeAddress, useAddressOptions, useCityOptions } from './api.ts';
import { cityQueryOf, needsPlacing, placingNote, unplacedValue, valueOfGeocode, valueOfOption, withCity, type PlacingNote } from './address-field.ts';
import { LatLngPicker } from './LatLngPicker.tsx';

export interface AddressFieldProps {
  label: string;
  value: AddressValue | null;
  onChange: (v: AddressValue | null) => void;
  /** Offers this passenger's saved addresses and recent stops. */
  passengerId?: string | null;
  error?: string | null;
  disabled?: boolean;
  autoFocus?: boolean;
}

const QUALITY_COLORS: Record<GeocodeQuality, string> = { exact: 'green', 'zip-centroid': 'yellow', none: 'gray' };
const NO_NOTE: PlacingNote = { warning: null, error: null };
const MAX_SAVED = 12;

/**
 * A leg's stop (spec 2 §2, 3 §5): one of the passenger's saved addresses, or typed text with city
 * suggestions that is geocoded when the field is left or Enter is pressed, its quality shown
 * ('Exact', 'ZIP centre', 'Not placed'); the pin opens the lat/lng picker for a placing by hand.
 */
export function AddressField({ label, value, onChange, passengerId, error, disabled, autoFocus }: AddressFieldProps) {
  const combobox = useCombobox({ onDropdownClose: () => combobox.resetSelectedOption() });
  const [text, setText] = useState<string | null>(null);
  const [note, setNote] = useState<PlacingNote>(NO_NOTE);
  const [placing, setPlacing] = useState(false);
  const [picker, setPicker] = useState(false);
  const attempt = useRef(0);
  const shown = text ?? value?.text ?? '';

  const saved = useAddressOptions(passengerId);
  const cityQuery = text === null ? null : cityQueryOf(text);
  const [debouncedCity] = useDebouncedValue(cityQuery?.q ?? '', TYPEAHEAD_WAIT_MS);
  const cities = useCityOptions(cityQuery ? debouncedCity : '');
  const typed = (text ?? '').trim().toLowerCase();
  const savedShown = (saved.data ?? []).filter((o) => !typed || o.text.toLowerCase().includes(typed) || (o.label ?? '').toLowerCase().includes(typed)).slice(0, MAX_SAVED);
  const citiesShown = cityQuery ? (cities.data ?? []).slice(0, 8) : [];

  const place = async (raw: string) => {
    const t = raw.trim();
    const mine = ++attempt.current;
    if (!t) {
      setText(null);
      setNote(NO_NOTE);
      if (value) onChange(null);
      return;
    }
    if (!needsPlacing(value, t)) {
      setText(null);
      if (value?.text !== t) {
        onChange(unplacedValue(t));
        setNote(placingNote(t, null));
      }
      return;
    }
    setPlacing(true);
    try {
      const r = await geocodeAddress(t);
      if (mine !== attempt.current) return;
      onChange(valueOfGeocode(t, r));
      setNote(placingNote(t, r));
    } catch (e) {
      if (mine !== attempt.current) return;
      onChange(unplacedValue(t));
      setNote(placingNote(t, null, e instanceof ApiError ? e.message : String(e)));
    } finally {
      if (mine === attempt.current) {
        setPlacing(false);
        setText(null);
      }
    }
  };

  const choose = (key: string) => {
    combobox.closeDropdown();
    if (key.startsWith('a:')) {
      const o = saved.data?.find((x) => x.id === key.slice(2));
      if (!o) return;
      attempt.current += 1;
      setText(null);
      setNote(o.quality === 'none' ? { warning: GEO_MSG.unableToGeocode(o.text), error: null } : NO_NOTE);
      onChange(valueOfOption(o));
    } else if (key.startsWith('c:') && cityQuery) {
      const c = citiesShown[Number(key.slice(2))];
      if (!c) return;
      const next = withCity(cityQuery.prefix, c);
      setText(next);
      void place(next);
    }
  };

  const quality = value && (value.text || value.id) ? (value.quality ?? (value.lat != null ? 'exact' : 'none')) : null;
  const labelRow = (
    <Group gap={6} component="span">
      <span>{label}</span>
      {quality && !placing && (
        <Badge size="xs" variant="light" color={QUALITY_COLORS[quality]} data-testid="address-quality">
          {value?.custom ? 'Placed by hand' : GEOCODE_QUALITY_LABELS[quality]}
        </Badge>
      )}
    </Group>
  );

  return (
    <>
      <Combobox store={combobox} onOptionSubmit={choose} withinPortal>
        <Combobox.Target>
          <TextInput
            label={labelRow}
            placeholder={passengerId ? 'Choose a saved address or type one' : 'Type an address: street, city, state ZIP'}
            value={shown}
            disabled={disabled}
            autoFocus={autoFocus}
            error={error || note.error || undefined}
            description={note.warning ? <Text span size="xs" c="yellow.8">{note.warning}</Text> : undefined}
            inputWrapperOrder={['label', 'input', 'description', 'error']}
            rightSectionWidth={placing ? 32 : 40}
            rightSection={
              placing ? (
                <Loader size={14} aria-label="Placing the address" />
              ) : (
                <Tooltip label="Place on the map">
                  <ActionIcon variant="subtle" aria-label={`Place ${label} on the map`} onClick={() => setPicker(true)} disabled={disabled}>
                    <IconMapPin size={18} />
                  </ActionIcon>
                </Tooltip>
              )
            }
            onChange={(e) => {
              setText(e.currentTarget.value);
              setNote(NO_NOTE);
              combobox.openDropdown();
              combobox.resetSelectedOption();
            }}
            onFocus={() => combobox.openDropdown()}
            onBlur={() => {
              combobox.closeDropdown();
              if (text !== null) void place(text);
            }}
            onKeyDown={(e) => {
              if (e.key === 'Enter' && combobox.getSelectedOptionIndex() < 0 && text !== null) {
                e.preventDefault();
                combobox.closeDropdown();
                void place(text);
              }
            }}
          />
        </Combobox.Target>
        <Combobox.Dropdown hidden={savedShown.length === 0 && citiesShown.length === 0}>
          <Combobox.Options mah={320} style={{ overflowY: 'auto' }}>
            {savedShown.length > 0 && (
              <Combobox.Group label="Saved addresses">
                {savedShown.map((o) => (
                  <Combobox.Option value={`a:${o.id}`} key={o.id}>
                    <Text size="sm">{o.text}</Text>
                    <Text size="xs" c="dimmed">
                      {[o.label ?? (o.source === 'trip' ? 'Recent trip' : null), o.name, GEOCODE_QUALITY_LABELS[o.quality]].filter(Boolean).join(' · ')}
                    </Text>
                  </Combobox.Option>
                ))}
              </Combobox.Group>
            )}
            {citiesShown.length > 0 && (
              <Combobox.Group label="Cities">
                {citiesShown.map((c, i) => (
                  <Combobox.Option value={`c:${i}`} key={`${c.city}|${c.state}`}>
                    <Text size="sm">
                      {c.city}, {c.state} {c.zip}
                    </Text>
                  </Combobox.Option>
                ))}
              </Combobox.Group>
            )}
          </Combobox.Options>
        </Combobox.Dropdown>
      </Combobox>
      <LatLngPicker
        opened={picker}
        onClose={() => setPicker(false)}
        value={value}
        text={shown}
        onPick={(p) => {
          attempt.current += 1;
          setText(null);
          setNote(NO_NOTE);
          onChange({ id: null, text: shown.trim() || `${p.lat}, ${p.lng}`, lat: p.lat, lng: p.lng, quality: 'exact', zip: value?.zip ?? null, custom: true });
        }}
      />
    </>
  );
}
