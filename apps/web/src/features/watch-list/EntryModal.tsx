import { useState } from 'react';
import { Alert, Button, Group, Modal, SimpleGrid, Stack, Text, Textarea, TextInput } from '@mantine/core';
import { WATCH_LIST_REASON_MAX, type ContactOption } from '@tripline/core';
import { ApiError } from '../../lib/api.ts';
import { toast } from '../../lib/toast.tsx';
import { PassengerPicker } from '../coverage/PassengerPicker.tsx';
import { useSaveEntry } from './api.ts';
import { entryBody, entryProblems, type EntryDraft } from './entry-form.ts';

export interface EntryModalProps {
  /** Null: closed. */
  initial: EntryDraft | null;
  onClose(): void;
}

/** Adding a passenger to the watch list, or changing an entry: reason and the days it applies. */
export function EntryModal({ initial, onClose }: EntryModalProps) {
  return (
    <Modal opened={!!initial} onClose={onClose} title={initial?.id ? 'Change watch list entry' : 'Add to the watch list'} size="lg">
      {initial && <EntryForm key={initial.id ?? 'new'} initial={initial} onClose={onClose} />}
    </Modal>
  );
}

function EntryForm({ initial, onClose }: { initial: EntryDraft; onClose(): void }) {
  const [draft, setDraft] = useState(initial);
  const [passenger, setPassenger] = useState<ContactOption | null>(null);
  const [errors, setErrors] = useState<Record<string, string>>({});
  const save = useSaveEntry();
  const set = (change: Partial<EntryDraft>) => {
    setDraft((d) => ({ ...d, ...change }));
    // a field's message goes once the field is changed
    setErrors((e) => Object.fromEntries(Object.entries(e).filter(([k]) => !(k in change) && !(k === 'passengerId' && 'passengerName' in change))));
  };

  const submit = () => {
    const problems = entryProblems(draft);
    setErrors(problems);
    if (Object.keys(problems).length > 0) return;
    save.mutate(entryBody(draft), {
      onSuccess: (saved) => {
        toast.success(draft.id ? `Watch list entry of ${saved.passengerName} saved` : `${saved.passengerName} added to the watch list`);
        onClose();
      },
      onError: (e) => {
        if (!(e instanceof ApiError)) return;
        const field = e.details[0]?.path.split('.')[0];
        setErrors(field ? { [field]: e.message } : { form: e.message });
      },
    });
  };

  return (
    <form
      noValidate
      onSubmit={(e) => {
        e.preventDefault();
        submit();
      }}
    >
      <Stack gap="sm">
        {draft.id ? (
          <Text>
            Passenger: <strong>{draft.passengerName}</strong>
          </Text>
        ) : (
          <PassengerPicker
            value={passenger}
            onChange={(p) => {
              setPassenger(p);
              set({ passengerId: p?.id ?? null, passengerName: p?.name ?? null });
            }}
            error={errors.passengerId}
            autoFocus
          />
        )}
        <Textarea
          label="Reason"
          value={draft.reason}
          onChange={(e) => set({ reason: e.currentTarget.value })}
          maxLength={WATCH_LIST_REASON_MAX}
          autosize
          minRows={2}
          error={errors.reason}
          required
          data-autofocus={draft.id ? true : undefined}
        />
        <SimpleGrid cols={2} spacing="sm">
          <TextInput type="date" label="Start date" description="First day it applies" value={draft.startDate} onChange={(e) => set({ startDate: e.currentTarget.value })} error={errors.startDate} required />
          <TextInput
            type="date"
            label="End date"
            description="Empty: no end"
            value={draft.endDate}
            onChange={(e) => set({ endDate: e.currentTarget.value })}
            error={errors.endDate}
          />
        </SimpleGrid>
        {errors.form && (
          <Alert color="red" role="alert">
            {errors.form}
          </Alert>
        )}
        <Group justify="flex-end">
          <Button variant="default" onClick={onClose} disabled={save.isPending}>
            Cancel
          </Button>
          <Button type="submit" loading={save.isPending}>
            {draft.id ? 'Save' : 'Add to watch list'}
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
