import { useMemo, useState } from 'react';
import { Link } from 'react-router';
import { Alert, Anchor, Button, Checkbox, Chip, Group, List, NumberInput, SegmentedControl, Stack, Switch, Text } from '@mantine/core';
import { Calendar, DateInput, DatePickerInput } from '@mantine/dates';
import { useDebouncedValue } from '@mantine/hooks';
import { contract, DUP_MSG, duplicateDates, lastDuplicateDate, WEEKDAY_SHORT, type ResponseOf } from '@tripline/core';
import { ApiError, callApi } from '../../lib/api.ts';
import { localToday, parseDateInput } from '../../lib/date-input.ts';
import { toast } from '../../lib/toast.tsx';
import { SubmitForm } from '../../components/SubmitForm.tsx';
import { fieldErrors, standingOrdersKey, useRefresh } from './api.ts';
import { initialValues, settingsOf, type DuplicateFormValues } from './duplicate-settings.ts';

/** spec 2 §9: the calendar preview follows the settings after 10 ms. */
export const PREVIEW_DEBOUNCE_MS = 10;

type Result = ResponseOf<typeof contract.duplicateTrip>;

/**
 * spec 2 §2, §5 (rule 107): duplicate a saved trip daily or weekly (weekdays, every N weeks) from
 * one date to another, leaving out excluded dates, optionally as a standing order; a calendar
 * previews the dates. The new trips link to the editor.
 */
