import { Stack, Title } from '@mantine/core';
import { useSearchParams } from 'react-router';
import type { ScreenProps } from '../../app/screens.tsx';
import classes from './portal-request.module.css';
import { TripRequestWizard } from './TripRequestWizard.tsx';

/** /passenger-portal/new: the trip request wizard on a page, started from a trip with duplicateFrom or returnTripFrom. */
export function TripRequestPage({ route }: ScreenProps) {
  const [params] = useSearchParams();
  const duplicateFrom = params.get('duplicateFrom')?.trim() || undefined;
  const returnTripFrom = params.get('returnTripFrom')?.trim() || undefined;
  return (
    <Stack gap="md" className={classes.page}>
      <Title order={1} size="h2">
        {route.title ?? 'New trip request'}
      </Title>
      <TripRequestWizard key={params.toString()} duplicateFrom={duplicateFrom} returnTripFrom={returnTripFrom} />
    </Stack>
  );
}
