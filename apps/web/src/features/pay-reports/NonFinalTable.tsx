import { useCallback, type KeyboardEvent } from 'react';
import { Checkbox, Text } from '@mantine/core';
import { NO_RATE, type NonFinalTrip } from '@tripline/core';
import { VirtualTable, type TableColumn } from '../../components/VirtualTable.tsx';
import { formatUsDate } from '../../lib/date-input.ts';
import { formatMoney } from '../trips/home/trip-format.ts';
import classes from '../../components/record-table.module.css';
import { PayStatusBadge } from './PayTables.tsx';

const ROW_HEIGHT = 44;

/** A name on one line (the whole of it on hover), so rows keep one height. */
const oneLine = (text: string | null) => (
  <Text size="sm" truncate title={text ?? undefined}>
    {text ?? ''}
  </Text>
);

interface Props {
  trips: readonly NonFinalTrip[];
  showPartner: boolean;
  chosen: ReadonlySet<string>;
  onChoose: (ids: readonly string[], on: boolean) => void;
}

interface RowContext {
  chosen: boolean;
  onChoose: Props['onChoose'];
}

type Column = TableColumn<NonFinalTrip, RowContext>;

const CHOOSE: Column = {
  key: 'choose',
  label: 'Choose',
  width: '32px',
  minWidth: 32,
  cell: (t, ctx) =>
    t.ready ? (
      <Checkbox
        aria-label={`Choose trip ${t.referenceNumber} for rate accept`}
        checked={ctx.chosen}
        onChange={(e) => ctx.onChoose([t.id], e.currentTarget.checked)}
      />
    ) : null,
};

const COLUMNS: readonly Column[] = [
  { key: 'reference', label: 'Reference', width: '84px', minWidth: 84, cell: (t) => t.referenceNumber },
  { key: 'date', label: 'Date', width: '96px', minWidth: 96, cell: (t) => formatUsDate(t.serviceDate) },
  { key: 'passenger', label: 'Passenger', width: 'minmax(120px, 1fr)', minWidth: 120, foldable: true, cell: (t) => oneLine(t.passengerName) },
  { key: 'service', label: 'Service', width: '60px', minWidth: 60, foldable: true, cell: (t) => t.serviceType ?? '' },
  { key: 'status', label: 'Status', width: '92px', minWidth: 92, cell: (t) => <PayStatusBadge status={t.partnerPayStatus} /> },
  { key: 'rate', label: 'Rate', width: '80px', minWidth: 80, numeric: true, cell: (t) => (t.noRate ? NO_RATE : formatMoney(t.farmoutRate)) },
  {
    key: 'reason',
    label: 'Reason',
    width: 'minmax(200px, 2fr)',
    minWidth: 200,
    cell: (t) => (
      <Text size="sm" c={t.ready ? 'green.9' : undefined} fw={t.ready ? 600 : undefined}>
        {t.reason}
      </Text>
    ),
  },
];

const PARTNER: Column = { key: 'partner', label: 'Partner', width: 'minmax(130px, 1fr)', minWidth: 130, cell: (t) => oneLine(t.partnerName) };

/**
 * The non-final trips with why each waits, virtualised (a range holds up to 2,000 on screen). The
 * ready ones can be chosen for rate accept: by their box, or with Space on the row (arrows move).
 */
export function NonFinalTable({ trips, showPartner, chosen, onChoose }: Props) {
  const ready = trips.filter((t) => t.ready);
  const all = ready.length > 0 && ready.every((t) => chosen.has(t.id));
  const some = ready.some((t) => chosen.has(t.id));
  const columns = showPartner ? [CHOOSE, ...COLUMNS.slice(0, 2), PARTNER, ...COLUMNS.slice(2)] : [CHOOSE, ...COLUMNS];
  const rowContext = useCallback((t: NonFinalTrip) => ({ chosen: chosen.has(t.id), onChoose }), [chosen, onChoose]);
  const rowProps = useCallback(
    (t: NonFinalTrip) => ({
      'aria-label': `Trip ${t.referenceNumber}`,
      onKeyDown: (ev: KeyboardEvent<HTMLDivElement>) => {
        if (ev.target !== ev.currentTarget || ev.key !== ' ' || !t.ready) return;
        ev.preventDefault();
        onChoose([t.id], !chosen.has(t.id));
      },
    }),
    [chosen, onChoose],
  );
  return (
    <div style={{ height: `min(${trips.length * (ROW_HEIGHT + 18) + 48}px, max(360px, calc(100dvh - 300px)))`, display: 'flex' }}>
      <VirtualTable
        items={trips}
        columns={columns}
        label="Non-final trips"
        rowHeight={ROW_HEIGHT}
        getKey={(t) => t.id}
        rowContext={rowContext}
        rowProps={rowProps}
        renderHeader={(c) =>
          c.key === 'choose' ? (
            <Checkbox
              aria-label="Choose every trip ready for rate accept"
              checked={all}
              indeterminate={some && !all}
              disabled={ready.length === 0}
              onChange={(e) => onChoose(ready.map((t) => t.id), e.currentTarget.checked)}
            />
          ) : (
            c.label
          )
        }
        focusableRows
        className={classes.table}
        headerClassName={classes.header}
        style={{ flex: 1 }}
      />
    </div>
  );
}
