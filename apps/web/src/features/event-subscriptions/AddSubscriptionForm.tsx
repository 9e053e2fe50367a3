import { useState } from 'react';
import { Alert, Button, Group, MultiSelect, Radio, Select, Stack } from '@mantine/core';
import { useForm } from '@mantine/form';
import { CHANNEL_TEXT, EVENT_TYPE_TEXT, type Channel, type EventSubscriptionOptions, type EventType } from '@tripline/core';
import { SubmitForm } from '../../components/SubmitForm.tsx';
import { ApiError } from '../../lib/api.ts';
import { toast } from '../../lib/toast.tsx';
import { useSaveSubscription } from './api.ts';

interface Values {
  eventType: string;
  channel: Channel;
  destination: string;
  billToIds: string[];
  memberIds: string[];
}

/** Where each channel can go: the recipient's own addresses and phones (the inbox needs none). */
function destinationsOf(options: EventSubscriptionOptions, channel: Channel): string[] {
  if (channel === 'email') return options.emails;
  if (channel === 'sms') return options.smsPhones;
  if (channel === 'voice') return options.voicePhones;
  return [];
}

const NO_DESTINATION: Record<Channel, string> = {
  vog: '',
  email: 'No email address on file',
  sms: 'No mobile number on file',
  voice: 'No phone number on file',
};

/** A new notice: one event, one channel (rule 136) to one of the recipient's own addresses. */
export function AddSubscriptionForm({ contactId, options, onDone }: { contactId: string; options: EventSubscriptionOptions; onDone(): void }) {
  const save = useSaveSubscription(contactId);
  const [problem, setProblem] = useState<string | null>(null);
  const form = useForm<Values>({
    initialValues: { eventType: '', channel: 'vog', destination: '', billToIds: [], memberIds: [] },
    validate: {
      eventType: (v) => (v ? null : 'Choose when to be told'),
      destination: (v, all) => (all.channel === 'vog' || v ? null : 'Choose where to send it'),
    },
  });
  const channel = form.getValues().channel;
  const destinations = destinationsOf(options, channel);

  const submit = async () => {
    setProblem(null);
    if (form.validate().hasErrors) return;
    const v = form.getValues();
    try {
      await save.mutateAsync({
        matchEventType: v.eventType as EventType,
        notifyVogType: v.channel === 'vog' ? 'toastr' : null,
        notifyEmails: v.channel === 'email' ? [v.destination] : [],
        notifySmsPhone: v.channel === 'sms' ? v.destination : null,
        notifyRobocallPhone: v.channel === 'voice' ? v.destination : null,
        matchBillToIds: v.billToIds,
        matchPassengerIds: v.memberIds,
      });
      toast.success('Notice added');
      form.reset();
      onDone();
    } catch (error) {
      setProblem(error instanceof ApiError ? error.message : 'The notice could not be added. Try again.');
    }
  };

  return (
    <SubmitForm onSubmit={submit} noValidate aria-label="Add a trip notice">
      <Stack gap="md">
        <Select
          label="Tell me when"
          placeholder="Choose an event"
          data={options.eventTypes.map((t) => ({ value: t, label: EVENT_TYPE_TEXT[t] }))}
          allowDeselect={false}
          {...form.getInputProps('eventType')}
        />
        <Radio.Group
          label="How"
          {...form.getInputProps('channel')}
          onChange={(value) => {
            form.setFieldValue('channel', value as Channel);
            form.setFieldValue('destination', destinationsOf(options, value as Channel)[0] ?? '');
          }}
        >
          <Stack gap="xs" mt={4}>
            {options.channels.map((c) => {
              const none = c !== 'vog' && destinationsOf(options, c).length === 0;
              return <Radio key={c} value={c} label={CHANNEL_TEXT[c]} description={none ? NO_DESTINATION[c] : undefined} disabled={none} />;
            })}
          </Stack>
        </Radio.Group>
        {channel !== 'vog' && (
          <Select label="Send to" data={destinations} allowDeselect={false} {...form.getInputProps('destination')} />
        )}
        {options.billTos.length > 0 && (
          <MultiSelect
            label="Only for trips of these accounts"
            description="Leave empty for all your accounts"
            data={options.billTos.map((b) => ({ value: b.id, label: b.name }))}
            clearable
            {...form.getInputProps('billToIds')}
          />
        )}
        {options.members.length > 0 && (
          <MultiSelect
            label="Only for these members"
            description="Leave empty for all your members"
            data={options.members.map((m) => ({ value: m.id, label: m.name }))}
            searchable
            clearable
            nothingFoundMessage="No member by that name"
            {...form.getInputProps('memberIds')}
          />
        )}
        {problem && (
          <Alert color="red" role="alert" title="The notice was not added">
            {problem}
          </Alert>
        )}
        <Group justify="flex-end">
          <Button variant="default" onClick={onDone}>
            Cancel
          </Button>
          <Button type="submit" loading={save.isPending}>
            Add notice
          </Button>
        </Group>
      </Stack>
    </SubmitForm>
  );
}
