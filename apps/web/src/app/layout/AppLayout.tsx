import { lazy, Suspense, useEffect, type ReactNode } from 'react';
import { Anchor, AppShell, Box, Burger, Group, Text } from '@mantine/core';
import { useDisclosure, useMediaQuery } from '@mantine/hooks';
import { IconBug } from '@tabler/icons-react';
import { Link, useLocation } from 'react-router';
import { defaultLanding, isStaff, type CurrentUser } from '@tripline/core';
import { Brand } from '../../components/Brand.tsx';
import { useImpersonate } from '../../features/auth/use-impersonate.ts';
import { useLiveSession } from '../../lib/live.ts';
import { ImpersonationBanner } from './ImpersonationBanner.tsx';
import { NavLinks } from './NavLinks.tsx';
import { MAIN_CONTENT_ID, SkipLink } from './SkipLink.tsx';
import skipLink from './skip-link.module.css';
import { AccountFace } from './AccountFace.tsx';

/**
 * The header's search (staff only), message bell and account menu come after the page itself:
 * their lists, popovers and dates are not part of the first download, and a same-sized stand-in
 * holds their place meanwhile so nothing in the header moves when they arrive.
 */
const GlobalSearch = lazy(async () => ({ default: (await import('../../features/contacts/GlobalSearch.tsx')).GlobalSearch }));
const NotificationBell = lazy(async () => ({ default: (await import('../../features/notifications/NotificationBell.tsx')).NotificationBell }));
const UserMenu = lazy(async () => ({ default: (await import('./UserMenu.tsx')).UserMenu }));
/** The bell's button: Mantine's ActionIcon size lg. */
const BELL_PX = 34;
const SEARCH_SPACE = <Box w={{ base: '100%', sm: 320 }} h={36} />;

/** Mantine's lg: 75em, 1200 px at the default font size. */
const NAV_BREAKPOINT = 'lg';
const NAV_BREAKPOINT_PX = 1200;

/** The frame of every page for a signed-in user. */
export function AppLayout({ user, children }: { user: CurrentUser; children: ReactNode }) {
  const [navOpened, { toggle: toggleNav, close: closeNav }] = useDisclosure(false);
  const { pathname } = useLocation();
  // Closed on each new page. On close alone: the handlers object is new at every render, so
  // depending on it closed the navigation again the moment the burger opened it.
  useEffect(() => closeNav(), [pathname, closeNav]);
  // Folded away, the navigation is out of the keyboard's reach too, not only out of sight.
  const narrow = useMediaQuery(`(max-width: ${NAV_BREAKPOINT_PX - 0.02}px)`);
  const staff = isStaff(user);
  const impersonate = useImpersonate();
  useLiveSession(user.id);

  return (
    <AppShell
      header={{ height: 60 }}
      // Below 1200 px the navigation folds behind the burger, so the trip lists get the width.
      navbar={{ width: 250, breakpoint: NAV_BREAKPOINT, collapsed: { mobile: !navOpened } }}
      padding="md"
    >
      <SkipLink />
      <AppShell.Header>
        <Group h="100%" px="md" gap="md" justify="space-between" wrap="nowrap">
          <Group gap="sm" wrap="nowrap">
            <Burger opened={navOpened} onClick={toggleNav} hiddenFrom={NAV_BREAKPOINT} size="sm" aria-label="Toggle navigation" />
            <Anchor component={Link} to={defaultLanding(user) ?? '/'} underline="never" c="inherit" aria-label="Tripline home">
              <Brand />
            </Anchor>
          </Group>
          {staff && (
            <Suspense fallback={SEARCH_SPACE}>
              <GlobalSearch onImpersonate={(id) => impersonate.mutate(id)} />
            </Suspense>
          )}
          <Group gap="md" wrap="nowrap">
            <Anchor
              component={Link}
              to="/bug-report"
              state={{ from: typeof window === 'undefined' ? '' : window.location.href }}
              size="sm"
              aria-label="Report Bug"
            >
              <Group gap={4} wrap="nowrap">
                <IconBug size={16} aria-hidden />
                <Text span inherit visibleFrom="sm">
                  Report Bug
                </Text>
              </Group>
            </Anchor>
            <Suspense fallback={<Box w={BELL_PX} h={BELL_PX} />}>
              <NotificationBell key={user.id} userId={user.id} />
            </Suspense>
            <Suspense fallback={<AccountFace name={user.name} />}>
              <UserMenu user={user} />
            </Suspense>
          </Group>
        </Group>
      </AppShell.Header>
      <AppShell.Navbar aria-label="Main navigation" inert={narrow && !navOpened}>
        {/* The browser's own scrolling: Mantine's ScrollArea would bring its positioning library
            into every first download for a scroll bar that looks different. */}
        <AppShell.Section grow p="xs" style={{ overflowY: 'auto' }}>
          <NavLinks user={user} />
        </AppShell.Section>
      </AppShell.Navbar>
      <AppShell.Main id={MAIN_CONTENT_ID} tabIndex={-1} className={skipLink.main}>
        {user.su && <ImpersonationBanner user={user} by={user.su} />}
        {children}
      </AppShell.Main>
    </AppShell>
  );
}
