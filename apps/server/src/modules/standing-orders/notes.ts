import { isStretcher, NOTES_MSG, type DriveAssignment, type InternalNote, type ParsedBodyOf, type ReservationNotes, type contract } from '@tripline/core';
import type { FastifyRequest } from 'fastify';
import type { Pool, PoolClient } from 'pg';
import type { SessionUser } from '../../platform/auth/users.ts';
import { auditActor, inTransaction, writeAudits, type AuditEntry } from '../../platform/audit.ts';
import type { AppDeps } from '../../platform/deps.ts';
import { badRequest, notFound } from '../../platform/errors.ts';
import { findTrip, lockTrip } from '../trips/repository.ts';

type Db = Pool | PoolClient;

const passengerIds = (trip: DriveAssignment) => [...new Set(trip.tripLegs.map((l) => l.passengerId).filter((id): id is string => !!id))];

/** Every note the note builder shows for a trip: its own, its bill-to's and its passengers' (newest first). */
export async function notesOfTrip(db: Db, trip: DriveAssignment): Promise<ReservationNotes> {
  const { rows } = await db.query<{
    id: string;
    kind: InternalNote['kind'];
    reference_number: string | null;
    note: string;
    items: string[];
    contact_id: string | null;
    entered_by: string | null;
    entered: string;
    deleted: boolean;
  }>(
    `select n.id, n.kind, n.reference_number, n.note, n.items, n.contact_id, c.name as entered_by,
            to_char(n.entered_at at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"') as entered, n.deleted
       from reservation_notes n left join contacts c on c.id = n.entered_by
      where (n.kind in ('internal', 'gurney') and n.drive_assignment_id = $1)
         or (n.kind = 'billTo' and n.contact_id = $2)
         or (n.kind = 'passenger' and n.contact_id = any($3::uuid[]))
      order by n.entered_at desc, n.id`,
    [trip.id, trip.billToContactId, passengerIds(trip)],
  );
  const notes: InternalNote[] = rows.map((r) => ({
    id: r.id,
    kind: r.kind,
    referenceNumber: r.reference_number,
    note: r.note,
    items: r.items,
    contactId: r.contact_id,
    enteredBy: r.entered_by,
    entered: r.entered,
    deleted: r.deleted,
  }));
  const of = (kind: InternalNote['kind']) => notes.filter((n) => n.kind === kind);
  return {
    driveAssignmentId: trip.id,
    referenceNumber: trip.referenceNumber,
    internalNotes: of('internal'),
    billToRequests: of('billTo'),
    passengerRequests: of('passenger'),
    gurneyChecklist: of('gurney'),
  };
}

export async function readNotes(deps: AppDeps, user: SessionUser, tripId: string): Promise<ReservationNotes> {
  const trip = await findTrip(deps.pool, user, tripId);
  if (!trip) throw notFound();
  return notesOfTrip(deps.pool, trip);
}

/**
 * POST reservation-notes (spec 2 §3 "Notes payload"): internal notes of the trip; bill-to requests
 * kept on the trip's bill-to; passenger requests kept on its passenger (the contact's special
 * requests); for a Stretcher trip the gurney checklist, which replaces the one before. One audit
 * row per note.
 */
