import { seatNeed, type MarketplaceState } from '@tripline/core';

/** Marker colours by the kind of place a trip needs (the map's legend says the same). */
export const NEED_COLORS = {
  ambulatory: '#1971c2',
  wheelchair: '#e8590c',
  stretcher: '#c2255c',
  anyVehicle: '#6741d9',
} as const;

export const NEED_LABELS: Record<keyof typeof NEED_COLORS, string> = {
  ambulatory: 'Ambulatory',
  wheelchair: 'Wheelchair',
  stretcher: 'Stretcher',
  anyVehicle: 'Other vehicle',
};

export const VEHICLE_COLOR = '#212529';

export interface MarkerLook {
  radius: number;
  color: string;
  weight: number;
  fillColor: string;
  fillOpacity: number;
  opacity: number;
}

/**
 * A pickup marker: filled in the colour of the service type when it can be claimed, hollow while
 * reserved for its partner, grey once gone; a selected trip is larger with a dark ring.
 */
export function markerLook(serviceType: string, state: MarketplaceState, selected: boolean): MarkerLook {
  const need = seatNeed(serviceType) ?? 'anyVehicle';
  const colour = state === 'noLongerAvailable' || state === 'canceled' ? '#adb5bd' : NEED_COLORS[need];
  if (selected) return { radius: 8, color: '#212529', weight: 3, fillColor: colour, fillOpacity: 0.85, opacity: 1 };
  // a reserved trip is a ring; the others a plain disc (no outline to draw: thousands draw in half the time)
  if (state === 'reserved') return { radius: 5, color: colour, weight: 1.5, fillColor: colour, fillOpacity: 0.15, opacity: 1 };
  return { radius: 5.5, color: colour, weight: 0, fillColor: colour, fillOpacity: 0.85, opacity: 1 };
}
