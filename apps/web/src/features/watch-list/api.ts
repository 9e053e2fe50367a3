import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { contract, MSG, type BodyOf } from '@tripline/core';
import { ApiError, callApi } from '../../lib/api.ts';

export const watchListKey = ['elevated-members'] as const;

/** The watch list (GET elevated-members). */
export function useWatchList() {
  return useQuery({
    queryKey: watchListKey,
    queryFn: ({ signal }) => callApi(contract.elevatedMembers, { signal, quiet: true }),
  });
}

/** Adds or changes an entry (POST elevated-members); the dialog shows its own refusals. */
export function useSaveEntry() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (body: BodyOf<typeof contract.elevatedMemberSave>) => callApi(contract.elevatedMemberSave, { body, quiet: [400, 404] }),
    onSettled: () => client.invalidateQueries({ queryKey: watchListKey }),
  });
}

/** Takes an entry off the list (DELETE elevated-members). */
export function useRemoveEntry() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (id: string) => callApi(contract.elevatedMemberRemove, { query: { id }, quiet: [404] }),
    onSettled: () => client.invalidateQueries({ queryKey: watchListKey }),
  });
}

/** Sends the workbook (POST watch-list-upload) and answers its preview. */
export function uploadWatchList(file: File) {
  const form = new FormData();
  form.append('file', file, file.name);
  return callApi(contract.watchListUpload, { body: form, quiet: true, timeoutMs: 120_000 });
}

/** Applies a previewed upload (POST watch-list-upload-apply). */
export function useApplyUpload() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (uploadId: string) => callApi(contract.watchListApply, { body: { uploadId }, quiet: true, timeoutMs: 120_000 }),
    onSettled: () => client.invalidateQueries({ queryKey: watchListKey }),
  });
}

/**
 * spec 3 §8: an upload's failure shows what the server said, or 'Could not communicate with
 * server' when it said nothing (no answer at all included).
 */
export function uploadFailureText(e: unknown): string {
  return e instanceof ApiError && e.serverMessage ? e.serverMessage : MSG.NO_COMMUNICATION;
}
