import { memo, useCallback, useRef, useState } from 'react';
import { ActionIcon, Menu } from '@mantine/core';
import {
  IconCash,
  IconCheck,
  IconCircleMinus,
  IconClockPlus,
  IconDots,
  IconFlag,
  IconMessage,
  IconReceipt2,
  IconSteeringWheel,
  IconStopwatch,
  IconX,
} from '@tabler/icons-react';
import type { DriveAssignment } from '@tripline/core';
import type { TripAction } from './use-trip-actions.tsx';

const ITEMS: { kind: TripAction; label: string; icon: typeof IconCheck; color?: string; gapBefore?: boolean }[] = [
  { kind: 'accept', label: 'Accept', icon: IconCheck },
  { kind: 'decline', label: 'Decline', icon: IconX, color: 'red' },
  { kind: 'finalise', label: 'Finalize (accept rate)', icon: IconCash },
  { kind: 'stats', label: 'Enter stats', icon: IconStopwatch, gapBefore: true },
  { kind: 'waitTime', label: 'Adjust wait time', icon: IconClockPlus },
  { kind: 'expense', label: 'Add expense', icon: IconReceipt2 },
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
  trip: DriveAssignment;
  expanded: boolean;
  onOpen(trip: DriveAssignment, button: HTMLElement): void;
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
  trip: DriveAssignment;
  button: HTMLElement;
  rect: DOMRect;
}

/**
 * One menu for every row: a menu per row would mount a floating dropdown in each of the rows
 * that scroll into view. It opens at the row's button; every action stays listed, and one the
 * trip does not allow says why (the spec's refusal texts) instead of being greyed out.
 */
export function useRowMenu(onAction: (kind: TripAction, trip: DriveAssignment) => void) {
  const [open, setOpen] = useState<Open | null>(null);
  const openRef = useRef(open);
  openRef.current = open;

  const openFor = useCallback((trip: DriveAssignment, button: HTMLElement) => {
    setOpen((current) => (current?.trip.id === trip.id ? null : { trip, button, rect: button.getBoundingClientRect() }));
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
        {ITEMS.map(({ kind, label, icon: Icon, color, gapBefore }) => (
          <Menu.Item
            key={kind}
            color={color}
            mt={gapBefore ? 4 : undefined}
            leftSection={<Icon size={16} aria-hidden />}
            onClick={() => {
              const trip = open.trip;
              setOpen(null);
              onAction(kind, trip);
            }}
          >
            {label}
          </Menu.Item>
        ))}
      </Menu.Dropdown>
    </Menu>
  ) : null;

  return { menu, openFor, openId: open?.trip.id ?? null, close, follow };
}
