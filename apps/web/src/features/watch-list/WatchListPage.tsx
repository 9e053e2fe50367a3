import { useState } from 'react';
import { Alert, Button, Center, Group, Loader, SegmentedControl, Stack, Text, TextInput, Title } from '@mantine/core';
import { IconPlus, IconSearch, IconUpload } from '@tabler/icons-react';
import { contract, mayAccess, WATCH_LIST_MSG, type ElevatedMember } from '@tripline/core';
import type { ScreenProps } from '../../app/screens.tsx';
import { confirm } from '../../lib/confirm.tsx';
import { useCurrentUser } from '../../lib/current-user.ts';
import { localToday } from '../../lib/date-input.ts';
import { toast } from '../../lib/toast.tsx';
import { useRemoveEntry, useWatchList } from './api.ts';
import { entryOf, entryStatus, filterEntries, newEntry, type EntryDraft } from './entry-form.ts';
import { EntryModal } from './EntryModal.tsx';
import { UploadModal } from './UploadModal.tsx';
import { WatchListTable } from './WatchListTable.tsx';

type Show = 'current' | 'all';

/**
 * /admin/elevated-member (spec 1 §2, 3 §2): the watch list of elevated members, kept by hand or
 * from an .xlsx upload that is previewed before it is applied. Writing is for staff who may POST
 * to the watch list (rule 78: the upload shows only after that permission check).
 */
export function WatchListPage(_props: ScreenProps) {
  const { data: user } = useCurrentUser();
  const mayWrite = !!user && mayAccess(user, contract.elevatedMemberSave.access.roles);
  const mayUpload = !!user && mayAccess(user, contract.watchListUpload.access.roles);
  const list = useWatchList();
  const remove = useRemoveEntry();
  const [text, setText] = useState('');
  const [show, setShow] = useState<Show>('current');
  const [editing, setEditing] = useState<EntryDraft | null>(null);
  const [uploading, setUploading] = useState(false);
  const today = localToday();

  const onRemove = async (e: ElevatedMember) => {
    const yes = await confirm({ title: 'Remove from the watch list', message: WATCH_LIST_MSG.REMOVE_CONFIRM(e.passengerName), confirmLabel: 'Remove', danger: true });
    if (!yes) return;
    remove.mutate(e.id, {
      onSuccess: () => toast.success(`${e.passengerName} removed from the watch list`),
      onError: (err) => toast.error(err.message),
    });
  };

  const all = list.data ?? [];
  const shown = filterEntries(all, text).filter((e) => show === 'all' || entryStatus(e, today) !== 'Ended');

  let body: React.ReactNode;
  if (list.isPending) {
    body = (
      <Center py="xl">
        <Loader aria-label="Loading the watch list" />
      </Center>
    );
  } else if (list.isError) {
    body = (
      <Alert color="red" title="The watch list could not be loaded">
        <Stack gap="xs" align="flex-start">
          <Text size="sm">{list.error.message}</Text>
          <Button size="xs" variant="light" color="red" onClick={() => void list.refetch()}>
            Try again
          </Button>
        </Stack>
      </Alert>
    );
  } else if (shown.length === 0) {
    body = (
      <Text c="dimmed" py="lg" ta="center">
        {all.length === 0 ? WATCH_LIST_MSG.EMPTY : 'No entries match.'}
      </Text>
    );
  } else {
    body = (
      <WatchListTable
        entries={shown}
        today={today}
        onEdit={mayWrite ? (e) => setEditing(entryOf(e)) : undefined}
        onRemove={mayWrite ? (e) => void onRemove(e) : undefined}
      />
    );
  }

  return (
    <Stack gap="md">
      <Group justify="space-between">
        <Title order={1} size="h3">
          Watch list
        </Title>
        <Group gap="xs">
          {mayUpload && (
            <Button variant="default" leftSection={<IconUpload size={16} />} onClick={() => setUploading(true)}>
              Upload workbook
            </Button>
          )}
          {mayWrite && (
            <Button leftSection={<IconPlus size={16} />} onClick={() => setEditing(newEntry(today))}>
              Add passenger
            </Button>
          )}
        </Group>
      </Group>
      <Text size="sm" c="dimmed">
        Elevated members: passengers whose trips staff watch closely, with the reason and the days it applies.
      </Text>
      <Group gap="sm">
        <TextInput
          placeholder="Passenger, member id or reason"
          aria-label="Filter the watch list"
          leftSection={<IconSearch size={16} />}
          value={text}
          onChange={(e) => setText(e.currentTarget.value)}
          w={300}
        />
        <SegmentedControl
          aria-label="Which entries"
          value={show}
          onChange={(v) => setShow(v as Show)}
          data={[
            { value: 'current', label: 'Active and upcoming' },
            { value: 'all', label: 'All' },
          ]}
        />
      </Group>
      {body}
      <EntryModal initial={editing} onClose={() => setEditing(null)} />
      {mayUpload && <UploadModal opened={uploading} onClose={() => setUploading(false)} />}
    </Stack>
  );
}