export async function addNotes(deps: AppDeps, req: FastifyRequest, user: SessionUser, body: ParsedBodyOf<typeof contract.addReservationNotes>) {
  return inTransaction(deps.pool, async (client) => {
    const trip = await lockTrip(client, user, body.driveAssignmentId);
    if (!trip) throw notFound();
    const internal = body.internalNotes.filter(Boolean);
    const billTo = body.billToRequests.filter(Boolean);
    const passenger = body.passengerRequests.filter(Boolean);
    const gurney = body.gurneyChecklist ?? null;
    if (!internal.length && !billTo.length && !passenger.length && !gurney) throw badRequest(NOTES_MSG.EMPTY);
    if (gurney && !isStretcher(trip)) throw badRequest(NOTES_MSG.GURNEY_ONLY_STRETCHER, [{ path: 'gurneyChecklist', message: NOTES_MSG.GURNEY_ONLY_STRETCHER }]);
    if (billTo.length && !trip.billToContactId) throw badRequest(NOTES_MSG.NO_BILL_TO, [{ path: 'billToRequests', message: NOTES_MSG.NO_BILL_TO }]);
    const passengerId = passengerIds(trip)[0] ?? null;
    if (passenger.length && !passengerId) throw badRequest(NOTES_MSG.NO_PASSENGER, [{ path: 'passengerRequests', message: NOTES_MSG.NO_PASSENGER }]);

    const rows: { kind: InternalNote['kind']; contactId: string | null; note: string; items: string[] }[] = [
      ...internal.map((note) => ({ kind: 'internal' as const, contactId: null, note, items: [] })),
      ...billTo.map((note) => ({ kind: 'billTo' as const, contactId: trip.billToContactId, note, items: [] })),
      ...passenger.map((note) => ({ kind: 'passenger' as const, contactId: passengerId, note, items: [] })),
      ...(gurney ? [{ kind: 'gurney' as const, contactId: null, note: gurney.join('; '), items: [...gurney] }] : []),
    ];
    const audits: AuditEntry[] = [];
    if (gurney) {
      const replaced = await client.query<{ id: string }>(
        `update reservation_notes set deleted = true, deleted_by = $2, deleted_at = now() where drive_assignment_id = $1 and kind = 'gurney' and not deleted returning id`,
        [trip.id, user.id],
      );
      for (const r of replaced.rows) audits.push({ ...auditActor(req), activityType: 'reservation-note-delete', table: 'reservation_notes', recordId: r.id, before: { deleted: false }, after: { deleted: true, replaced: true } });
    }
    const made = await client.query<{ id: string }>(
      `insert into reservation_notes (kind, drive_assignment_id, reference_number, contact_id, note, items, entered_by)
       select k, $1, $2, c, n, array(select jsonb_array_elements_text(i)), $3
         from unnest($4::text[], $5::uuid[], $6::text[], $7::jsonb[]) with ordinality as x(k, c, n, i, o) order by o
       returning id`,
      [trip.id, trip.referenceNumber, user.id, rows.map((r) => r.kind), rows.map((r) => r.contactId), rows.map((r) => r.note), rows.map((r) => JSON.stringify(r.items))],
    );
    made.rows.forEach((r, i) =>
      audits.push({ ...auditActor(req), activityType: 'reservation-note', table: 'reservation_notes', recordId: r.id, before: null, after: { driveAssignmentId: trip.id, ...rows[i] } }),
    );
    await writeAudits(client, audits);
    return notesOfTrip(client, trip);
  });
}

/** DELETE reservation-notes: flags one of the trip's notes deleted (spec 2 §8: after confirmation); it stays, crossed out. */
export async function deleteNote(deps: AppDeps, req: FastifyRequest, user: SessionUser, id: string, tripId: string) {
  return inTransaction(deps.pool, async (client) => {
    const trip = await lockTrip(client, user, tripId);
    if (!trip) throw notFound();
    const notes = await notesOfTrip(client, trip);
    const all = [...notes.internalNotes, ...notes.billToRequests, ...notes.passengerRequests, ...notes.gurneyChecklist];
    const note = all.find((n) => n.id === id.toLowerCase());
    if (!note) throw notFound(NOTES_MSG.UNKNOWN);
    if (note.deleted) return notes;
    await client.query('update reservation_notes set deleted = true, deleted_by = $2, deleted_at = now() where id = $1', [note.id, user.id]);
    await writeAudits(client, [{ ...auditActor(req), activityType: 'reservation-note-delete', table: 'reservation_notes', recordId: note.id, before: { deleted: false }, after: { deleted: true } }]);
    return notesOfTrip(client, trip);
  });
}
