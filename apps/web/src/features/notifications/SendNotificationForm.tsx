import { useState } from 'react';
import { Button, Group, MultiSelect, NumberInput, Paper, SegmentedControl, Select, Stack, TextInput, Textarea, Title, type OptionsFilter } from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { TYPEAHEAD_WAIT_MS, contract, type VogDelivery } from '@tripline/core';
import { ApiError, callApi } from '../../lib/api.ts';
import { toast } from '../../lib/toast.tsx';
import { useContactSearch } from './api.ts';
import { SubmitForm } from '../../components/SubmitForm.tsx';

type Kind = VogDelivery['message']['type'];
type Hit = { id: string; name: string; contactNumber: number; types: string[] };

const KINDS: { value: Kind; label: string }[] = [
  { value: 'dialog', label: 'Dialog' },
  { value: 'toastr', label: 'Toast' },
  { value: 'iqPush', label: 'Push notification' },
];

const label = (h: Hit) => `${h.name} (#${h.contactNumber})`;
// The server already matched the names; filtering again by the label would drop partial matches.
const keepAll: OptionsFilter = ({ options }) => options;

/** Staff send a notification to every user of a partner, or to chosen contacts (vog-broadcast). */
export function SendNotificationForm() {
  const [mode, setMode] = useState<'partner' | 'contacts'>('partner');
  const [typed, setTyped] = useState('');
  const [q] = useDebouncedValue(typed.trim(), TYPEAHEAD_WAIT_MS);
  const search = useContactSearch(q);
  // Chosen contacts keep their labels even after the search text changes.
  const [known, setKnown] = useState<Record<string, Hit>>({});
  const [partnerId, setPartnerId] = useState<string | null>(null);
  const [recipientIds, setRecipientIds] = useState<string[]>([]);
  const [kind, setKind] = useState<Kind>('dialog');
  const [title, setTitle] = useState('');
  const [body, setBody] = useState('');
  const [hours, setHours] = useState<number | string>(24);
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [busy, setBusy] = useState(false);

  const hits = (search.data ?? []).filter((h) => mode === 'contacts' || h.types.includes('Affiliate'));
  const options = (chosen: string[]) => {
    const byId = new Map<string, Hit>();
    for (const id of chosen) if (known[id]) byId.set(id, known[id]);
    for (const h of hits) byId.set(h.id, h);
    return [...byId.values()].map((h) => ({ value: h.id, label: label(h) }));
  };
  const remember = (ids: string[]) => setKnown((k) => ({ ...k, ...Object.fromEntries(hits.filter((h) => ids.includes(h.id)).map((h) => [h.id, h])) }));

  const submit = async () => {
    const next: Record<string, string> = {};
    if (mode === 'partner' && !partnerId) next.recipients = 'Choose the partner';
    if (mode === 'contacts' && recipientIds.length === 0) next.recipients = 'Choose at least one contact';
    if (!title.trim()) next.title = 'Enter a title';
    if (!body.trim()) next.body = 'Write the message';
    const h = typeof hours === 'number' ? hours : Number.NaN;
    if (!(h >= 1 && h <= 720)) next.hours = 'Between 1 and 720 hours';
    setErrors(next);
    if (Object.keys(next).length) return;
    setBusy(true);
    try {
      const answer = await callApi(contract.vogBroadcast, {
        body: {
          ...(mode === 'partner' ? { partnerId: partnerId ?? undefined } : { recipientIds }),
          message: { type: kind, title: title.trim(), body: body.trim(), options: {} },
          maxAgeSeconds: Math.round(h * 3600),
        },
        quiet: [400],
      });
      toast.success(`Notification sent to ${answer.delivered} ${answer.delivered === 1 ? 'user' : 'users'}.`);
      setTitle('');
      setBody('');
    } catch (error) {
      if (error instanceof ApiError && error.status === 400) setErrors({ form: error.message });
    } finally {
      setBusy(false);
    }
  };

  const searchProps = {
    searchable: true,
    searchValue: typed,
    onSearchChange: setTyped,
    nothingFoundMessage: q.length < 3 ? 'Type at least 3 characters' : search.isFetching ? 'Searching…' : 'No match',
    filter: keepAll,
    error: errors.recipients,
    comboboxProps: { withinPortal: true },
  };

  return (
    <Paper withBorder p="md" radius="md" component="section" aria-labelledby="send-notification-title">
      <SubmitForm onSubmit={submit} noValidate>
        <Stack gap="sm">
          <Title order={2} size="h5" id="send-notification-title">
            Send notification
          </Title>
          <SegmentedControl
            aria-label="Recipients"
            value={mode}
            onChange={(v) => setMode(v as 'partner' | 'contacts')}
            data={[
              { value: 'partner', label: "A partner's users" },
              { value: 'contacts', label: 'Chosen contacts' },
            ]}
            w="fit-content"
          />
          {mode === 'partner' ? (
            <Select
              label="Partner"
              placeholder="Search partners by name"
              data={options(partnerId ? [partnerId] : [])}
              value={partnerId}
              onChange={(v) => {
                setPartnerId(v);
                if (v) remember([v]);
              }}
              {...searchProps}
            />
          ) : (
            <MultiSelect
              label="Contacts"
              placeholder="Search contacts by name"
              data={options(recipientIds)}
              value={recipientIds}
              onChange={(ids) => {
                setRecipientIds(ids);
                remember(ids);
              }}
              {...searchProps}
            />
          )}
          <Group grow align="flex-start">
            <Select label="Shown as" data={KINDS} value={kind} onChange={(v) => v && setKind(v as Kind)} allowDeselect={false} comboboxProps={{ withinPortal: true }} />
            <NumberInput label="Shown for (hours)" min={1} max={720} value={hours} onChange={setHours} error={errors.hours} />
          </Group>
          <TextInput label="Title" required maxLength={200} value={title} onChange={(e) => setTitle(e.currentTarget.value)} error={errors.title} />
          <Textarea
            label="Message"
            required
            autosize
            minRows={3}
            maxRows={10}
            maxLength={4000}
            value={body}
            onChange={(e) => setBody(e.currentTarget.value)}
            error={errors.body ?? errors.form}
          />
          <Group justify="flex-end">
            <Button type="submit" loading={busy}>
              Send notification
            </Button>
          </Group>
        </Stack>
      </SubmitForm>
    </Paper>
  );
}
