import { useState } from 'react';
import { Button, Group } from '@mantine/core';
import { IconCurrencyDollar, IconRoad } from '@tabler/icons-react';
import { contract, mayAccess, type DriveAssignment } from '@tripline/core';
import { useCurrentUser } from '../../lib/current-user.ts';
import type { TripRows } from '../trips/home/use-day-trips.ts';
import { MileageAdjustDialog } from './MileageAdjustDialog.tsx';
import { RateOverrideDialog } from './RateOverrideDialog.tsx';

/**
 * Trip inspect's pay actions: the rate override dialog (rate editors) and the mileage adjust
 * dialog, each shown only to those who may use it. A trip without a partner has no pay to adjust.
 */
export function PayAdjustButtons({ trip, rows }: { trip: DriveAssignment; rows: TripRows }) {
  const user = useCurrentUser().data;
  const [open, setOpen] = useState<'rate' | 'mileage' | null>(null);
  if (!user || !trip.farmoutContactId) return null;
  const mayRate = mayAccess(user, contract.rateOverride.access.roles);
  const mayMileage = mayAccess(user, contract.adjustMileage.access.roles);
  if (!mayRate && !mayMileage) return null;
  const final = trip.partnerPayStatus === 'Final';
  const close = () => setOpen(null);
  return (
    <>
      <Group gap="xs" aria-label="Partner pay">
        {mayRate && (
          <Button size="xs" variant="light" leftSection={<IconCurrencyDollar size={14} />} disabled={final} onClick={() => setOpen('rate')}>
            Rate override
          </Button>
        )}
        {mayMileage && (
          <Button size="xs" variant="light" leftSection={<IconRoad size={14} />} disabled={final} onClick={() => setOpen('mileage')}>
            Adjust mileage
          </Button>
        )}
      </Group>
      {open === 'rate' && <RateOverrideDialog trip={trip} rows={rows} developerMode={false} onClose={close} />}
      {open === 'mileage' && <MileageAdjustDialog trip={trip} rows={rows} developerMode={false} onClose={close} />}
    </>
  );
}
