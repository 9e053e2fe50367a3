import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { contract, type DistanceResult, type GeocodeResult, type NearbyPlace } from '@tripline/core';
import { callApi } from '../../lib/api.ts';

/** Places a typed address or a 'lat,lng' pair (GET api/v1/geocode-address); the field shows its own messages. */
export function geocodeAddress(address: string, signal?: AbortSignal): Promise<GeocodeResult> {
  return callApi(contract.geocodeAddress, { query: { address }, signal, quiet: true });
}

/** The passenger's saved addresses and recent stops (GET address-options). */
export function useAddressOptions(passengerId: string | null | undefined) {
  return useQuery({
    queryKey: ['address-options', passengerId],
    queryFn: ({ signal }) => callApi(contract.addressOptions, { query: { passengerId: passengerId ?? '' }, signal, quiet: true }),
    enabled: !!passengerId,
    staleTime: 60_000,
  });
}

/** Cities starting with the text (GET autocomplete-cities), from 2 letters. */
export function useCityOptions(q: string, state?: string) {
  const text = q.trim();
  return useQuery({
    queryKey: ['autocomplete-cities', text.toLowerCase(), state ?? null],
    queryFn: ({ signal }) => callApi(contract.autocompleteCities, { query: { q: text, state }, signal, quiet: true }),
    enabled: text.length >= 2,
    staleTime: 5 * 60_000,
    placeholderData: keepPreviousData,
  });
}

export interface DistancePoints {
  origin?: { lat: number; lng: number } | null;
  destination?: { lat: number; lng: number } | null;
  /** Two saved address ids, instead of the points. */
  ids?: readonly [string, string];
  arrivalTime?: string;
  departureTime?: string;
}

const pair = (p: { lat: number; lng: number }) => `${p.lat},${p.lng}`;

/** The drive between two stops (GET api/v1/distance); nulls when one has no location. */
export async function fetchDistance(points: DistancePoints, signal?: AbortSignal): Promise<DistanceResult> {
  const empty: DistanceResult = { meters: null, seconds: null, secondsNoTraffic: null };
  const query = points.ids
    ? { ids: points.ids.join(',') }
    : points.origin && points.destination
      ? { origin: pair(points.origin), destination: pair(points.destination) }
      : null;
  if (!query) return empty;
  return callApi(contract.distance, {
    query: { ...query, arrivalTime: points.arrivalTime, departureTime: points.departureTime },
    signal,
    quiet: true,
  });
}

/** Stored places of a type near a point (POST places/nearby; reads only, so it may run beside a save). */
export function placesNearby(type: NearbyPlace['type'], location: { lat: number; lng: number }, signal?: AbortSignal): Promise<NearbyPlace[]> {
  return callApi(contract.placesNearby, { body: { type, location }, signal, concurrent: true, quiet: true });
}

/** The places of a type near a point, while a point is known. */
export function usePlacesNearby(type: NearbyPlace['type'], location: { lat: number; lng: number } | null) {
  return useQuery({
    queryKey: ['places-nearby', type, location?.lat, location?.lng],
    queryFn: ({ signal }) => placesNearby(type, location!, signal),
    enabled: !!location,
  });
}
