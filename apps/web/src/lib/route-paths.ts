import type { RouteDef } from '@tripline/core';

/** Route table pattern to router pattern: `/drive-assv-edit/{id}` becomes `/drive-assv-edit/:id`. */
export function toRouterPath(pattern: string): string {
  const path = pattern.replace(/\{(\w+)\}/g, ':$1');
  return path.length > 1 && path.endsWith('/') ? path.slice(0, -1) : path;
}

/**
 * One router path per distinct pattern. The router ignores trailing slashes, so twins such as
 * /schedule and /schedule/ share an entry; the guard still tells them apart by the real pathname.
 */
export function routerPaths(routes: readonly RouteDef[]): string[] {
  return [...new Set(routes.map((r) => toRouterPath(r.path)))];
}

/**
 * A redirect keeps the query the user came with. Parameters the target names itself win, so
 * /reporting/exception-report?x=1 goes to /reporting/by-name?name=ExceptionReportDetails&x=1.
 */
export function withQuery(target: string, search: string): string {
  const cut = target.indexOf('?');
  const path = cut < 0 ? target : target.slice(0, cut);
  const targetQuery = cut < 0 ? '' : target.slice(cut + 1);
  const merged = new URLSearchParams(targetQuery);
  const incoming = new URLSearchParams(search);
  for (const key of new Set(incoming.keys())) {
    if (merged.has(key)) continue;
    for (const value of incoming.getAll(key)) merged.append(key, value);
  }
  const qs = merged.toString();
  return qs ? `${path}?${qs}` : path;
}
