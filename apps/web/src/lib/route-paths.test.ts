import { describe, expect, it } from 'vitest';
import { ROUTES } from '@tripline/core';
import { routerPaths, toRouterPath, withQuery } from './route-paths.ts';

describe('route paths', () => {
  it('turns the table patterns into router patterns', () => {
    expect(toRouterPath('/drive-assv-edit/{id}')).toBe('/drive-assv-edit/:id');
    expect(toRouterPath('/case-manager/')).toBe('/case-manager');
    expect(toRouterPath('/')).toBe('/');
  });

  it('gives every table entry a router path, once', () => {
    const paths = routerPaths(ROUTES);
    expect(new Set(paths).size).toBe(paths.length);
    for (const r of ROUTES) expect(paths).toContain(toRouterPath(r.path));
    expect(paths.filter((p) => p === '/schedule')).toHaveLength(1);
  });

  it('keeps the query on a redirect, letting the target name its own parameters', () => {
    expect(withQuery('/marketplace', '?date=2025-03-01&zip=87101')).toBe('/marketplace?date=2025-03-01&zip=87101');
    expect(withQuery('/reporting/by-name?name=ExceptionReportDetails', '?name=Other&from=2025-01-01')).toBe(
      '/reporting/by-name?name=ExceptionReportDetails&from=2025-01-01',
    );
    expect(withQuery('/admin/schedule?date=1', '?date=1')).toBe('/admin/schedule?date=1');
    expect(withQuery('/', '')).toBe('/');
  });
});
