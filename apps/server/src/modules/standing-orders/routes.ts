import { contract } from '@tripline/core';
import type { FastifyInstance } from 'fastify';
import type { AppDeps } from '../../platform/deps.ts';
import { route } from '../../platform/http.ts';
import { logDeclinedTrip, readDeclinedTrip } from '../trips/declines.ts';
import { duplicateTrip } from './duplicate.ts';
import { addNotes, deleteNote, readNotes } from './notes.ts';
import { endStandingOrder, resumeStandingOrder, suspendStandingOrder, tripStandingOrders } from './orders.ts';
import { pharmacyAdd } from './pharmacy.ts';

/**
 * What the reservation editor does beside saving a trip (spec 2 §2, §3, §5, §7): duplicates and
 * standing orders, the note builder, pharmacy stops, and the log of declined trip requests.
 */
export function standingOrderRoutes(app: FastifyInstance, deps: AppDeps): void {
  route(app, contract.duplicateTrip, ({ req, user, body }) => duplicateTrip(deps, req, user, body));
  route(app, contract.standingOrders, ({ user, query }) => tripStandingOrders(deps, user, query.driveAssignmentId));
  route(app, contract.endStandingOrder, ({ req, body }) => endStandingOrder(deps, req, body));
  route(app, contract.suspendStandingOrder, ({ req, user, body }) => suspendStandingOrder(deps, req, user, body));
  route(app, contract.resumeStandingOrder, ({ req, query }) => resumeStandingOrder(deps, req, query));
  route(app, contract.reservationNotes, ({ user, query }) => readNotes(deps, user, query.driveAssignmentId));
  route(app, contract.addReservationNotes, ({ req, user, body }) => addNotes(deps, req, user, body));
  route(app, contract.deleteReservationNote, ({ req, user, query }) => deleteNote(deps, req, user, query.id, query.driveAssignmentId));
  route(app, contract.pharmacyAdd, ({ req, user, body }) => pharmacyAdd(deps, req, user, body));
  route(app, contract.logDeclinedTrip, ({ req, user, body }) => logDeclinedTrip(deps, req, user, body));
  route(app, contract.declinedTrip, ({ query }) => readDeclinedTrip(deps, query.id));
}
