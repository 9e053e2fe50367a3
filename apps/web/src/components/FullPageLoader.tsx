import { Center, Loader, Stack, Text } from '@mantine/core';

export function FullPageLoader({ label }: { label: string }) {
  return (
    <Center mih="60vh" role="status" aria-live="polite">
      <Stack align="center" gap="xs">
        <Loader aria-hidden />
        {/* The page's one heading until the page itself is there: it says what is loading. */}
        <Text component="h1" c="dimmed" size="sm" fw={400} m={0}>
          {label}
        </Text>
      </Stack>
    </Center>
  );
}
