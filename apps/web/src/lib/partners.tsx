import { Select } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { contract } from '@tripline/core';
import { callApi } from './api.ts';

/** The partner companies staff choose from, as Select options (GET autocomplete affiliates). */
export function usePartners(enabled: boolean) {
  return useQuery({
    queryKey: ['affiliate-options'],
    queryFn: ({ signal }) => callApi(contract.affiliateOptions, { query: {}, signal, quiet: true }),
    enabled,
    staleTime: 5 * 60_000,
    select: (list) => list.map((p) => ({ value: p.id, label: p.name })),
  });
}

/** A staff list's partner filter: every partner until one is chosen. */
export function PartnerFilter({ value, onChange, w = 240 }: { value: string | null; onChange(id: string | null): void; w?: number }) {
  const partners = usePartners(true);
  return <Select label="Partner" placeholder="All partners" searchable clearable w={w} data={partners.data ?? []} value={value} onChange={onChange} />;
}
