import { contract } from '@tripline/core';
import type { FastifyInstance } from 'fastify';
import type { AppDeps } from '../../platform/deps.ts';
import { route } from '../../platform/http.ts';

/** Escapes LIKE wildcards so user text is matched literally. */
export const likeLiteral = (s: string) => s.replace(/[\\%_]/g, (c) => `\\${c}`);

export function contactRoutes(app: FastifyInstance, { pool }: AppDeps): void {
  route(app, contract.globalSearch, async ({ query }) => {
    const q = query.q;
    const number = /^\d{1,10}$/.test(q) ? Number(q) : null;
    const { rows } = await pool.query(
      `select c.id, c.contact_number, c.name, c.types, c.ldap_groups, c.admin_access, c.mfa_required,
              (select a.city from addresses a where a.contact_id = c.id order by a.label = 'Home' desc limit 1) as city
         from contacts c
        where not c.deleted
          and (lower(c.name) like lower($1) || '%' escape '\\' or lower(c.name) like '% ' || lower($1) || '%' escape '\\'
               or c.contact_number = $2 or c.member_id = $3)
        order by lower(c.name) like lower($1) || '%' escape '\\' desc, c.name
        limit 20`,
      [likeLiteral(q), number, q],
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
}
