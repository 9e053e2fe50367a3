import type { PoolClient } from 'pg';

export interface DeclineRecord {
  driveAssignmentId: string;
  partnerId: string | null;
  reason: string;
  /** Who entered it: the partner's user, or the staff member taking a phoned-in decline. */
  enteredBy: string;
  /** Entered by staff for the partner (decline-da-on-behalf-of-partner). */
  onBehalf: boolean;
}

/** Keeps every decline of a trip by a partner as a row (the search and the partner score read them). */
export async function recordDecline(client: PoolClient, d: DeclineRecord): Promise<void> {
  await client.query(
    'insert into trip_declines (drive_assignment_id, partner_id, reason, entered_by, on_behalf) values ($1, $2, $3, $4, $5)',
    [d.driveAssignmentId, d.partnerId, d.reason, d.enteredBy, d.onBehalf],
  );
}
