import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { contract, type BodyOf, type CannedQuery } from '@tripline/core';
import { callApi } from '../../lib/api.ts';

export const cannedQueriesKey = ['canned-queries'] as const;

/** Saved custom queries, UrgentUnaccepted first (staff only). */
export function useCannedQueries(enabled: boolean) {
  return useQuery({
    queryKey: cannedQueriesKey,
    queryFn: ({ signal }) => callApi(contract.cannedQueries, { signal }),
    enabled,
  });
}

/** Saves a custom query: new without id, or replacing one with its modCount (409 when someone else changed it). */
export function useSaveCannedQuery() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (body: BodyOf<typeof contract.cannedQuerySave>) => callApi(contract.cannedQuerySave, { body, quiet: [400, 403, 404, 409] }),
    onSuccess: (saved) => {
      client.setQueryData<CannedQuery[]>(cannedQueriesKey, (list) => {
        if (!list) return list;
        const at = list.findIndex((q) => q.id === saved.id);
        return at < 0 ? [...list, saved] : list.map((q) => (q.id === saved.id ? saved : q));
      });
    },
    onSettled: () => client.invalidateQueries({ queryKey: cannedQueriesKey }),
  });
}

export function useDeleteCannedQuery() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (id: string) => callApi(contract.cannedQueryDelete, { query: { id }, quiet: [400, 403, 404] }),
    onSettled: () => client.invalidateQueries({ queryKey: cannedQueriesKey }),
  });
}

/** Prepares the CSV download of a search after the password is entered again; answers the download address. */
export function useCsvExport() {
  return useMutation({
    mutationFn: (body: BodyOf<typeof contract.csvExport>) => callApi(contract.csvExport, { body, quiet: [400, 403] }),
  });
}
