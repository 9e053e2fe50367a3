import { Avatar, Group, Menu, Text, UnstyledButton } from '@mantine/core';
import { IconChevronDown, IconKey, IconLogout } from '@tabler/icons-react';
import { Link } from 'react-router';
import { decideRoute, type CurrentUser } from '@tripline/core';

function initials(name: string): string {
  const parts = name.trim().split(/\s+/).filter(Boolean);
  return ((parts[0]?.[0] ?? '') + (parts.length > 1 ? (parts.at(-1)?.[0] ?? '') : '')).toUpperCase() || '?';
}

export function UserMenu({ user }: { user: CurrentUser }) {
  const canEditPassword = decideRoute('/edit-password', '', user).kind === 'render';
  return (
    <Menu position="bottom-end" width={260} withArrow>
      <Menu.Target>
        <UnstyledButton aria-label={`Account menu, signed in as ${user.name}`}>
          <Group gap={6} wrap="nowrap">
            <Avatar size={30} radius="xl" color="blue" aria-hidden>
              {initials(user.name)}
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
