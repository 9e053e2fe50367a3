import { Fragment } from 'react';
import { NavLink, Stack, Text } from '@mantine/core';
import {
  IconAddressBook, IconBell, IconBriefcase, IconBuildingStore, IconCalendarEvent, IconCar, IconCertificate,
  IconChartBar, IconFileImport, IconHeadset, IconHelp, IconHistory, IconHome, IconId, IconMap2, IconSettings,
  IconSparkles, IconUser, IconUsers, type Icon,
} from '@tabler/icons-react';
import { Link, useLocation } from 'react-router';
import type { CurrentUser } from '@tripline/core';
import { isCurrent, navItemsFor, type NavIconName, type NavItem } from './nav-items.ts';

const ICONS: Record<NavIconName, Icon> = {
  home: IconHome,
  trips: IconMap2,
  schedule: IconCalendarEvent,
  marketplace: IconBuildingStore,
  import: IconFileImport,
  caseManager: IconBriefcase,
  passenger: IconUser,
  contacts: IconAddressBook,
  vehicles: IconCar,
  employees: IconUsers,
  compliance: IconCertificate,
  credentials: IconId,
  reporting: IconChartBar,
  log: IconHistory,
  admin: IconSettings,
  messages: IconBell,
  faq: IconHelp,
  contact: IconHeadset,
  whatsNew: IconSparkles,
};

export function NavLinks({ user }: { user: CurrentUser }) {
  const { pathname } = useLocation();
  const items = navItemsFor(user);
  const sections = [...new Set(items.map((i) => i.section))];

  const link = (item: NavItem) => {
    const ItemIcon = ICONS[item.icon];
    const current = isCurrent(item, pathname);
    return (
      <NavLink
        key={item.to}
        component={Link}
        to={item.to}
        label={item.label}
        leftSection={<ItemIcon size={18} stroke={1.6} aria-hidden />}
        active={current}
        aria-current={current ? 'page' : undefined}
      />
    );
  };

  return (
    <Stack gap="md">
      {sections.map((section) => (
        <Fragment key={section}>
          <Stack gap={2} role="group" aria-label={section}>
            <Text size="xs" fw={700} c="dimmed" tt="uppercase" px="sm" aria-hidden>
              {section}
            </Text>
            {items.filter((i) => i.section === section).map(link)}
          </Stack>
        </Fragment>
      ))}
    </Stack>
  );
}