export function DuplicateForm({ trip, onCancel }: { trip: { id: string; referenceNumber: string; serviceDate: string }; onCancel?: () => void }) {
  const today = localToday();
  const [values, setValues] = useState<DuplicateFormValues>(() => initialValues(trip.serviceDate, today));
  const [serverErrors, setServerErrors] = useState<Record<string, string>>({});
  const [busy, setBusy] = useState(false);
  const [result, setResult] = useState<Result | null>(null);
  const [tried, setTried] = useState(false);
  const refresh = useRefresh();
  const [debounced] = useDebouncedValue(values, PREVIEW_DEBOUNCE_MS);

  const preview = useMemo(() => duplicateDates(settingsOf(debounced), today), [debounced, today]);
  const now = duplicateDates(settingsOf(values), today);
  const problems = 'problems' in now ? Object.fromEntries(now.problems.map((p) => [p.path, p.message])) : {};
  const shown = tried ? { ...problems, ...serverErrors } : serverErrors;
  const dates = 'dates' in preview ? preview.dates : [];
  const set = (patch: Partial<DuplicateFormValues>) => {
    setValues((v) => ({ ...v, ...patch }));
    setServerErrors({});
  };
  const dateProps = {
    valueFormat: 'MM/DD/YYYY',
    placeholder: 'MM/DD/YYYY',
    dateParser: (text: string) => parseDateInput(text, today),
    minDate: today,
    maxDate: lastDuplicateDate(today),
    popoverProps: { withinPortal: true },
  };

  const submit = async () => {
    setTried(true);
    if (!('dates' in now)) return;
    setBusy(true);
    try {
      const rule = values.standingOrder
        ? { weekdays: values.kind === 'weekly' ? values.weekdays.map(Number) : [0, 1, 2, 3, 4, 5, 6], everyWeeks: values.kind === 'weekly' ? Number(values.every) : 1, endDate: values.noEnd ? null : values.to }
        : null;
      const answer = await callApi(contract.duplicateTrip, {
        body: { daId: trip.id, dates: now.dates, standingOrders: values.standingOrder, standingOrder: rule },
        quiet: [400],
      });
      setResult(answer);
      toast.success(DUP_MSG.created(answer.created.length), { duration: 'short' });
      void refresh(standingOrdersKey(trip.id));
    } catch (e) {
      if (e instanceof ApiError && e.status === 400) setServerErrors({ form: e.message, ...fieldErrors(e.details) });
      else throw e;
    } finally {
      setBusy(false);
    }
  };

  if (result) {
    return (
      <Stack gap="sm">
        <Alert color="green" title={DUP_MSG.created(result.created.length)}>
          Copies of trip {trip.referenceNumber}. Open one to edit it:
        </Alert>
        <List spacing={4} aria-label="New trips">
          {result.created.map((c) => (
            <List.Item key={c.id}>
              <Anchor component={Link} to={`/drive-assv-edit/${c.referenceNumber}`}>
                {c.referenceNumber}
              </Anchor>{' '}
              <Text span size="sm" c="dimmed">
                on {c.serviceDate}
              </Text>
            </List.Item>
          ))}
        </List>
        <Group justify="flex-end">
          <Button variant="default" onClick={() => setResult(null)}>
            Duplicate again
          </Button>
          {onCancel && <Button onClick={onCancel}>Close</Button>}
        </Group>
      </Stack>
    );
  }

  return (
    <SubmitForm onSubmit={submit} noValidate aria-label={`Duplicate trip ${trip.referenceNumber}`}>
      <Group align="flex-start" gap="xl" wrap="wrap">
        <Stack gap="sm" style={{ flex: '1 1 300px' }}>
          <SegmentedControl
            aria-label="Repeat"
            value={values.kind}
            onChange={(v) => set({ kind: v as DuplicateFormValues['kind'] })}
            data={[
              { value: 'weekly', label: 'Weekly' },
              { value: 'daily', label: 'Daily' },
            ]}
          />
          <NumberInput
            label={values.kind === 'weekly' ? 'Every how many weeks' : 'Every how many days'}
            min={1}
            max={values.kind === 'weekly' ? 52 : 365}
            allowDecimal={false}
            value={values.every}
            onChange={(v) => set({ every: v })}
            error={shown.every}
          />
          {values.kind === 'weekly' && (
            <Stack gap={4}>
              <Text size="sm" fw={500} id="dup-weekdays">
                On
              </Text>
              <Chip.Group multiple value={values.weekdays} onChange={(v) => set({ weekdays: v })}>
                <Group gap={6} role="group" aria-labelledby="dup-weekdays">
                  {WEEKDAY_SHORT.map((d, i) => (
                    <Chip key={d} value={String(i)} size="xs">
                      {d}
                    </Chip>
                  ))}
                </Group>
              </Chip.Group>
              {shown.weekdays && (
                <Text size="xs" c="red" role="alert">
                  {shown.weekdays}
                </Text>
              )}
            </Stack>
          )}
          <Group grow>
            <DateInput label="From" required {...dateProps} value={values.from} onChange={(v) => set({ from: v })} error={shown.from} />
            <DateInput label="To" required {...dateProps} value={values.to} onChange={(v) => set({ to: v })} error={shown.to} />
          </Group>
          <DatePickerInput
            type="multiple"
            label="Excluded dates"
            description="Days to leave out (holidays, appointments moved)"
            clearable
            valueFormat="MM/DD"
            minDate={values.from ?? today}
            maxDate={values.to ?? lastDuplicateDate(today)}
            value={values.excluded}
            onChange={(v) => set({ excluded: v })}
            popoverProps={{ withinPortal: true }}
          />
          <Switch
            label="Standing order: keep making this trip"
            description="Trips are made 60 days ahead, every day, until the end date."
            checked={values.standingOrder}
            onChange={(e) => set({ standingOrder: e.currentTarget.checked })}
          />
          {values.standingOrder && (
            <Checkbox label="No end date (the To date ends only this first batch)" checked={values.noEnd} onChange={(e) => set({ noEnd: e.currentTarget.checked })} />
          )}
          {shown.form && (
            <Alert color="red" role="alert">
              {shown.form}
            </Alert>
          )}
        </Stack>
        <Stack gap={4} align="center">
          <Calendar
            key={debounced.from ?? today}
            aria-label="Preview of the new dates"
            defaultDate={debounced.from ?? today}
            numberOfColumns={1}
            firstDayOfWeek={0}
            weekendDays={[]}
            hideOutsideDates
            getDayProps={(date) => ({ selected: dates.includes(date) })}
            getDayAriaLabel={(date) => (dates.includes(date) ? `${date}, a new trip` : date)}
            static
          />
          <Text size="sm" aria-live="polite">
            {dates.length === 0 ? 'No dates yet' : dates.length === 1 ? '1 new trip' : `${dates.length} new trips`}
          </Text>
        </Stack>
      </Group>
      <Group justify="flex-end" mt="md">
        {onCancel && (
          <Button variant="default" onClick={onCancel}>
            Cancel
          </Button>
        )}
        <Button type="submit" loading={busy}>
          Duplicate
        </Button>
      </Group>
    </SubmitForm>
  );
}
