import { useCallback, useEffect, useMemo, useRef, useState } from 'react';
import { Alert, Button, Center, Chip, Group, Loader, SegmentedControl, Stack, Text, TextInput, Title } from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { useQueryClient } from '@tanstack/react-query';
import { IconBuilding, IconSearch, IconUserPlus } from '@tabler/icons-react';
import { useSearchParams } from 'react-router';
import { CONTACT_SEARCH_LIMIT, CONTACT_SEARCH_TEXT, TYPEAHEAD_MIN_CHARS, TYPEAHEAD_WAIT_MS, type ContactRow, type ContactType } from '@tripline/core';
import type { ScreenProps } from '../../app/screens.tsx';
import { ContactInspectModal } from '../contact-care/ContactInspectModal.tsx';
import { ContactEditModal, type ContactEditTarget } from '../contact-details/ContactEditModal.tsx';
import { contactsKey, useContactSearch } from './api.ts';
import { ContactsTable, type ContactRowActions } from './ContactsTable.tsx';
import { MembersPanel } from './MembersPanel.tsx';
import classes from './contacts.module.css';

/** The type chips: the kinds of contact the operator looks for most. */
const TYPE_CHIPS: readonly ContactType[] = ['S/N Passenger', 'Case Manager', 'Bill To', 'Facility', 'Affiliate', 'Driver', 'SecureEmployee'];
const ALL = 'all';

/**
 * /admin/contacts (spec 2 §2): the contact register. One search box (q, kept in the address) finds
 * contacts from 3 characters, 300 ms after typing stops; type chips narrow; rows open the edit
 * modal (showTab picks its tab) and an Inspect action the inspect modal. search834 switches to
 * the plans' enrollment files, whose members can be made contacts.
 */
