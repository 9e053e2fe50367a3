import { z } from 'zod';
import { jsonValue, text } from './text.ts';
import { endpoint } from './endpoint.ts';

/** Notification delivery (VOGDelivery), spec 1 §3. */
export const VogMessage = z.object({
  type: z.enum(['iqPush', 'dialog', 'toastr']),
  title: text().max(200),
  body: text().max(4000),
  options: z.record(text(), jsonValue()).default({}),
});
export const VogDelivery = z.object({
  id: text(),
  message: VogMessage,
  maxAgeSeconds: z.number().int(),
  created: text(),
  unread: z.boolean(),
  recipientId: text(),
});
export type VogDelivery = z.infer<typeof VogDelivery>;

export const notificationEndpoints = {
  vogDeliveries: endpoint({
    method: 'GET',
    path: 'vog-deliveries',
    area: 'activity',
    summary: "The signed-in user's notification deliveries, newest first (unread only unless all=true).",
    access: { signedIn: true },
    query: z.object({
      // a query string carries 'false' as text, which z.coerce.boolean would read as true
      all: z.union([z.boolean(), z.stringbool()]).default(false),
      id: text().max(36).optional(),
    }),
    response: z.array(VogDelivery),
  }),
  vogDismiss: endpoint({
    method: 'POST',
    path: 'vog-dismiss',
    area: 'activity',
    summary: 'Dismiss a notification delivery (marks it read).',
    access: { signedIn: true },
    answers: [404],
    body: z.object({ deliveryId: text().min(1, 'Missing delivery id').max(36) }),
    response: z.object({ ok: z.literal(true) }),
  }),
  vogBroadcast: endpoint({
    method: 'POST',
    path: 'vog-broadcast',
    area: 'activity',
    summary: "Send a notification to a partner's users or to listed contacts.",
    access: { roles: ['SecureEmployee'] },
    answers: [404],
    body: z
      .object({
        partnerId: text().max(36).optional(),
        recipientIds: z.array(text().max(36)).max(1000).optional(),
        message: VogMessage,
        maxAgeSeconds: z.number().int().min(60).max(30 * 86_400).default(86_400),
      })
      .refine((b) => b.partnerId || (b.recipientIds && b.recipientIds.length > 0), { message: 'Choose the recipients' }),
    response: z.object({ delivered: z.number().int() }),
  }),
  live: endpoint({
    method: 'GET',
    path: 'live',
    area: 'activity',
    summary: 'The live found-set websocket (fetch, close; FetchedFoundSet, FoundSetChanged, Unsubscribed, FoundSetInvalidated, Error).',
    access: { signedIn: true },
    answers: [426],
    raw: true,
  }),
};
