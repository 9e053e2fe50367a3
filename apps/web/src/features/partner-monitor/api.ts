import { keepPreviousData, useQuery, useQueryClient } from '@tanstack/react-query';
import { contract, type MonitorQuery } from '@tripline/core';
import { callApi } from '../../lib/api.ts';

export const monitorKey = ['partner-monitor'] as const;

/** One page of the partner monitor (GET partner-monitor), kept while the next page loads. */
export function useMonitorPage(query: MonitorQuery) {
  return useQuery({
    queryKey: [...monitorKey, query],
    queryFn: ({ signal }) => callApi(contract.partnerMonitorList, { query, signal, quiet: [400] }),
    placeholderData: keepPreviousData,
  });
}

/** What the rate and mileage dialogs start from (GET adjust-mileage): the trip's rate, loaded and deadhead miles. */
export function usePayBasis(tripId: string, modCount: number) {
  return useQuery({
    queryKey: ['pay-basis', tripId, modCount],
    queryFn: ({ signal }) => callApi(contract.payAdjustmentBasis, { query: { driveAssignmentId: tripId }, signal }),
    retry: false,
  });
}

/** After a request or a review: the monitor, the trip's activity list and its pay are read again. */
export function useAfterPayChange() {
  const queryClient = useQueryClient();
  return (tripId: string) => {
    void queryClient.invalidateQueries({ queryKey: monitorKey });
    void queryClient.invalidateQueries({ queryKey: ['partner-activity', tripId] });
    void queryClient.invalidateQueries({ queryKey: ['pay-basis', tripId] });
  };
}
