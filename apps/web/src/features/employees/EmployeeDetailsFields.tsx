import { ActionIcon, Button, Checkbox, Fieldset, Group, MultiSelect, Radio, Select, SimpleGrid, Stack, Text, Textarea, TextInput } from '@mantine/core';
import { IconPlus, IconTrash } from '@tabler/icons-react';
import { formatPhone } from '@tripline/core';
import { DayInput } from '../../components/DayInput.tsx';
import type { EmployeeDraft } from './form.ts';

interface Props {
  draft: EmployeeDraft;
  onChange(patch: Partial<EmployeeDraft>): void;
  errors: Record<string, string>;
  readOnly: boolean;
  /** Staff choose the company; a partner's employees are its own. */
  partners: { value: string; label: string }[] | null;
  classifications: readonly string[];
}

type DateField = 'dlIssueDate' | 'dlExpDate' | 'dob' | 'hiredDate' | 'terminationDate' | 'initialCredentialDate' | 'latestCredentialDate';

/** The Employee fields of spec 3 §3: who, where, how to reach them, licence and dates. */
export function EmployeeDetailsFields({ draft, onChange, errors, readOnly, partners, classifications }: Props) {
  const text = (field: keyof EmployeeDraft, label: string, extra: Record<string, unknown> = {}) => (
    <TextInput
      label={label}
      value={draft[field] as string}
      onChange={(e) => onChange({ [field]: e.currentTarget.value })}
      error={errors[field]}
      readOnly={readOnly}
      {...extra}
    />
  );
  const date = (field: DateField, label: string) => (
    <DayInput
      label={label}
      value={draft[field] || null}
      onChange={(v) => onChange({ [field]: v ?? '' })}
      error={errors[field]}
      readOnly={readOnly}
      clearable={!readOnly}
    />
  );
  const phones = draft.phones;
  const setPhone = (i: number, patch: Partial<EmployeeDraft['phones'][number]>) =>
    onChange({ phones: phones.map((p, at) => (at === i ? { ...p, ...patch } : patch.main ? { ...p, main: false } : p)) });
  const mainIndex = phones.findIndex((p) => p.main);

  return (
    <Stack gap="sm">
      {partners && (
        <Select
          label="Partner company"
          placeholder="The operator's own (in-house)"
          data={partners}
          value={draft.affiliateId}
          onChange={(v) => onChange({ affiliateId: v })}
          error={errors.affiliateId}
          searchable
          clearable
          readOnly={readOnly}
          comboboxProps={{ withinPortal: true }}
        />
      )}
      {!partners && errors.affiliateId && (
        <Text size="sm" c="red" role="alert">
          {errors.affiliateId}
        </Text>
      )}
      <Group grow align="flex-start">
        {text('firstName', 'First name', { required: true, 'data-autofocus': true })}
        {text('middleInitial', 'Middle initial', { maxLength: 1, style: { flex: '0 0 110px' } })}
        {text('lastName', 'Last name', { required: true })}
      </Group>
      <SimpleGrid cols={{ base: 1, sm: 3 }}>
        <MultiSelect
          label="Classifications"
          data={[...new Set([...classifications, ...draft.classifications])]}
          value={draft.classifications}
          onChange={(v) => onChange({ classifications: v })}
          error={errors.classifications}
          readOnly={readOnly}
          comboboxProps={{ withinPortal: true }}
        />
        {text('employeeNumber', 'Employee number')}
        {text('branch', 'Branch (division)', { placeholder: 'NM01' })}
      </SimpleGrid>
      <Fieldset legend="Phones" disabled={readOnly}>
        <Radio.Group value={mainIndex < 0 ? '' : String(mainIndex)} onChange={(v) => setPhone(Number(v), { main: true })} error={errors.phones} aria-label="Main phone">
          <Stack gap={6}>
            {phones.length === 0 && (
              <Text size="sm" c="dimmed">
                No phone yet.
              </Text>
            )}
            {phones.map((p, i) => (
              <Group key={i} gap="sm" align="flex-start">
                <TextInput
                  aria-label={`Phone ${i + 1}`}
                  placeholder="(505) 555-0100"
                  value={p.phoneNumberWithAreaCode}
                  onChange={(e) => setPhone(i, { phoneNumberWithAreaCode: e.currentTarget.value })}
                  onBlur={(e) => setPhone(i, { phoneNumberWithAreaCode: formatPhone(e.currentTarget.value) })}
                  error={errors[`phones.${i}.phoneNumberWithAreaCode`]}
                  w={220}
                />
                <Radio value={String(i)} label="Main" mt={8} />
                <Checkbox label="SMS" checked={p.smsEnabled} onChange={(e) => setPhone(i, { smsEnabled: e.currentTarget.checked })} mt={8} />
                <ActionIcon variant="subtle" color="red" mt={4} aria-label={`Remove phone ${i + 1}`} onClick={() => onChange({ phones: phones.filter((_, at) => at !== i) })}>
                  <IconTrash size={16} />
                </ActionIcon>
              </Group>
            ))}
          </Stack>
        </Radio.Group>
        {!readOnly && (
          <Button
            variant="subtle"
            size="xs"
            mt="xs"
            leftSection={<IconPlus size={14} />}
            onClick={() => onChange({ phones: [...phones, { phoneNumberWithAreaCode: '', main: phones.length === 0, smsEnabled: false }] })}
          >
            Add phone
          </Button>
        )}
      </Fieldset>
      {text('email', 'E-mail', { type: 'email' })}
      <SimpleGrid cols={{ base: 1, sm: 4 }}>
        {text('street', 'Street')}
        {text('city', 'City')}
        {text('state', 'State', { maxLength: 2 })}
        {text('zip', 'ZIP code', { maxLength: 5 })}
      </SimpleGrid>
      <SimpleGrid cols={{ base: 1, sm: 3 }}>
        {text('dlNumber', "Driver's licence number")}
        {date('dlIssueDate', 'Licence issued')}
        {date('dlExpDate', 'Licence expires')}
        {date('dob', 'Date of birth')}
        {date('hiredDate', 'Hired')}
        {date('terminationDate', 'Terminated')}
        {date('initialCredentialDate', 'Initial credential')}
        {date('latestCredentialDate', 'Latest credential')}
      </SimpleGrid>
      <Textarea label="Notes" autosize minRows={2} value={draft.notes} onChange={(e) => onChange({ notes: e.currentTarget.value })} error={errors.notes} readOnly={readOnly} />
    </Stack>
  );
}
