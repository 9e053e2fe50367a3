import { Button, Kbd } from '@mantine/core';
import { useHotkeys } from '@mantine/hooks';
import { IconPlus } from '@tabler/icons-react';
import { useNavigate } from 'react-router';

/** The address of the editor booking a new trip, for a passenger and a day when given. */
export function newTripPath(serviceDate: string | null, passengerId: string | null): string {
  const q = new URLSearchParams();
  if (passengerId) q.set('passengerId', passengerId);
  if (serviceDate) q.set('serviceDate', serviceDate);
  const qs = q.toString();
  return `/drive-assv-edit/new${qs ? `?${qs}` : ''}`;
}

/** New trip (key n) on the staff trip search: opens the reservation editor on a new trip. */
export function NewTripButton({ serviceDate, passengerId }: { serviceDate: string | null; passengerId: string | null }) {
  const navigate = useNavigate();
  const open = () => navigate(newTripPath(serviceDate, passengerId));
  useHotkeys([['n', open]]);
  return (
    <Button leftSection={<IconPlus size={14} />} rightSection={<Kbd size="xs">n</Kbd>} onClick={open}>
      New trip
    </Button>
  );
}
