import { useMemo, useState } from 'react';
import { Button, Group, Paper, Stack, Text, Title } from '@mantine/core';
import { QueryState } from '../../components/QueryState.tsx';
import { AddSubscriptionForm } from './AddSubscriptionForm.tsx';
import { useSubscriptionOptions, useSubscriptions } from './api.ts';
import { SubscriptionItem } from './SubscriptionItem.tsx';

/** The event subscriptions of one portal user (case manager account edit page). */
export interface EventSubscriptionsSectionProps {
  /** The contact whose subscriptions are shown (the page's {id}). */
  contactId: string;
}

/**
 * Trip notices (spec 2 §7): what the user is told about, each through one channel to
 * their own email or phone; add, send a test, delete and turn back on (rule 135).
 */
export function EventSubscriptionsSection({ contactId }: EventSubscriptionsSectionProps) {
  const subscriptions = useSubscriptions(contactId);
  const options = useSubscriptionOptions(contactId);
  const [adding, setAdding] = useState(false);
  const names = useMemo(() => new Map([...(options.data?.billTos ?? []), ...(options.data?.members ?? [])].map((x) => [x.id, x.name])), [options.data]);

  return (
    <Paper withBorder p={{ base: 'md', xs: 'lg' }} radius="md" component="section" aria-labelledby="notices-title">
      <Stack gap="sm">
        <div>
          <Title order={2} size="h4" id="notices-title">
            Trip notices
          </Title>
          <Text size="sm" c="dimmed">
            Get a message when something happens to a trip: in the portal, by email, by text message or by phone call. Messages give the trip's
            reference number, date, time and town, never names.
          </Text>
        </div>
        <QueryState query={subscriptions} what="trip notices" empty="You have no trip notices yet.">
          {(list) => (
            <Stack component="ul" gap="xs" p={0} m={0}>
              {list.map((s) => (
                <SubscriptionItem key={s.id} contactId={contactId} subscription={s} names={names} />
              ))}
            </Stack>
          )}
        </QueryState>
        {adding && options.data ? (
          <Paper withBorder p="sm" radius="sm">
            <Title order={3} size="h5" mb="xs">
              New notice
            </Title>
            <AddSubscriptionForm contactId={contactId} options={options.data} onDone={() => setAdding(false)} />
          </Paper>
        ) : (
          <Group>
            <Button onClick={() => setAdding(true)} loading={options.isPending} disabled={options.isError}>
              Add a notice
            </Button>
            {options.isError && (
              <Text size="sm" c="red" role="alert">
                The notice choices could not be loaded.{' '}
                <Button variant="subtle" size="compact-sm" onClick={() => void options.refetch()}>
                  Try again
                </Button>
              </Text>
            )}
          </Group>
        )}
      </Stack>
    </Paper>
  );
}
