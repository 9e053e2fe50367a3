import { useMemo, useState } from 'react';
import { Button, Menu, Stack, Text } from '@mantine/core';
import { IconChevronDown, IconTool } from '@tabler/icons-react';
import { contract, mayAccess, memberRefusal, SEARCH_MSG, type BulkAction, type BulkResult, type DriveAssignment, type PartnerOption, type TripListRow } from '@tripline/core';
import { ApiError, callApi } from '../../../lib/api.ts';
import { confirm } from '../../../lib/confirm.tsx';
import { useCurrentUser } from '../../../lib/current-user.ts';
import { toast } from '../../../lib/toast.tsx';
import { PartnerPickerModal } from '../partner-picker/PartnerPickerModal.tsx';
import type { PickConfirmation } from '../partner-picker/picker-rules.ts';
import {
  assignTargets,
  BULK_ACTION_DEFS,
  BULK_MENU,
  outOfAreaConfirmation,
  pastNote,
  refusal,
  replaceConfirmation,
  splitByDate,
} from './bulk-plan.ts';
import { BulkResultModal, type BulkOutcome } from './BulkResultModal.tsx';
import { RepairModal, type Repair } from './RepairModal.tsx';

/** The chosen trips of today or later, and those before today that are left out. */
interface Picking {
  eligible: DriveAssignment[];
  past: DriveAssignment[];
}

/** What an action reads of each trip it applies to: a list row has it, and so has a full trip. */
type BulkRow = Pick<DriveAssignment, 'id' | 'referenceNumber' | 'serviceDate' | 'timeZone' | 'canceled'>;

export interface BulkActionsMenuProps {
  /** How many trips the actions apply to: the chosen ones of the found set, else all it shows. */
  count: number;
  /** Their member flags (core MEMBER_FLAG): what can be decided before reading them. */
  flags: readonly number[];
  /** Reads their list rows (one request at most). */
  readRows(): Promise<TripListRow[]>;
  /** Reads them in full, for Assign, which weighs each trip's partner (one request). */
  readTrips(): Promise<DriveAssignment[]>;
  /** A bulk action changed trips. */
  onDone(): void;
}

/** Refusals the user can act on are shown here; the rest go to the app's error catalogue. */
const QUIET = [400, 403, 404] as const;

function showFailure(error: unknown) {
  if (error instanceof ApiError && (QUIET as readonly number[]).includes(error.status)) toast.error(error.message);
  else if (!(error instanceof ApiError)) toast.error(String(error instanceof Error ? error.message : error), { reportBug: true });
}

const askPick = (c: PickConfirmation) => confirm({ title: c.title, message: c.message, confirmLabel: c.confirmLabel, focusConfirm: true });

/** The trips of a bulk action before today, as the server would report them. */
const leftOut = (past: readonly BulkRow[]) => past.map((t) => ({ referenceNumber: t.referenceNumber, reason: SEARCH_MSG.BULK_TODAY_OR_LATER }));

/**
 * spec 2 §2, §6, §7, §9: the bulk actions of the trip search. Each applies to the chosen trips of
 * today or later (earlier ones are left out with a note), asks to confirm with the count, then shows
 * what changed and what was skipped and why.
 */
