import { useState } from 'react';
import { Alert, Button, Group, Modal, Stack, Text } from '@mantine/core';
import { RATE_MSG, rateEndProblem, type PartnerRate } from '@tripline/core';
import { DayInput } from '../../components/DayInput.tsx';
import { SubmitForm } from '../../components/SubmitForm.tsx';
import { ApiError } from '../../lib/api.ts';
import { formatUsDate, localToday } from '../../lib/date-input.ts';
import { toast } from '../../lib/toast.tsx';
import { endRate, useAfterRateChange } from './api.ts';
import { serviceTypeText } from './rate-text.ts';

/**
 * Ending a rate (deleting a rate sets an end date, 3 §4): the last day it is in force, not before it
 * begins. The group's trips after that day that are not Final have no rate (NoRate) until a new
 * rate begins.
 */
export function EndRateDialog({ rate, onClose }: { rate: PartnerRate; onClose(): void }) {
  const afterChange = useAfterRateChange();
  const today = localToday();
  const [dateEnd, setDateEnd] = useState<string | null>(rate.dateBegin > today ? rate.dateBegin : today);
  const [error, setError] = useState<string | null>(null);
  const [refusal, setRefusal] = useState<{ message: string; stale: boolean } | null>(null);
  const [busy, setBusy] = useState(false);

  const submit = async () => {
    if (!dateEnd) return setError(RATE_MSG.INVALID_DATE);
    const problem = rateEndProblem(rate.dateBegin, dateEnd);
    if (problem) return setError(problem);
    setBusy(true);
    setRefusal(null);
    try {
      const { repricedTrips } = await endRate(rate.id, dateEnd, rate.modCount);
      toast.success(`The rate ends ${formatUsDate(dateEnd)}. ${repricedTrips} trips were priced again.`, { duration: 'quickSuccess' });
      await afterChange();
      onClose();
    } catch (e) {
      const stale = e instanceof ApiError && e.status === 409;
      if (e instanceof ApiError && e.details[0]) setError(e.details[0].message);
      else setRefusal({ message: e instanceof Error ? e.message : 'The rate could not be ended', stale });
      if (stale) void afterChange();
    } finally {
      setBusy(false);
    }
  };

  return (
    <Modal opened onClose={onClose} title="End the rate" centered>
      <SubmitForm onSubmit={submit} noValidate>
        <Stack gap="md">
          <Text size="sm">
            {rate.providerName} · {rate.billToName} · {serviceTypeText(rate.serviceId)} · {rate.rateType}, in force from {formatUsDate(rate.dateBegin)}
          </Text>
          <DayInput
            label="Last day in force"
            description="Trips after this day that are not Final have no rate (NoRate) until a new rate begins."
            required
            minDate={rate.dateBegin}
            value={dateEnd}
            onChange={(v) => {
              setDateEnd(v);
              setError(null);
            }}
            error={error}
          />
          {refusal && (
            <Alert color={refusal.stale ? 'yellow' : 'red'} title="The rate was not ended">
              {refusal.message}
              {refusal.stale && ' The list shows the rate as it is now.'}
            </Alert>
          )}
          <Group justify="flex-end">
            {/* the calendar opens on focus: the dialog starts on Cancel instead */}
            <Button variant="default" onClick={onClose} data-autofocus>
              Cancel
            </Button>
            <Button type="submit" color="red" loading={busy}>
              End the rate
            </Button>
          </Group>
        </Stack>
      </SubmitForm>
    </Modal>
  );
}
