import { decideRoute, staffRolesOf, type AccessSubject, type RouteDef } from '@tripline/core';

export interface AdminCard {
  path: string;
  /** The navigation's short name for the screen when it has one, else the route's title. */
  title: string;
  /** The route's title, when the short name replaced it. */
  description: string | null;
  section: AdminSection;
}

export type AdminSection = 'Administration' | 'Reports' | 'Operations';
export const ADMIN_SECTIONS: readonly AdminSection[] = ['Administration', 'Operations', 'Reports'];

/** Pages that only forward to another one (they need a reference to be useful), so no card. */
const FORWARDING_PAGES: ReadonlySet<string> = new Set(['/admin/trips-redirect']);

/** The admin home itself. */
export const ADMIN_HOME_PATH = '/admin';

/** A screen of the back office: one that a staff role may open (no role list means SecureEmployee, spec 1 §6). */
function isStaffScreen(route: RouteDef): boolean {
  return !route.roles || staffRolesOf({ types: route.roles, ldapGroups: [], adminAccess: false }).length > 0;
}

function sectionOf(path: string): AdminSection {
  if (path.startsWith('/admin/')) return 'Administration';
  if (path.startsWith('/reporting')) return 'Reports';
  return 'Operations';
}

/**
 * The cards of the admin home, taken from the route table: every back-office screen that is built
 * (`isBuilt`, from the app's screen registry) and that this user may open as a screen of its own
 * (no path parameter, not a redirect, and the route guard renders it for them rather than sending
 * them elsewhere). `shortNames` gives the navigation's names by path. Sorted by section, then title.
 */
export function adminCards(
  routes: readonly RouteDef[],
  user: AccessSubject,
  isBuilt: (path: string) => boolean,
  shortNames: ReadonlyMap<string, string> = new Map(),
): AdminCard[] {
  const cards: AdminCard[] = [];
  for (const route of routes) {
    if (!route.title || route.redirectTo || route.public || route.path.includes('{')) continue;
    if (route.path === ADMIN_HOME_PATH || FORWARDING_PAGES.has(route.path)) continue;
    if (!isStaffScreen(route) || !isBuilt(route.path)) continue;
    const decision = decideRoute(route.path, '', user);
    if (decision.kind !== 'render' || decision.route.path !== route.path) continue;
    const name = shortNames.get(route.path);
    cards.push({
      path: route.path,
      title: name ?? route.title,
      description: name && name !== route.title ? route.title : null,
      section: sectionOf(route.path),
    });
  }
  const order = (s: AdminSection) => ADMIN_SECTIONS.indexOf(s);
  return cards.sort((a, b) => order(a.section) - order(b.section) || a.title.localeCompare(b.title));
}
