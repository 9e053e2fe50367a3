import { lazy, Suspense, useEffect, useState } from 'react';
import { ActionIcon, Alert, Center, Group, Loader, Modal, Stack, Tabs, Text, Tooltip } from '@mantine/core';
import { useHotkeys } from '@mantine/hooks';
import { IconChevronLeft, IconChevronRight, IconPlugConnectedX } from '@tabler/icons-react';
import { useQueryClient } from '@tanstack/react-query';
import { contract, TRIP_MSG, type DriveAssignment, type PartnerOption } from '@tripline/core';
import { ApiError, callApi } from '../../../lib/api.ts';
import { toast } from '../../../lib/toast.tsx';
import { AuditEntryList } from '../../audit/AuditEntryList.tsx';
import { useTripAllActivity } from '../../audit/api.ts';
import { MarketplaceOffer } from '../../marketplace/MarketplaceOffer.tsx';
import { PayAdjustButtons } from '../../partner-monitor/PayAdjustButtons.tsx';
import { TRIP_WRITE_QUIET, writeTrip } from '../../trips/actions/trip-write.tsx';
import type { TripRows } from '../../trips/home/use-day-trips.ts';
import { PartnerPickerModal } from '../partner-picker/PartnerPickerModal.tsx';
import { DeclineForPartnerModal } from './DeclineForPartnerModal.tsx';
import { InspectHeader } from './InspectHeader.tsx';
import { PAGER_HINT, PAGER_KEYS, pagerState } from './pager.ts';
import { EtasTab } from './tabs/EtasTab.tsx';
import { NotesTab } from './tabs/NotesTab.tsx';
import { PartnerActivityTab } from './tabs/PartnerActivityTab.tsx';
import { RelatedTripsTab } from './tabs/RelatedTripsTab.tsx';
import { RideServiceTab } from './tabs/RideServiceTab.tsx';
import { useInspectedTrip } from './use-inspected-trip.ts';

// Leaflet and the county atlas load only when a map is opened.
const TripMap = lazy(() => import('./TripMap.tsx'));

/** spec 2 §8: trip inspect when the live query does not answer exactly one row. */
export const NO_TRIP_FOUND = 'No trip found for id';

export interface TripInspectModalProps {
  /** The found set's trips, in the order of the results. */
  tripIds: readonly string[];
  /** The trip shown. */
  index: number;
  onIndexChange(index: number): void;
  onClose(): void;
}

/**
 * spec 2 §2: trip inspect, over the found set of the search (spec 3 §2 found-set pager), with the
 * tabs partner activity, notes, all activity, ride-service activity, ETAs, map and related trips.
 * The trip follows live changes while it is open.
 */
export function TripInspectModal({ tripIds, index, onIndexChange, onClose }: TripInspectModalProps) {
  const [related, setRelated] = useState<{ from: string; id: string } | null>(null);
  const baseId = tripIds[index] ?? null;
  // a related trip stays open only until the pager moves
  const relatedId = related && related.from === baseId ? related.id : null;
  const shownId = relatedId ?? baseId;
  const [tab, setTab] = useState<string | null>('partner');
  const [picking, setPicking] = useState(false);
  const [declining, setDeclining] = useState(false);
  const inspected = useInspectedTrip(shownId);
  const { trip, rowsApi } = inspected;
  const pager = pagerState(index, tripIds.length, relatedId !== null);

  const go = (to: number | null) => {
    if (to === null) return;
    setRelated(null);
    if (to !== index) onIndexChange(to);
  };
  const openTrip = (id: string) => {
    const at = tripIds.indexOf(id);
    if (at >= 0) go(at);
    else if (baseId) setRelated({ from: baseId, id });
  };

  const busy = picking || declining;
  useHotkeys(
    busy
      ? []
      : [
          [PAGER_KEYS.prev, () => go(pager.prev)],
          [PAGER_KEYS.next, () => go(pager.next)],
          [PAGER_KEYS.prevAlt, () => go(pager.prev)],
          [PAGER_KEYS.nextAlt, () => go(pager.next)],
        ],
  );

  useActivityFollowsTrip(trip);

  const changePartner = async (option: PartnerOption) => {
    setPicking(false);
    if (!trip) return;
    if (option.contactNumber === null) {
      toast.error(`${option.name} has no partner number and cannot be assigned.`);
      return;
    }
    const contactNumber = option.contactNumber;
    const saved = await writeTrip(trip, rowsApi, () =>
      callApi(contract.patchDetailed, {
        body: { id: trip.id, modCount: trip.modCount, farmoutContactNumber: contactNumber, farmoutCompany: option.name },
        quiet: TRIP_WRITE_QUIET,
      }),
    );
    if (!saved) return;
    rowsApi.replace([saved]);
    toast.success(`Trip ${trip.referenceNumber} assigned to ${option.name}.`, { duration: 'short' });
  };

  const notFound = !shownId || inspected.missing || (inspected.error instanceof ApiError && inspected.error.status === 404);

  return (
    <>
      <Modal
        opened
        onClose={onClose}
        // Escape reaches every open dialog: the one on top (picker, decline) takes it alone.
        closeOnEscape={!busy}
        size={1100}
        title={<PagerBar label={pager.label} prev={pager.prev} next={pager.next} away={relatedId !== null} onGo={go} />}
        styles={{ title: { flex: 1 } }}
      >
        {notFound ? (
          <Alert color="red" title={NO_TRIP_FOUND}>
            <Text size="sm">{shownId}</Text>
          </Alert>
        ) : inspected.error ? (
          <Alert color="red" title="Could not load this trip">
            {inspected.error instanceof ApiError ? inspected.error.message : 'The server could not be reached.'}
          </Alert>
        ) : !trip ? (
          <Center py="xl">
            <Loader />
          </Center>
        ) : (
          <Stack gap="md">
            {inspected.liveLost && (
              <Alert color="yellow" icon={<IconPlugConnectedX size={18} />} role="alert" py="xs">
                {TRIP_MSG.LIVE_LOST_BACK_OFFICE}
              </Alert>
            )}
            <InspectHeader trip={trip} onChangePartner={() => setPicking(true)} onDeclineForPartner={() => setDeclining(true)} />
            <MarketplaceOffer trip={trip} rows={rowsApi} />
            <PayAdjustButtons trip={trip} rows={rowsApi} />
            <InspectTabs trip={trip} rows={rowsApi} tab={tab} onTab={setTab} onOpenTrip={openTrip} />
          </Stack>
        )}
      </Modal>
      <PartnerPickerModal
        opened={picking && !!trip}
        referenceNumbers={trip ? [trip.referenceNumber] : []}
        currentPartnerId={trip?.farmoutContactId ?? null}
        currentPartnerName={trip?.farmoutName ?? null}
        onClose={() => setPicking(false)}
        onPick={(option) => void changePartner(option)}
      />
      <DeclineForPartnerModal trip={declining ? trip : null} rows={rowsApi} onClose={() => setDeclining(false)} />
    </>
  );
}

