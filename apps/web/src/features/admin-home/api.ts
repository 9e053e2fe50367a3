import { useQuery } from '@tanstack/react-query';
import { contract } from '@tripline/core';
import { callApi } from '../../lib/api.ts';

const INBOX_STALE_MS = 30_000;

/** Messages sent through the support form, newest first (staff). */
export function useSupportRequests(enabled: boolean) {
  return useQuery({
    queryKey: ['support-requests'],
    queryFn: ({ signal }) => callApi(contract.supportRequestList, { signal, quiet: true }),
    enabled,
    staleTime: INBOX_STALE_MS,
  });
}

/** Bug reports, newest first (staff). */
export function useBugReports(enabled: boolean) {
  return useQuery({
    queryKey: ['bug-reports'],
    queryFn: ({ signal }) => callApi(contract.bugReportList, { signal, quiet: true }),
    enabled,
    staleTime: INBOX_STALE_MS,
  });
}

/** SMS and email held in the local outbox (administrators: it carries sign-in codes). */
export function useOutbox(enabled: boolean) {
  return useQuery({
    queryKey: ['outbox-messages'],
    queryFn: ({ signal }) => callApi(contract.outboxMessages, { query: {}, signal, quiet: true }),
    enabled,
    staleTime: INBOX_STALE_MS,
  });
}
