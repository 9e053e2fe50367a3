import type { ReactNode } from 'react';
import { Alert, Anchor, Center, Loader, Paper, Stack, Text, Title } from '@mantine/core';
import { Link } from 'react-router';
import { defaultLanding, isPortalAccount, isStaff } from '@tripline/core';
import type { ScreenProps } from '../../app/screens.tsx';
import { useCurrentUser } from '../../lib/current-user.ts';
import { EventSubscriptionsSection } from '../event-subscriptions/EventSubscriptionsSection.tsx';
import { usePasswordTarget } from '../passwords/api.ts';
import { PasswordForm } from '../passwords/PasswordForm.tsx';
import { updatePassword } from './api.ts';
import { ChangeEmailForm } from './ChangeEmailForm.tsx';

/** The password form always asks for the current password here. */
const saveOwnPassword = (b: { currentPassword?: string; newPassword: string; newPasswordVerify: string }) =>
  updatePassword({ currentPassword: b.currentPassword ?? '', newPassword: b.newPassword, newPasswordVerify: b.newPasswordVerify });

function Section({ id, title, intro, children }: { id: string; title: string; intro?: string; children: ReactNode }) {
  return (
    <Paper withBorder p={{ base: 'md', xs: 'lg' }} radius="md" component="section" aria-labelledby={id}>
      <Stack gap="sm">
        <div>
          <Title order={2} size="h4" id={id}>
            {title}
          </Title>
          {intro && (
            <Text size="sm" c="dimmed">
              {intro}
            </Text>
          )}
        </div>
        {children}
      </Stack>
    </Paper>
  );
}

/**
 * /case-manager/edit/{id} (spec 2 §2, §7): a portal user's own email, password and event
 * subscriptions; staff open anyone's, and change their password on the staff password page.
 */
export function CaseManagerEditPage({ route, params }: ScreenProps) {
  const user = useCurrentUser().data;
  const id = params.id ?? '';
  const own = user?.id === id;
  const staff = user ? isStaff(user) : false;
  // Staff see whose page it is; a portal user reaches only their own.
  const other = usePasswordTarget(user && !own && staff ? id : null);

  const page = (subtitle: string | null, body: ReactNode) => (
    <Stack gap="lg" maw={720} mx="auto" w="100%">
      <div>
        <Title order={1} size="h2">
          {route.title ?? 'Account settings'}
        </Title>
        {subtitle && <Text c="dimmed">{subtitle}</Text>}
      </div>
      {body}
    </Stack>
  );

  if (!user || (!own && staff && other.isPending)) {
    return page(
      null,
      <Center py="xl">
        <Loader size="sm" aria-label="Loading the account" />
      </Center>,
    );
  }
  if (!own && (!staff || other.isError || !other.data)) {
    const home = defaultLanding(user);
    return page(
      null,
      <Alert color="red" title="This account was not found">
        <Text size="sm">There is no account with this id that you can open.</Text>
        {home && (
          <Anchor component={Link} to={home} size="sm">
            Go to your home page
          </Anchor>
        )}
      </Alert>,
    );
  }

  const portalSelf = own && isPortalAccount(user);
  const subtitle = own ? `For your account, ${user.name}` : `For ${other.data?.name} (#${other.data?.contactNumber})`;
  return page(
    subtitle,
    <>
      {portalSelf ? (
        <>
          <Section id="email-title" title="Email address" intro="You sign in with your email address, and trip notices by email go there.">
            <ChangeEmailForm />
          </Section>
          <Section id="password-title" title="Password" intro="Changing it signs you out everywhere else.">
            <PasswordForm own currentRequired save={saveOwnPassword} />
          </Section>
        </>
      ) : (
        <Section id="password-title" title="Email and password">
          <Text size="sm">
            {own ? 'Your' : 'Their'} email address is kept on the contact record.{' '}
            <Anchor component={Link} to={own ? '/edit-password' : `/edit-password?contactId=${encodeURIComponent(id)}`} inherit underline="always">
              Change {own ? 'your' : 'their'} password
            </Anchor>
            .
          </Text>
        </Section>
      )}
      <EventSubscriptionsSection contactId={id} />
    </>,
  );
}
