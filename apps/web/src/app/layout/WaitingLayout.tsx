import type { ReactNode } from 'react';
import { AppShell, Group } from '@mantine/core';
import { Brand } from '../../components/Brand.tsx';

/**
 * The frame while the portal asks who is signed in: the app header's bar with the product mark,
 * as the portal homes' first paint shows it before any script runs (first-paint.ts), so nothing
 * jumps when React takes over. The full header (navigation, messages, account) follows with the user.
 */
export function WaitingLayout({ children }: { children: ReactNode }) {
  return (
    <AppShell header={{ height: 60 }} padding="md">
      <AppShell.Header>
        <Group h="100%" px="md" wrap="nowrap">
          <Brand />
        </Group>
      </AppShell.Header>
      <AppShell.Main>{children}</AppShell.Main>
    </AppShell>
  );
}
