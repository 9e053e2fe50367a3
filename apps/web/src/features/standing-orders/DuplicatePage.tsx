import { useNavigate } from 'react-router';
import { Alert, Center, Container, Loader, Paper, Stack, Title } from '@mantine/core';
import type { ScreenProps } from '../../app/screens.tsx';
import { ApiError } from '../../lib/api.ts';
import { DuplicateForm } from './DuplicateForm.tsx';
import { StandingOrderPanel } from './StandingOrderPanel.tsx';
import { useTrip } from './api.ts';

/** /dup-da/{id}: duplicate a trip (the same form as the editor's modal), with its standing order. */
export function DuplicatePage({ params }: ScreenProps) {
  const id = params.id ?? '';
  const trip = useTrip(id);
  const navigate = useNavigate();
  if (trip.isPending) {
    return (
      <Center py="xl">
        <Loader aria-label="Loading the trip" />
      </Center>
    );
  }
  if (trip.error || !trip.data) {
    return (
      <Container size="sm" py="lg">
        <Alert color="red" title="Trip not found">
          {trip.error instanceof ApiError && trip.error.status !== 404 ? trip.error.message : `No trip found for id ${id}`}
        </Alert>
      </Container>
    );
  }
  const t = trip.data;
  return (
    <Container size="lg" py="lg">
      <Stack gap="lg">
        <Title order={1} size="h2">
          Duplicate trip {t.referenceNumber} of {t.serviceDate}
        </Title>
        <StandingOrderPanel tripId={t.id} />
        <Paper withBorder p="md">
          <DuplicateForm trip={t} onCancel={() => void navigate(-1)} />
        </Paper>
      </Stack>
    </Container>
  );
}
