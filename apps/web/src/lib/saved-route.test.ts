import { describe, expect, it } from 'vitest';
import { clearSavedRoute, saveRoute, savedRoute } from './saved-route.ts';

function memoryStore() {
  const data = new Map<string, string>();
  return {
    getItem: (k: string) => data.get(k) ?? null,
    setItem: (k: string, v: string) => void data.set(k, v),
    removeItem: (k: string) => void data.delete(k),
  };
}

describe('saved route (spec 1 §2)', () => {
  it('keeps path and query until cleared', () => {
    const store = memoryStore();
    saveRoute('/admin/trips?serviceDate=2025-03-01', store);
    expect(savedRoute(store)).toBe('/admin/trips?serviceDate=2025-03-01');
    clearSavedRoute(store);
    expect(savedRoute(store)).toBeNull();
  });

  it('refuses routes that would leave the site', () => {
    const store = memoryStore();
    for (const route of ['//evil.example/x', 'https://evil.example', '/\\evil.example']) saveRoute(route, store);
    expect(savedRoute(store)).toBeNull();
  });
});
