import { PORTAL_NEVER_SENT } from '@tripline/core';

const NEVER = new Set<string>(PORTAL_NEVER_SENT);

/** The keys never sent to the portal found anywhere in a portal answer, with their paths. */
export function neverSentKeys(value: unknown, path = '$'): string[] {
  if (Array.isArray(value)) return value.flatMap((v, i) => neverSentKeys(v, `${path}[${i}]`));
  if (!value || typeof value !== 'object') return [];
  return Object.entries(value).flatMap(([k, v]) => [...(NEVER.has(k) ? [`${path}.${k}`] : []), ...neverSentKeys(v, `${path}.${k}`)]);
}
