import { describe, expect, it } from 'vitest';
import { LiveClientMessage } from './protocol.ts';

describe('LiveClientMessage', () => {
  it('reads a fetch of each table and a close', () => {
    expect(LiveClientMessage.parse({ type: 'fetch', subscriptionId: 'day', table: 'SyncDriveAssv', filter: { pickupDate: '2026-11-22' } })).toEqual({
      type: 'fetch',
      subscriptionId: 'day',
      table: 'SyncDriveAssv',
      filter: { pickupDate: '2026-11-22' },
    });
    expect(LiveClientMessage.parse({ type: 'fetch', subscriptionId: 'inbox', table: 'VOGDelivery', filter: { recipientId: 'me' } })).toMatchObject({
      filter: { unread: true, recipientId: 'me' },
    });
    expect(LiveClientMessage.parse({ type: 'close', subscriptionId: 'day' })).toEqual({ type: 'close', subscriptionId: 'day' });
  });

  it('refuses an unknown type or table and a filter of the wrong table, naming the field', () => {
    const issue = (v: unknown) => LiveClientMessage.safeParse(v).error?.issues[0];
    expect(issue({ type: 'subscribe' })?.path).toEqual(['type']);
    expect(issue({ type: 'fetch', subscriptionId: 's', table: 'Vehicles', filter: {} })?.path).toEqual(['table']);
    expect(issue({ type: 'fetch', subscriptionId: 's', table: 'VOGDelivery', filter: { pickupDate: '2026-11-22' } })?.path).toEqual(['filter', 'recipientId']);
    expect(issue({ type: 'fetch', subscriptionId: 's', table: 'SyncDriveAssv', filter: { pickupDate: '22/11/2026' } })?.message).toBe('Dates are YYYY-MM-DD');
    expect(issue({ type: 'close', subscriptionId: '' })?.path).toEqual(['subscriptionId']);
  });
});