/** The audit lists of an open trip are asked again when the trip changes (live or by this user). */
function useActivityFollowsTrip(trip: DriveAssignment | null) {
  const queryClient = useQueryClient();
  const id = trip?.id;
  const ref = trip?.referenceNumber;
  const modCount = trip?.modCount;
  useEffect(() => {
    if (!id || modCount === undefined) return;
    void queryClient.invalidateQueries({ queryKey: ['log', 'trip', ref] });
    void queryClient.invalidateQueries({ queryKey: ['partner-activity', id] });
  }, [queryClient, id, ref, modCount]);
}

function PagerBar({ label, prev, next, away, onGo }: { label: string; prev: number | null; next: number | null; away: boolean; onGo(to: number | null): void }) {
  return (
    <Group gap="xs" wrap="nowrap">
      <Text fw={600}>Trip inspect</Text>
      <Group gap={4} wrap="nowrap" ml="md">
        <Tooltip label={away ? `Back to the results (${PAGER_HINT})` : `Previous trip (${PAGER_HINT})`}>
          <ActionIcon variant="default" aria-label="Previous trip" disabled={prev === null} onClick={() => onGo(prev)}>
            <IconChevronLeft size={16} />
          </ActionIcon>
        </Tooltip>
        <Text size="sm" c="dimmed" data-testid="inspect-pager" style={{ whiteSpace: 'nowrap' }}>
          {label}
        </Text>
        <Tooltip label={away ? `Back to the results (${PAGER_HINT})` : `Next trip (${PAGER_HINT})`}>
          <ActionIcon variant="default" aria-label="Next trip" disabled={next === null} onClick={() => onGo(next)}>
            <IconChevronRight size={16} />
          </ActionIcon>
        </Tooltip>
      </Group>
    </Group>
  );
}

function InspectTabs({
  trip,
  rows,
  tab,
  onTab,
  onOpenTrip,
}: {
  trip: DriveAssignment;
  rows: TripRows;
  tab: string | null;
  onTab(tab: string | null): void;
  onOpenTrip(id: string): void;
}) {
  const allActivity = useTripAllActivity(tab === 'all' ? trip.referenceNumber : null);
  return (
    <Tabs value={tab} onChange={onTab} keepMounted={false}>
      <Tabs.List>
        <Tabs.Tab value="partner">Partner activity</Tabs.Tab>
        <Tabs.Tab value="notes">Notes</Tabs.Tab>
        <Tabs.Tab value="all">All activity</Tabs.Tab>
        <Tabs.Tab value="rides">Ride service</Tabs.Tab>
        <Tabs.Tab value="etas">ETAs</Tabs.Tab>
        <Tabs.Tab value="map">Map</Tabs.Tab>
        <Tabs.Tab value="related">Related trips</Tabs.Tab>
      </Tabs.List>
      <Tabs.Panel value="partner" pt="md">
        <PartnerActivityTab trip={trip} rows={rows} />
      </Tabs.Panel>
      <Tabs.Panel value="notes" pt="md">
        <NotesTab trip={trip} rows={rows} />
      </Tabs.Panel>
      <Tabs.Panel value="all" pt="md">
        <AuditEntryList
          entries={allActivity.data}
          loading={allActivity.isPending}
          error={allActivity.error}
          onRetry={() => void allActivity.refetch()}
          emptyTitle="No activity recorded for this trip"
        />
      </Tabs.Panel>
      <Tabs.Panel value="rides" pt="md">
        <RideServiceTab referenceNumber={trip.referenceNumber} />
      </Tabs.Panel>
      <Tabs.Panel value="etas" pt="md">
        <EtasTab trip={trip} />
      </Tabs.Panel>
      <Tabs.Panel value="map" pt="md">
        <Suspense
          fallback={
            <Center py="xl">
              <Loader size="sm" />
            </Center>
          }
        >
          <TripMap trip={trip} />
        </Suspense>
      </Tabs.Panel>
      <Tabs.Panel value="related" pt="md">
        <RelatedTripsTab trip={trip} onOpen={onOpenTrip} />
      </Tabs.Panel>
    </Tabs>
  );
}
