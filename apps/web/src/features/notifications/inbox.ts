import { NOTIFICATIONS_PER_BATCH, type VogDelivery } from '@tripline/core';

type Delivery = Pick<VogDelivery, 'id' | 'created' | 'maxAgeSeconds' | 'unread'>;

/** spec 1 §9: a notification older than its maxAgeSeconds is ignored. */
export function isExpired(delivery: Pick<Delivery, 'created' | 'maxAgeSeconds'>, now: number): boolean {
  const created = Date.parse(delivery.created);
  if (Number.isNaN(created)) return true;
  return now - created >= delivery.maxAgeSeconds * 1000;
}

const newestFirst = (a: Delivery, b: Delivery) => Date.parse(b.created) - Date.parse(a.created) || b.id.localeCompare(a.id);

/** What the bell lists: unread, still current, newest first. */
export function inboxDeliveries<D extends Delivery>(deliveries: readonly D[], now: number): D[] {
  return deliveries.filter((d) => d.unread && !isExpired(d, now)).sort(newestFirst);
}

/**
 * The next notifications to pop up (spec 1 §9: at most 5 per batch): the newest unread ones not
 * shown in this tab yet, oldest of them first so the newest ends on top. Every delivery of the
 * batch counts as handled, the ones left out too: they stay in the bell instead of popping up later.
 */
export function nextBatch<D extends Delivery>(deliveries: readonly D[], handled: ReadonlySet<string>, now: number): { show: D[]; handled: string[] } {
  const fresh = deliveries.filter((d) => !handled.has(d.id));
  const current = inboxDeliveries(fresh, now);
  const show = current.slice(0, NOTIFICATIONS_PER_BATCH).reverse();
  return { show, handled: fresh.map((d) => d.id) };
}

/** Recipient ids typed or pasted as a list (commas, spaces or new lines), without repeats. */
export function parseRecipientIds(text: string): string[] {
  return [...new Set(text.split(/[\s,;]+/).map((s) => s.trim()).filter(Boolean))];
}
