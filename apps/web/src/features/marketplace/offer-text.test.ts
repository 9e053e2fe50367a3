import { describe, expect, it } from 'vitest';
import { offerText } from './MarketplaceOffer.tsx';

const now = new Date('2026-11-25T15:00:00Z');
const tz = 'America/Denver';

describe('where a trip stands in the marketplace', () => {
  it('is not offered without an instant', () => {
    expect(offerText({ marketplaceUntil: null, farmoutName: 'Sandia Mobility', farmoutContactId: 'sandia', timeZone: tz, declined: false }, now)).toBe('Not offered on the marketplace.');
  });
  it('is reserved for its partner until the instant, then open to all', () => {
    expect(offerText({ marketplaceUntil: '2026-11-26T17:00:00Z', farmoutName: 'Sandia Mobility', farmoutContactId: 'sandia', timeZone: tz, declined: false }, now)).toBe(
      'Offered on the marketplace: reserved for Sandia Mobility until Nov 26, 10:00 AM, then open to every partner.',
    );
    expect(offerText({ marketplaceUntil: '2026-11-25T15:00:00Z', farmoutName: 'Sandia Mobility', farmoutContactId: 'sandia', timeZone: tz, declined: false }, now)).toBe('Offered on the marketplace to every partner.');
    expect(offerText({ marketplaceUntil: '2026-11-26T17:00:00Z', farmoutName: null, farmoutContactId: null, timeZone: tz, declined: false }, now)).toBe('Offered on the marketplace to every partner.');
  });
  it('says a trip its partner declined is open to every partner at once', () => {
    expect(offerText({ marketplaceUntil: '2026-11-26T17:00:00Z', farmoutName: 'Sandia Mobility', farmoutContactId: 'sandia', timeZone: tz, declined: true }, now)).toBe(
      'Offered on the marketplace to every partner.',
    );
  });
});
