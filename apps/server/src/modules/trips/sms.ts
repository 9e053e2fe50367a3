import { eligibleSmsPhone, isStaff, TRIP_MSG, type Phone, type SendSmsBody } from '@tripline/core';
import type { FastifyRequest } from 'fastify';
import type { z } from 'zod';
import type { SessionUser } from '../../platform/auth/users.ts';
import { auditActor, writeAudit } from '../../platform/audit.ts';
import type { AppDeps } from '../../platform/deps.ts';
import { badRequest, notFound } from '../../platform/errors.ts';
import { findTrip, isUuid } from './repository.ts';

type Body = z.output<typeof SendSmsBody>;
type Sent = { sent: true; to: string };

const digits = (s: string) => s.replace(/\D/g, '').replace(/^1(\d{10})$/, '$1');

/**
 * spec 1 §5: the phone to text. A number the caller names must be one of the contact's eligible
 * phones (the server never texts an arbitrary number); otherwise the first eligible one.
 */
function choosePhone(phones: readonly Phone[], name: string, to: string | null | undefined): string {
  if (to?.trim()) {
    const wanted = digits(to);
    const match = phones.find((p) => digits(p.phoneNumberWithAreaCode) === wanted && eligibleSmsPhone([p]));
    if (!match) throw badRequest(TRIP_MSG.SMS_PHONE_NOT_ELIGIBLE(to.trim(), name));
    return match.phoneNumberWithAreaCode;
  }
  const phone = eligibleSmsPhone(phones);
  if (!phone) throw badRequest(TRIP_MSG.NO_SMS_PHONE(name));
  return phone.phoneNumberWithAreaCode;
}

/** Texts a passenger of a trip in the caller's scope (the contact must ride on one of its legs). */
async function textPassenger(deps: AppDeps, req: FastifyRequest, user: SessionUser, body: Extract<Body, { daId: string }>): Promise<Sent> {
  const trip = await findTrip(deps.pool, user, body.daId);
  if (!trip) throw notFound();
  const passenger = trip.tripLegs.find((l) => l.passengerId === body.contactId)?.passenger;
  if (!passenger) throw notFound();
  const to = choosePhone(passenger.phones, passenger.name, body.to);
  await deps.messenger.sendSms(to, body.message, passenger.id);
  await writeAudit(deps.pool, {
    ...auditActor(req),
    activityType: 'sms',
    table: 'contacts',
    recordId: passenger.id,
    after: { to, driveAssignmentId: trip.id, referenceNumber: trip.referenceNumber, message: body.message },
  });
  return { sent: true, to };
}

/**
 * Texts a driver: staff any driver, a partner its own drivers (others answer 404). The vehicle,
 * when named, must be the driver's partner's and is named in the text, as is the sender when
 * asked.
 */
async function textDriver(deps: AppDeps, req: FastifyRequest, user: SessionUser, body: Exclude<Body, { daId: string }>): Promise<Sent> {
  if (!isUuid(body.driverId) || (body.vehicleId != null && !isUuid(body.vehicleId))) throw notFound();
  const { rows } = await deps.pool.query<{ id: string; name: string; parent_id: string | null; phones: Phone[] }>(
    `select c.id, c.name, c.parent_id,
            coalesce((select json_agg(json_build_object('phoneNumberWithAreaCode', ph.phone_number_with_area_code,
                       'smsEnabled', ph.sms_enabled, 'main', ph.main, 'type', ph.type) order by ph.main desc, ph.id)
                      from contact_phones ph where ph.contact_id = c.id), '[]') as phones
       from contacts c where c.id = $1 and c.types @> '{Driver}' and not c.deleted`,
    [body.driverId],
  );
  const driver = rows[0];
  if (!driver || !(isStaff(user) || (user.partnerId !== null && driver.parent_id === user.partnerId))) throw notFound();
  let vehicleNumber: string | null = null;
  if (body.vehicleId) {
    const v = await deps.pool.query<{ vehicle_number: string }>(
      'select vehicle_number from vehicles where id = $1 and partner_id = $2 and not deleted',
      [body.vehicleId, driver.parent_id],
    );
    if (!v.rows[0]) throw notFound();
    vehicleNumber = v.rows[0].vehicle_number;
  }
  const to = choosePhone(driver.phones, driver.name, undefined);
  const text = `${vehicleNumber ? `[Vehicle ${vehicleNumber}] ` : ''}${body.includeSenderName ? `${user.name}: ` : ''}${body.message}`;
  await deps.messenger.sendSms(to, text, driver.id);
  await writeAudit(deps.pool, {
    ...auditActor(req),
    activityType: 'sms',
    table: 'contacts',
    recordId: driver.id,
    after: { to, vehicleId: body.vehicleId ?? null, message: text },
  });
  return { sent: true, to };
}

/** send-sms: a trip's passenger (daId, contactId) or a driver (driverId). */
export function sendSms(deps: AppDeps, req: FastifyRequest, user: SessionUser, body: Body): Promise<Sent> {
  return 'daId' in body ? textPassenger(deps, req, user, body) : textDriver(deps, req, user, body);
}
