import { useQuery } from '@tanstack/react-query';
import { contract, reservationKey, type ContactOption, type ReservationDetail, type ReservationLegInput, type ReservationSave } from '@tripline/core';
import { callApi } from '../../lib/api.ts';
import { passengerOption } from './form.ts';

/** The statuses the editor explains itself: refusals with their fields, missing trips and stale copies. */
export const EDITOR_QUIET = [400, 403, 404, 409] as const;

/** GET drive-assignments-detailed for the route's {id}: over 10 characters an id, else a reference number. */
export function loadReservation(param: string, signal?: AbortSignal): Promise<ReservationDetail> {
  const key = reservationKey(param);
  const query = 'id' in key ? { id: key.id } : 'referenceNumber' in key ? { referenceNumber: key.referenceNumber } : {};
  return callApi(contract.reservationDetail, { query, signal, quiet: [400, 404] });
}

export function saveReservation(body: ReservationSave, applyToAll: boolean) {
  return callApi(contract.reservationSave, { body, query: { applyToAll }, quiet: EDITOR_QUIET });
}

export function assistantLeg(tripLeg: ReservationLegInput, whichLeg: string, billToId: string | null) {
  return callApi(contract.addAssistantTransient, { body: { tripLeg, whichLeg, billToId }, quiet: [400] });
}

export function overrideCreated(referenceNumber: string, createdOverride: string | null) {
  return callApi(contract.overrideCreated, { body: { referenceNumber, createdOverride }, quiet: EDITOR_QUIET });
}

/** The request history of a saved reservation (GET reservation-requests). */
export function useReservationRequests(referenceNumber: string | null, modCount: number | null) {
  return useQuery({
    queryKey: ['reservation-requests', referenceNumber, modCount],
    queryFn: ({ signal }) => callApi(contract.reservationRequests, { query: { referenceNumber: referenceNumber ?? '' }, signal }),
    enabled: !!referenceNumber,
  });
}

/**
 * The passenger a new trip is booked for (/drive-assv-edit/new?passengerId=): named by the quick
 * coverage lookup, then found by that name in the passenger typeahead for the picker's details.
 */
export function useQueryPassenger(passengerId: string | null) {
  return useQuery({
    queryKey: ['reservation-passenger', passengerId],
    enabled: !!passengerId,
    retry: false,
    queryFn: async ({ signal }): Promise<ContactOption | null> => {
      const id = passengerId ?? '';
      const lookup = await callApi(contract.coverageLookup, { query: { contactId: id }, signal, quiet: true });
      const hits = lookup.name.trim().length >= 3 ? await callApi(contract.autocompleteContact, { query: { query: lookup.name, type: 'S/N Passenger' }, signal, quiet: true }) : [];
      return hits.find((h) => h.id === id) ?? passengerOption({ id, name: lookup.name });
    },
  });
}
