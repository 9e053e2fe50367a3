import { useEffect, useMemo, useRef, useState, type KeyboardEvent } from 'react';
import { Alert, Badge, Button, Center, Group, Loader, Modal, ScrollArea, Stack, Text, TextInput, UnstyledButton } from '@mantine/core';
import { IconSearch } from '@tabler/icons-react';
import type { PartnerOption } from '@tripline/core';
import { confirm } from '../../../lib/confirm.tsx';
import { usePartnerOptions } from './api.ts';
import { describeParts, filterOptions, HIGHLIGHT_KEYS, nextHighlight, planPick, sortByScore, type HighlightKey } from './picker-rules.ts';
import classes from './partner-picker.module.css';

export interface PartnerPickerModalProps {
  opened: boolean;
  /** The trips the candidates are scored for: one, or the chosen trips of a bulk assignment. */
  referenceNumbers: readonly string[];
  /** The trip's partner now: picking it again just closes (spec 3 §5). */
  currentPartnerId: string | null;
  /** Its name, for the replacement question when it is not among the candidates. */
  currentPartnerName?: string | null;
  title?: string;
  /** False when the caller asks Out-Of-Area itself, for every trip (a bulk assignment). */
  confirmOutOfArea?: boolean;
  onClose(): void;
  /** A partner was chosen and every confirmation was answered yes. */
  onPick(option: PartnerOption): void;
}

/**
 * spec 3 §2: the partner picker. Candidates best first by score; the filter box has the focus, up
 * and down move the highlight, Enter picks, Esc closes.
 */
export function PartnerPickerModal({
  opened,
  referenceNumbers,
  currentPartnerId,
  currentPartnerName,
  title,
  confirmOutOfArea = true,
  onClose,
  onPick,
}: PartnerPickerModalProps) {
  const options = usePartnerOptions(referenceNumbers, opened);
  const referenceNumber = referenceNumbers.length === 1 ? referenceNumbers[0] : null;
  const [filter, setFilter] = useState('');
  const [highlight, setHighlight] = useState(0);
  const [asking, setAsking] = useState(false);
  const listRef = useRef<HTMLDivElement>(null);

  useEffect(() => {
    if (!opened) return;
    setFilter('');
    setHighlight(0);
  }, [opened]);

  const sorted = useMemo(() => sortByScore(options.data ?? []), [options.data]);
  const shown = useMemo(() => filterOptions(sorted, filter), [sorted, filter]);
  const current = useMemo(() => {
    if (!currentPartnerId) return null;
    const found = sorted.find((o) => o.providerId === currentPartnerId);
    return { id: currentPartnerId, name: found?.name ?? currentPartnerName ?? 'the current partner' };
  }, [sorted, currentPartnerId, currentPartnerName]);

  useEffect(() => {
    listRef.current?.querySelector(`[data-index="${highlight}"]`)?.scrollIntoView({ block: 'nearest' });
  }, [highlight]);

  const pick = async (option: PartnerOption | undefined) => {
    if (!option || asking) return;
    const plan = planPick(option, current, confirmOutOfArea);
    if (plan.kind === 'close') {
      onClose();
      return;
    }
    setAsking(true);
    try {
      for (const c of plan.confirmations) {
        const yes = await confirm({ title: c.title, message: c.message, confirmLabel: c.confirmLabel, focusConfirm: true });
        if (!yes) return;
      }
    } finally {
      setAsking(false);
    }
    onPick(option);
  };

  const onKeyDown = (e: KeyboardEvent<HTMLInputElement>) => {
    // Home and End stay with the text box; the list has its own keys.
    if (HIGHLIGHT_KEYS.includes(e.key) && e.key !== 'Home' && e.key !== 'End') {
      e.preventDefault();
      setHighlight((h) => nextHighlight(h, shown.length, e.key as HighlightKey));
    } else if (e.key === 'Enter') {
      e.preventDefault();
      void pick(shown[highlight]);
    }
  };

  return (
    <Modal
      opened={opened}
      onClose={onClose}
      // While a confirmation is open, Escape answers it and leaves the picker open.
      closeOnEscape={!asking}
      title={title ?? (referenceNumber ? `Choose a partner for trip ${referenceNumber}` : 'Choose a partner')}
      size="lg"
    >
      <Stack gap="sm">
        <TextInput
          data-autofocus
          aria-label="Filter partners"
          placeholder="Filter by name or number"
          leftSection={<IconSearch size={16} />}
          description="↑ ↓ move, Enter picks, Esc closes"
          value={filter}
          onChange={(e) => {
            setFilter(e.currentTarget.value);
            setHighlight(0);
          }}
          onKeyDown={onKeyDown}
          aria-controls="partner-picker-list"
          aria-activedescendant={shown[highlight] ? `partner-option-${shown[highlight].providerId}` : undefined}
        />
        {options.isPending ? (
          <Center py="lg">
            <Loader size="sm" />
          </Center>
        ) : options.isError ? (
          <Alert color="red" title="Could not load the partners">
            <Stack gap="xs">
              <Text size="sm">{options.error instanceof Error ? options.error.message : 'The server could not be reached.'}</Text>
              <Group>
                <Button size="xs" variant="light" onClick={() => void options.refetch()}>
                  Try again
                </Button>
              </Group>
            </Stack>
          </Alert>
        ) : shown.length === 0 ? (
          <Text c="dimmed" size="sm" ta="center" py="lg">
            {sorted.length === 0 ? `No partner can take ${referenceNumbers.length > 1 ? 'these trips' : 'this trip'}.` : 'No partner matches the filter.'}
          </Text>
        ) : (
          <ScrollArea.Autosize mah="55vh" type="auto">
            <div id="partner-picker-list" role="listbox" aria-label="Partners" ref={listRef} className={classes.list}>
              {shown.map((o, i) => (
                <PartnerRow key={o.providerId} option={o} index={i} highlighted={i === highlight} onHover={setHighlight} onPick={() => void pick(o)} />
              ))}
            </div>
          </ScrollArea.Autosize>
        )}
      </Stack>
    </Modal>
  );
}

