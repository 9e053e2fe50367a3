import { useCallback, type KeyboardEvent } from 'react';
import { Badge } from '@mantine/core';
import type { Vehicle } from '@tripline/core';
import { VirtualTable, type TableColumn } from '../../components/VirtualTable.tsx';
import { formatUsDate } from '../../lib/date-input.ts';
import tableClasses from '../../components/record-table.module.css';
import classes from './vehicles.module.css';

export const ROW_HEIGHT = 44;

type Column = TableColumn<Vehicle, null>;

const dash = <span className={classes.muted}>—</span>;
const yes = (on: boolean, label: string) =>
  on ? (
    <Badge size="sm" variant="light" color="teal">
      {label}
    </Badge>
  ) : (
    dash
  );

/** The list's columns; make/model/year, VIN and plate fold first on a narrow screen. */
const COLUMNS: readonly Column[] = [
  { key: 'number', label: 'Number', width: '76px', minWidth: 76, cell: (v) => <strong>{v.vehicleNumber}</strong> },
  { key: 'type', label: 'Type', width: 'minmax(112px, 1fr)', minWidth: 112, cell: (v) => v.vehicleType },
  {
    key: 'makeModel',
    label: 'Make / model / year',
    width: 'minmax(130px, 1.3fr)',
    minWidth: 130,
    foldable: true,
    cell: (v) => [v.manufacturer, v.model, v.modelYear].filter(Boolean).join(' ') || dash,
  },
  { key: 'vin', label: 'VIN', width: '140px', minWidth: 140, foldable: true, cellClassName: classes.mono, cell: (v) => v.vin ?? dash },
  { key: 'plate', label: 'Plate', width: '72px', minWidth: 72, foldable: true, cell: (v) => v.licensePlate ?? dash },
  {
    key: 'seats',
    label: 'Seats',
    width: '52px',
    minWidth: 52,
    numeric: true,
    cell: (v) => <span title={`${v.ambulatorySeatingCapacity} walking, ${v.wheelchairSeatingCapacity} wheelchair`}>{`${v.ambulatorySeatingCapacity} / ${v.wheelchairSeatingCapacity}`}</span>,
  },
  { key: 'lift', label: 'Lift', width: '64px', minWidth: 64, foldable: true, cell: (v) => v.liftType ?? (v.liftMaxWeight ? `${v.liftMaxWeight} lb` : dash) },
  { key: 'bariatric', label: 'Bariatric', width: '72px', minWidth: 72, cell: (v) => yes(v.bariatric, 'Yes') },
  {
    key: 'termDate',
    label: 'Term date',
    width: '84px',
    minWidth: 84,
    cell: (v) =>
      v.termDate ? (
        <span className={v.termed ? classes.termed : undefined} title={v.termed ? 'Termed' : 'Termed from this day'}>
          {formatUsDate(v.termDate)}
        </span>
      ) : (
        dash
      ),
  },
  {
    key: 'available',
    label: 'Available',
    width: '80px',
    minWidth: 80,
    cell: (v) =>
      v.available ? (
        <Badge size="sm" variant="light" color="teal">
          Yes
        </Badge>
      ) : (
        <Badge size="sm" variant="outline" color="gray">
          {v.termed ? 'Termed' : 'No'}
        </Badge>
      ),
  },
];

interface Props {
  vehicles: readonly Vehicle[];
  onOpen(v: Vehicle): void;
  resetKey: string;
}

/** The fleet, virtualised: only the rows in view are drawn, so 500 vehicles open at once. */
export function VehiclesTable({ vehicles, onOpen, resetKey }: Props) {
  const rowProps = useCallback(
    (v: Vehicle) => ({
      'aria-label': `Vehicle ${v.vehicleNumber}`,
      'data-vehicle-id': v.id,
      'data-termed': String(v.termed),
      onClick: () => onOpen(v),
      onKeyDown: (e: KeyboardEvent<HTMLDivElement>) => {
        if (e.target === e.currentTarget && e.key === 'Enter') {
          e.preventDefault();
          onOpen(v);
        }
      },
    }),
    [onOpen],
  );
  return (
    <VirtualTable
      items={vehicles}
      columns={COLUMNS}
      label="Vehicles"
      rowHeight={ROW_HEIGHT}
      getKey={(v) => v.id}
      rowContext={() => null}
      rowProps={rowProps}
      scrollResetKey={resetKey}
      focusableRows
      className={tableClasses.table}
      headerClassName={tableClasses.header}
      rowClassName={`${tableClasses.row} ${classes.row}`}
      style={{ flex: 1, minHeight: 360 }}
    />
  );
}
