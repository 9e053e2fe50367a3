import { useState } from 'react';
import { Alert, Button, Group, Select, Stack, Text, TextInput } from '@mantine/core';
import { IconDeviceFloppy, IconPlayerPlay, IconTrash } from '@tabler/icons-react';
import { CannedQueryBody, contract, validateFilter, type CannedQuery, type FilterGroup } from '@tripline/core';
import { ApiError, callApi } from '../../../lib/api.ts';
import { confirm } from '../../../lib/confirm.tsx';
import { toast } from '../../../lib/toast.tsx';
import { useCannedQueries, useDeleteCannedQuery, useSaveCannedQuery } from '../api.ts';
import { FilterEditor } from './FilterEditor.tsx';
import { asTopLevel, emptyFilter, filterText, readFilterText } from './filter-tree.ts';

export interface CustomQueryPanelProps {
  /** The custom query of the address (JSON text), or null. */
  initialText: string | null;
  /** Saved queries are staff's (SecureEmployee); others build and run queries only. */
  canSave: boolean;
  running: boolean;
  /** The server's refusal of the running query. */
  serverError: string | null;
  onRun(text: string): void;
}

type Loaded = Pick<CannedQuery, 'id' | 'name' | 'modCount' | 'builtIn'>;

/**
 * The custom query tab (spec 3 §3, §5; spec 2 §5, §9): build a tree of conditions, run it (no date
 * or other anchor needed), and keep it as a saved query. UrgentUnaccepted is built in and read-only.
 */
