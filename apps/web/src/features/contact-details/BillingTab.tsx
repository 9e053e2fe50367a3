import { ActionIcon, Alert, Group, Stack, Table, Text, Textarea } from '@mantine/core';
import { IconTrash } from '@tabler/icons-react';
import { CASE_MANAGER_TYPE } from '@tripline/core';
import { ContactPicker } from '../coverage/ContactPicker.tsx';
import type { TabProps } from './tab-props.ts';

/** Billing notes, the billing contact and, for a case manager, the bill-to accounts it may book for (spec 2 §3, §5). */
export function BillingTab({ form, set, errors }: TabProps) {
  const caseManager = form.types.includes(CASE_MANAGER_TYPE);
  const billing = form.billingContact ? { id: form.billingContact.id, name: form.billingContact.name, contactNumber: 0, types: [], memberId: null, dob: null, city: null, addressId: null, distanceMiles: null } : null;
  return (
    <Stack gap="sm">
      <ContactPicker
        label="Billing contact"
        type="Bill To"
        noun="bill-tos"
        value={billing}
        onChange={(v) => set({ billingContact: v ? { id: v.id, name: v.name } : null })}
        error={errors.billingContactId}
      />
      <Textarea label="Billing notes" autosize minRows={3} maxRows={8} value={form.billingNotes} onChange={(e) => set({ billingNotes: e.currentTarget.value })} error={errors.billingNotes} />
      <Text fw={600} size="sm">Case manager bill-tos</Text>
      {!caseManager && form.billTos.length === 0 ? (
        <Text size="sm" c="dimmed">Bill-tos can be linked only to a contact of type Case Manager.</Text>
      ) : (
        <>
          {errors.caseManagerBillTos && <Alert color="red">{errors.caseManagerBillTos}</Alert>}
          <ContactPicker
            label="Add a bill-to"
            type="Bill To"
            noun="bill-tos"
            value={null}
            onChange={(v) => v && !form.billTos.some((b) => b.id === v.id) && set({ billTos: [...form.billTos, { id: v.id, name: v.name }] })}
            disabled={!caseManager}
          />
          {form.billTos.length === 0 ? (
            <Text size="sm" c="dimmed">No bill-tos linked.</Text>
          ) : (
            <Table>
              <Table.Tbody>
                {form.billTos.map((b) => (
                  <Table.Tr key={b.id}>
                    <Table.Td>{b.name}</Table.Td>
                    <Table.Td w={40}>
                      <Group justify="end">
                        <ActionIcon variant="subtle" color="red" aria-label={`Remove ${b.name}`} onClick={() => set({ billTos: form.billTos.filter((x) => x.id !== b.id) })}>
                          <IconTrash size={16} />
                        </ActionIcon>
                      </Group>
                    </Table.Td>
                  </Table.Tr>
                ))}
              </Table.Tbody>
            </Table>
          )}
        </>
      )}
    </Stack>
  );
}
