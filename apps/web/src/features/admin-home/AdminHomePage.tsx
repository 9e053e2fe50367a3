import { useMemo, useState } from 'react';
import { Card, Group, SimpleGrid, Stack, Tabs, Text, Title } from '@mantine/core';
import { IconChevronRight } from '@tabler/icons-react';
import { Link } from 'react-router';
import { ROUTES } from '@tripline/core';
import { NAV_ITEMS } from '../../app/layout/nav-items.ts';
import { hasScreen, type ScreenProps } from '../../app/screens.tsx';
import { useCurrentUser } from '../../lib/current-user.ts';
import { useBugReports, useOutbox, useSupportRequests } from './api.ts';
import { ADMIN_SECTIONS, adminCards, type AdminCard } from './cards.ts';
import { BugReportTable, OutboxTable, SupportRequestTable } from './InboxTables.tsx';
import { QueryState } from '../../components/QueryState.tsx';
import classes from './admin-home.module.css';

/** The navigation's names of screens, shorter than the route table's titles. */
const SHORT_NAMES: ReadonlyMap<string, string> = new Map(NAV_ITEMS.map((i) => [i.to, i.label]));

function ScreenCard({ card }: { card: AdminCard }) {
  return (
    <Card component={Link} to={card.path} withBorder radius="md" padding="md" className={classes.card}>
      <Group justify="space-between" wrap="nowrap" gap="xs">
        <Stack gap={2} miw={0}>
          <Text fw={600} size="sm">
            {card.title}
          </Text>
          {card.description && (
            <Text size="xs" c="dimmed">
              {card.description}
            </Text>
          )}
        </Stack>
        <IconChevronRight size={18} aria-hidden className={classes.chevron} />
      </Group>
    </Card>
  );
}

type InboxTab = 'support' | 'bugs' | 'outbox';

/**
 * /admin (spec 1 §2, 2 §2): a card for every built back-office screen the user may open, taken
 * from the route table, and the support messages, bug reports and (for administrators) the outbox.
 */
export function AdminHomePage({ route }: ScreenProps) {
  const user = useCurrentUser().data;
  const cards = useMemo(() => (user ? adminCards(ROUTES, user, hasScreen, SHORT_NAMES) : []), [user]);
  const [tab, setTab] = useState<InboxTab>('support');
  const admin = user?.adminAccess === true;
  const support = useSupportRequests(tab === 'support');
  const bugs = useBugReports(tab === 'bugs');
  const outbox = useOutbox(admin && tab === 'outbox');

  return (
    <Stack gap="xl" maw={1200}>
      <Title order={1} size="h2">
        {route.title ?? 'Admin home'}
      </Title>

      {ADMIN_SECTIONS.map((section) => {
        const inSection = cards.filter((c) => c.section === section);
        if (inSection.length === 0) return null;
        return (
          <Stack key={section} gap="sm" component="section" aria-labelledby={`admin-section-${section}`}>
            <Title order={2} size="h4" id={`admin-section-${section}`}>
              {section}
            </Title>
            <SimpleGrid cols={{ base: 1, sm: 2, md: 3, lg: 4 }} spacing="sm">
              {inSection.map((card) => (
                <ScreenCard key={card.path} card={card} />
              ))}
            </SimpleGrid>
          </Stack>
        );
      })}
      {user && cards.length === 0 && <Text c="dimmed">No admin screens are open to your account yet.</Text>}

      <Stack gap="sm" component="section" aria-labelledby="admin-inbox">
        <Title order={2} size="h4" id="admin-inbox">
          Messages to the operator
        </Title>
        <Tabs value={tab} onChange={(v) => v && setTab(v as InboxTab)} keepMounted={false}>
          <Tabs.List>
            <Tabs.Tab value="support">Support messages</Tabs.Tab>
            <Tabs.Tab value="bugs">Bug reports</Tabs.Tab>
            {admin && <Tabs.Tab value="outbox">Outbox</Tabs.Tab>}
          </Tabs.List>
          <Tabs.Panel value="support" pt="md">
            <QueryState query={support} what="support messages" empty="No support messages yet.">
              {(rows) => <SupportRequestTable rows={rows} />}
            </QueryState>
          </Tabs.Panel>
          <Tabs.Panel value="bugs" pt="md">
            <QueryState query={bugs} what="bug reports" empty="No bug reports yet.">
              {(rows) => <BugReportTable rows={rows} />}
            </QueryState>
          </Tabs.Panel>
          {admin && (
            <Tabs.Panel value="outbox" pt="md">
              <Text size="sm" c="dimmed" mb="sm">
                Email and SMS the portal has sent, kept here while no mail or SMS gateway is configured.
              </Text>
              <QueryState query={outbox} what="outbox" empty="The outbox is empty.">
                {(rows) => <OutboxTable rows={rows} />}
              </QueryState>
            </Tabs.Panel>
          )}
        </Tabs>
      </Stack>
    </Stack>
  );
}
