import { useCallback, useMemo, useState } from 'react';
import { Alert, Button, Center, Group, Loader, Select, Stack, Text, Title } from '@mantine/core';
import { IconAlertCircle, IconFileImport, IconPlus } from '@tabler/icons-react';
import { VEHICLE_TYPES, isStaff, mayAddVehicle, type Vehicle } from '@tripline/core';
import type { ScreenProps } from '../../app/screens.tsx';
import { useCurrentUser } from '../../lib/current-user.ts';
import { usePartners, useVehicles, type VehicleFilter } from './api.ts';
import { ImportModal } from './ImportModal.tsx';
import { VehicleModal, type VehicleTarget } from './VehicleModal.tsx';
import { VehiclesTable } from './VehiclesTable.tsx';
import classes from './vehicles.module.css';
import { PartnerFilter } from '../../lib/partners.tsx';

const YES_NO = (yes: string, no: string) => [
  { value: 'true', label: yes },
  { value: 'false', label: no },
];

/**
 * /vehicles (spec 1 §2, §5): a partner's fleet, or for staff every partner's, in a virtualised
 * list with filters (partner for staff, type, available, termed), the add button for those who
 * may add (rules.md 33) and the editor on a row.
 */
export function VehiclesPage({ route }: ScreenProps) {
  const { data: me } = useCurrentUser();
  const staff = me ? isStaff(me) : false;
  const [filter, setFilter] = useState<VehicleFilter>({});
  const [target, setTarget] = useState<VehicleTarget | null>(null);
  const [importing, setImporting] = useState(false);
  const partners = usePartners(staff);
  // asked at once, beside the current user: the server scopes the rows
  const list = useVehicles(filter, true);
  const set = (name: keyof VehicleFilter) => (value: string | null) => setFilter((f) => ({ ...f, [name]: value ?? undefined }));
  const onOpen = useCallback((vehicle: Vehicle) => setTarget({ vehicle }), []);
  const resetKey = useMemo(() => JSON.stringify(filter), [filter]);

  if (!me) return null;
  const rows = list.data ?? [];
  const filtered = Object.values(filter).some((v) => v !== undefined);
  return (
    <Stack gap="md" className={classes.page}>
      <Group justify="space-between" align="flex-end">
        <div>
          <Title order={1}>Vehicles</Title>
          <Text size="sm" c="dimmed">
            {staff ? "Every partner's fleet and the operator's own" : `The fleet of ${me.partnerName ?? 'your company'}`}
          </Text>
        </div>
        {mayAddVehicle(me) && (
          <Group gap="xs">
            <Button variant="default" leftSection={<IconFileImport size={16} />} onClick={() => setImporting(true)}>
              Import
            </Button>
            <Button leftSection={<IconPlus size={16} />} onClick={() => setTarget({ new: true })}>
              Add vehicle
            </Button>
          </Group>
        )}
      </Group>
      <Group gap="sm" align="flex-end" role="search" aria-label={`Filter ${route.title ?? 'vehicles'}`}>
        {staff && (
          <PartnerFilter value={filter.partnerId ?? null} onChange={set('partnerId')} />
        )}
        <Select label="Type" placeholder="All types" clearable w={180} data={[...VEHICLE_TYPES]} value={filter.vehicleType ?? null} onChange={set('vehicleType')} />
        <Select label="Available" placeholder="Any" clearable w={150} data={YES_NO('Available', 'Not available')} value={filter.available ?? null} onChange={set('available')} />
        <Select label="Termed" placeholder="Any" clearable w={150} data={YES_NO('Termed', 'Not termed')} value={filter.termed ?? null} onChange={set('termed')} />
        {filtered && (
          <Button variant="subtle" onClick={() => setFilter({})}>
            Clear filters
          </Button>
        )}
      </Group>
      {list.isPending ? (
        <Center py="xl">
          <Loader aria-label="Loading vehicles" />
        </Center>
      ) : list.isError ? (
        <Alert color="red" icon={<IconAlertCircle size={18} />} title="The vehicles could not be loaded">
          {list.error.message}{' '}
          <Button size="xs" variant="light" onClick={() => void list.refetch()}>
            Try again
          </Button>
        </Alert>
      ) : rows.length === 0 ? (
        <Text c="dimmed" py="xl" ta="center">
          {filtered ? 'No vehicles match these filters.' : 'No vehicles yet.'}
        </Text>
      ) : (
        <>
          <Text size="sm" c="dimmed" aria-live="polite">
            {rows.length === 1 ? '1 vehicle' : `${rows.length} vehicles`}
          </Text>
          <VehiclesTable vehicles={rows} onOpen={onOpen} resetKey={resetKey} />
        </>
      )}
      <VehicleModal target={target} me={me} defaultPartnerId={filter.partnerId} onClose={() => setTarget(null)} />
      <ImportModal
        opened={importing}
        partners={staff ? (partners.data ?? []) : null}
        onClose={() => setImporting(false)}
      />
    </Stack>
  );
}
