import { memo, useCallback, type KeyboardEvent } from 'react';
import { Badge, Checkbox, Group, UnstyledButton, VisuallyHidden } from '@mantine/core';
import { useMediaQuery } from '@mantine/hooks';
import type { MarketplaceTrip } from '@tripline/core';
import { VirtualTable, type TableColumn } from '../../components/VirtualTable.tsx';
import { formatTime } from '../trips/home/trip-format.ts';
import tripList from '../trips/home/trip-list.module.css';
import classes from './marketplace.module.css';
import { linkedCount } from './marketplace-filter.ts';
import { milesText, pickupText, placeText, rateText, stateText } from './trip-text.ts';

const ROW_HEIGHT = 48;

interface RowContext {
  selected: boolean;
  linked: number | null;
  partner: boolean;
  onInspect(trip: MarketplaceTrip): void;
  onToggle(trip: MarketplaceTrip): void;
}

const two = (top: string, bottom: string) => (
  <>
    <span className={classes.sub} style={{ fontSize: 'inherit', color: 'inherit' }}>
      {top}
    </span>
    <span className={classes.sub}>{bottom}</span>
  </>
);

const COLUMNS: readonly TableColumn<MarketplaceTrip, RowContext>[] = [
  {
    key: 'select',
    label: 'Selected',
    width: '24px',
    minWidth: 24,
    cell: (t, c) => (
      <Checkbox size="xs" checked={c.selected} onChange={() => c.onToggle(t)} onClick={(e) => e.stopPropagation()} aria-label={`Select trip ${t.referenceNumber}`} tabIndex={-1} />
    ),
  },
  {
    key: 'trip',
    label: 'Trip',
    width: 'minmax(122px, 1.2fr)',
    minWidth: 122,
    cell: (t, c) => (
      <>
        <Group gap={4} wrap="wrap" style={{ rowGap: 0 }}>
          <UnstyledButton
            fw={600}
            fz="sm"
            c="blue.8"
            tabIndex={-1}
            onClick={(e) => {
              e.stopPropagation();
              c.onInspect(t);
            }}
          >
            {t.referenceNumber}
          </UnstyledButton>
          {c.linked && (
            <Badge size="xs" variant="light" color="grape" title={`${c.linked} trips of this passenger are offered this day`} style={{ flexShrink: 0 }}>
              {c.linked} linked
            </Badge>
          )}
        </Group>
        <span className={classes.sub}>{t.serviceTypeName}</span>
      </>
    ),
  },
  { key: 'pickupTime', label: 'Pickup', width: '86px', minWidth: 86, cell: (t) => two(pickupText(t), t.appointmentTime ? `Appt ${formatTime(t.appointmentTime)}` : '') },
  {
    key: 'from',
    label: 'From',
    width: 'minmax(104px, 1.2fr)',
    minWidth: 104,
    // spec 3 §5: the pickup lies outside the ZIP codes the company serves
    cell: (t, c) => (
      <>
        <span className={classes.sub} style={{ fontSize: 'inherit', color: 'inherit' }}>
          {placeText(t.pickup)}
        </span>
        {c.partner && t.outOfArea ? (
          <Badge size="xs" color="orange" variant="light">
            Out-Of-Area
          </Badge>
        ) : (
          <span className={classes.sub}>{t.pickup.county ?? ''}</span>
        )}
      </>
    ),
  },
  { key: 'to', label: 'To', width: 'minmax(104px, 1.2fr)', minWidth: 104, foldable: true, cell: (t) => two(placeText(t.dropOff), t.dropOff.county ?? ''), detail: (t) => placeText(t.dropOff) },
  { key: 'miles', label: 'Miles', width: '58px', minWidth: 58, numeric: true, foldable: true, cell: (t) => milesText(t.miles), detail: (t) => `${milesText(t.miles)} loaded` },
  { key: 'distance', label: 'Away', width: '58px', minWidth: 58, numeric: true, foldable: true, cell: (t) => milesText(t.distanceMiles), detail: (t) => (t.distanceMiles === null ? '' : `${milesText(t.distanceMiles)} away`) },
  { key: 'rate', label: 'Rate', width: '62px', minWidth: 60, numeric: true, cell: (t) => rateText(t.rate) },
  {
    key: 'state',
    label: 'State',
    width: 'minmax(90px, 1fr)',
    minWidth: 90,
    cell: (t) => {
      const [state, until] = stateText(t).split(' until ');
      return (
        <>
          <span>{state}</span>
          {until && <span className={classes.wrap}>until {until}</span>}
        </>
      );
    },
  },
];

