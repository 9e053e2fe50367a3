import { defaultLanding, hasRole, isPortalCaseManager, mayAccess, type AccessSubject } from '../auth/roles.ts';
import { ROUTES, type RouteDef } from './routes.ts';

/** Pages of the sign-in flow: never restored after sign-in, and a 401 on them is silent (spec 1 §8). */
export const SIGN_IN_PAGES: readonly string[] = [
  '/login',
  '/login-mfa',
  '/logout',
  '/init-user',
  '/passenger-portal/login',
  '/case-manager/login',
];

export interface RouteMatch {
  route: RouteDef;
  params: Record<string, string>;
}

function normalise(path: string): string {
  if (path.length > 1 && path.endsWith('/')) return path.slice(0, -1);
  return path || '/';
}

function patternToRegExp(pattern: string): RegExp {
  const body = normalise(pattern)
    .split('/')
    .map((seg) => (seg.startsWith('{') && seg.endsWith('}') ? `(?<${seg.slice(1, -1)}>[^/]+)` : seg.replace(/[.*+?^$()|[\]\\]/g, '\\$&')))
    .join('/');
  return new RegExp(`^${body}/?$`);
}

const compiled = ROUTES.map((route) => ({ route, re: patternToRegExp(route.path) }));

/**
 * Finds the route for a path. Exact literal entries win over their trailing-slash twins, so
 * /schedule (Home) and /schedule/ (redirect to /admin/schedule/) stay distinct as the spec lists them.
 */
export function matchRoute(pathname: string): RouteMatch | null {
  const exact = ROUTES.find((r) => r.path === pathname);
  if (exact) return { route: exact, params: {} };
  for (const { route, re } of compiled) {
    const m = re.exec(pathname);
    if (m) return { route, params: { ...m.groups } };
  }
  return null;
}

export type RouteDecision =
  | { kind: 'render'; route: RouteDef; params: Record<string, string> }
  | { kind: 'redirect'; to: string }
  /** Not signed in: save path and query, then go to /init-user (spec 1 §2). */
  | { kind: 'signIn'; saved: string }
  /** Signed in but not allowed: show ROUTE_DENIED, then go to `to` (spec 1 §6). */
  | { kind: 'denied'; to: string | null };

/**
 * What the shell does for a location (spec 1 §2, §6; DECISIONS 7).
 * Unknown paths go to /; redirects are followed; non-public routes need a user with a role.
 */
export function decideRoute(pathname: string, search: string, user: AccessSubject | null): RouteDecision {
  const match = matchRoute(pathname);
  if (!match) return { kind: 'redirect', to: '/' };
  const { route, params } = match;
  if (route.redirectTo) return { kind: 'redirect', to: route.redirectTo };
  if (route.public) return { kind: 'render', route, params };
  if (!user) return { kind: 'signIn', saved: pathname + (search ?? '') };
  // 3 §7: a user holding a temporary password chooses a new one before any other page
  if (user.passwordChangeRequired && route.path !== '/edit-password') return { kind: 'redirect', to: '/edit-password' };
  // DECISIONS 7: /schedule shows Home to Affiliates and sends staff (administrators too) to /admin/schedule.
  if (route.path === '/schedule' && !hasRole(user, 'Affiliate')) {
    return { kind: 'redirect', to: '/admin/schedule' + (search ?? '') };
  }
  // spec 2 §6: case managers (not PaceStaff) are sent from the trips page to /case-manager/.
  if (route.path === '/admin/trips' && isPortalCaseManager(user)) return { kind: 'redirect', to: '/case-manager/' };
  // spec 1 §6: Affiliates who are not staff follow trip links too; the page sends them to their Home list.
  if (route.path === '/admin/trips-redirect' && mayAccess(user, ['Affiliate'])) return { kind: 'render', route, params };
  // spec 1 §6: Affiliates who are not staff are sent from trip inspection to their Home list
  // filtered by the trip's day and reference, which the trip link works out.
  if (route.path === '/admin/trips' && !mayAccess(user, route.roles) && mayAccess(user, ['Affiliate'])) {
    const query = new URLSearchParams(search);
    const id = query.get('inspect')?.trim();
    const ref = query.get('referenceNumber')?.trim();
    if (id || ref) return { kind: 'redirect', to: `/admin/trips-redirect?${new URLSearchParams(id ? { id } : { referenceNumber: ref ?? '' })}` };
  }
  if (!mayAccess(user, route.roles)) {
    const home = defaultLanding(user);
    return { kind: 'denied', to: home && normalise(home) !== normalise(pathname) ? home : null };
  }
  return { kind: 'render', route, params };
}

/**
 * Where to go once signed in: the saved route when the user may open it, else the default page
 * (spec 1 §2). Null means there is no page for this user.
 */
export function afterSignIn(saved: string | null | undefined, user: AccessSubject): string | null {
  // 3 §7: a temporary password is changed before anything else
  if (user.passwordChangeRequired) return '/edit-password';
  // The bare site address asks for no page in particular: the user's own default page serves better.
  if (saved && saved !== '/' && saved.startsWith('/') && !saved.startsWith('//')) {
    const [pathname, ...rest] = saved.split('?');
    const search = rest.length ? `?${rest.join('?')}` : '';
    const d = decideRoute(pathname || '/', search, user);
    if (!SIGN_IN_PAGES.includes(pathname) && (d.kind === 'render' || d.kind === 'redirect')) return saved;
  }
  return defaultLanding(user);
}

export function routeTitle(route: RouteDef | undefined): string {
  return route?.title ? `${route.title} · Tripline` : 'Tripline';
}
