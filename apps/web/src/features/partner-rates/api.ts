import { useQuery, useQueryClient } from '@tanstack/react-query';
import { contract, type NewPartnerRate, type RateBreakdown, type RateType } from '@tripline/core';
import { callApi } from '../../lib/api.ts';

export const ratesKey = ['partner-rates'] as const;

/** GET partner-rates, narrowed by partner and bill-to. */
export function useRates(query: { providerId: string | null; billToId: string | null }) {
  return useQuery({
    queryKey: [...ratesKey, query],
    queryFn: ({ signal }) =>
      callApi(contract.partnerRates, { query: { providerId: query.providerId ?? undefined, billToId: query.billToId ?? undefined }, signal, quiet: true }),
  });
}

/** The bill-to accounts, for the filter and the new rate's picker. */
export function useBillTos(enabled: boolean) {
  return useQuery({
    queryKey: ['bill-to-options'],
    queryFn: ({ signal }) => callApi(contract.contacts, { query: { type: 'Bill To' }, signal, quiet: true }),
    enabled,
    staleTime: 5 * 60_000,
    select: (list) => list.contacts.map((c) => ({ value: c.id, label: c.name })),
  });
}

/** After a rate write: every list of rates reads again. */
export function useAfterRateChange() {
  const client = useQueryClient();
  return () => client.invalidateQueries({ queryKey: ratesKey });
}

export const addRate = (body: NewPartnerRate) => callApi(contract.partnerRateAdd, { body, quiet: true });

export const endRate = (id: string, dateEnd: string, modCount: number) =>
  callApi(contract.partnerRateChange, { query: { id, dateEnd, modCount }, quiet: true });

export const correctRate = (id: string, modCount: number, amounts: { rateType: RateType } & Partial<RateBreakdown>) =>
  callApi(contract.partnerRateChange, { query: { id, modCount }, body: amounts, quiet: true });
