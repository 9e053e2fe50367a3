import { Alert, Anchor, Paper, Stack, Text, Title } from '@mantine/core';
import { IconLock } from '@tabler/icons-react';
import { Link } from 'react-router';
import { NeedHelp } from './NeedHelp.tsx';

/** A sign-in on a portal page by an account that is neither a passenger nor a case manager (spec 2 §2, rule 257). */
export function PortalRefusal({ message }: { message: string }) {
  return (
    <Paper withBorder shadow="sm" p={{ base: 'md', xs: 'xl' }} radius="md" w="100%">
      <Stack gap="md">
        <Title order={1} size="h3">
          No portal access
        </Title>
        <Alert color="red" icon={<IconLock size={18} aria-hidden />} role="alert">
          {message}
        </Alert>
        <Text size="sm">
          You have been signed out. Staff and transport partners sign in on{' '}
          <Anchor component={Link} to="/login" inherit underline="always">
            the main sign-in page
          </Anchor>
          .
        </Text>
        <NeedHelp />
      </Stack>
    </Paper>
  );
}
