import { useState } from 'react';
import { Alert, Button, Group, Select, Stack, Text } from '@mantine/core';
import { contract } from '@tripline/core';
import { callApi } from '../../../lib/api.ts';
import { toast } from '../../../lib/toast.tsx';
import { useDrivers } from '../api.ts';
import { ActionModal, type TripModalProps } from './ActionModal.tsx';
import { TRIP_WRITE_QUIET, writeTrip } from './trip-write.tsx';
import { SubmitForm } from '../../../components/SubmitForm.tsx';

/** Assigns one of the drivers of the trip's partner (GET drivers), or clears the assignment. */
export function AssignDriverModal({ trip, rows, onClose }: TripModalProps) {
  const drivers = useDrivers(trip.farmoutContactId);
  const [driverId, setDriverId] = useState<string | null>(trip.driverId);
  const [busy, setBusy] = useState(false);

  const save = async (id: string | null) => {
    setBusy(true);
    const updated = await writeTrip(trip, rows, () =>
      callApi(contract.assignDriver, { body: { daId: trip.id, driverId: id, modCount: trip.modCount }, quiet: TRIP_WRITE_QUIET }),
    );
    setBusy(false);
    if (!updated) return;
    rows.replace([updated]);
    toast.success(
      updated.driverName ? `${updated.driverName} assigned to trip ${trip.referenceNumber}.` : `Driver removed from trip ${trip.referenceNumber}.`,
    );
    onClose();
  };

  return (
    <ActionModal title="Assign driver to trip" trip={trip} onClose={onClose}>
      <SubmitForm onSubmit={() => driverId && save(driverId)} noValidate>
        <Stack gap="md">
          {!trip.farmoutContactId ? (
            <Alert color="gray">This trip is not assigned to a partner, so there are no drivers to choose from.</Alert>
          ) : drivers.isError ? (
            <Alert color="red" title="Could not load the drivers">
              <Button size="xs" variant="light" onClick={() => void drivers.refetch()}>
                Try again
              </Button>
            </Alert>
          ) : (
            <Select
              label="Driver"
              placeholder={drivers.isPending ? 'Loading drivers…' : 'Choose a driver'}
              searchable
              required
              data-autofocus
              nothingFoundMessage="No driver by that name"
              data={(drivers.data ?? []).map((d) => ({ value: d.id, label: d.employeeNumber ? `${d.name} (#${d.employeeNumber})` : d.name }))}
              value={driverId}
              onChange={setDriverId}
              disabled={drivers.isPending}
              comboboxProps={{ withinPortal: true }}
            />
          )}
          {trip.driverName && (
            <Text size="sm" c="dimmed">
              Now assigned: {trip.driverName}
            </Text>
          )}
          <Group justify="space-between">
            <Button variant="subtle" color="red" disabled={!trip.driverId && !trip.driverEmpNumberAssigned} loading={busy} onClick={() => void save(null)}>
              Remove driver
            </Button>
            <Group gap="sm">
              <Button variant="default" onClick={onClose}>
                Cancel
              </Button>
              <Button type="submit" loading={busy} disabled={!driverId || driverId === trip.driverId}>
                Assign
              </Button>
            </Group>
          </Group>
        </Stack>
      </SubmitForm>
    </ActionModal>
  );
}