export function BulkActionsMenu({ count, flags, readRows, readTrips, onDone }: BulkActionsMenuProps) {
  const user = useCurrentUser().data;
  const mayRepair = !!user && mayAccess(user, ['Admin', 'Encounters']);
  const [picking, setPicking] = useState<Picking | null>(null);
  const [outcome, setOutcome] = useState<BulkOutcome | null>(null);
  const [repair, setRepair] = useState<Repair | null>(null);
  const [busy, setBusy] = useState(false);

  const ask = (question: string, notes: readonly (string | null)[], confirmLabel: string, danger?: boolean) => {
    const shown = notes.filter((n): n is string => !!n);
    return confirm({
      title: 'Bulk action',
      message: shown.length ? (
        <Stack gap="xs">
          <Text size="sm">{question}</Text>
          {shown.map((note) => (
            <Text key={note} size="sm" c="dimmed">
              {note}
            </Text>
          ))}
        </Stack>
      ) : (
        question
      ),
      confirmLabel,
      danger,
      focusConfirm: true,
    });
  };

  const send = async (action: BulkAction, eligible: readonly BulkRow[], providerId?: string): Promise<BulkResult> => {
    const referenceNumbers = eligible.map((t) => t.referenceNumber);
    const ids = eligible.map((t) => t.id);
    switch (action) {
      case 'assign':
        return callApi(contract.bulkAssign, { body: { referenceNumbers, providerId: providerId ?? '' }, quiet: QUIET });
      case 'unassign':
        return callApi(contract.bulkUnassign, { body: ids, quiet: QUIET });
      case 'reset':
        return callApi(contract.bulkReset, { body: { referenceNumbers }, quiet: QUIET });
      case 'cancel':
        return callApi(contract.bulkCancel, { body: ids, quiet: QUIET });
      case 'unCancel':
        return callApi(contract.bulkUnCancel, { body: { referenceNumbers }, quiet: QUIET });
    }
  };

  const run = async (action: BulkAction, eligible: readonly BulkRow[], past: readonly BulkRow[], partner?: PartnerOption, notes: (string | null)[] = []) => {
    const def = BULK_ACTION_DEFS[action];
    if (!(await ask(def.question(eligible.length, partner?.name), [pastNote(past.length), ...notes], def.confirmLabel, def.danger))) return;
    setBusy(true);
    try {
      const result = await send(action, eligible, partner?.providerId);
      setOutcome({
        title: `${def.label.replace('…', '')}: result`,
        changed: result.changed.map((c) => c.referenceNumber),
        skipped: [...leftOut(past), ...result.skipped],
      });
      onDone();
    } catch (error) {
      showFailure(error);
    } finally {
      setBusy(false);
    }
  };

  /** Reads the trips; a failure is shown and answers null. */
  const read = async <T,>(reader: () => Promise<T[]>): Promise<T[] | null> => {
    setBusy(true);
    try {
      return await reader();
    } catch (error) {
      showFailure(error);
      return null;
    } finally {
      setBusy(false);
    }
  };

  /** The trips of today or later and those before, or null after saying why the action is refused. */
  const decide = <T extends BulkRow>(action: BulkAction, trips: readonly T[]): { eligible: T[]; past: T[] } | null => {
    const now = new Date();
    const { eligible, past } = splitByDate(trips, now);
    const refused = refusal(action, eligible, past.length, now);
    if (!refused) return { eligible, past };
    toast.warning(refused, { duration: 'short' });
    return null;
  };

  const start = async (action: BulkAction) => {
    const quick = memberRefusal(action, flags);
    if (quick) {
      toast.warning(quick, { duration: 'short' });
      return;
    }
    if (action === 'assign') {
      const trips = await read(readTrips);
      const decided = trips && decide(action, trips);
      if (decided) setPicking(decided);
      return;
    }
    const rows = await read(readRows);
    const decided = rows && decide(action, rows);
    if (decided) await run(action, decided.eligible, decided.past);
  };

  /**
   * spec 3 §5 for the chosen trips: the same partner for all just dismisses; replacing any trip's
   * partner asks first, with how many; a partner without ZIP coverage for any trip that changes
   * asks 'Out-Of-Area' once, naming them; then the count is confirmed.
   */
  const assign = async ({ eligible, past }: Picking, partner: PartnerOption) => {
    const target = assignTargets(eligible, partner.providerId, new Date());
    if (target.kind === 'dismiss') return;
    // asked while the replace question is open
    const coverage =
      target.changing.length > 0
        ? callApi(contract.partnerCoverage, {
            body: { referenceNumbers: target.changing.map((t) => t.referenceNumber), providerId: partner.providerId },
            quiet: QUIET,
          })
        : Promise.resolve({ checked: 0, outOfArea: [] });
    coverage.catch(() => {}); // answered below, once the user has replied
    const replace = replaceConfirmation(target.changing, partner.name);
    if (replace && !(await askPick(replace))) return;
    setBusy(true);
    let outOfArea;
    try {
      outOfArea = (await coverage).outOfArea;
    } catch (error) {
      showFailure(error);
      return;
    } finally {
      setBusy(false);
    }
    const question = outOfAreaConfirmation(partner, outOfArea, target.changing.length);
    if (question && !(await askPick(question))) return;
    await run('assign', eligible, past, partner);
  };

  const startRepair = async () => {
    const rows = await read(readRows);
    if (!rows) return;
    const referenceNumbers = rows.map((t) => t.referenceNumber);
    setBusy(true);
    try {
      const preview = await callApi(contract.repairTrips, { body: { referenceNumbers, dryRun: true }, quiet: QUIET });
      setRepair({ referenceNumbers, preview });
    } catch (error) {
      showFailure(error);
    } finally {
      setBusy(false);
    }
  };

  // The candidates are scored for every chosen trip, with how many pickups each partner serves.
  const pickingRefs = useMemo(() => picking?.eligible.map((t) => t.referenceNumber) ?? [], [picking]);

  return (
    <>
      <Menu position="bottom-start" withinPortal>
        <Menu.Target>
          <Button variant="light" rightSection={<IconChevronDown size={16} />} disabled={count === 0} loading={busy}>
            Bulk actions ({count})
          </Button>
        </Menu.Target>
        <Menu.Dropdown>
          {BULK_MENU.map((action) => (
            <Menu.Item key={action} color={BULK_ACTION_DEFS[action].danger ? 'red' : undefined} onClick={() => void start(action)}>
              {BULK_ACTION_DEFS[action].label}
            </Menu.Item>
          ))}
          {mayRepair && (
            <>
              <Menu.Divider />
              <Menu.Item leftSection={<IconTool size={16} />} onClick={() => void startRepair()}>
                Repair trips…
              </Menu.Item>
            </>
          )}
        </Menu.Dropdown>
      </Menu>
      <PartnerPickerModal
        opened={picking !== null}
        referenceNumbers={pickingRefs}
        currentPartnerId={null}
        confirmOutOfArea={false}
        title={picking ? `Assign ${picking.eligible.length} ${picking.eligible.length === 1 ? 'trip' : 'trips'} to a partner` : undefined}
        onClose={() => setPicking(null)}
        onPick={(option) => {
          const chosen = picking;
          setPicking(null);
          if (chosen) void assign(chosen, option);
        }}
      />
      <RepairModal
        repair={repair}
        onClose={() => setRepair(null)}
        onApplied={(done) => {
          setRepair(null);
          setOutcome(done);
          onDone();
        }}
      />
      <BulkResultModal outcome={outcome} onClose={() => setOutcome(null)} />
    </>
  );
}
