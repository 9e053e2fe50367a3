import { Group, Stack, Text, ThemeIcon } from '@mantine/core';
import { IconRoute } from '@tabler/icons-react';

export const PRODUCT_NAME = 'Tripline';
export const TAGLINE = 'Scheduling, dispatch and partner portal for non-emergency medical transportation.';

/** The product mark: large with the tagline on the sign-in pages, compact in the header. */
export function Brand({ size = 'md', withTagline = false }: { size?: 'md' | 'lg'; withTagline?: boolean }) {
  if (size === 'md') {
    return (
      <Group gap={8} wrap="nowrap">
        <ThemeIcon size={28} radius="md" aria-hidden>
          <IconRoute size={18} />
        </ThemeIcon>
        <Text fw={700} size="lg" visibleFrom="xs">
          {PRODUCT_NAME}
        </Text>
      </Group>
    );
  }
  return (
    <Stack gap={6} align="center">
      <Group gap="xs" wrap="nowrap">
        <ThemeIcon size={40} radius="md" aria-hidden>
          <IconRoute size={24} />
        </ThemeIcon>
        {/* Not a heading: each page names itself in its own h1. */}
        <Text fz={28} fw={700} lh={1.2}>
          {PRODUCT_NAME}
        </Text>
      </Group>
      {withTagline && (
        <Text c="dimmed" size="sm" ta="center" maw={340}>
          {TAGLINE}
        </Text>
      )}
    </Stack>
  );
}
