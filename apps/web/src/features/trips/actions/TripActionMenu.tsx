import { memo, useCallback, useRef, useState } from 'react';
import { ActionIcon, Menu, Tooltip } from '@mantine/core';
import {
  IconAlertTriangle,
  IconCash,
  IconCheck,
  IconCircleMinus,
  IconClockPlus,
  IconCurrencyDollar,
  IconDots,
  IconFlag,
  IconMessage,
  IconReceipt2,
  IconRoad,
  IconSteeringWheel,
  IconStopwatch,
  IconX,
} from '@tabler/icons-react';
import { contract, mayAccess, rowActionStates, type TripListRow, type RowAction, type RowActionState } from '@tripline/core';
import { useCurrentUser } from '../../../lib/current-user.ts';
import type { TripAction } from './use-trip-actions.tsx';

const ITEMS: { kind: TripAction & RowAction; label: string; icon: typeof IconCheck; color?: string; gapBefore?: boolean }[] = [
  { kind: 'accept', label: 'Accept', icon: IconCheck },
  { kind: 'decline', label: 'Decline', icon: IconX, color: 'red' },
  { kind: 'finalise', label: 'Finalize (accept rate)', icon: IconCash },
  { kind: 'stats', label: 'Enter stats', icon: IconStopwatch, gapBefore: true },
  { kind: 'waitTime', label: 'Adjust wait time', icon: IconClockPlus },
  { kind: 'expense', label: 'Add expense', icon: IconReceipt2 },
  { kind: 'rateOverride', label: 'Request rate change', icon: IconCurrencyDollar },
  { kind: 'mileage', label: 'Adjust mileage', icon: IconRoad },
  { kind: 'driver', label: 'Assign driver', icon: IconSteeringWheel, gapBefore: true },
  { kind: 'flag', label: 'Flag', icon: IconFlag },
  { kind: 'sms', label: 'Send SMS', icon: IconMessage },
  { kind: 'cancelLeg', label: 'Cancel a leg', icon: IconCircleMinus, color: 'red' },
];

/** The button of one row; the menu itself is shared by the whole list (useRowMenu). */
export const TripMenuButton = memo(function TripMenuButton({
  trip,
  expanded,
  onOpen,
}: {
  trip: TripListRow;
  expanded: boolean;
  onOpen(trip: TripListRow, button: HTMLElement): void;
}) {
  return (
    <ActionIcon
      variant="subtle"
      color="gray"
      aria-label={`Actions for trip ${trip.referenceNumber}`}
      aria-haspopup="menu"
      aria-expanded={expanded}
      onClick={(e) => onOpen(trip, e.currentTarget)}
    >
      <IconDots size={18} aria-hidden />
    </ActionIcon>
  );
});

interface Open {
  trip: TripListRow;
  button: HTMLElement;
  rect: DOMRect;
  /** Each action as the rules allow it when the menu opened. */
  states: Record<RowAction, RowActionState>;
}

const hintIdOf = (kind: RowAction, tripId: string) => `row-action-${kind}-${tripId}-hint`;

/**
 * One item. A refused action stays listed but disabled, with its reason as a hint on hover and on
 * keyboard focus: it is marked aria-disabled rather than disabled, so the arrow keys still reach it
 * and a screen reader reads the reason (aria-describedby). An allowed action with a warning (a past
 * trip in developer mode) shows the warning the same way.
 */
function RowMenuItem({ item, state, tripId, onPick }: { item: (typeof ITEMS)[number]; state: RowActionState; tripId: string; onPick(): void }) {
  const { kind, label, icon: Icon, color, gapBefore } = item;
  const hintId = state.reason ? hintIdOf(kind, tripId) : undefined;
  const entry = (
    <Menu.Item
      color={state.enabled ? color : 'gray'}
      mt={gapBefore ? 4 : undefined}
      leftSection={<Icon size={16} aria-hidden />}
      rightSection={state.enabled && state.reason ? <IconAlertTriangle size={14} color="var(--mantine-color-orange-6)" aria-hidden /> : undefined}
      aria-disabled={state.enabled ? undefined : true}
      aria-describedby={hintId}
      data-refused={state.enabled ? undefined : true}
      closeMenuOnClick={state.enabled}
      style={state.enabled ? undefined : { opacity: 0.55, cursor: 'not-allowed' }}
      onClick={state.enabled ? onPick : undefined}
    >
      {label}
    </Menu.Item>
  );
  if (!state.reason) return entry;
  // No fade: a reason comes and goes with focus at once, so arrowing through the menu never
  // shows the last item's reason beside the current one.
  return (
    <Tooltip label={state.reason} position="left" withArrow multiline maw={260} transitionProps={{ duration: 0 }} events={{ hover: true, focus: true, touch: true }} color={state.enabled ? 'orange' : 'dark'}>
      {entry}
    </Tooltip>
  );
}

