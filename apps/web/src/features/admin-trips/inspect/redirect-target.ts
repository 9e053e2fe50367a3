/** Who follows the link: operator staff, or a partner's user who is not staff (spec 1 §6). */
export type RedirectAudience = 'staff' | 'partner';

export interface RedirectRequest {
  referenceNumber: string | null;
  passengerId: string | null;
  /** A trip id, as trip inspect links carry it. */
  id?: string | null;
}

/** What the redirect needs to know about the linked trip, once looked up. */
export interface LinkedTrip {
  id: string;
  referenceNumber: string;
  serviceDate: string;
}

/**
 * Where /admin/trips-redirect sends (spec 2 §2, spec 1 §6). Staff get the trip search with the trip
 * opened in trip inspect (by reference number), or the passenger's trips of today; a partner gets
 * its Home list filtered to the trip's day and reference. `trip` is the trip of the reference number
 * (or of the id), null when it was not found.
 */
export function redirectTarget(audience: RedirectAudience, req: RedirectRequest, trip: LinkedTrip | null, today: string): string {
  const ref = req.referenceNumber?.trim() || trip?.referenceNumber || null;
  const passengerId = req.passengerId?.trim() || null;
  if (audience === 'partner') {
    if (ref && trip) return `/?${new URLSearchParams({ date: trip.serviceDate, q: ref })}`;
    return '/';
  }
  if (ref) {
    const query = new URLSearchParams({ referenceNumber: ref });
    if (trip) query.set('inspect', trip.id);
    return `/admin/trips?${query}`;
  }
  if (passengerId) return `/admin/trips?${new URLSearchParams({ passengerId, serviceDate: today })}`;
  return '/admin/trips';
}
