import type { ReactNode } from 'react';
import { Box, Container, Stack } from '@mantine/core';
import { Brand } from '../../components/Brand.tsx';
import { PublicFooterLinks } from '../../components/PublicFooterLinks.tsx';

/** The frame for signed-out visitors: narrow for the sign-in steps, wider for help pages. */
export function PublicLayout({ narrow, children }: { narrow: boolean; children: ReactNode }) {
  return (
    <Box mih="100vh" bg="var(--mantine-color-gray-0)">
      <Container size={narrow ? 440 : 'md'} py={{ base: 'xl', sm: 64 }}>
        <Stack align="stretch" gap="xl">
          <Box component="header">
            <Brand size="lg" withTagline={narrow} />
          </Box>
          <Box component="main">{children}</Box>
          <PublicFooterLinks withSignIn={!narrow} />
        </Stack>
      </Container>
    </Box>
  );
}
