import { useState } from 'react';
import { Button, Group, Select, Stack, Text } from '@mantine/core';
import { useQueryClient } from '@tanstack/react-query';
import { contract, preferredPartnerRefusal, type CareSummary } from '@tripline/core';
import { callApi } from '../../lib/api.ts';
import { useCurrentUser } from '../../lib/current-user.ts';
import { toast } from '../../lib/toast.tsx';
import { usePartnerOptions } from '../employees/api.ts';
import { refusalText } from './CareDateInput.tsx';

/**
 * A passenger's preferred partner (spec 2 §3, contact-web-fields prefProvider): staff set or change
 * it; the Clear button is offered only to whom core lets clear it (SecureEmployee, spec 2 §6).
 */
export function PreferredPartner({ contact }: { contact: CareSummary }) {
  const me = useCurrentUser();
  const partners = usePartnerOptions(true);
  const client = useQueryClient();
  const current = contact.prefProvider?.id ?? null;
  const [choice, setChoice] = useState<string | null>(current);
  const [busy, setBusy] = useState(false);
  const mayClear = me.data ? preferredPartnerRefusal(me.data, current, null) === null : false;

  const write = async (prefProvider: string | null) => {
    setBusy(true);
    try {
      await callApi(contract.saveContactWebFields, { query: { id: contact.id, prefProvider: prefProvider ?? '' }, quiet: [400, 403, 404] });
      toast.success(prefProvider ? 'Preferred partner saved.' : 'Preferred partner cleared.', { duration: 'short' });
      setChoice(prefProvider);
      await client.invalidateQueries({ queryKey: ['contact-care', contact.id] });
    } catch (e) {
      toast.error(refusalText(e));
    } finally {
      setBusy(false);
    }
  };

  return (
    <Stack gap={4}>
      <Text size="sm" fw={500}>
        Preferred partner
      </Text>
      <Group gap="sm" align="flex-end">
        <Select
          aria-label="Preferred partner"
          placeholder={partners.isPending ? 'Loading partners…' : 'No preferred partner'}
          searchable
          data={(partners.data ?? []).map((p) => ({ value: p.id, label: p.name }))}
          value={choice}
          onChange={setChoice}
          allowDeselect={false}
          nothingFoundMessage="No partner found"
          w={260}
          comboboxProps={{ withinPortal: true }}
        />
        <Button size="sm" disabled={!choice || choice === current} loading={busy} onClick={() => void write(choice)}>
          Save
        </Button>
        {current && mayClear && (
          <Button size="sm" variant="default" loading={busy} onClick={() => void write(null)}>
            Clear
          </Button>
        )}
      </Group>
    </Stack>
  );
}
