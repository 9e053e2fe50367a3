import { Avatar, Group, Text } from '@mantine/core';
import { IconChevronDown, IconUser } from '@tabler/icons-react';

/** What the account menu's button shows: a person's picture, the name (from md up) and an arrow. */
export function AccountFace({ name }: { name: string }) {
  return (
    <Group gap={6} wrap="nowrap">
      <Avatar size={30} radius="xl" color="blue" aria-hidden>
        <IconUser size={18} aria-hidden />
      </Avatar>
      <Text size="sm" fw={500} visibleFrom="md" truncate maw={180}>
        {name}
      </Text>
      <IconChevronDown size={14} aria-hidden />
    </Group>
  );
}
