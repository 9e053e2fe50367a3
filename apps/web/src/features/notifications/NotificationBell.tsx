import { useState } from 'react';
import { ActionIcon, Anchor, Button, Divider, Group, Indicator, Popover, ScrollArea, Stack, Text, UnstyledButton } from '@mantine/core';
import { IconBell } from '@tabler/icons-react';
import dayjs from 'dayjs';
import { Link, useNavigate } from 'react-router';
import { useInbox } from './use-inbox.ts';

const SHOWN_IN_BELL = 20;

function canAskForPush(): boolean {
  return typeof Notification !== 'undefined' && Notification.permission === 'default';
}

/** The header bell: unread notifications of the signed-in user, each openable and dismissable. */
export function NotificationBell({ userId }: { userId: string }) {
  const { unread, dismiss } = useInbox(userId);
  const [opened, setOpened] = useState(false);
  const [askPush, setAskPush] = useState(canAskForPush);
  const navigate = useNavigate();
  const count = unread.length;

  const open = (id: string) => {
    setOpened(false);
    navigate(`/messages?id=${encodeURIComponent(id)}`);
  };

  return (
    // Above the toasts (z-index 1000), which sit in the same corner.
    <Popover opened={opened} onChange={setOpened} position="bottom-end" width={340} shadow="md" withArrow zIndex={1010}>
      {/* The target is the button itself: Popover.Target sets aria-expanded, which a div may not carry. */}
      <Indicator label={count > 99 ? '99+' : count} size={16} disabled={count === 0} offset={4} color="red">
        <Popover.Target>
          <ActionIcon
            variant="subtle"
            color="gray"
            size="lg"
            aria-label={count ? `Notifications, ${count} unread` : 'Notifications'}
            onClick={() => setOpened((o) => !o)}
          >
            <IconBell size={20} aria-hidden />
          </ActionIcon>
        </Popover.Target>
      </Indicator>
      <Popover.Dropdown p={0} aria-label="Notifications">
        <Group justify="space-between" px="sm" py="xs">
          <Text fw={600} size="sm">
            Notifications
          </Text>
          <Anchor component={Link} to="/messages" size="xs" onClick={() => setOpened(false)}>
            All messages
          </Anchor>
        </Group>
        <Divider />
        {count === 0 ? (
          <Text size="sm" c="dimmed" p="sm">
            No unread notifications.
          </Text>
        ) : (
          <ScrollArea.Autosize mah={360}>
            <Stack gap={0}>
              {unread.slice(0, SHOWN_IN_BELL).map((d) => (
                <Group key={d.id} gap="xs" px="sm" py={8} wrap="nowrap" align="flex-start" style={{ borderBottom: '1px solid var(--mantine-color-gray-2)' }}>
                  <UnstyledButton onClick={() => open(d.id)} style={{ flex: 1, minWidth: 0 }} aria-label={`Open ${d.message.title}`}>
                    <Text size="sm" fw={600} truncate>
                      {d.message.title}
                    </Text>
                    <Text size="xs" c="dimmed" lineClamp={2}>
                      {d.message.body}
                    </Text>
                    <Text size="xs" c="dimmed">
                      {dayjs(d.created).format('MMM D, h:mm A')}
                    </Text>
                  </UnstyledButton>
                  <Button size="compact-xs" variant="subtle" onClick={() => void dismiss(d.id)} aria-label={`Dismiss ${d.message.title}`}>
                    Dismiss
                  </Button>
                </Group>
              ))}
            </Stack>
          </ScrollArea.Autosize>
        )}
        {askPush && (
          <>
            <Divider />
            <Button
              variant="subtle"
              size="xs"
              fullWidth
              radius={0}
              onClick={() => void Notification.requestPermission().finally(() => setAskPush(canAskForPush()))}
            >
              Show push notifications on this computer
            </Button>
          </>
        )}
      </Popover.Dropdown>
    </Popover>
  );
}
