import { Anchor, Text } from '@mantine/core';
import { Link } from 'react-router';

/** The same help, in the same place, on every step of signing in and creating an account (WCAG 3.2.6). */
export function NeedHelp() {
  return (
    <Text size="sm" c="dimmed" ta="center">
      Need help? Call the phone number on your member card, or{' '}
      <Anchor component={Link} to="/contact" size="sm" inherit underline="always">
        contact us
      </Anchor>
      .
    </Text>
  );
}