export function CustomQueryPanel({ initialText, canSave, running, serverError, onRun }: CustomQueryPanelProps) {
  const initial = initialText ? readFilterText(initialText) : null;
  const [tree, setTree] = useState<FilterGroup>(initial?.ok ? initial.filter : emptyFilter());
  const [problem, setProblem] = useState<string | null>(initial && !initial.ok ? initial.message : null);
  const [loaded, setLoaded] = useState<Loaded | null>(null);
  const [name, setName] = useState('');
  const [nameError, setNameError] = useState<string | null>(null);
  const canned = useCannedQueries(canSave);
  const save = useSaveCannedQuery();
  const remove = useDeleteCannedQuery();

  const edit = (next: FilterGroup) => {
    setTree(next);
    if (problem) setProblem(null);
  };

  /** The tree when it is a valid custom query; otherwise shows why not. */
  const checked = (): FilterGroup | null => {
    const valid = validateFilter(tree);
    if (valid.ok) return tree;
    setProblem(valid.message);
    return null;
  };

  const run = () => {
    const ok = checked();
    if (ok) onRun(filterText(ok));
  };

  const load = (query: CannedQuery, andRun: boolean) => {
    const next = asTopLevel(query.json);
    setTree(next);
    setLoaded({ id: query.id, name: query.name, modCount: query.modCount, builtIn: query.builtIn });
    setName(query.name);
    setNameError(null);
    setProblem(null);
    if (andRun) onRun(filterText(next));
  };

  const onSave = async (asNew: boolean) => {
    const ok = checked();
    if (!ok) return;
    const body = { id: asNew ? undefined : loaded?.id, name, json: ok, modCount: asNew ? undefined : loaded?.modCount };
    const shape = CannedQueryBody.safeParse(body);
    if (!shape.success) {
      setNameError(shape.error.issues.find((i) => i.path[0] === 'name')?.message ?? null);
      if (!shape.error.issues.some((i) => i.path[0] === 'name')) setProblem(shape.error.issues[0]?.message ?? null);
      return;
    }
    try {
      const saved = await save.mutateAsync(shape.data);
      setLoaded({ id: saved.id, name: saved.name, modCount: saved.modCount, builtIn: saved.builtIn });
      setName(saved.name);
      toast.success(`Saved query "${saved.name}"`, { duration: 'quickSuccess' });
    } catch (error) {
      if (!(error instanceof ApiError)) throw error;
      if (error.status === 409 && loaded) {
        // Someone else changed it: show their version, so nothing is overwritten blindly.
        toast.warning(error.message, { duration: 'medium' });
        try {
          load(await callApi(contract.cannedQueryGet, { query: { id: loaded.id }, quiet: [404] }), false);
        } catch {
          setLoaded(null);
        }
      } else if (error.status === 400 && error.details.some((d) => d.path === 'name')) {
        setNameError(error.message);
      } else if ([400, 403, 404].includes(error.status)) {
        setProblem(error.message);
      }
    }
  };

  const onDelete = async () => {
    if (!loaded || loaded.builtIn) return;
    const yes = await confirm({ title: 'Delete saved query', message: `Delete the saved query "${loaded.name}"? This cannot be undone.`, confirmLabel: 'Delete', danger: true });
    if (!yes) return;
    try {
      await remove.mutateAsync(loaded.id);
      toast.success(`Deleted query "${loaded.name}"`, { duration: 'quickSuccess' });
      setLoaded(null);
      setName('');
    } catch (error) {
      if (error instanceof ApiError && [400, 403, 404].includes(error.status)) setProblem(error.message);
    }
  };

  const queries = canned.data ?? [];
  const shownProblem = problem ?? serverError;

  return (
    <Stack gap="sm">
      {canSave && (
        <Group gap="sm" align="flex-end" wrap="wrap">
          <Select
            label="Saved queries"
            placeholder={canned.isPending ? 'Loading…' : queries.length ? 'Choose a saved query' : 'No saved queries'}
            data={queries.map((q) => ({ value: q.id, label: q.builtIn ? `${q.name} (built in)` : q.name }))}
            value={loaded?.id ?? null}
            onChange={(id) => {
              const q = queries.find((x) => x.id === id);
              if (q) load(q, true);
            }}
            searchable
            w={300}
            nothingFoundMessage="No saved query by that name"
          />
          <Button
            variant="default"
            onClick={() => {
              setTree(emptyFilter());
              setLoaded(null);
              setName('');
              setProblem(null);
            }}
          >
            New query
          </Button>
          {canned.isError && (
            <Button variant="subtle" color="red" onClick={() => void canned.refetch()}>
              Saved queries could not be loaded: try again
            </Button>
          )}
        </Group>
      )}

      <FilterEditor value={tree} onChange={edit} />

      {shownProblem && (
        <Alert color="red" role="alert" py="xs">
          {shownProblem}
        </Alert>
      )}

      <Group gap="sm" align="flex-end" wrap="wrap" justify="space-between">
        <Button leftSection={<IconPlayerPlay size={16} aria-hidden />} onClick={run} loading={running}>
          Run query
        </Button>
        {canSave && (
          <Group gap="xs" align="flex-end" wrap="wrap">
            <TextInput
              label="Query name"
              value={name}
              onChange={(e) => {
                setName(e.currentTarget.value);
                setNameError(null);
              }}
              error={nameError}
              w={260}
              onKeyDown={(e) => {
                if (e.key === 'Enter') {
                  e.preventDefault();
                  void onSave(!loaded || loaded.builtIn);
                }
              }}
            />
            <Button variant="light" leftSection={<IconDeviceFloppy size={16} aria-hidden />} onClick={() => void onSave(true)} loading={save.isPending}>
              Save as new
            </Button>
            {loaded && !loaded.builtIn && (
              <>
                <Button variant="light" onClick={() => void onSave(false)} loading={save.isPending}>
                  Save changes
                </Button>
                <Button variant="subtle" color="red" leftSection={<IconTrash size={16} aria-hidden />} onClick={() => void onDelete()} loading={remove.isPending}>
                  Delete
                </Button>
              </>
            )}
          </Group>
        )}
      </Group>
      {loaded?.builtIn && (
        <Text size="xs" c="dimmed">
          {loaded.name} is built in: change it and save it under a new name.
        </Text>
      )}
    </Stack>
  );
}
