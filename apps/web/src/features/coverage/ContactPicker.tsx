import { useEffect, useState } from 'react';
import { CloseButton, Combobox, Loader, Stack, Text, TextInput, useCombobox } from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { TYPEAHEAD_MIN_CHARS, TYPEAHEAD_WAIT_MS, type ContactOption, type ContactType } from '@tripline/core';
import { useContactSearch } from './api.ts';

export interface ContactPickerProps {
  value: ContactOption | null;
  onChange: (v: ContactOption | null) => void;
  label: string;
  /** The contact type searched (admin/autocomplete-contact `type`). */
  type: ContactType;
  /** What the hits are called: 'No {noun} found', 'Clear {label}'. */
  noun: string;
  placeholder?: string;
  error?: string | null;
  disabled?: boolean;
  autoFocus?: boolean;
}

/** What an option says under the name: contact number, member id, date of birth, city. */
export function contactDetails(p: ContactOption): string {
  return [p.contactNumber && `#${p.contactNumber}`, p.memberId && `Member ${p.memberId}`, p.dob && `DOB ${p.dob}`, p.city].filter(Boolean).join(' · ');
}

/**
 * An editor's contact field (spec 2 §7 admin/autocomplete-contact): searches contacts of a type
 * from 3 characters, 300 ms after the last key, by name, contact number or member id. Arrow keys
 * move through the hits, Enter picks, Escape closes; the clear button (or emptying the field)
 * removes the contact.
 */
export function ContactPicker({ value, onChange, label, type, noun, placeholder, error, disabled, autoFocus }: ContactPickerProps) {
  const combobox = useCombobox({ onDropdownClose: () => combobox.resetSelectedOption() });
  const [text, setText] = useState(value?.name ?? '');
  const [debounced] = useDebouncedValue(text.trim(), TYPEAHEAD_WAIT_MS);
  const searching = !value || text !== value.name;
  const search = useContactSearch(searching ? debounced : '', type);
  const ready = searching && text.trim().length >= TYPEAHEAD_MIN_CHARS;
  const hits = ready ? (search.data ?? []) : [];

  // a value chosen elsewhere (a trip loaded, a duplicate) shows its name
  useEffect(() => setText(value?.name ?? ''), [value?.id, value?.name]);

  const choose = (id: string) => {
    const hit = hits.find((h) => h.id === id);
    if (!hit) return;
    onChange(hit);
    setText(hit.name);
    combobox.closeDropdown();
  };

  const pending = search.isFetching || debounced !== text.trim();
  return (
    <Combobox store={combobox} onOptionSubmit={choose} withinPortal>
      <Combobox.Target>
        <TextInput
          label={label}
          placeholder={placeholder ?? 'Name, contact number or member id'}
          value={text}
          error={error ?? undefined}
          disabled={disabled}
          autoFocus={autoFocus}
          description={value ? contactDetails(value) || undefined : undefined}
          rightSection={
            search.isFetching ? (
              <Loader size={14} aria-label="Searching" />
            ) : value && !disabled ? (
              <CloseButton
                size="sm"
                aria-label={`Clear ${label.toLowerCase()}`}
                onMouseDown={(e) => e.preventDefault()}
                onClick={() => {
                  onChange(null);
                  setText('');
                }}
              />
            ) : null
          }
          onChange={(e) => {
            const next = e.currentTarget.value;
            setText(next);
            if (value && next.trim() === '') onChange(null);
            combobox.openDropdown();
            combobox.resetSelectedOption();
          }}
          onFocus={() => searching && combobox.openDropdown()}
          onBlur={() => {
            combobox.closeDropdown();
            // leaving the field with half-typed text keeps the chosen contact
            if (value) setText(value.name);
          }}
          onKeyDown={(e) => {
            if (e.key === 'Escape') combobox.closeDropdown();
          }}
        />
      </Combobox.Target>
      <Combobox.Dropdown hidden={!ready}>
        <Combobox.Options mah={320} style={{ overflowY: 'auto' }} aria-label={`${noun[0].toUpperCase()}${noun.slice(1)} found`}>
          {search.isError && <Combobox.Empty>The search failed. Try again.</Combobox.Empty>}
          {!search.isError && hits.length === 0 && <Combobox.Empty>{pending ? 'Searching…' : `No ${noun} found`}</Combobox.Empty>}
          {hits.map((hit) => (
            <Combobox.Option key={hit.id} value={hit.id} active={hit.id === value?.id}>
              <Stack gap={0}>
                <Text size="sm" fw={500}>
                  {hit.name}
                </Text>
                <Text size="xs" c="dimmed">
                  {contactDetails(hit)}
                </Text>
              </Stack>
            </Combobox.Option>
          ))}
        </Combobox.Options>
      </Combobox.Dropdown>
    </Combobox>
  );
}
