import { Alert, Button, Card, Group, List, Stack, Text } from '@mantine/core';
import { SERVICE_TYPE_NAMES, type TripRequestPreview } from '@tripline/core';
import { dayInWords, milesInWords, timeInWords } from '../portal-trips/words.ts';
import classes from './portal-request.module.css';

function Row({ label, children }: { label: string; children: React.ReactNode }) {
  return (
    <div>
      <Text size="sm" c="dimmed">
        {label}
      </Text>
      <Text className={classes.wrap}>{children}</Text>
    </div>
  );
}

/** The preview step: the estimated times, distance and warnings of the request before it is booked. */
export function PreviewStep({
  preview,
  passengerName,
  apptDisplay,
  error,
  busy,
  onSchedule,
  onBack,
}: {
  preview: TripRequestPreview;
  passengerName: string;
  apptDisplay: string;
  error: string | null;
  busy: boolean;
  onSchedule: () => void;
  onBack: () => void;
}) {
  const miles = milesInWords(preview.distanceMeters);
  return (
    <Stack gap="md">
      <Card withBorder>
        <Stack gap="sm">
          <Row label="Passenger">{passengerName}</Row>
          <Row label="Date">{dayInWords(preview.serviceDate)}</Row>
          <Row label="Service">{SERVICE_TYPE_NAMES[preview.serviceTypeCode] ?? preview.serviceTypeCode}</Row>
          <Row label="Appointment">
            {apptDisplay}
            {preview.apptTime ? ` at ${timeInWords(preview.apptTime)}` : ''}
          </Row>
          <Row label="Pickup">
            {preview.willCall ? 'When the passenger calls' : `About ${timeInWords(preview.estimatedPickupTime) ?? 'to be set'}`} from {preview.pickup}
          </Row>
          <Row label="Drop-off">
            {preview.estimatedDropoffTime ? `About ${timeInWords(preview.estimatedDropoffTime)} at ` : 'At '}
            {preview.dropoff}
          </Row>
          {miles && <Row label="Distance">{miles}</Row>}
        </Stack>
      </Card>
      {preview.warnings.length > 0 && (
        <Alert color="yellow" title="Please note">
          <List size="sm">
            {preview.warnings.map((w) => (
              <List.Item key={w}>{w}</List.Item>
            ))}
          </List>
        </Alert>
      )}
      <Text size="sm" c="dimmed">
        Times are estimates. The trip is not booked until you request it.
      </Text>
      {error && (
        <Alert color="red" role="alert">
          {error}
        </Alert>
      )}
      <Group justify="space-between" className={classes.actions}>
        <Button variant="default" onClick={onBack}>
          Change details
        </Button>
        <Button onClick={onSchedule} loading={busy}>
          Request this trip
        </Button>
      </Group>
    </Stack>
  );
}
