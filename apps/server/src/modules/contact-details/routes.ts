import { contract, isPassengerContact } from '@tripline/core';
import type { FastifyInstance } from 'fastify';
import { auditActor, writeAudit } from '../../platform/audit.ts';
import type { AppDeps } from '../../platform/deps.ts';
import { notFound } from '../../platform/errors.ts';
import { route } from '../../platform/http.ts';
import { addAuthorization, authorizationsOf, coveragesByMember, removeAuthorization, saveWebFields, webFields } from './lookups.ts';
import { readContactRecord } from './record.ts';
import { saveContact } from './save.ts';

/** Saving contacts: fields, phones, emails, addresses, special requests, member trip authorizations. */
export function contactDetailRoutes(app: FastifyInstance, deps: AppDeps): void {
  const { pool, clock } = deps;

  route(app, contract.contactRecord, async ({ req, query }) => {
    const contact = await readContactRecord(pool, query.id);
    if (!contact) throw notFound('There is no contact with this id');
    // ARCHITECTURE: opening a passenger's record is an access event in the audit log
    if (isPassengerContact(contact.types)) {
      await writeAudit(pool, { ...auditActor(req), activityType: 'contact-view', table: 'contacts', recordId: contact.id });
    }
    return contact;
  });
  route(app, contract.saveContact, ({ req, user, body }) => saveContact(deps, req, user, body));
  route(app, contract.contactWebFields, ({ query }) => webFields(pool, query.id));
  route(app, contract.saveContactWebFields, ({ req, user, query }) => saveWebFields(pool, req, user, query.id, query.prefProvider));
  route(app, contract.memberTripAuthorizations, ({ query }) => authorizationsOf(pool, query.passengerId));
  route(app, contract.addMemberTripAuthorization, ({ req, body }) => addAuthorization(pool, req, body));
  route(app, contract.removeMemberTripAuthorization, ({ req, query }) => removeAuthorization(pool, req, query.id));
  route(app, contract.coveragesByMember, ({ query }) => coveragesByMember(pool, query.memberDisplayCode, query.billToId, clock.now()));
}
