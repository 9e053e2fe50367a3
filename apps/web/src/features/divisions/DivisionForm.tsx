import { Alert, Button, Group, MultiSelect, Paper, Select, SimpleGrid, Stack, Text, TextInput, Title } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import type { Feature } from 'geojson';
import { DIVISION_TIME_ZONES, DIVISION_MSG, stateFipsOfCode, US_STATE_CODES, US_STATES_BY_FIPS, type CountyRef } from '@tripline/core';
import { loadAtlas } from '../geo/atlas.ts';
import { zoneLabel } from './colours.ts';
import type { CountyOwner, DivisionDraft } from './draft.ts';

export interface DivisionFormProps {
  draft: DivisionDraft;
  onChange(next: DivisionDraft): void;
  errors: Record<string, string>;
  /** Without adminAccess the division is shown, not changed. */
  readOnly: boolean;
  saving: boolean;
  dirty: boolean;
  owners: ReadonlyMap<string, CountyOwner>;
  onSave(): void;
  onCancel(): void;
}

const STATE_OPTIONS = US_STATE_CODES.map((code) => ({ value: code, label: `${code} · ${Object.values(US_STATES_BY_FIPS).find((s) => s.code === code)?.name ?? code}` }));
const ZONE_OPTIONS = DIVISION_TIME_ZONES.map((z) => ({ value: z, label: zoneLabel(z) }));

/** The counties of a state as the map draws them, by name. */
function useStateCounties(state: string | null) {
  const fips = state ? stateFipsOfCode(state) : null;
  return useQuery({
    queryKey: ['atlas-counties', fips],
    queryFn: async () => {
      const { counties } = await loadAtlas();
      return counties
        .filter((f: Feature) => String(f.id ?? '').padStart(5, '0').startsWith(fips!))
        .map((f: Feature) => ({ fips: String(f.id).padStart(5, '0'), name: String((f.properties as { name?: string }).name ?? f.id) }))
        .sort((a, b) => a.name.localeCompare(b.name));
    },
    enabled: !!fips,
    staleTime: Infinity,
  });
}

/** The division edit form (spec 2 §3, 3 §5): code like NM01, name, state, time zone and counties. */
export function DivisionForm({ draft, onChange, errors, readOnly, saving, dirty, owners, onSave, onCancel }: DivisionFormProps) {
  const stateCounties = useStateCounties(draft.state);
  const known = new Map<string, CountyRef>([...(stateCounties.data ?? []), ...draft.counties].map((c) => [c.fips, c]));
  const options = [...known.values()]
    .sort((a, b) => a.name.localeCompare(b.name))
    .map((c) => {
      const owner = owners.get(c.fips);
      const elsewhere = owner && !draft.counties.some((d) => d.fips === c.fips) ? ` (${owner.code})` : '';
      return { value: c.fips, label: `${c.name}${elsewhere}` };
    });
  const set = (change: Partial<DivisionDraft>) => onChange({ ...draft, ...change });

  return (
    <Paper withBorder p="md" radius="md" component="form" noValidate aria-label="Division" onSubmit={(e) => (e.preventDefault(), onSave())}>
      <Stack gap="sm">
        <Title order={2} size="h5">
          {draft.id ? `Division ${draft.code}` : 'New division'}
        </Title>
        {readOnly && (
          <Text size="sm" c="dimmed">
            {DIVISION_MSG.ADMIN_ONLY}.
          </Text>
        )}
        <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="sm">
          <TextInput
            label="Code"
            description="Two letters and two digits, like NM01"
            value={draft.code}
            maxLength={4}
            onChange={(e) => set({ code: e.currentTarget.value.toUpperCase() })}
            error={errors.code}
            readOnly={readOnly}
            required
            data-autofocus
          />
          <TextInput label="Name" value={draft.name} maxLength={60} onChange={(e) => set({ name: e.currentTarget.value })} error={errors.name} readOnly={readOnly} required />
          <Select
            label="State"
            data={STATE_OPTIONS}
            value={draft.state}
            onChange={(v) => set({ state: v })}
            searchable
            error={errors.state}
            readOnly={readOnly}
            required
            comboboxProps={{ zIndex: 1100 }}
          />
          <Select
            label="Time zone"
            data={ZONE_OPTIONS}
            value={draft.timeZone}
            onChange={(v) => set({ timeZone: v })}
            searchable
            error={errors.timeZone}
            readOnly={readOnly}
            required
            comboboxProps={{ zIndex: 1100 }}
          />
        </SimpleGrid>
        <MultiSelect
          label="Counties"
          description={readOnly ? undefined : 'Pick counties here or click them on the map; a county of another division moves here.'}
          placeholder={draft.state ? 'Add a county' : 'Choose the state first'}
          data={options}
          value={draft.counties.map((c) => c.fips)}
          onChange={(fips) => set({ counties: fips.map((f) => known.get(f)!).filter(Boolean) })}
          searchable
          readOnly={readOnly}
          error={errors.counties}
          nothingFoundMessage="No such county in this state"
          comboboxProps={{ zIndex: 1100 }}
        />
        {errors.form && (
          <Alert color="red" role="alert">
            {errors.form}
          </Alert>
        )}
        {!readOnly && (
          <Group justify="flex-end">
            <Button variant="default" onClick={onCancel} disabled={saving}>
              {dirty ? 'Discard changes' : 'Close'}
            </Button>
            <Button type="submit" loading={saving} disabled={!dirty}>
              Save division
            </Button>
          </Group>
        )}
      </Stack>
    </Paper>
  );
}
