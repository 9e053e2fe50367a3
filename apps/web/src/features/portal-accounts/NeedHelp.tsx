import { Anchor, Text } from '@mantine/core';
import { Link } from 'react-router';
import { PASSENGER_PHONE } from '@tripline/core';

/** The same help, in the same place, on every step of signing in and creating an account (WCAG 3.2.6). */
export function NeedHelp() {
  return (
    <Text size="sm" c="dimmed" ta="center">
      Need help? Call us at{' '}
      <Anchor href={`tel:+1${PASSENGER_PHONE.replace(/\D/g, '')}`} size="sm" inherit underline="always">
        {PASSENGER_PHONE}
      </Anchor>{' '}
      or{' '}
      <Anchor component={Link} to="/contact" size="sm" inherit underline="always">
        contact us
      </Anchor>
      .
    </Text>
  );
}
