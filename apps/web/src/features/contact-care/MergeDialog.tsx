import { useEffect, useState } from 'react';
import { Alert, Badge, Button, Group, Loader, Modal, Radio, Stack, Table, Text } from '@mantine/core';
import type { MergeResult } from '@tripline/core';
import { toast } from '../../lib/toast.tsx';
import { useMerge } from './api.ts';
import { refusalText } from './CareDateInput.tsx';

export interface MergeSide {
  id: string;
  name: string;
  contactNumber: number;
  modCount: number;
}

interface Props {
  /** The inspected contact and the duplicate chosen; null: closed. */
  pair: { current: MergeSide; other: MergeSide } | null;
  onClose(): void;
  /** After a merge: the contact that stays. */
  onMerged(keepId: string): void;
}

const label = (s: MergeSide) => `${s.name} (#${s.contactNumber})`;

/**
 * Merging two contacts: choose the one that stays, see the dry run's counts per
 * table and the rows dropped as repeats, then merge. Both contacts' modCounts go along, so a change
 * made meanwhile is refused (409) instead of merged over.
 */
export function MergeDialog({ pair, onClose, onMerged }: Props) {
  const merge = useMerge();
  const [keep, setKeep] = useState<'current' | 'other'>('current');
  const [preview, setPreview] = useState<MergeResult | null>(null);
  const [error, setError] = useState<string | null>(null);
  const sides = pair ? (keep === 'current' ? { k: pair.current, m: pair.other } : { k: pair.other, m: pair.current }) : null;

  useEffect(() => {
    setPreview(null);
    setError(null);
    if (!sides) return;
    let live = true;
    merge
      .mutateAsync({ dryRun: true, keepId: sides.k.id, mergeId: sides.m.id, keepModCount: sides.k.modCount, mergeModCount: sides.m.modCount })
      .then((r) => live && setPreview(r))
      .catch((e: unknown) => live && setError(refusalText(e)));
    return () => {
      live = false;
    };
    // the dry run follows the pair and the side kept
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [pair?.current.id, pair?.other.id, keep]);

  const run = async () => {
    if (!sides) return;
    try {
      await merge.mutateAsync({ dryRun: false, keepId: sides.k.id, mergeId: sides.m.id, keepModCount: sides.k.modCount, mergeModCount: sides.m.modCount });
      toast.success(`${label(sides.m)} was merged into ${label(sides.k)}.`);
      onMerged(sides.k.id);
    } catch (e) {
      setError(refusalText(e));
    }
  };

  const close = () => {
    setKeep('current');
    onClose();
  };

  return (
    <Modal opened={pair !== null} onClose={close} title="Merge contacts" size="lg">
      {pair && sides && (
        <Stack gap="sm">
          <Radio.Group label="Keep" value={keep} onChange={(v) => setKeep(v as 'current' | 'other')}>
            <Stack gap={4} mt={4}>
              <Radio value="current" label={label(pair.current)} />
              <Radio value="other" label={label(pair.other)} />
            </Stack>
          </Radio.Group>
          <Text size="sm">
            Everything that names {label(sides.m)} moves to {label(sides.k)}; {sides.m.name} is then deleted and its number leads to the kept contact.
          </Text>
          {error && (
            <Alert color="red" role="alert">
              {error}
            </Alert>
          )}
          {!preview && !error && <Loader size="sm" aria-label="Checking what the merge changes" />}
          {preview && (
            <>
              <Text size="sm" fw={500}>
                Types after the merge:{' '}
                {preview.types.map((t) => (
                  <Badge key={t} variant="light" mr={4}>
                    {t}
                  </Badge>
                ))}
              </Text>
              <Table striped>
                <Table.Thead>
                  <Table.Tr>
                    <Table.Th>Table</Table.Th>
                    <Table.Th>Column</Table.Th>
                    <Table.Th ta="right">Moved</Table.Th>
                    <Table.Th ta="right">Dropped as repeats</Table.Th>
                  </Table.Tr>
                </Table.Thead>
                <Table.Tbody>
                  {preview.counts.map((c) => (
                    <Table.Tr key={`${c.table}.${c.column}`}>
                      <Table.Td>{c.table}</Table.Td>
                      <Table.Td>{c.column}</Table.Td>
                      <Table.Td ta="right">{c.moved}</Table.Td>
                      <Table.Td ta="right">{c.dropped}</Table.Td>
                    </Table.Tr>
                  ))}
                  {preview.counts.length === 0 && (
                    <Table.Tr>
                      <Table.Td colSpan={4}>Nothing else names {sides.m.name}.</Table.Td>
                    </Table.Tr>
                  )}
                </Table.Tbody>
              </Table>
              {preview.conflicts.map((c) => (
                <Text key={c} size="sm" c="dimmed">
                  {c}
                </Text>
              ))}
            </>
          )}
          <Group justify="flex-end">
            <Button variant="default" onClick={close}>
              Cancel
            </Button>
            <Button color="red" disabled={!preview} loading={merge.isPending && preview !== null} onClick={() => void run()}>
              Merge
            </Button>
          </Group>
        </Stack>
      )}
    </Modal>
  );
}
