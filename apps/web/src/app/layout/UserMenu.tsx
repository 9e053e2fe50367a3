import { Menu, Text, UnstyledButton } from '@mantine/core';
import { IconBell, IconKey, IconLogout } from '@tabler/icons-react';
import { Link } from 'react-router';
import { decideRoute, isPortalAccount, type CurrentUser } from '@tripline/core';
import { AccountFace } from './AccountFace.tsx';

export function UserMenu({ user }: { user: CurrentUser }) {
  // portal users keep their email, password and notices on their account page; staff use the password page
  const portal = isPortalAccount(user);
  const canEditPassword = !portal && decideRoute('/edit-password', '', user).kind === 'render';
  return (
    <Menu position="bottom-end" width={260} withArrow>
      {/* The name is the only visible text and the accessible name contains it (WCAG 2.5.3): the
          avatar is a picture, not initials a speech user could not say. */}
      <Menu.Target>
        <UnstyledButton aria-label={`Account menu, signed in as ${user.name}`}>
          <AccountFace name={user.name} />
        </UnstyledButton>
      </Menu.Target>
      <Menu.Dropdown>
        <Menu.Label>
          <Text size="sm" fw={600} c="var(--mantine-color-text)">
            {user.name}
          </Text>
          <Text size="xs" c="dimmed">
            {user.partnerName ?? user.types.join(', ')} · #{user.contactNumber}
          </Text>
        </Menu.Label>
        <Menu.Divider />
        {portal && (
          <Menu.Item component={Link} to={`/case-manager/edit/${user.id}`} leftSection={<IconBell size={16} aria-hidden />}>
            Account settings
          </Menu.Item>
        )}
        {canEditPassword && (
          <Menu.Item component={Link} to="/edit-password" leftSection={<IconKey size={16} aria-hidden />}>
            Change password
          </Menu.Item>
        )}
        <Menu.Item component={Link} to="/logout" color="red" leftSection={<IconLogout size={16} aria-hidden />}>
          Sign out
        </Menu.Item>
      </Menu.Dropdown>
    </Menu>
  );
}
