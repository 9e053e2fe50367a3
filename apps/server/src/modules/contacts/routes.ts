import { contract, operatorToday, parseContactSearch } from '@tripline/core';
import type { FastifyInstance } from 'fastify';
import { auditActor, writeAudit } from '../../platform/audit.ts';
import type { AppDeps } from '../../platform/deps.ts';
import { notFound } from '../../platform/errors.ts';
import { route } from '../../platform/http.ts';
import { autocompleteContacts } from './autocomplete.ts';
import { createContactFrom834, searchMembers } from './enrollment.ts';
import { affiliateOptions, minimalContacts } from './lookups.ts';
import { listContacts } from './register.ts';
import { isPassenger } from './scope.ts';
import { mainCity, searchSql, withSimilar } from './search.ts';


/** The navigation bar's global search shows this many of the ranked hits. */
const GLOBAL_SEARCH_LIMIT = 20;

export function contactRoutes(app: FastifyInstance, { pool, clock, geo }: AppDeps): void {
  const today = () => operatorToday(clock.now());

  route(app, contract.globalSearch, async ({ query }) => {
    const terms = parseContactSearch(query.q, today());
    const rows = await withSimilar(terms, async (similar) => {
      const params: unknown[] = [];
      const s = searchSql(terms, params, { similar });
      const found = await pool.query(
        `select c.id, c.contact_number, c.name, c.types, c.ldap_groups, c.admin_access, c.mfa_required, ${mainCity()} as city
           from contacts c
          where not c.deleted and ${s.where}
          order by ${s.tier}, ${s.closeness} desc, c.name, c.id
          limit ${GLOBAL_SEARCH_LIMIT}`,
        params,
      );
      return found.rows;
    });
    return rows.map((r) => ({
      id: r.id,
      contactNumber: Number(r.contact_number),
      name: r.name,
      types: r.types,
      city: r.city,
      ldapGroups: r.ldap_groups,
      adminAccess: r.admin_access,
      mfaRequired: r.mfa_required,
    }));
  });

  route(app, contract.autocompleteContact, ({ user, query }) => autocompleteContacts(pool, user, query, today()));

  route(app, contract.contacts, async ({ req, user, query }) => {
    const found = await listContacts(pool, user, query, today());
    if (query.id) {
      const opened = found.contacts[0];
      if (!opened) throw notFound('There is no contact with that id.');
      // ARCHITECTURE: views of a passenger's record are access events in the audit log
      if (isPassenger(opened.types)) {
        await writeAudit(pool, { ...auditActor(req), activityType: 'contact-view', table: 'contacts', recordId: opened.id });
      }
    }
    return found;
  });

  route(app, contract.contactsMinimal, ({ user, query }) => minimalContacts(pool, user, query));

  route(app, contract.members, ({ query }) => searchMembers(pool, query.q, today()));

  route(app, contract.createContactFrom834, ({ req, query }) => createContactFrom834(pool, geo, query.id, auditActor(req), today()));

  route(app, contract.affiliateOptions, ({ user, query }) => affiliateOptions(pool, user, query.q || undefined, today()));
}
