import { CONTACT_SEARCH_LIMIT, parseContactSearch, topHits, type ContactRow, type ContactsQuery } from '@tripline/core';
import type { Pool, PoolClient } from 'pg';
import type { z } from 'zod';
import type { SessionUser } from '../../platform/auth/users.ts';
import { badges, badgeColumns } from './badges.ts';
import { contactScope } from './scope.ts';
import { bind, employeeMatch, mainCity, mainPhone, rankedTop, searchSql, withSimilar } from './search.ts';

type Query = z.output<typeof ContactsQuery>;

const PASSENGER_TYPES = ['S/N Passenger', 'Passenger'];
/** spec 2 §3 lists 'S/N Passenger'; members loaded from 834 files carry 'Passenger'. Both are passengers. */
export const typesMeant = (type: string) => (PASSENGER_TYPES.includes(type) ? PASSENGER_TYPES : [type]);

/** The columns of a register row, on the contacts alias `c` joined to divisions `d` and parents `p`. */
export function rowColumns(params: unknown[], today: string): string {
  return `c.id, c.contact_number, c.name, c.types, c.date_of_birth, c.member_id, ${mainPhone()} as main_phone,
          ${mainCity()} as city, d.code as division, c.parent_id, p.name as parent_name, c.employee_number, c.deleted,
          ${badgeColumns(params, today)}`;
}
export const ROW_JOINS = 'left join divisions d on d.id = c.division_id left join contacts p on p.id = c.parent_id';

export function presentRow(r: Record<string, unknown>): ContactRow {
  return {
    id: r.id as string,
    contactNumber: Number(r.contact_number),
    name: r.name as string,
    types: r.types as string[],
    dob: (r.date_of_birth as string | null) ?? null,
    memberId: (r.member_id as string | null) ?? null,
    mainPhone: (r.main_phone as string | null) ?? null,
    city: (r.city as string | null) ?? null,
    division: (r.division as string | null) ?? null,
    parentId: (r.parent_id as string | null) ?? null,
    parentName: (r.parent_name as string | null) ?? null,
    employeeNumber: (r.employee_number as string | null) ?? null,
    deleted: r.deleted as boolean,
    badges: badges(r),
  };
}

/** The filters other than q, as conditions on the contacts alias `c` alone. */
function filters(q: Query, user: SessionUser, params: unknown[]): string[] {
  const where = [contactScope(user, params)];
  if (!q.includeDeleted && !q.id) where.push('not c.deleted');
  if (q.id) where.push(`c.id = ${bind(params, q.id)}`);
  if (q.memberId) where.push(`lower(c.member_id) = ${bind(params, q.memberId.toLowerCase())}`);
  if (q.employeeId) where.push(employeeMatch(q.employeeId, params));
  if (q.type) where.push(`c.types && ${bind(params, typesMeant(q.type))}::text[]`);
  if (q.parentId) where.push(`c.parent_id = ${bind(params, q.parentId)}`);
  if (q.division) where.push(`c.division_id = (select dv.id from divisions dv where dv.code = ${bind(params, q.division.toUpperCase())})`);
  return where;
}

/**
 * GET contacts: the register's search, or a lookup by id and filters, in the caller's scope. With
 * q, hits are ranked by core's tiers (the top 50, and whether there are more); without, by name.
 */
export async function listContacts(db: Pool | PoolClient, user: SessionUser, q: Query, today: string) {
  if (q.q) {
    const terms = parseContactSearch(q.q, today);
    const rows = await withSimilar(terms, async (similar) => {
      const params: unknown[] = [];
      const where = filters(q, user, params);
      const s = searchSql(terms, params, { similar });
      // rank the hits alone, then read the 51 rows' columns
      const found = await db.query(
        `select ${rowColumns(params, today)}, x.tier, x.closeness
           from (select c.id, c.name, ${s.tier} as tier, ${s.closeness} as closeness
                   from contacts c
                  where ${s.where} and ${where.join(' and ')}
                  order by 3, 4 desc, c.name, c.id
                  limit ${CONTACT_SEARCH_LIMIT + 1}) x
           join contacts c on c.id = x.id ${ROW_JOINS}
          order by x.tier, x.closeness desc, x.name, x.id`,
        params,
      );
      return found.rows;
    });
    const top = rankedTop(rows);
    return { contacts: top.rows.map(presentRow), more: top.more };
  }
  const params: unknown[] = [];
  const where = filters(q, user, params);
  const { rows } = await db.query(
    `select ${rowColumns(params, today)} from contacts c ${ROW_JOINS}
      where ${where.join(' and ')}
      order by c.name, c.id
      limit ${CONTACT_SEARCH_LIMIT + 1}`,
    params,
  );
  const top = topHits(rows);
  return { contacts: top.rows.map(presentRow), more: top.more };
}
