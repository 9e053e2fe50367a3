import { useState, type FormEvent } from 'react';
import { Button, Group, MultiSelect, SimpleGrid, TextInput } from '@mantine/core';
import { activityWindow } from '@tripline/core';
import { DayInput } from '../../components/DayInput.tsx';
import { localToday } from '../../lib/date-input.ts';
import type { ActivityFilters } from './api.ts';

export interface BillToChoice {
  id: string;
  name: string;
}

/**
 * A case manager's filters of the home: the days (the window the list shows when none is typed),
 * the bill-to accounts and one passenger by member id. Applied together with Search, so a
 * half-typed date never asks the server.
 */
export function ActivityFilterForm({
  value,
  shownWindow,
  billTos,
  error,
  onApply,
}: {
  value: ActivityFilters;
  /** The window the list holds (the default one when none was chosen). */
  shownWindow: { serviceDate: string; serviceDateMax: string } | null;
  billTos: readonly BillToChoice[];
  /** What the server said about the filters, shown under the first day. */
  error: string | null;
  onApply: (next: ActivityFilters) => void;
}) {
  const [from, setFrom] = useState<string | null>(value.serviceDate ?? shownWindow?.serviceDate ?? null);
  const [to, setTo] = useState<string | null>(value.serviceDateMax ?? shownWindow?.serviceDateMax ?? null);
  const [billToIds, setBillToIds] = useState<string[]>(value.billToIds ?? []);
  const [memberId, setMemberId] = useState(value.memberId ?? '');
  // the default window arrives with the first answer
  const [seenWindow, setSeenWindow] = useState(shownWindow);
  // the window rule of the server, checked before asking it
  const [windowError, setWindowError] = useState<string | null>(null);
  if (shownWindow && !seenWindow) {
    setSeenWindow(shownWindow);
    if (!from) setFrom(shownWindow.serviceDate);
    if (!to) setTo(shownWindow.serviceDateMax);
  }

  const submit = (e: FormEvent) => {
    e.preventDefault();
    const chosen = activityWindow({ serviceDate: from ?? undefined, serviceDateMax: to ?? undefined }, localToday());
    setWindowError('error' in chosen ? chosen.error : null);
    if ('error' in chosen) return;
    onApply({
      serviceDate: from ?? undefined,
      serviceDateMax: to ?? undefined,
      billToIds: billToIds.length ? billToIds : undefined,
      memberId: memberId.trim() || undefined,
    });
  };

  const clear = () => {
    setFrom(null);
    setTo(null);
    setBillToIds([]);
    setMemberId('');
    setSeenWindow(null);
    setWindowError(null);
    onApply({});
  };

  return (
    <form onSubmit={submit} aria-label="Find trips">
      <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="sm">
        {/* the two days side by side even on a phone */}
        <SimpleGrid cols={2} spacing="sm">
          <DayInput label="From" value={from} onChange={(v) => setFrom(v)} error={windowError ?? error ?? undefined} />
          <DayInput label="To" value={to} onChange={(v) => setTo(v)} />
        </SimpleGrid>
        {billTos.length > 1 && (
          <MultiSelect
            label="Bill-to account"
            placeholder={billToIds.length ? undefined : 'All accounts'}
            data={billTos.map((b) => ({ value: b.id, label: b.name }))}
            value={billToIds}
            onChange={setBillToIds}
            comboboxProps={{ withinPortal: true }}
          />
        )}
        <TextInput label="Member ID" placeholder="Any member" value={memberId} onChange={(e) => setMemberId(e.currentTarget.value)} maxLength={40} autoComplete="off" />
      </SimpleGrid>
      <Group gap="sm" mt="sm">
        <Button type="submit">Search</Button>
        <Button variant="default" onClick={clear}>
          Clear filters
        </Button>
      </Group>
    </form>
  );
}
