import { EMPLOYEE_MSG, isStaff, parseContactSearch, type ContactsMinimalQuery } from '@tripline/core';
import type { Pool } from 'pg';
import type { z } from 'zod';
import type { SessionUser } from '../../platform/auth/users.ts';
import { notFound } from '../../platform/errors.ts';
import { typesMeant } from './register.ts';
import { contactScope } from './scope.ts';
import { bind, employeeMatch, searchSql, withSimilar } from './search.ts';

const AFFILIATE_LIMIT = 50;

/**
 * GET contacts-minimal: one contact by id or employeeId (its id or employee number), or a parent's
 * contacts of a type, in the caller's scope. A single lookup that finds nothing is a 404.
 */
export async function minimalContacts(pool: Pool, user: SessionUser, q: z.output<typeof ContactsMinimalQuery>) {
  const params: unknown[] = [];
  const where = [contactScope(user, params)];
  if (q.id) where.push(`c.id = ${bind(params, q.id)}`);
  if (q.employeeId) where.push(employeeMatch(q.employeeId, params));
  if (q.type) where.push(`c.types && ${bind(params, typesMeant(q.type))}::text[]`);
  if (q.parentId) where.push(`c.parent_id = ${bind(params, q.parentId)}`);
  const single = Boolean(q.id ?? q.employeeId);
  if (!single) where.push('not c.deleted');
  const { rows } = await pool.query(
    `select c.id, c.contact_number, c.name, c.types, c.parent_id, c.employee_number, c.deleted
       from contacts c where ${where.join(' and ')} order by c.name, c.id limit 1000`,
    params,
  );
  if (single && rows.length === 0) throw notFound(q.employeeId && !q.id ? EMPLOYEE_MSG.NO_CONTACT_WITH_EMPLOYEE_ID : undefined);
  return rows.map((r) => ({
    id: r.id,
    contactNumber: Number(r.contact_number),
    name: r.name,
    types: r.types,
    parentId: r.parent_id,
    employeeNumber: r.employee_number,
    deleted: r.deleted,
  }));
}

/**
 * GET api/autocomplete/affiliates: partner companies (type Affiliate without an Affiliate parent),
 * by the contact search when q is given, else by name. An Affiliate user gets its own company.
 */
export async function affiliateOptions(pool: Pool, user: SessionUser, text: string | undefined, today: string) {
  const terms = text ? parseContactSearch(text, today) : null;
  const run = async (similar: boolean) => {
    const params: unknown[] = [];
    const where = [`c.types @> '{Affiliate}'`, 'not c.deleted', `not exists (select 1 from contacts pa where pa.id = c.parent_id and pa.types @> '{Affiliate}')`];
    if (!isStaff(user)) where.push(`c.id = ${bind(params, user.partnerId)}`);
    let order = 'c.name, c.id';
    if (terms) {
      const s = searchSql(terms, params, { similar });
      where.push(s.where);
      order = `${s.tier}, ${s.closeness} desc, c.name, c.id`;
    }
    const { rows } = await pool.query(
      `select c.id, c.contact_number, c.name, d.code as division
         from contacts c left join divisions d on d.id = c.division_id
        where ${where.join(' and ')} order by ${order} limit ${AFFILIATE_LIMIT}`,
      params,
    );
    return rows;
  };
  const rows = terms ? await withSimilar(terms, run) : await run(false);
  return rows.map((r) => ({ id: r.id, contactNumber: Number(r.contact_number), name: r.name, division: r.division }));
}
