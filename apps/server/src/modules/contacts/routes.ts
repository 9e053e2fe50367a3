import { contract } from '@tripline/core';
import type { FastifyInstance } from 'fastify';
import type { AppDeps } from '../../platform/deps.ts';
import { route } from '../../platform/http.ts';
import { autocompleteContacts } from './autocomplete.ts';
import { contactTextMatch, mainCity } from './search.ts';

export { likeLiteral } from './search.ts';

export function contactRoutes(app: FastifyInstance, { pool }: AppDeps): void {
  route(app, contract.globalSearch, async ({ query }) => {
    const params: unknown[] = [];
    const match = contactTextMatch(query.q, params);
    const { rows } = await pool.query(
      `select c.id, c.contact_number, c.name, c.types, c.ldap_groups, c.admin_access, c.mfa_required, ${mainCity()} as city
         from contacts c
        where ${match.where}
        order by ${match.order}
        limit 20`,
      params,
    );
    return rows.map((r) => ({
      id: r.id,
      contactNumber: r.contact_number,
      name: r.name,
      types: r.types,
      city: r.city,
      ldapGroups: r.ldap_groups,
      adminAccess: r.admin_access,
      mfaRequired: r.mfa_required,
    }));
  });

  route(app, contract.autocompleteContact, ({ user, query }) => autocompleteContacts(pool, user, query));
}