/** On a phone the pickup place and the state join the detail line, so the row fits without scrolling sideways. */
const NARROW_COLUMNS: readonly TableColumn<MarketplaceTrip, RowContext>[] = COLUMNS.map((c) => {
  if (c.key === 'from') return { ...c, foldable: true, detail: (t, ctx) => `${placeText(t.pickup)}${ctx.partner && t.outOfArea ? ' (Out-Of-Area)' : ''}` };
  if (c.key === 'state') return { ...c, foldable: true, detail: (t) => stateText(t) };
  return c;
});

export interface MarketplaceListProps {
  trips: readonly MarketplaceTrip[];
  counts: Readonly<Record<string, number>>;
  selected: ReadonlySet<string>;
  partner: boolean;
  label: string;
  onToggle(trip: MarketplaceTrip): void;
  onInspect(trip: MarketplaceTrip): void;
  onClaim(): void;
}

/**
 * The offered trips as a virtualised table. Keys on a row: arrows move, Space selects (with the
 * passenger's linked trips), Enter opens the trip, C claims what is selected.
 */
export const MarketplaceList = memo(function MarketplaceList({ trips, counts, selected, partner, label, onToggle, onInspect, onClaim }: MarketplaceListProps) {
  const narrow = useMediaQuery('(max-width: 600px)');
  const rowContext = useCallback(
    (t: MarketplaceTrip): RowContext => ({ selected: selected.has(t.id), linked: linkedCount(t, counts), partner, onInspect, onToggle }),
    [selected, counts, partner, onInspect, onToggle],
  );
  const rowProps = useCallback(
    (t: MarketplaceTrip) => ({
      'data-selected': String(selected.has(t.id)),
      'aria-label': `Trip ${t.referenceNumber}`,
      'data-trip-id': t.id,
      'data-state': t.state,
      onClick: () => onToggle(t),
    }),
    [selected, onToggle],
  );
  const onKeyDown = (e: KeyboardEvent<HTMLDivElement>) => {
    const row = (e.target as HTMLElement).closest<HTMLElement>('[role="row"][data-index]');
    const trip = row ? trips[Number(row.dataset.index)] : undefined;
    if (!trip || e.altKey || e.ctrlKey || e.metaKey) return;
    if (e.key === ' ') onToggle(trip);
    else if (e.key === 'Enter') onInspect(trip);
    else if (e.key === 'c' || e.key === 'C') onClaim();
    else return;
    e.preventDefault();
  };
  return (
    <div onKeyDown={onKeyDown} style={{ display: 'flex', minHeight: 0, height: '100%' }}>
      <VirtualTable
        items={trips}
        columns={narrow ? NARROW_COLUMNS : COLUMNS}
        label={label}
        rowHeight={ROW_HEIGHT}
        gap={8}
        padding={8}
        getKey={(t) => t.id}
        rowContext={rowContext}
        rowProps={rowProps}
        renderHeader={(c) => (c.key === 'select' ? <VisuallyHidden>Selected</VisuallyHidden> : c.label)}
        focusableRows
        className={tripList.table}
        headerClassName={tripList.header}
        rowClassName={classes.row}
        style={{ flex: 1 }}
      />
    </div>
  );
});
