import { useState } from 'react';
import { Alert, Button, Group, Select, Stack, Text, Textarea } from '@mantine/core';
import { contract } from '@tripline/core';
import { ApiError, callApi } from '../../../lib/api.ts';
import { toast } from '../../../lib/toast.tsx';
import { ActionModal, type TripModalProps } from './ActionModal.tsx';
import { smsTargets } from './partner-rules.ts';
import { SubmitForm } from '../../../components/SubmitForm.tsx';

const SMS_MAX = 640;

/** spec 1 §5: texts a passenger of the trip on an eligible phone (checked before this opens). */
export function SmsModal({ trip, onClose }: TripModalProps) {
  const targets = smsTargets(trip);
  const reachable = targets.filter((t) => t.ok);
  const [contactId, setContactId] = useState<string | null>(reachable[0]?.contactId ?? null);
  const [message, setMessage] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const target = reachable.find((t) => t.contactId === contactId);

  const send = async () => {
    if (!target) return;
    if (!message.trim()) {
      setError('Write a message');
      return;
    }
    setBusy(true);
    try {
      const answer = await callApi(contract.sendSms, {
        body: { daId: trip.id, contactId: target.contactId, to: target.phone.phoneNumberWithAreaCode, message: message.trim() },
        quiet: [400, 403, 404],
      });
      toast.success(`Message sent to ${target.name} at ${answer.to}.`);
      onClose();
    } catch (failure) {
      if (failure instanceof ApiError && [400, 403, 404].includes(failure.status)) setError(failure.message);
    } finally {
      setBusy(false);
    }
  };

  return (
    <ActionModal title="Send SMS about trip" trip={trip} onClose={onClose}>
      <SubmitForm onSubmit={send} noValidate>
        <Stack gap="md">
          {reachable.length > 1 ? (
            <Select
              label="To"
              required
              data={reachable.map((t) => ({ value: t.contactId, label: `${t.name}, ${t.phone.phoneNumberWithAreaCode}` }))}
              value={contactId}
              onChange={setContactId}
              comboboxProps={{ withinPortal: true }}
            />
          ) : (
            target && (
              <Text size="sm">
                To {target.name}, {target.phone.phoneNumberWithAreaCode}
              </Text>
            )
          )}
          {targets
            .filter((t) => !t.ok)
            .map((t) => (
              <Alert key={t.name} color="yellow" p="xs">
                {!t.ok && t.message}
              </Alert>
            ))}
          <Textarea
            label="Message"
            required
            autosize
            minRows={3}
            maxRows={8}
            maxLength={SMS_MAX}
            description={`${message.length}/${SMS_MAX}`}
            value={message}
            onChange={(e) => {
              setMessage(e.currentTarget.value);
              setError(null);
            }}
            error={error}
            data-autofocus
          />
          <Group justify="flex-end">
            <Button variant="default" onClick={onClose}>
              Cancel
            </Button>
            <Button type="submit" loading={busy} disabled={!target}>
              Send
            </Button>
          </Group>
        </Stack>
      </SubmitForm>
    </ActionModal>
  );
}