/**
 * One menu for every row: a menu per row would mount a floating dropdown in each of the rows
 * that scroll into view. It opens at the row's button; each action asks core's rowActionStates
 * (the rules the action and the server apply) before it is offered.
 */
export function useRowMenu(onAction: (kind: TripAction, trip: TripListRow) => void, developerMode: boolean) {
  const [open, setOpen] = useState<Open | null>(null);
  // the pay requests are offered only to those who may send them
  const user = useCurrentUser().data;
  const items = ITEMS.filter(({ kind }) => {
    if (kind === 'rateOverride') return !!user && mayAccess(user, contract.rateOverride.access.roles);
    if (kind === 'mileage') return !!user && mayAccess(user, contract.adjustMileage.access.roles);
    return true;
  });
  const openRef = useRef(open);
  openRef.current = open;

  const developerModeRef = useRef(developerMode);
  developerModeRef.current = developerMode;

  const openFor = useCallback((trip: TripListRow, button: HTMLElement) => {
    setOpen((current) =>
      current?.trip.id === trip.id
        ? null
        : { trip, button, rect: button.getBoundingClientRect(), states: rowActionStates(trip, new Date(), { developerMode: developerModeRef.current }) },
    );
  }, []);

  const close = useCallback(() => {
    const button = openRef.current?.button;
    setOpen(null);
    // Back to the row's button, when it is still on screen, so the keyboard user stays in place.
    if (button?.isConnected) requestAnimationFrame(() => button.focus());
  }, []);

  /**
   * The list scrolled: the menu follows its row while the row is in view and closes once it has
   * left (or scrolled out of the window of rendered rows). A scroll that did not move the row, as
   * when focus returns to a button already in view, leaves it alone.
   */
  const follow = useCallback((view: { top: number; bottom: number }) => {
    const current = openRef.current;
    if (!current) return;
    if (!current.button.isConnected) return setOpen(null);
    const rect = current.button.getBoundingClientRect();
    if (rect.top === current.rect.top && rect.left === current.rect.left) return;
    if (rect.bottom <= view.top || rect.top >= view.bottom) return setOpen(null);
    setOpen({ ...current, rect });
  }, []);

  const menu = open ? (
    <Menu opened onChange={(o) => !o && close()} position="bottom-end" shadow="md" width={230} returnFocus={false} withinPortal>
      <Menu.Target>
        <div
          aria-hidden
          style={{ position: 'fixed', top: open.rect.top, left: open.rect.left, width: open.rect.width, height: open.rect.height, pointerEvents: 'none' }}
        />
      </Menu.Target>
      <Menu.Dropdown aria-label={`Actions for trip ${open.trip.referenceNumber}`}>
        <Menu.Label>Trip {open.trip.referenceNumber}</Menu.Label>
        {items.map((item) => (
          <RowMenuItem
            key={item.kind}
            item={item}
            state={open.states[item.kind]}
            tripId={open.trip.id}
            onPick={() => {
              const trip = open.trip;
              setOpen(null);
              onAction(item.kind, trip);
            }}
          />
        ))}
        {/* The reasons read by screen readers as each item's description; hidden elements can describe. */}
        <div hidden>
          {items.map(({ kind }) => {
            const reason = open.states[kind].reason;
            return reason ? (
              <span key={kind} id={hintIdOf(kind, open.trip.id)}>
                {reason}
              </span>
            ) : null;
          })}
        </div>
      </Menu.Dropdown>
    </Menu>
  ) : null;

  return { menu, openFor, openId: open?.trip.id ?? null, close, follow };
}
