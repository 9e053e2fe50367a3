import { Center, Group, Loader, Text } from '@mantine/core';

/** What the portal shows while something loads: a spinner and the words, read out as they are. */
export function Loading({ children }: { children: string }) {
  return (
    <Center py="xl">
      <Group gap="sm">
        <Loader size="sm" aria-hidden />
        <Text size="sm">{children}</Text>
      </Group>
    </Center>
  );
}
