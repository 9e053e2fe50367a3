import { Stack, Text, Title } from '@mantine/core';
import { MSG } from '@tripline/core';

/** Stands in for every screen of the route table that has no content yet. */
export function NotBuiltPage({ title }: { title: string }) {
  return (
    <Stack gap="sm" p="md">
      <Title order={1} size="h2">
        {title}
      </Title>
      <Text c="dimmed">{MSG.NOT_BUILT_YET(title)}</Text>
    </Stack>
  );
}
