import { useEffect, useState } from 'react';
import { Group, NumberInput, TextInput } from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { MARKETPLACE_MAX_DAYS_AHEAD, MARKETPLACE_MAX_RANGE, MARKETPLACE_MIN_RANGE, MARKETPLACE_MSG, addDays } from '@tripline/core';
import { DayInput } from '../../components/DayInput.tsx';
import type { MarketplaceParams } from './marketplace-filter.ts';

/** Typed filters reach the URL (and the server) once typing pauses this long. */
const TYPING_MS = 400;

export interface MarketplaceFiltersProps {
  params: MarketplaceParams;
  today: string;
  /** The ZIP distances are measured from when none is typed (the partner's base), if known. */
  baseZip: string | null;
  onChange(next: MarketplaceParams): void;
}

/**
 * The server's filters (spec 1 §2, 2 §9): a date from today to 6 days ahead (other days disabled),
 * a 5-digit ZIP, a range of 1–300 miles, words, and exact reference numbers (any date).
 */
export function MarketplaceFilters({ params, today, baseZip, onChange }: MarketplaceFiltersProps) {
  const [zip, setZip] = useState(params.zip ?? '');
  const [range, setRange] = useState<string | number>(params.range);
  const [q, setQ] = useState(params.q);
  const [refs, setRefs] = useState(params.referenceNumbers);
  const [typed] = useDebouncedValue({ zip, range, q, refs }, TYPING_MS);

  const zipProblem = zip !== '' && !/^\d{5}$/.test(zip) ? MARKETPLACE_MSG.ZIP : null;
  const rangeNumber = typeof range === 'number' ? range : Number(range);
  const rangeProblem = !Number.isInteger(rangeNumber) || rangeNumber < MARKETPLACE_MIN_RANGE || rangeNumber > MARKETPLACE_MAX_RANGE ? MARKETPLACE_MSG.RANGE : null;

  useEffect(() => {
    const next = { ...params, q: typed.q.trim(), referenceNumbers: typed.refs.trim() };
    if (typed.zip === '' || /^\d{5}$/.test(typed.zip)) next.zip = typed.zip || null;
    const r = Number(typed.range);
    if (Number.isInteger(r) && r >= MARKETPLACE_MIN_RANGE && r <= MARKETPLACE_MAX_RANGE) next.range = r;
    if (next.zip !== params.zip || next.range !== params.range || next.q !== params.q || next.referenceNumbers !== params.referenceNumbers) onChange(next);
    // only typing moves the URL from here; the URL's own changes (back button) come in through params
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [typed]);

  const exact = params.referenceNumbers !== '';
  return (
    <Group gap="sm" align="flex-start" wrap="wrap">
      <DayInput
        label="Date"
        value={params.date}
        onChange={(v) => v && onChange({ ...params, date: v })}
        minDate={today}
        maxDate={addDays(today, MARKETPLACE_MAX_DAYS_AHEAD)}
        disabled={exact}
        w={140}
      />
      <TextInput
        label="ZIP code"
        value={zip}
        onChange={(e) => setZip(e.currentTarget.value.replace(/\D/g, '').slice(0, 5))}
        placeholder={baseZip ?? 'Your base'}
        inputMode="numeric"
        error={zipProblem}
        disabled={exact}
        w={110}
      />
      <NumberInput
        label="Range (miles)"
        value={range}
        onChange={setRange}
        min={MARKETPLACE_MIN_RANGE}
        max={MARKETPLACE_MAX_RANGE}
        allowDecimal={false}
        allowNegative={false}
        clampBehavior="none"
        error={rangeProblem}
        disabled={exact}
        w={120}
      />
      <TextInput
        label="Search"
        description="Reference, city, ZIP, county, facility or service type"
        value={q}
        onChange={(e) => setQ(e.currentTarget.value)}
        w={220}
        type="search"
      />
      <TextInput
        label="Reference numbers"
        description="Exactly these trips, on any date"
        value={refs}
        onChange={(e) => setRefs(e.currentTarget.value)}
        placeholder="e.g. 10234, 10235"
        w={200}
      />
    </Group>
  );
}
