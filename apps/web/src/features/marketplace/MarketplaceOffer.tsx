import { useState } from 'react';
import { Button, Group, Text } from '@mantine/core';
import { IconBuildingStore } from '@tabler/icons-react';
import { contract, defaultOfferInstant, isExclusive, isOfferable, isStaff, MARKETPLACE_MSG, reservedUntilText, tripPickupAt, type DriveAssignment } from '@tripline/core';
import { callApi } from '../../lib/api.ts';
import { confirm } from '../../lib/confirm.tsx';
import { useCurrentUser } from '../../lib/current-user.ts';
import { toast } from '../../lib/toast.tsx';
import { TRIP_WRITE_QUIET, writeTrip } from '../trips/actions/trip-write.tsx';
import type { TripRows } from '../trips/home/use-day-trips.ts';

/** Where a trip stands in the marketplace, in words for staff. */
export function offerText(trip: Pick<DriveAssignment, 'marketplaceUntil' | 'farmoutName' | 'farmoutContactId' | 'timeZone' | 'declined'>, now: Date): string {
  const until = trip.marketplaceUntil ?? null;
  if (until === null) return 'Not offered on the marketplace.';
  // a trip its partner declined is held for nobody
  const declinedBy = trip.declined && trip.farmoutContactId ? [trip.farmoutContactId] : [];
  if (isExclusive({ marketplaceUntil: until, farmoutContactId: trip.farmoutContactId, declinedBy }, now)) {
    return `Offered on the marketplace: reserved for ${trip.farmoutName ?? 'its partner'} until ${reservedUntilText(until, trip.timeZone)}, then open to every partner.`;
  }
  return 'Offered on the marketplace to every partner.';
}

/**
 * Staff offer a trip on the marketplace or withdraw it (spec 1 §4, PATCH drive-assignments-detailed
 * marketplaceUntil). The offer proposes the core default end of the partner's exclusive window:
 * pickup − 3 days, else − 16 h, else now.
 */
export function MarketplaceOffer({ trip, rows }: { trip: DriveAssignment; rows: TripRows }) {
  const user = useCurrentUser().data;
  const [busy, setBusy] = useState(false);
  if (!user || !isStaff(user)) return null;
  const now = new Date();
  const offered = (trip.marketplaceUntil ?? null) !== null;
  const pickupAt = tripPickupAt(trip);
  const offerable = isOfferable({ ...trip, pickupAt }, now);

  const send = async (marketplaceUntil: string | null, done: string) => {
    setBusy(true);
    try {
      const saved = await writeTrip(trip, rows, () => callApi(contract.patchDetailed, { body: { id: trip.id, modCount: trip.modCount, marketplaceUntil }, quiet: TRIP_WRITE_QUIET }));
      if (!saved) return;
      rows.replace([saved]);
      toast.success(done, { duration: 'short' });
    } finally {
      setBusy(false);
    }
  };

  const offer = async () => {
    const at = defaultOfferInstant(pickupAt, new Date());
    const later = at.getTime() > Date.now();
    const when = reservedUntilText(at.toISOString(), trip.timeZone);
    const yes = await confirm({
      title: `Offer trip ${trip.referenceNumber} on the marketplace`,
      // a trip without a partner, or one its partner declined, is held for nobody
      message:
        !later || trip.declined || !trip.farmoutName
          ? 'Every partner may claim it from now on.'
          : `${trip.farmoutName} keeps it to itself until ${when}; from then any partner may claim it.`,
      confirmLabel: 'Offer on marketplace',
      focusConfirm: true,
    });
    if (yes) await send(at.toISOString(), `Trip ${trip.referenceNumber} is offered on the marketplace.`);
  };

  return (
    <Group gap="sm" wrap="wrap" data-testid="marketplace-offer">
      <IconBuildingStore size={16} aria-hidden />
      <Text size="sm">{offerText(trip, now)}</Text>
      {offered ? (
        <Button size="xs" variant="light" color="orange" loading={busy} onClick={() => void send(null, `Trip ${trip.referenceNumber} is withdrawn from the marketplace.`)}>
          Withdraw from marketplace
        </Button>
      ) : (
        <Button size="xs" variant="light" loading={busy} disabled={!offerable} title={offerable ? undefined : MARKETPLACE_MSG.NOT_OFFERABLE} onClick={() => void offer()}>
          Offer on marketplace
        </Button>
      )}
    </Group>
  );
}
