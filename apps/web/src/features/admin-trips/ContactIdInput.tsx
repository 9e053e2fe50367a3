import { useState } from 'react';
import { CloseButton, Combobox, Loader, Text, TextInput, useCombobox } from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { TYPEAHEAD_MIN_CHARS, TYPEAHEAD_WAIT_MS } from '@tripline/core';
import { useGlobalSearch } from '../contacts/global-search.ts';
import { RECORD_ID } from './search-params.ts';

export interface ContactIdInputProps {
  label: string;
  /** The record id held by the search ('' when none). */
  value: string;
  onChange(id: string): void;
  /** Contact types offered first (e.g. Affiliate for a partner); other hits follow. */
  types?: readonly string[];
  /** A name already known for the id (from the results), shown instead of the bare id. */
  knownName?: string;
  error?: string;
  placeholder?: string;
}

/**
 * A search criterion that is a contact's record id, chosen by name: a typeahead over the contacts
 * (spec 2 §2: from 3 characters, 300 ms after the last key). A pasted record id is used as is.
 */
export function ContactIdInput({ label, value, onChange, types, knownName, error, placeholder }: ContactIdInputProps) {
  const combobox = useCombobox({ onDropdownClose: () => combobox.resetSelectedOption() });
  const [chosenName, setChosenName] = useState<string | null>(null);
  const [text, setText] = useState<string | null>(null);
  const shown = text ?? (value ? (chosenName ?? knownName ?? value) : '');
  const [debounced] = useDebouncedValue(text?.trim() ?? '', TYPEAHEAD_WAIT_MS);
  const typing = text !== null && !RECORD_ID.test(text.trim());
  const search = useGlobalSearch(typing ? debounced : '');
  const ready = typing && (text ?? '').trim().length >= TYPEAHEAD_MIN_CHARS;
  const hits = ready ? [...(search.data ?? [])] : [];
  if (types?.length) hits.sort((a, b) => Number(b.types.some((t) => types.includes(t))) - Number(a.types.some((t) => types.includes(t))));

  const choose = (id: string) => {
    const hit = hits.find((h) => h.id === id);
    if (!hit) return;
    setChosenName(hit.name);
    setText(null);
    onChange(hit.id);
    combobox.closeDropdown();
  };

  return (
    <Combobox store={combobox} onOptionSubmit={choose} withinPortal>
      <Combobox.Target>
        <TextInput
          label={label}
          placeholder={placeholder ?? 'Type 3 letters of a name, or paste an id'}
          value={shown}
          error={error}
          title={value || undefined}
          rightSection={
            search.isFetching && ready ? (
              <Loader size={14} aria-label="Searching" />
            ) : shown ? (
              <CloseButton
                size="sm"
                aria-label={`Clear ${label}`}
                onClick={() => {
                  setText(null);
                  setChosenName(null);
                  onChange('');
                }}
              />
            ) : null
          }
          onChange={(e) => {
            const next = e.currentTarget.value;
            setText(next);
            setChosenName(null);
            // A pasted id is the criterion itself; a name waits for a choice from the list.
            onChange(RECORD_ID.test(next.trim()) ? next.trim() : next.trim() === '' ? '' : next);
            combobox.openDropdown();
            combobox.resetSelectedOption();
          }}
          onFocus={() => ready && combobox.openDropdown()}
          onBlur={() => combobox.closeDropdown()}
        />
      </Combobox.Target>
      <Combobox.Dropdown hidden={!ready}>
        <Combobox.Options>
          {hits.length === 0 ? (
            <Combobox.Empty>{search.isFetching ? 'Searching…' : 'No contacts found'}</Combobox.Empty>
          ) : (
            hits.slice(0, 12).map((hit) => (
              <Combobox.Option value={hit.id} key={hit.id}>
                <Text size="sm">{hit.name}</Text>
                <Text size="xs" c="dimmed">
                  {[hit.types.join(', '), hit.city, `#${hit.contactNumber}`].filter(Boolean).join(' · ')}
                </Text>
              </Combobox.Option>
            ))
          )}
        </Combobox.Options>
      </Combobox.Dropdown>
    </Combobox>
  );
}
