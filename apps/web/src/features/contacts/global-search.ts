import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { TYPEAHEAD_MIN_CHARS, contract } from '@tripline/core';
import { callApi } from '../../lib/api.ts';

export function globalSearchQueryOptions(q: string) {
  return queryOptions({
    queryKey: ['global-search', q],
    queryFn: ({ signal }) => callApi(contract.globalSearch, { query: { q }, signal }),
    enabled: q.length >= TYPEAHEAD_MIN_CHARS,
    placeholderData: keepPreviousData,
    staleTime: 30_000,
  });
}

export function useGlobalSearch(q: string) {
  return useQuery(globalSearchQueryOptions(q));
}
