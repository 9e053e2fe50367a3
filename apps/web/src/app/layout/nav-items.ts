import { decideRoute, type AccessSubject } from '@tripline/core';

export type NavSection = 'Work' | 'Fleet and people' | 'Reports' | 'Administration' | 'Help';

export interface NavItem {
  label: string;
  to: string;
  section: NavSection;
  icon: NavIconName;
}

export type NavIconName =
  | 'home' | 'trips' | 'schedule' | 'marketplace' | 'import' | 'caseManager' | 'passenger'
  | 'contacts' | 'vehicles' | 'employees' | 'compliance' | 'credentials'
  | 'reporting' | 'log' | 'admin' | 'messages' | 'faq' | 'contact' | 'whatsNew';

/** The main navigation, in order. Which entries a user sees follows the route table. */
export const NAV_ITEMS: readonly NavItem[] = [
  { label: 'Home', to: '/', section: 'Work', icon: 'home' },
  { label: 'Trips', to: '/admin/trips', section: 'Work', icon: 'trips' },
  { label: 'Schedule', to: '/admin/schedule', section: 'Work', icon: 'schedule' },
  { label: 'Marketplace', to: '/marketplace', section: 'Work', icon: 'marketplace' },
  { label: 'Trip import', to: '/trip-import', section: 'Work', icon: 'import' },
  { label: 'Case manager portal', to: '/case-manager/', section: 'Work', icon: 'caseManager' },
  { label: 'Passenger portal', to: '/passenger-portal/', section: 'Work', icon: 'passenger' },
  { label: 'Contacts', to: '/admin/contacts', section: 'Fleet and people', icon: 'contacts' },
  { label: 'Vehicles', to: '/vehicles', section: 'Fleet and people', icon: 'vehicles' },
  { label: 'Employees', to: '/admin/employees', section: 'Fleet and people', icon: 'employees' },
  { label: 'Compliance', to: '/compliance', section: 'Fleet and people', icon: 'compliance' },
  { label: 'Credentials', to: '/admin/credentials', section: 'Fleet and people', icon: 'credentials' },
  { label: 'Reporting', to: '/reporting', section: 'Reports', icon: 'reporting' },
  { label: 'Audit log', to: '/log', section: 'Reports', icon: 'log' },
  { label: 'Admin', to: '/admin', section: 'Administration', icon: 'admin' },
  { label: 'Messages', to: '/messages', section: 'Help', icon: 'messages' },
  { label: 'FAQ', to: '/FAQ', section: 'Help', icon: 'faq' },
  { label: 'Contact support', to: '/contact', section: 'Help', icon: 'contact' },
  { label: "What's new", to: '/whats-new', section: 'Help', icon: 'whatsNew' },
];

/**
 * Entries the user would actually land on: a link that the guard would refuse or send elsewhere
 * (a portal case manager's /admin/trips, staff on /) is left out.
 */
export function navItemsFor(user: AccessSubject): NavItem[] {
  return NAV_ITEMS.filter((item) => decideRoute(item.to, '', user).kind === 'render');
}

/** Whether a link is the current page; trailing slashes do not matter. */
export function isCurrent(item: Pick<NavItem, 'to'>, pathname: string): boolean {
  const trim = (p: string) => (p.length > 1 && p.endsWith('/') ? p.slice(0, -1) : p);
  return trim(item.to) === trim(pathname);
}
