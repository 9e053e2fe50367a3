import { isStaff, TRIP_MSG } from '@tripline/core';
import type { Pool } from 'pg';
import { loadSessionUser, type SessionUser } from '../../platform/auth/users.ts';
import { forbidden } from '../../platform/errors.ts';

/**
 * spec 1 §5: developer mode (accepting or declining trips that already occurred) is for staff.
 * While staff impersonate a partner the session's user is the partner; the person acting is the
 * impersonator, so their roles decide, read now: a staff role taken away since counts.
 */
export async function assertDeveloperMode(db: Pool, user: SessionUser, developerMode: boolean): Promise<void> {
  if (!developerMode || isStaff(user)) return;
  const impersonator = user.su ? await loadSessionUser(db, user.su.id, null) : null;
  if (impersonator && isStaff(impersonator)) return;
  throw forbidden(TRIP_MSG.DEVELOPER_MODE_STAFF_ONLY);
}
