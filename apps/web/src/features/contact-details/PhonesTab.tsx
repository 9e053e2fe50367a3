import { ActionIcon, Button, Checkbox, Group, Radio, Select, Stack, Table, Text, TextInput, VisuallyHidden } from '@mantine/core';
import { IconPlus, IconTrash } from '@tabler/icons-react';
import { PHONE_PREFERENCES, PHONE_TYPES, formatPhone, type PhonePreference } from '@tripline/core';
import { newKey, type PhoneRow } from './form.ts';
import type { TabProps } from './tab-props.ts';

/**
 * Phones (spec 2 §5, rule 137): (###) ###-#### with an optional extension, formatted when the field
 * is left (a leading +1 and non-digits dropped); type, SMS, and one main phone (a radio). Then the
 * phone preference (SMS or Voice) and e-mails.
 */
export function PhonesTab({ form, set, errors }: TabProps) {
  const phones = form.phones;
  const update = (key: string, patch: Partial<PhoneRow>) => set({ phones: phones.map((p) => (p.key === key ? { ...p, ...patch } : p)) });
  const mainKey = phones.find((p) => p.main)?.key ?? '';
  const addPhone = () => set({ phones: [...phones, { key: newKey(), phoneNumberWithAreaCode: '', type: 'Cell', smsEnabled: false, main: phones.length === 0 }] });
  return (
    <Stack gap="md">
      <Stack gap="xs">
        <Group justify="space-between">
          <Text fw={600} size="sm">Phones</Text>
          <Button size="xs" variant="light" leftSection={<IconPlus size={14} />} onClick={addPhone}>Add phone</Button>
        </Group>
        {errors.phones && <Text c="red" size="sm" role="alert">{errors.phones}</Text>}
        {phones.length === 0 ? (
          <Text size="sm" c="dimmed">No phones yet.</Text>
        ) : (
          <Radio.Group value={mainKey} onChange={(key) => set({ phones: phones.map((p) => ({ ...p, main: p.key === key })) })} aria-label="Main phone">
            <Table>
              <Table.Thead>
                <Table.Tr><Table.Th>Number</Table.Th><Table.Th>Type</Table.Th><Table.Th>SMS</Table.Th><Table.Th>Main</Table.Th><Table.Th><VisuallyHidden>Actions</VisuallyHidden></Table.Th></Table.Tr>
              </Table.Thead>
              <Table.Tbody>
                {phones.map((p, i) => (
                  <Table.Tr key={p.key}>
                    <Table.Td>
                      <TextInput
                        aria-label={`Phone ${i + 1}`}
                        placeholder="(505) 555-0101"
                        value={p.phoneNumberWithAreaCode}
                        onChange={(e) => update(p.key, { phoneNumberWithAreaCode: e.currentTarget.value })}
                        onBlur={(e) => update(p.key, { phoneNumberWithAreaCode: formatPhone(e.currentTarget.value) })}
                        error={errors[`phones.${i}.phoneNumberWithAreaCode`]}
                      />
                    </Table.Td>
                    <Table.Td>
                      <Select aria-label={`Phone ${i + 1} type`} data={[...PHONE_TYPES]} value={p.type} onChange={(v) => update(p.key, { type: v ?? 'Main' })} allowDeselect={false} w={120} />
                    </Table.Td>
                    <Table.Td>
                      <Checkbox aria-label={`Phone ${i + 1} takes SMS`} checked={p.smsEnabled} onChange={(e) => update(p.key, { smsEnabled: e.currentTarget.checked })} />
                    </Table.Td>
                    <Table.Td>
                      <Radio value={p.key} aria-label={`Phone ${i + 1} is main`} />
                    </Table.Td>
                    <Table.Td w={40}>
                      <ActionIcon variant="subtle" color="red" aria-label={`Remove phone ${i + 1}`} onClick={() => set({ phones: phones.filter((x) => x.key !== p.key) })}>
                        <IconTrash size={16} />
                      </ActionIcon>
                    </Table.Td>
                  </Table.Tr>
                ))}
              </Table.Tbody>
            </Table>
          </Radio.Group>
        )}
        <Select
          label="Phone preference"
          w={200}
          data={[...PHONE_PREFERENCES]}
          value={form.phonePreference}
          onChange={(v) => set({ phonePreference: (v as PhonePreference | null) ?? null })}
          clearable
        />
      </Stack>
      <Stack gap="xs">
        <Group justify="space-between">
          <Text fw={600} size="sm">E-mails</Text>
          <Button size="xs" variant="light" leftSection={<IconPlus size={14} />} onClick={() => set({ emails: [...form.emails, { key: newKey(), email: '', type: form.emails.length ? 'Other' : 'Main' }] })}>
            Add e-mail
          </Button>
        </Group>
        {form.emails.length === 0 && <Text size="sm" c="dimmed">No e-mails yet.</Text>}
        {form.emails.map((e, i) => (
          <Group key={e.key} align="start">
            <TextInput
              aria-label={`E-mail ${i + 1}`}
              placeholder="name@example.com"
              style={{ flex: 1 }}
              value={e.email}
              onChange={(ev) => set({ emails: form.emails.map((x) => (x.key === e.key ? { ...x, email: ev.currentTarget.value } : x)) })}
              error={errors[`emails.${i}.email`]}
            />
            <Select
              aria-label={`E-mail ${i + 1} type`}
              data={['Main', 'Work', 'Home', 'Other']}
              value={e.type}
              onChange={(v) => set({ emails: form.emails.map((x) => (x.key === e.key ? { ...x, type: v ?? 'Main' } : x)) })}
              allowDeselect={false}
              w={120}
            />
            <ActionIcon variant="subtle" color="red" mt={6} aria-label={`Remove e-mail ${i + 1}`} onClick={() => set({ emails: form.emails.filter((x) => x.key !== e.key) })}>
              <IconTrash size={16} />
            </ActionIcon>
          </Group>
        ))}
      </Stack>
    </Stack>
  );
}
