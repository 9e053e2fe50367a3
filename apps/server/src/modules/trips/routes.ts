import multipart from '@fastify/multipart';
import { contract, WARNING_HEADER } from '@tripline/core';
import type { FastifyInstance } from 'fastify';
import type { AppDeps } from '../../platform/deps.ts';
import { notFound } from '../../platform/errors.ts';
import { route, sendPrepared } from '../../platform/http.ts';
import { portalDriveAssignments, presentingRefusals, sendPortal } from '../portal-trips/drive-assignments.ts';
import { presentPortalTrip, presentsPortal } from '../portal-trips/present.ts';
import { isDayListQuery, searchTrips } from '../search/service.ts';
import { acceptTrips, rateAcceptTrips } from './accept.ts';
import { adjustTime } from './adjustments.ts';
import { cancelLeg } from './cancel-leg.ts';
import { tripJsonCacheFor, tripListJson } from './day-list.ts';
import { declineTrip } from './decline.ts';
import { assignDriver, listDrivers } from './driver.ts';
import { addExpense } from './expenses.ts';
import { flagTrip } from './flag.ts';
import { RECEIPT_FORM_LIMITS, sendReceipt, uploadReceipt } from './receipts.ts';
import { cancelReasons, declineReasons } from './reference-data.ts';
import { sendSms } from './sms.ts';
import { enterStats } from './stats.ts';

/** The partner's daily trip workflow (spec 1 §2–§5, 2 §5): the day list and every row action. */
export function tripRoutes(app: FastifyInstance, deps: AppDeps): void {
  const cache = tripJsonCacheFor(deps.pool);

  route(app, contract.driveAssignments, async ({ reply, user, query }) => {
    // case managers and passengers get their trips as the portal shows them
    if (presentsPortal(user)) return sendPortal(reply, await portalDriveAssignments(deps, user, query));
    // Every parameter beyond the day, one id or one reference number is the staff search
    if (!isDayListQuery(query)) return sendPrepared(reply, await searchTrips(deps, cache, user, query));
    // spec 1 §9: a reference longer than 10 characters is an id, a shorter one a reference number
    const byId = query.id && query.id.length > 10 ? query.id : undefined;
    const referenceNumber = query.referenceNumber ?? (query.id && !byId ? query.id : undefined);
    const one = Boolean(byId || referenceNumber);
    const list = await tripListJson(deps.pool, cache, user, {
      serviceDate: query.serviceDate,
      ids: byId ? [byId] : undefined,
      referenceNumber,
    }, undefined, query.view);
    if (one && list.total === 0) throw notFound();
    return sendPrepared(reply, list.json);
  });

  route(app, contract.accept, ({ req, user, body }) => acceptTrips(deps, req, user, body));
  route(app, contract.acceptRate, ({ req, user, body }) => rateAcceptTrips(deps, req, user, body));
  route(app, contract.decline, ({ req, user, query, body }) => declineTrip(deps, req, user, query, body));
  route(app, contract.stats, ({ req, user, body }) => enterStats(deps, req, user, body));
  route(app, contract.adjustTime, ({ req, user, query }) => adjustTime(deps, req, user, query));
  route(app, contract.expenseAdd, ({ req, user, query }) => addExpense(deps, req, user, query));
  route(app, contract.assignDriver, ({ req, user, body }) => assignDriver(deps, req, user, body));
  route(app, contract.flag, ({ req, user, body }) => flagTrip(deps, req, user, body));
  route(app, contract.sendSms, ({ req, user, body }) => sendSms(deps, req, user, body));
  route(app, contract.cancelLeg, async ({ req, reply, user, body }) => {
    const { trip, warning } = await presentingRefusals(user, deps.clock.now(), cancelLeg(deps, req, user, body));
    if (warning) reply.header(WARNING_HEADER, warning);
    return presentsPortal(user) ? sendPortal(reply, presentPortalTrip(user, trip, deps.clock.now())) : trip;
  });
  route(app, contract.declineReasons, () => declineReasons(deps));
  route(app, contract.cancelReasons, ({ user, query }) => cancelReasons(deps, user, query.serviceDate, query.billToId));
  route(app, contract.drivers, ({ user, query }) => listDrivers(deps, user, query.providerId ?? query.partnerId, query.includeDeleted));
  // A receipt is the partner's pay record: portal users never see one
  route(app, contract.expenseReceipt, async ({ reply, user, query }) => {
    if (presentsPortal(user)) throw notFound();
    return sendReceipt(deps, reply, user, query.id);
  });

  // multipart is parsed for the receipt upload only; everywhere else a form body is refused
  app.register(async (uploads) => {
    await uploads.register(multipart, { limits: RECEIPT_FORM_LIMITS, throwFileSizeLimit: true });
    route(uploads, contract.expenseReceiptUpload, ({ req, reply, user }) => uploadReceipt(deps, req, reply, user));
  });
}
