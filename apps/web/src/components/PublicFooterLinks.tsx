import { Anchor, Group } from '@mantine/core';
import { Link } from 'react-router';

/** Help that is open without signing in (spec 1 §2: /FAQ, /contact, /bug-report). */
export function PublicFooterLinks({ withSignIn = false }: { withSignIn?: boolean }) {
  return (
    <Group justify="center" gap="lg" component="nav" aria-label="Help">
      {withSignIn && (
        <Anchor component={Link} to="/login" size="sm">
          Sign in
        </Anchor>
      )}
      <Anchor component={Link} to="/FAQ" size="sm">
        FAQ
      </Anchor>
      <Anchor component={Link} to="/contact" size="sm">
        Contact us
      </Anchor>
      <Anchor component={Link} to="/bug-report" size="sm">
        Report Bug
      </Anchor>
    </Group>
  );
}
