import { Avatar, Group, Menu, Text, UnstyledButton } from '@mantine/core';
import { IconChevronDown, IconKey, IconLogout, IconUser } from '@tabler/icons-react';
import { Link } from 'react-router';
import { decideRoute, type CurrentUser } from '@tripline/core';

export function UserMenu({ user }: { user: CurrentUser }) {
  const canEditPassword = decideRoute('/edit-password', '', user).kind === 'render';
  return (
    <Menu position="bottom-end" width={260} withArrow>
      {/* The name is the only visible text and the accessible name contains it (WCAG 2.5.3): the
          avatar is a picture, not initials a speech user could not say. */}
      <Menu.Target>
        <UnstyledButton aria-label={`Account menu, signed in as ${user.name}`}>
          <Group gap={6} wrap="nowrap">
            <Avatar size={30} radius="xl" color="blue" aria-hidden>
              <IconUser size={18} aria-hidden />
            </Avatar>
            <Text size="sm" fw={500} visibleFrom="md" truncate maw={180}>
              {user.name}
            </Text>
            <IconChevronDown size={14} aria-hidden />
          </Group>
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