export function ContactsPage({ route }: ScreenProps) {
  const [params, setParams] = useSearchParams();
  const q = params.get('q') ?? '';
  const showTab = params.get('showTab') ?? undefined;
  const search834 = params.get('search834') === 'true';
  const [typed, setTyped] = useState(q);
  const [debounced] = useDebouncedValue(typed.trim(), TYPEAHEAD_WAIT_MS);
  const [type, setType] = useState<ContactType | typeof ALL>(ALL);
  const [editing, setEditing] = useState<ContactEditTarget | null>(null);
  const [inspecting, setInspecting] = useState<string | null>(null);
  const [tab, setTab] = useState<string | undefined>(showTab);
  const client = useQueryClient();
  const input = useRef<HTMLInputElement>(null);

  const setParam = (name: string, value: string | undefined) => {
    const next = new URLSearchParams(params);
    if (value) next.set(name, value);
    else next.delete(name);
    setParams(next, { replace: true });
  };
  // the last q the typing put in the address: its arrival must not undo what was typed since
  const pushed = useRef(q);
  useEffect(() => {
    if (debounced === q) return;
    pushed.current = debounced;
    setParam('q', debounced || undefined);
    // the address follows the typing only
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [debounced]);
  // the address changed from outside (a link, back): the box follows, keeping what is being typed
  useEffect(() => {
    if (q === pushed.current) return;
    pushed.current = q;
    setTyped((now) => (now.trim() === q ? now : q));
  }, [q]);

  const ready = q.length >= TYPEAHEAD_MIN_CHARS;
  const search = useContactSearch(search834 ? '' : q, type === ALL ? undefined : type);

  // showTab in the address opens the contact the search names on that tab, once
  const shownTabFor = useRef<string | null>(null);
  const only = search.data?.contacts.length === 1 ? search.data.contacts[0] : null;
  useEffect(() => {
    if (!showTab || !only || shownTabFor.current === only.id) return;
    shownTabFor.current = only.id;
    setTab(showTab);
    setEditing({ id: only.id });
  }, [showTab, only]);

  const actions = useMemo<ContactRowActions>(
    () => ({
      onOpen: (c: ContactRow) => {
        setTab(showTab);
        setEditing({ id: c.id });
      },
      onInspect: (c: ContactRow) => setInspecting(c.id),
    }),
    [showTab],
  );

  const openNew = (kind: 'Person' | 'Business') => {
    setTab(undefined);
    setEditing({ kind });
  };

  const focusSearch = useCallback(() => input.current?.focus(), []);
  const focusFirstRow = () => document.querySelector<HTMLElement>('[aria-label="Contacts"] [role="row"][data-index="0"]')?.focus();

  return (
    <Stack gap="md" className={classes.page}>
      <Group justify="space-between" align="flex-end">
        <Title order={1} size="h2">{route.title ?? 'Contacts'}</Title>
        <Group gap="xs">
          <Button leftSection={<IconUserPlus size={16} />} onClick={() => openNew('Person')}>
            New Person
          </Button>
          <Button variant="default" leftSection={<IconBuilding size={16} />} onClick={() => openNew('Business')}>
            New Business
          </Button>
        </Group>
      </Group>

      <Group gap="md" align="flex-end">
        <SegmentedControl
          aria-label="What to search"
          value={search834 ? '834' : 'contacts'}
          onChange={(v) => setParam('search834', v === '834' ? 'true' : undefined)}
          data={[
            { value: 'contacts', label: 'Contacts' },
            { value: '834', label: '834 members' },
          ]}
        />
        <TextInput
          ref={input}
          label="Search"
          placeholder={search834 ? 'Name, member ID or date of birth' : 'Name, phone, number, member ID or date of birth'}
          leftSection={<IconSearch size={16} aria-hidden />}
          rightSection={search.isFetching ? <Loader size={14} aria-label="Searching" /> : null}
          value={typed}
          onChange={(e) => setTyped(e.currentTarget.value)}
          onKeyDown={(e) => {
            if (e.key === 'ArrowDown' && !search834) {
              e.preventDefault();
              focusFirstRow();
            }
          }}
          w={{ base: '100%', sm: 380 }}
          autoFocus
        />
      </Group>

      {!search834 && (
        <Chip.Group multiple={false} value={type} onChange={(v) => setType(TYPE_CHIPS.find((t) => t === v) ?? ALL)}>
          <Group gap={6} aria-label="Contact type">
            <Chip value={ALL} size="sm">
              All types
            </Chip>
            {TYPE_CHIPS.map((t) => (
              <Chip key={t} value={t} size="sm">
                {t}
              </Chip>
            ))}
          </Group>
        </Chip.Group>
      )}

      {search834 ? (
        <MembersPanel
          q={q}
          onOpenContact={(id) => {
            setTab(undefined);
            setEditing({ id });
          }}
        />
      ) : !ready ? (
        <Text c="dimmed">{CONTACT_SEARCH_TEXT.enterTerm}</Text>
      ) : search.isPending ? (
        <Center py={48}>
          <Loader size="sm" aria-label="Loading contacts" />
        </Center>
      ) : search.isError ? (
        <Alert color="red" title="The contacts could not be loaded" role="alert">
          {search.error.message}{' '}
          <Button variant="subtle" size="compact-sm" onClick={() => search.refetch()}>
            Try again
          </Button>
        </Alert>
      ) : search.data.contacts.length === 0 ? (
        <Text c="dimmed" role="status">
          {CONTACT_SEARCH_TEXT.noContacts}
        </Text>
      ) : (
        <>
          <Text size="sm" c="dimmed" role="status">
            {search.data.more ? `The first ${CONTACT_SEARCH_LIMIT} contacts found` : `${search.data.contacts.length} ${search.data.contacts.length === 1 ? 'contact' : 'contacts'} found`}
          </Text>
          <ContactsTable contacts={search.data.contacts} actions={actions} searchKey={`${q}|${type}`} onLeaveTop={focusSearch} />
          {search.data.more && (
            <Text size="sm" c="dimmed" role="status">
              More contacts match than the first {CONTACT_SEARCH_LIMIT}: add a word, a phone or a date of birth to narrow the search.
            </Text>
          )}
        </>
      )}

      <ContactEditModal
        target={editing}
        showTab={tab}
        onClose={() => setEditing(null)}
        onSaved={() => client.invalidateQueries({ queryKey: contactsKey })}
      />
      <ContactInspectModal
        contactId={inspecting}
        onClose={() => setInspecting(null)}
        onEdit={(id, editTab) => {
          setInspecting(null);
          setTab(editTab);
          setEditing({ id });
        }}
      />
    </Stack>
  );
}
