import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { contract, type QueryOf, type Vehicle, type VehicleSaveInput } from '@tripline/core';
import { callApi } from '../../lib/api.ts';

export type VehicleFilter = NonNullable<QueryOf<typeof contract.vehiclesAffiliate>>;

export const vehiclesKey = ['vehicles'] as const;
const STATIC = 60 * 60_000;

/** The fleet in the caller's scope with the list's filters (vehicles-affiliate). */
export function useVehicles(filter: VehicleFilter, enabled: boolean) {
  return useQuery({
    queryKey: [...vehiclesKey, filter],
    queryFn: ({ signal }) => callApi(contract.vehiclesAffiliate, { query: filter, signal, validate: false }),
    enabled,
  });
}

/** Saves a vehicle: new without id, a change with the modCount it was read at (409 when someone else changed it). */
export function useSaveVehicle() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (body: VehicleSaveInput) => callApi(contract.saveVehicleAffiliate, { body, quiet: [400, 403, 404, 409] }),
    onSuccess: (saved) => {
      client.setQueriesData<Vehicle[]>({ queryKey: vehiclesKey }, (list) => list?.map((v) => (v.id === saved.id ? saved : v)));
    },
    onSettled: () => client.invalidateQueries({ queryKey: vehiclesKey }),
  });
}

export function useDeleteVehicle() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (v: Pick<Vehicle, 'id' | 'modCount'>) =>
      callApi(contract.deleteVehicleAffiliate, { query: { id: v.id, modCount: v.modCount }, quiet: [400, 404, 409] }),
    onSettled: () => client.invalidateQueries({ queryKey: vehiclesKey }),
  });
}

/** Decodes a valid 17-character VIN (model year and maker, more through the decoder). */
export function lookUpVin(vin: string) {
  return callApi(contract.vinLookup, { query: { vin }, quiet: true });
}

/** The seating of a make, model and year; 404 when the table does not list it. */
export function lookUpCapabilities(make: string, model: string, year: string) {
  return callApi(contract.vehicleCapabilitiesLookup, { query: { make, model, year }, quiet: true });
}

export function useColorOptions(enabled: boolean) {
  return useQuery({ queryKey: ['vehicle-colors'], queryFn: ({ signal }) => callApi(contract.vehicleColorOptions, { signal }), enabled, staleTime: STATIC });
}

export function useMakeModels(enabled: boolean) {
  return useQuery({ queryKey: ['vehicle-make-model'], queryFn: ({ signal }) => callApi(contract.vehicleMakeModel, { signal }), enabled, staleTime: STATIC });
}

export { usePartners } from '../../lib/partners.tsx';

/** The owning partner's drivers, for the take-home employee. */
export function usePartnerDrivers(partnerId: string | null, staff: boolean) {
  return useQuery({
    queryKey: ['drivers', partnerId],
    queryFn: ({ signal }) => callApi(contract.drivers, { query: staff && partnerId ? { providerId: partnerId } : {}, signal, quiet: true }),
    enabled: partnerId !== null,
    staleTime: 60_000,
  });
}

/** Reads a vehicles CSV into a preview; nothing is saved yet. */
export function useImportUpload() {
  return useMutation({
    mutationFn: (input: { csv: string; partnerId?: string }) => callApi(contract.vehicleImportUpload, { body: input, quiet: [400, 403, 404] }),
  });
}

/** Saves a previewed import in one go. */
export function useImportApprove() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (importId: string) => callApi(contract.vehicleImportApprove, { body: { importId }, quiet: [400, 404, 409] }),
    onSettled: () => client.invalidateQueries({ queryKey: vehiclesKey }),
  });
}