function PartnerRow({ option, index, highlighted, onHover, onPick }: { option: PartnerOption; index: number; highlighted: boolean; onHover(i: number): void; onPick(): void }) {
  const parts = describeParts(option);
  const p = option.parts;
  // the parts that speak against the partner are marked (coverage: when it serves none of the pickups)
  const good = [true, p.capable, !option.outOfArea, true, p.acceptanceRate === null || p.acceptanceRate >= 0.5];
  return (
    <UnstyledButton
      id={`partner-option-${option.providerId}`}
      role="option"
      aria-selected={highlighted}
      data-index={index}
      data-highlighted={highlighted || undefined}
      className={classes.row}
      tabIndex={-1}
      onMouseEnter={() => onHover(index)}
      onClick={onPick}
    >
      <Group justify="space-between" wrap="nowrap" gap="sm">
        <Stack gap={2} style={{ minWidth: 0 }}>
          <Group gap={6} wrap="wrap">
            <Text fw={600} size="sm">
              {option.name}
            </Text>
            {option.contactNumber !== null && (
              <Text size="xs" c="dimmed">
                #{option.contactNumber}
              </Text>
            )}
            {option.inHouse && (
              <Badge size="xs" color="indigo" variant="light">
                In-house
              </Badge>
            )}
            {option.outOfArea && (
              <Badge size="xs" color="orange">
                Out-Of-Area
              </Badge>
            )}
            {option.current && (
              <Badge size="xs" color="teal" variant="outline">
                Current
              </Badge>
            )}
            {option.excluded && (
              <Badge size="xs" color="red">
                Excluded
              </Badge>
            )}
          </Group>
          {/* a hold or a blacklist entry: assigning is refused with this reason */}
          {option.excluded && (
            <Text size="xs" c="red">
              {option.excluded}
            </Text>
          )}
          <Text size="xs" c="dimmed">
            {parts.map((text, i) => (
              <span key={text} className={good[i] ? undefined : classes.bad}>
                {i > 0 ? ' · ' : ''}
                {text}
              </span>
            ))}
          </Text>
        </Stack>
        <Stack gap={0} align="flex-end">
          <Text fw={700} size="lg" lh={1}>
            {Math.round(option.score)}
          </Text>
          <Text size="xs" c="dimmed">
            score
          </Text>
        </Stack>
      </Group>
    </UnstyledButton>
  );
}
