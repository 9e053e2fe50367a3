import { useState } from 'react';
import { Alert, Anchor, Badge, Button, Center, Group, Loader, Modal, Stack, Table, Text, Title } from '@mantine/core';
import { useQueryClient } from '@tanstack/react-query';
import dayjs from 'dayjs';
import { useSearchParams } from 'react-router';
import { isStaff, type VogDelivery } from '@tripline/core';
import { useCurrentUser } from '../../lib/current-user.ts';
import { deliveriesKey, dismissDelivery, useAllDeliveries, useDelivery } from './api.ts';
import { isExpired } from './inbox.ts';
import { MessageBody } from './present.tsx';
import { SendNotificationForm } from './SendNotificationForm.tsx';

const TYPE_LABEL: Record<VogDelivery['message']['type'], string> = { dialog: 'Dialog', toastr: 'Toast', iqPush: 'Push' };

function stateOf(d: VogDelivery, now: number): { label: string; color: string } {
  if (!d.unread) return { label: 'Read', color: 'gray' };
  if (isExpired(d, now)) return { label: 'Expired', color: 'gray' };
  return { label: 'Unread', color: 'blue' };
}

/** /messages (spec 1 §2): every delivery of the signed-in user; ?id= opens one. Staff can also send. */
export function MessagesPage() {
  const { data: user } = useCurrentUser();
  const [params, setParams] = useSearchParams();
  const openId = params.get('id');
  const all = useAllDeliveries();
  const listed = all.data?.find((d) => d.id === openId) ?? null;
  // A message older than the list still opens from a link.
  const single = useDelivery(openId, all.isSuccess && !listed);
  const opened = listed ?? single.data ?? null;
  const queryClient = useQueryClient();
  const [busy, setBusy] = useState(false);
  const now = Date.now();

  const setOpen = (id: string | null) =>
    setParams(
      (p) => {
        if (id) p.set('id', id);
        else p.delete('id');
        return p;
      },
      { replace: !id },
    );

  const markRead = async (id: string) => {
    setBusy(true);
    try {
      await dismissDelivery(id);
      await queryClient.invalidateQueries({ queryKey: deliveriesKey });
    } catch {
      // The API client said why.
    } finally {
      setBusy(false);
    }
  };

  return (
    <Stack gap="lg" maw={1000}>
      <Title order={1} size="h3">
        Messages
      </Title>
      {user && isStaff(user) && <SendNotificationForm />}
      {all.isPending ? (
        <Center py="xl">
          <Loader size="sm" aria-label="Loading messages" />
        </Center>
      ) : all.isError ? (
        <Alert color="red" title="The messages could not be loaded">
          <Button size="xs" variant="light" onClick={() => void all.refetch()}>
            Try again
          </Button>
        </Alert>
      ) : all.data.length === 0 ? (
        <Text c="dimmed">You have no messages.</Text>
      ) : (
        <Table.ScrollContainer minWidth={600}>
          <Table striped highlightOnHover aria-label="Messages">
            <Table.Thead>
              <Table.Tr>
                <Table.Th>Title</Table.Th>
                <Table.Th>Kind</Table.Th>
                <Table.Th>Received</Table.Th>
                <Table.Th>Status</Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {all.data.map((d) => {
                const state = stateOf(d, now);
                return (
                  <Table.Tr key={d.id}>
                    <Table.Td>
                      <Anchor component="button" type="button" onClick={() => setOpen(d.id)} fw={d.unread ? 600 : 400} ta="left">
                        {d.message.title}
                      </Anchor>
                    </Table.Td>
                    <Table.Td>{TYPE_LABEL[d.message.type]}</Table.Td>
                    <Table.Td>{dayjs(d.created).format('MM/DD/YYYY h:mm A')}</Table.Td>
                    <Table.Td>
                      <Badge variant="light" color={state.color}>
                        {state.label}
                      </Badge>
                    </Table.Td>
                  </Table.Tr>
                );
              })}
            </Table.Tbody>
          </Table>
        </Table.ScrollContainer>
      )}
      {openId && all.isSuccess && !opened && !single.isPending && (
        <Alert color="yellow" withCloseButton onClose={() => setOpen(null)}>
          That message was not found.
        </Alert>
      )}
      <Modal opened={!!opened} onClose={() => setOpen(null)} title={opened?.message.title ?? ''} centered>
        {opened && (
          <Stack gap="md">
            <Text size="xs" c="dimmed">
              {dayjs(opened.created).format('MM/DD/YYYY h:mm A')}
            </Text>
            <MessageBody body={opened.message.body} />
            <Group justify="flex-end">
              {opened.unread && (
                <Button variant="default" loading={busy} onClick={() => void markRead(opened.id)}>
                  Mark as read
                </Button>
              )}
              <Button onClick={() => setOpen(null)}>Close</Button>
            </Group>
          </Stack>
        )}
      </Modal>
    </Stack>
  );
}
