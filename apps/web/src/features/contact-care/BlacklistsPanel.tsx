import { useState } from 'react';
import { Alert, Badge, Button, Group, Loader, Select, Stack, Table, Text, TextInput, VisuallyHidden } from '@mantine/core';
import { BLACKLIST_REQUESTERS, CARE_MSG, type BlacklistEntry, type BlacklistRequester, type ContactOption } from '@tripline/core';
import { confirm } from '../../lib/confirm.tsx';
import { formatUsDate } from '../../lib/date-input.ts';
import { toast } from '../../lib/toast.tsx';
import { SubmitForm } from '../../components/SubmitForm.tsx';
import { PassengerPicker } from '../coverage/PassengerPicker.tsx';
import { usePartnerOptions } from '../employees/api.ts';
import { useBlacklist, useSaveBlacklist } from './api.ts';
import { CareDateInput, refusalText } from './CareDateInput.tsx';

export interface BlacklistsPanelProps {
  /** Null while the contact is not saved yet. */
  contactId: string | null;
  /** A passenger's blacklist (partners they will not ride with) or a partner's (passengers it will not carry). */
  side: 'passenger' | 'partner';
}

/**
 * A contact's blacklist (spec 3 §5): a passenger and a partner that are not to be put together,
 * with who asked for it and until when. A blacklisted partner is refused the passenger's trips.
 */
export function BlacklistsPanel({ contactId, side }: BlacklistsPanelProps) {
  const list = useBlacklist(contactId, side);
  const save = useSaveBlacklist(contactId);
  const partners = usePartnerOptions(side === 'passenger' && contactId !== null);
  const [partnerId, setPartnerId] = useState<string | null>(null);
  const [passenger, setPassenger] = useState<ContactOption | null>(null);
  const [requestedBy, setRequestedBy] = useState<BlacklistRequester>('Passenger');
  const [endDate, setEndDate] = useState<string | null>(null);
  const [notes, setNotes] = useState('');
  const [error, setError] = useState<string | null>(null);

  if (!contactId) return <Alert color="yellow">{side === 'passenger' ? CARE_MSG.SAVE_PASSENGER_FIRST : CARE_MSG.SAVE_PROVIDER_FIRST}</Alert>;

  const add = async () => {
    const pair = side === 'passenger' ? { passengerId: contactId, partnerId } : { partnerId: contactId, passengerId: passenger?.id ?? null };
    if (!pair.partnerId) return setError('Choose the partner');
    if (!pair.passengerId) return setError('Choose the passenger');
    setError(null);
    try {
      await save.mutateAsync({ partnerId: pair.partnerId, passengerId: pair.passengerId, requestedBy, endDate, notes: notes.trim() || null });
      toast.success('Added to the blacklist.', { duration: 'short' });
      setPartnerId(null);
      setPassenger(null);
      setEndDate(null);
      setNotes('');
    } catch (e) {
      setError(refusalText(e));
    }
  };

  const remove = async (b: BlacklistEntry) => {
    const yes = await confirm({
      title: 'Remove from the blacklist',
      message: `${b.passengerName} and ${b.partnerName} may be put together again. Remove the entry?`,
      confirmLabel: 'Remove',
      danger: true,
    });
    if (!yes) return;
    try {
      await save.mutateAsync({
        id: b.id,
        modCount: b.modCount,
        partnerId: b.partnerId,
        passengerId: b.passengerId,
        requestedBy: b.requestedBy,
        endDate: b.endDate,
        notes: b.notes,
        deleted: true,
      });
    } catch (e) {
      toast.error(refusalText(e));
    }
  };

  return (
    <Stack gap="sm">
      <SubmitForm onSubmit={add} noValidate>
        <Group align="flex-end" gap="sm" wrap="wrap">
          {side === 'passenger' ? (
            <Select
              label="Partner"
              placeholder={partners.isPending ? 'Loading partners…' : 'Choose a partner'}
              searchable
              data={(partners.data ?? []).map((p) => ({ value: p.id, label: `${p.name} (#${p.contactNumber})` }))}
              value={partnerId}
              onChange={setPartnerId}
              nothingFoundMessage="No partner found"
              w={240}
              comboboxProps={{ withinPortal: true }}
            />
          ) : (
            <PassengerPicker value={passenger} onChange={setPassenger} />
          )}
          <Select
            label="Requested by"
            data={[...BLACKLIST_REQUESTERS]}
            value={requestedBy}
            onChange={(v) => v && setRequestedBy(v as BlacklistRequester)}
            allowDeselect={false}
            w={140}
            comboboxProps={{ withinPortal: true }}
          />
          <CareDateInput label="Until" value={endDate} onChange={setEndDate} clearable placeholder="No end" />
          <TextInput label="Notes" value={notes} onChange={(e) => setNotes(e.currentTarget.value)} maxLength={500} w={200} />
          <Button type="submit" loading={save.isPending}>
            Add
          </Button>
        </Group>
        {error && (
          <Text c="red" size="sm" mt="xs" role="alert">
            {error}
          </Text>
        )}
      </SubmitForm>
      {list.isPending ? (
        <Loader size="sm" aria-label="Loading the blacklist" />
      ) : list.isError ? (
        <Alert color="red">The blacklist could not be loaded: {refusalText(list.error)}</Alert>
      ) : list.data.length === 0 ? (
        <Text c="dimmed" size="sm">
          Nobody on the blacklist.
        </Text>
      ) : (
        <Table striped>
          <Table.Thead>
            <Table.Tr>
              <Table.Th>{side === 'passenger' ? 'Partner' : 'Passenger'}</Table.Th>
              <Table.Th>Requested by</Table.Th>
              <Table.Th>Until</Table.Th>
              <Table.Th>Notes</Table.Th>
              <Table.Th>
                <VisuallyHidden>Actions</VisuallyHidden>
              </Table.Th>
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {list.data.map((b) => (
              <Table.Tr key={b.id} c={b.deleted ? 'dimmed' : undefined}>
                <Table.Td>{side === 'passenger' ? b.partnerName : b.passengerName}</Table.Td>
                <Table.Td>{b.requestedBy}</Table.Td>
                <Table.Td>{b.endDate ? formatUsDate(b.endDate) : 'No end'}</Table.Td>
                <Table.Td>{b.notes ?? ''}</Table.Td>
                <Table.Td>
                  {b.deleted ? (
                    <Badge color="gray" size="sm">
                      Removed
                    </Badge>
                  ) : (
                    <Button size="compact-xs" variant="subtle" color="red" onClick={() => void remove(b)}>
                      Remove
                    </Button>
                  )}
                </Table.Td>
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
      )}
    </Stack>
  );
}
