import { lazy, Suspense, useMemo, useState } from 'react';
import { Alert, Button, Center, Grid, Group, Loader, Stack, Text, Title } from '@mantine/core';
import { IconPlus } from '@tabler/icons-react';
import { contract, DIVISION_MSG, mayAccess, stateFipsOfCode, toggleCounty, type CountyRef, type Division } from '@tripline/core';
import type { ScreenProps } from '../../app/screens.tsx';
import { ApiError } from '../../lib/api.ts';
import { confirm } from '../../lib/confirm.tsx';
import { useCurrentUser } from '../../lib/current-user.ts';
import { toast } from '../../lib/toast.tsx';
import { useDivisions, useSaveDivision } from './api.ts';
import { coloursOf, divisionColour } from './colours.ts';
import { DivisionForm } from './DivisionForm.tsx';
import { DivisionTable } from './DivisionTable.tsx';
import { countyOwners, draftOf, draftProblems, emptyDraft, isDirty, mapStates, NEW_DIVISION, toBody, type DivisionDraft } from './draft.ts';
import { ZipLookup } from './ZipLookup.tsx';

const CountyMap = lazy(() => import('./CountyMap.tsx'));

/** Field errors of a refused save: each detail on its field, the rest above the buttons. */
function errorsOf(e: ApiError): Record<string, string> {
  const out: Record<string, string> = {};
  for (const d of e.details) {
    const field = d.path.split('.')[0];
    if (field && !out[field]) out[field] = d.message;
  }
  if (Object.keys(out).length === 0) out.form = e.message;
  return out;
}

/**
 * /admin/divisions (spec 2 §3, 3 §5): the divisions, an edit form and the county map coloured by
 * division, where a click gives a county to the division being edited. Saving needs adminAccess.
 */
export function DivisionsPage(_props: ScreenProps) {
  const { data: user } = useCurrentUser();
  const mayEdit = !!user && mayAccess(user, contract.divisionSave.access.roles);
  const divisions = useDivisions();
  const save = useSaveDivision();
  const [draft, setDraft] = useState<DivisionDraft | null>(null);
  const [errors, setErrors] = useState<Record<string, string>>({});

  const list = useMemo(() => divisions.data ?? [], [divisions.data]);
  const saved = draft?.id ? (list.find((d) => d.id === draft.id) ?? null) : null;
  const dirty = !!draft && isDirty(draft, saved);
  const colours = useMemo(() => {
    const c = coloursOf(list);
    c.set(NEW_DIVISION, divisionColour(list.length));
    return c;
  }, [list]);
  const owners = useMemo(() => countyOwners(list, draft), [list, draft]);
  const states = useMemo(() => mapStates(list, draft), [list, draft]);

  const leave = async () => !dirty || (await confirm({ title: 'Discard changes?', message: 'The changes to this division have not been saved.', confirmLabel: 'Discard', danger: true }));

  const open = async (d: Division | null) => {
    if (d && d.id === draft?.id) return;
    if (!(await leave())) return;
    setErrors({});
    setDraft(d ? draftOf(d) : emptyDraft());
  };

  const onCountyClick = (county: CountyRef) => {
    if (draft && mayEdit) {
      setDraft({ ...draft, counties: toggleCounty(draft.counties, county) });
      return;
    }
    // without a division open, a click opens the county's division
    const owner = owners.get(county.fips);
    const d = owner && list.find((x) => x.id === owner.divisionId);
    if (d) void open(d);
  };

  const onSave = () => {
    if (!draft) return;
    const problems = draftProblems(draft);
    setErrors(problems);
    if (Object.keys(problems).length > 0) return;
    save.mutate(toBody(draft), {
      onSuccess: (d) => {
        setDraft(draftOf(d));
        toast.success(DIVISION_MSG.SAVED(d.code));
      },
      onError: (e) => {
        if (!(e instanceof ApiError)) return;
        if (e.status === 409) {
          const current = (e.body as { current?: Division } | undefined)?.current;
          if (current) setDraft(draftOf(current));
          setErrors({ form: `${DIVISION_MSG.CONFLICT(current?.code ?? draft.code)}. The form now shows the division as saved.` });
        } else if (e.status === 400 || e.status === 404) {
          setErrors(errorsOf(e));
        } else {
          setErrors({ form: e.message });
        }
      },
    });
  };

  let body: React.ReactNode;
  if (divisions.isPending) {
    body = (
      <Center py="xl">
        <Loader aria-label="Loading divisions" />
      </Center>
    );
  } else if (divisions.isError) {
    body = (
      <Alert color="red" title="The divisions could not be loaded">
        <Stack gap="xs" align="flex-start">
          <Text size="sm">{divisions.error.message}</Text>
          <Button size="xs" variant="light" color="red" onClick={() => void divisions.refetch()}>
            Try again
          </Button>
        </Stack>
      </Alert>
    );
  } else {
    body = (
      <Grid gap="lg">
        <Grid.Col span={{ base: 12, lg: 5 }}>
          <Stack gap="md">
            {list.length === 0 ? (
              <Text c="dimmed" py="md">
                There are no divisions yet.{mayEdit ? ' Add the first one.' : ''}
              </Text>
            ) : (
              <DivisionTable divisions={list} colours={colours} selectedId={draft?.id ?? null} onOpen={(d) => void open(d)} />
            )}
            {draft && (
              <DivisionForm
                key={draft.id ?? NEW_DIVISION}
                draft={draft}
                onChange={(next) => {
                  setDraft(next);
                  // a field's message goes once the field is changed
                  setErrors((e) => Object.fromEntries(Object.entries(e).filter(([k]) => k !== 'form' && next[k as keyof DivisionDraft] === draft[k as keyof DivisionDraft])));
                }}
                errors={errors}
                readOnly={!mayEdit}
                saving={save.isPending}
                dirty={dirty}
                owners={owners}
                onSave={onSave}
                onCancel={() => {
                  setErrors({});
                  setDraft(null);
                }}
              />
            )}
          </Stack>
        </Grid.Col>
        <Grid.Col span={{ base: 12, lg: 7 }}>
          <Stack gap="md">
            <Suspense fallback={<Loader size="sm" aria-label="Loading the map" />}>
              <CountyMap
                stateIds={states}
                focusStateId={draft?.state ? stateFipsOfCode(draft.state) : null}
                owners={owners}
                colours={colours}
                editingId={draft ? (draft.id ?? NEW_DIVISION) : null}
                onCountyClick={onCountyClick}
              />
            </Suspense>
            <Text size="xs" c="dimmed">
              {draft && mayEdit
                ? `Click a county to add it to ${draft.code || 'the new division'} or take it out; save the division to keep the change.`
                : 'Click a county to open its division.'}
            </Text>
            <ZipLookup />
          </Stack>
        </Grid.Col>
      </Grid>
    );
  }

  return (
    <Stack gap="lg">
      <Group justify="space-between">
        <Title order={1} size="h3">
          Divisions
        </Title>
        {mayEdit && !divisions.isPending && (
          <Button leftSection={<IconPlus size={16} />} onClick={() => void open(null)}>
            New division
          </Button>
        )}
      </Group>
      {body}
    </Stack>
  );
}
