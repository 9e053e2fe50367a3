import { lazy, Suspense, type ComponentType } from 'react';
import type { RouteDef } from '@tripline/core';
import { FullPageLoader } from '../components/FullPageLoader.tsx';
import { NotBuiltPage } from '../components/NotBuiltPage.tsx';
import { InitUserPage } from '../features/auth/InitUserPage.tsx';
import { LoginPage } from '../features/auth/LoginPage.tsx';
import { LoginMfaPage } from '../features/auth/login-mfa/LoginMfaPage.tsx';
import { LogoutPage } from '../features/auth/LogoutPage.tsx';

export interface ScreenProps {
  route: RouteDef;
  params: Record<string, string>;
}

type Screen = ComponentType<ScreenProps>;

/**
 * A screen loaded on first visit: each route's code (and what only it uses, such as maps and
 * charts) is a chunk of its own, so a passenger's first page never downloads the back office.
 */
function onDemand<K extends string>(load: () => Promise<Record<K, Screen>>, name: K): Screen {
  return lazy(async (): Promise<{ default: Screen }> => ({ default: (await load())[name] }));
}

const HomePage = onDemand(() => import('../features/trips/home/HomePage.tsx'), 'HomePage');
const PortalHomePage = onDemand(() => import('../features/portal-trips/PortalHomePage.tsx'), 'PortalHomePage');
const PortalLoginPage = onDemand(() => import('../features/portal-accounts/PortalLoginPage.tsx'), 'PortalLoginPage');

/** The screen of each route in the core route table; a route without one says it is not built yet. */
const SCREENS: Partial<Record<string, Screen>> = {
  // signing in is the first thing a visitor does: those screens come with the first download
  '/init-user': InitUserPage,
  '/login': LoginPage,
  '/login-mfa': LoginMfaPage,
  '/logout': LogoutPage,
  '/bug-report': onDemand(() => import('../features/support/BugReportPage.tsx'), 'BugReportPage'),
  '/': HomePage,
  '/schedule': HomePage,
  '/messages': onDemand(() => import('../features/notifications/MessagesPage.tsx'), 'MessagesPage'),
  '/log': onDemand(() => import('../features/audit/AuditLogPage.tsx'), 'AuditLogPage'),
  '/admin/trips': onDemand(() => import('../features/admin-trips/AdminTripsPage.tsx'), 'AdminTripsPage'),
  '/admin/trips-redirect': onDemand(() => import('../features/admin-trips/TripsRedirectPage.tsx'), 'TripsRedirectPage'),
  '/drive-assv-edit/{id}': onDemand(() => import('../features/reservations/ReservationEditorPage.tsx'), 'ReservationEditorPage'),
  '/dup-da/{id}': onDemand(() => import('../features/standing-orders/DuplicatePage.tsx'), 'DuplicatePage'),
  '/admin/contacts': onDemand(() => import('../features/contacts/ContactsPage.tsx'), 'ContactsPage'),
  '/admin/employees': onDemand(() => import('../features/employees/EmployeesPage.tsx'), 'EmployeesPage'),
  '/vehicles': onDemand(() => import('../features/vehicles/VehiclesPage.tsx'), 'VehiclesPage'),
  '/admin/divisions': onDemand(() => import('../features/divisions/DivisionsPage.tsx'), 'DivisionsPage'),
  '/admin/elevated-member': onDemand(() => import('../features/watch-list/WatchListPage.tsx'), 'WatchListPage'),
  '/admin': onDemand(() => import('../features/admin-home/AdminHomePage.tsx'), 'AdminHomePage'),
  '/edit-password': onDemand(() => import('../features/passwords/EditPasswordPage.tsx'), 'EditPasswordPage'),
  '/contact': onDemand(() => import('../features/support/ContactSupportPage.tsx'), 'ContactSupportPage'),
  '/passenger-portal/login': PortalLoginPage,
  '/case-manager/login': PortalLoginPage,
  '/case-manager/': PortalHomePage,
  '/passenger-portal/': PortalHomePage,
  '/passenger-portal/new': onDemand(() => import('../features/portal-request/TripRequestPage.tsx'), 'TripRequestPage'),
  '/case-manager/edit/{id}': onDemand(() => import('../features/portal-accounts/CaseManagerEditPage.tsx'), 'CaseManagerEditPage'),
  '/marketplace': onDemand(() => import('../features/marketplace/MarketplacePage.tsx'), 'MarketplacePage'),
  '/marketplace/vehicles': onDemand(() => import('../features/marketplace/MarketplaceVehiclesPage.tsx'), 'MarketplaceVehiclesPage'),
  '/partner-monitor': onDemand(() => import('../features/partner-monitor/PartnerMonitorPage.tsx'), 'PartnerMonitorPage'),
  '/reporting/partner-pay': onDemand(() => import('../features/pay-reports/PartnerPayPage.tsx'), 'PartnerPayPage'),
  '/reporting/partner-non-final-trips': onDemand(() => import('../features/pay-reports/NonFinalTripsPage.tsx'), 'NonFinalTripsPage'),
  '/reporting/partner-rates': onDemand(() => import('../features/partner-rates/PartnerRatesPage.tsx'), 'PartnerRatesPage'),
};

/** Whether a route of the table has a screen of its own (the admin home offers only those). */
export function hasScreen(path: string): boolean {
  return SCREENS[path] !== undefined;
}

export function Screen({ route, params }: ScreenProps) {
  const Component = SCREENS[route.path];
  if (!Component) return <NotBuiltPage key={route.path} title={route.title ?? route.path} />;
  // Keyed by route so moving between two routes never carries one screen's state into the other.
  return (
    <Suspense fallback={<FullPageLoader label={`Loading ${route.title ?? 'the page'}`} />}>
      <Component key={route.path} route={route} params={params} />
    </Suspense>
  );
}
