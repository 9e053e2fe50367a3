import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { contract, ZIP_PATTERN, type BodyOf, type Division } from '@tripline/core';
import { callApi } from '../../lib/api.ts';

export const divisionsKey = ['divisions'] as const;

/** Every division with its counties (GET divisions). */
export function useDivisions() {
  return useQuery({
    queryKey: divisionsKey,
    queryFn: ({ signal }) => callApi(contract.divisions, { signal, quiet: true }),
  });
}

/** Saves a division (POST divisions); the form shows 400 and 409 itself. */
export function useSaveDivision() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (body: BodyOf<typeof contract.divisionSave>) => callApi(contract.divisionSave, { body, quiet: [400, 403, 404, 409] }),
    onSuccess: (saved) => {
      client.setQueryData<Division[]>(divisionsKey, (list) => {
        if (!list) return list;
        const at = list.findIndex((d) => d.id === saved.id);
        return at < 0 ? [...list, saved].sort((a, b) => a.code.localeCompare(b.code)) : list.map((d) => (d.id === saved.id ? saved : d));
      });
    },
    // counties moved from other divisions change those too
    onSettled: () => client.invalidateQueries({ queryKey: divisionsKey }),
  });
}

/** A ZIP's city, county and division (GET zip-codes), once five digits are typed. */
export function useZipCode(zip: string) {
  return useQuery({
    queryKey: ['zip-codes', zip],
    queryFn: ({ signal }) => callApi(contract.zipCode, { query: { zip }, signal, quiet: true }),
    enabled: ZIP_PATTERN.test(zip),
    retry: false,
    staleTime: 60_000,
  });
}
