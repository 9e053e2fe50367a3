import { useState, type ReactNode } from 'react';
import { Alert, Anchor, Button, Center, Loader, Paper, Stack, Text, Title } from '@mantine/core';
import { useQueryClient } from '@tanstack/react-query';
import { Link, useSearchParams } from 'react-router';
import { defaultLanding, hasRole, isStaff, passwordEditDecision, type CurrentUser, type PasswordParty } from '@tripline/core';
import type { ScreenProps } from '../../app/screens.tsx';
import { currentUserKey, useCurrentUser } from '../../lib/current-user.ts';
import { usePasswordTarget } from './api.ts';
import { PasswordForm } from './PasswordForm.tsx';
import { ResetPasswordPanel } from './ResetPasswordPanel.tsx';

/** The signed-in user as the password rules see it: a partner's user belongs to its partner. */
function callerParty(user: CurrentUser): PasswordParty {
  return { ...user, parentId: user.partnerId && user.partnerId !== user.id ? user.partnerId : null };
}

/**
 * /edit-password?contactId= (spec 2 §2, §5): one's own password, or another contact's within reach
 * (staff, a partner's account for its users); staff and partner administrators can also reset it
 * to a temporary one. Whether the current password is asked for follows core's rule; the server
 * decides again.
 */
export function EditPasswordPage({ route }: ScreenProps) {
  const user = useCurrentUser().data;
  const [params] = useSearchParams();
  const asked = params.get('contactId')?.trim() || null;
  const otherId = user && asked && asked !== user.id ? asked : null;
  const target = usePasswordTarget(otherId);
  const queryClient = useQueryClient();
  // remembered once seen, so the page can offer to continue after the temporary password is replaced
  const [mustChange, setMustChange] = useState(false);
  if (user?.passwordChangeRequired && !mustChange) setMustChange(true);

  const frame = (body: ReactNode, subtitle?: string) => (
    <Paper withBorder p="xl" radius="md" maw={560} mx="auto" w="100%">
      <Stack gap="md">
        <div>
          <Title order={1} size="h2">
            {route.title ?? 'Password edit'}
          </Title>
          {subtitle && <Text c="dimmed">{subtitle}</Text>}
        </div>
        {body}
      </Stack>
    </Paper>
  );

  if (!user || (otherId && target.isPending)) {
    return frame(
      <Center py="xl">
        <Loader size="sm" aria-label="Loading" />
      </Center>,
    );
  }
  if (otherId && (target.isError || !target.data)) {
    return frame(
      <Alert color="red" title="The contact was not found">
        <Stack gap="xs" align="flex-start">
          <Text size="sm">There is no contact with this id that you can reach.</Text>
          <Button size="xs" variant="light" onClick={() => void target.refetch()}>
            Try again
          </Button>
        </Stack>
      </Alert>,
    );
  }

  const caller = callerParty(user);
  const other = otherId && target.data ? target.data : null;
  const decision = passwordEditDecision(
    caller,
    other ? { id: other.id, name: other.name, types: other.types, ldapGroups: [], adminAccess: false, parentId: other.parentId } : caller,
  );
  const currentRequired = decision.ok ? decision.currentRequired : true;
  const mayReset = other !== null && (isStaff(user) || hasRole(user, 'AffiliateAdmin'));

  const home = defaultLanding(user);
  return frame(
    <>
      {!other && user.passwordChangeRequired && (
        <Alert color="yellow" role="alert" title="Choose a new password">
          You signed in with a temporary password. Choose a new password of your own to continue.
        </Alert>
      )}
      {!other && mustChange && !user.passwordChangeRequired && home && (
        <Anchor component={Link} to={home}>
          Continue
        </Anchor>
      )}
      <PasswordForm
        key={other?.id ?? user.id}
        contactId={other?.id}
        own={!other}
        currentRequired={currentRequired}
        // the signed-in user no longer holds a temporary password
        onChanged={other ? undefined : () => void queryClient.invalidateQueries({ queryKey: currentUserKey })}
      />
      {mayReset && other && <ResetPasswordPanel contactId={other.id} name={other.name} />}
    </>,
    other ? `For ${other.name} (#${other.contactNumber})` : `For your account, ${user.name}`,
  );
}
