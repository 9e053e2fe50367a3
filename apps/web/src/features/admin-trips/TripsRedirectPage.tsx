import { useEffect } from 'react';
import { useNavigate, useSearchParams } from 'react-router';
import { isStaff, operatorToday } from '@tripline/core';
import { FullPageLoader } from '../../components/FullPageLoader.tsx';
import { ApiError } from '../../lib/api.ts';
import { useCurrentUser } from '../../lib/current-user.ts';
import { toast } from '../../lib/toast.tsx';
import { loadTrip, loadTripsByReference } from './inspect/api.ts';
import { redirectTarget, type LinkedTrip } from './inspect/redirect-target.ts';

/**
 * /admin/trips-redirect?referenceNumber= or ?passengerId= (spec 2 §2), or ?id= of a trip inspect
 * link that a partner followed: a link to a trip that works
 * for everyone who may see it. Staff land in the trip search with the trip open; partners who are
 * not staff land on their Home list filtered by the trip's day and reference (spec 1 §6).
 */
export function TripsRedirectPage() {
  const [params] = useSearchParams();
  const navigate = useNavigate();
  const user = useCurrentUser().data;
  const referenceNumber = params.get('referenceNumber');
  const passengerId = params.get('passengerId');
  const id = params.get('id');

  useEffect(() => {
    if (!user) return;
    const controller = new AbortController();
    const audience = isStaff(user) ? 'staff' : 'partner';
    const ref = referenceNumber?.trim() ?? '';
    const tripId = id?.trim() ?? '';
    const lookUp = async (): Promise<LinkedTrip | null> => {
      if (!ref && !tripId) return null;
      try {
        const rows = ref ? await loadTripsByReference(ref, controller.signal) : await loadTrip(tripId, controller.signal);
        return rows[0] ?? null;
      } catch (error) {
        if (controller.signal.aborted) throw error;
        if (!(error instanceof ApiError) || ![400, 404].includes(error.status)) throw error;
        return null;
      }
    };
    lookUp().then(
      (trip) => {
        if (controller.signal.aborted) return;
        if ((ref || tripId) && !trip) toast.warning(ref ? `No trip ${ref} was found.` : 'The trip was not found.', { duration: 'medium' });
        navigate(redirectTarget(audience, { referenceNumber, passengerId, id }, trip, operatorToday(new Date())), { replace: true });
      },
      () => {
        // The failure was shown by the app; the search still helps staff, Home helps partners.
        if (!controller.signal.aborted) navigate(audience === 'staff' ? '/admin/trips' : '/', { replace: true });
      },
    );
    return () => controller.abort();
  }, [user, referenceNumber, passengerId, id, navigate]);

  return <FullPageLoader label="Finding the trip…" />;
}
