import type { ComponentType } from 'react';
import type { RouteDef } from '@tripline/core';
import { NotBuiltPage } from '../components/NotBuiltPage.tsx';
import { InitUserPage } from '../features/auth/InitUserPage.tsx';
import { LoginPage } from '../features/auth/LoginPage.tsx';
import { LoginMfaPage } from '../features/auth/login-mfa/LoginMfaPage.tsx';
import { LogoutPage } from '../features/auth/LogoutPage.tsx';
import { BugReportPage } from '../features/support/BugReportPage.tsx';
import { HomePage } from '../features/trips/home/HomePage.tsx';
import { MessagesPage } from '../features/notifications/MessagesPage.tsx';
import { AuditLogPage } from '../features/audit/AuditLogPage.tsx';
import { AdminTripsPage } from '../features/admin-trips/AdminTripsPage.tsx';
import { TripsRedirectPage } from '../features/admin-trips/TripsRedirectPage.tsx';
import { ReservationEditorPage } from '../features/reservations/ReservationEditorPage.tsx';
import { DuplicatePage } from '../features/standing-orders/DuplicatePage.tsx';
import { ContactsPage } from '../features/contacts/ContactsPage.tsx';
import { EmployeesPage } from '../features/employees/EmployeesPage.tsx';
import { VehiclesPage } from '../features/vehicles/VehiclesPage.tsx';
import { DivisionsPage } from '../features/divisions/DivisionsPage.tsx';
import { WatchListPage } from '../features/watch-list/WatchListPage.tsx';
import { AdminHomePage } from '../features/admin-home/AdminHomePage.tsx';
import { EditPasswordPage } from '../features/passwords/EditPasswordPage.tsx';
import { ContactSupportPage } from '../features/support/ContactSupportPage.tsx';

export interface ScreenProps {
  route: RouteDef;
  params: Record<string, string>;
}

/** The screen of each route in the core route table; a route without one says it is not built yet. */
const SCREENS: Partial<Record<string, ComponentType<ScreenProps>>> = {
  '/init-user': InitUserPage,
  '/login': LoginPage,
  '/login-mfa': LoginMfaPage,
  '/logout': LogoutPage,
  '/bug-report': BugReportPage,
  '/': HomePage,
  '/schedule': HomePage,
  '/messages': MessagesPage,
  '/log': AuditLogPage,
  '/admin/trips': AdminTripsPage,
  '/admin/trips-redirect': TripsRedirectPage,
  '/drive-assv-edit/{id}': ReservationEditorPage,
  '/dup-da/{id}': DuplicatePage,
  '/admin/contacts': ContactsPage,
  '/admin/employees': EmployeesPage,
  '/vehicles': VehiclesPage,
  '/admin/divisions': DivisionsPage,
  '/admin/elevated-member': WatchListPage,
  '/admin': AdminHomePage,
  '/edit-password': EditPasswordPage,
  '/contact': ContactSupportPage,
};

/** Whether a route of the table has a screen of its own (the admin home offers only those). */
export function hasScreen(path: string): boolean {
  return SCREENS[path] !== undefined;
}

export function Screen({ route, params }: ScreenProps) {
  const Component = SCREENS[route.path];
  // Keyed by route so moving between two routes never carries one screen's state into the other.
  if (Component) return <Component key={route.path} route={route} params={params} />;
  return <NotBuiltPage key={route.path} title={route.title ?? route.path} />;
}
