/** The page a signed-out user asked for, restored after sign-in (spec 1 §2). Kept per tab. */
const KEY = 'tripline.savedRoute';

type RouteStore = Pick<Storage, 'getItem' | 'setItem' | 'removeItem'>;

function defaultStore(): RouteStore | null {
  try {
    return typeof sessionStorage === 'undefined' ? null : sessionStorage;
  } catch {
    return null;
  }
}

/** Only same-site paths are kept, so a crafted link cannot send a user elsewhere after sign-in. */
export function isSafeRoute(route: string): boolean {
  return route.startsWith('/') && !route.startsWith('//') && !route.startsWith('/\\');
}

export function saveRoute(route: string, store: RouteStore | null = defaultStore()): void {
  if (isSafeRoute(route)) store?.setItem(KEY, route);
}

export function savedRoute(store: RouteStore | null = defaultStore()): string | null {
  const route = store?.getItem(KEY) ?? null;
  return route && isSafeRoute(route) ? route : null;
}

export function clearSavedRoute(store: RouteStore | null = defaultStore()): void {
  store?.removeItem(KEY);
}
