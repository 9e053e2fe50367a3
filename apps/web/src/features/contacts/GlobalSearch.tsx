import { useState } from 'react';
import { Combobox, Group, Loader, Stack, Text, TextInput, useCombobox } from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { IconLogin2, IconSearch } from '@tabler/icons-react';
import { useNavigate } from 'react-router';
import { mayImpersonate, TYPEAHEAD_MIN_CHARS, TYPEAHEAD_WAIT_MS } from '@tripline/core';
import { useCurrentUser } from '../../lib/current-user.ts';
import { useGlobalSearch } from './global-search.ts';

const contactsPage = (q: string) => `/admin/contacts?q=${encodeURIComponent(q)}`;

/**
 * Navigation bar contact search (spec 2 §2): from 3 characters, 300 ms after the last key.
 * Each hit opens the contacts screen; with `onImpersonate` a 'Log in as' choice follows each hit
 * the signed-in user may become (core mayImpersonate, the server's own rule for su).
 */
export function GlobalSearch({ onImpersonate }: { onImpersonate?: (contactId: string) => void }) {
  const navigate = useNavigate();
  const { data: me } = useCurrentUser();
  const combobox = useCombobox({ onDropdownClose: () => combobox.resetSelectedOption() });
  const [text, setText] = useState('');
  const [debounced] = useDebouncedValue(text.trim(), TYPEAHEAD_WAIT_MS);
  const search = useGlobalSearch(debounced);
  const ready = text.trim().length >= TYPEAHEAD_MIN_CHARS;
  const hits = ready ? (search.data ?? []) : [];

  const finish = () => {
    setText('');
    combobox.closeDropdown();
  };

  const onSubmit = (value: string) => {
    const [action, id] = value.split(':', 2);
    const hit = hits.find((h) => h.id === id);
    if (!hit) return;
    finish();
    if (action === 'su' && onImpersonate && me && mayImpersonate(me, hit)) onImpersonate(hit.id);
    // the hit's contact number finds exactly that contact on the contacts screen
    else navigate(contactsPage(String(hit.contactNumber)));
  };

  return (
    <Combobox store={combobox} onOptionSubmit={onSubmit} withinPortal>
      <Combobox.Target>
        <TextInput
          aria-label="Search contacts"
          placeholder="Search contacts"
          leftSection={<IconSearch size={16} aria-hidden />}
          rightSection={search.isFetching ? <Loader size={14} aria-label="Searching" /> : null}
          value={text}
          w={{ base: '100%', sm: 320 }}
          onChange={(e) => {
            setText(e.currentTarget.value);
            combobox.openDropdown();
            combobox.resetSelectedOption();
          }}
          onFocus={() => combobox.openDropdown()}
          onBlur={() => combobox.closeDropdown()}
          onKeyDown={(e) => {
            // Enter without a chosen hit searches the contacts screen for the typed text.
            if (e.key === 'Enter' && combobox.getSelectedOptionIndex() < 0 && ready) {
              e.preventDefault();
              const q = text.trim();
              finish();
              navigate(contactsPage(q));
            }
            if (e.key === 'Escape') combobox.closeDropdown();
          }}
        />
      </Combobox.Target>
      <Combobox.Dropdown hidden={!ready}>
        <Combobox.Options mah={360} style={{ overflowY: 'auto' }} aria-label="Contacts found">
          {search.isError && <Combobox.Empty>The search failed. Try again.</Combobox.Empty>}
          {!search.isError && hits.length === 0 && (
            <Combobox.Empty>{search.isFetching || debounced !== text.trim() ? 'Searching…' : 'No contacts found'}</Combobox.Empty>
          )}
          {hits.map((hit) => (
            <div key={hit.id}>
              <Combobox.Option value={`open:${hit.id}`}>
                <Stack gap={0}>
                  <Text size="sm" fw={500}>
                    {hit.name}
                  </Text>
                  <Text size="xs" c="dimmed">
                    #{hit.contactNumber}
                    {hit.types.length ? ` · ${hit.types.join(', ')}` : ''}
                    {hit.city ? ` · ${hit.city}` : ''}
                  </Text>
                </Stack>
              </Combobox.Option>
              {onImpersonate && me && mayImpersonate(me, hit) && (
                <Combobox.Option value={`su:${hit.id}`} pl="lg">
                  <Group gap={6} wrap="nowrap">
                    <IconLogin2 size={14} aria-hidden />
                    <Text size="xs">Log in as {hit.name}</Text>
                  </Group>
                </Combobox.Option>
              )}
            </div>
          ))}
        </Combobox.Options>
      </Combobox.Dropdown>
    </Combobox>
  );
}
