import { CONTACT_SEARCH_LIMIT, parseContactSearch, type EnrollmentMember } from '@tripline/core';
import type { Pool, PoolClient } from 'pg';
import { auditActor, inTransaction, writeAudit } from '../../platform/audit.ts';
import { badRequest, notFound } from '../../platform/errors.ts';
import type { GeoServices } from '../../platform/providers/geo.ts';
import { divisionForZip, saveLegAddress } from '../geo/addresses.ts';
import { presentRow, ROW_JOINS, rowColumns } from './register.ts';
import { rankedTop, searchSql, withSimilar, type SearchColumns } from './search.ts';

const ENROLLMENT_COLUMNS: SearchColumns = {
  name: 'name',
  memberId: 'member_id',
  dob: 'date_of_birth',
  contactNumber: null,
  mergedInto: null,
  phones: null,
};

/** The contact holding an 834 member's id (a live one before a deleted one), on the alias `e`. */
const HOLDER = `(select h.id from contacts h where lower(h.member_id) = lower(e.member_id) order by h.deleted, h.contact_number limit 1)`;

function presentMember(r: Record<string, unknown>): EnrollmentMember {
  return {
    id: r.id as string,
    memberId: r.member_id as string,
    planId: (r.plan_id as string | null) ?? null,
    planName: (r.plan_name as string | null) ?? null,
    name: r.name as string,
    dob: (r.date_of_birth as string | null) ?? null,
    street: (r.street as string | null) ?? null,
    city: (r.city as string | null) ?? null,
    state: (r.state as string | null) ?? null,
    zip: (r.zip as string | null) ?? null,
    phone: (r.phone as string | null) ?? null,
    dateBegin: r.date_begin as string,
    dateEnd: (r.date_end as string | null) ?? null,
    source: r.source as string,
    contactId: (r.contact_id as string | null) ?? null,
    contactNumber: r.contact_number === null || r.contact_number === undefined ? null : Number(r.contact_number),
  };
}

/** GET members: the 834 search, by the contact search's reading of the text (staff only). */
export async function searchMembers(pool: Pool, text: string, today: string) {
  const terms = parseContactSearch(text, today);
  const rows = await withSimilar(terms, async (similar) => {
    const params: unknown[] = [];
    const s = searchSql(terms, params, { cols: ENROLLMENT_COLUMNS, alias: 'e', similar });
    const found = await pool.query(
      `select e.*, pl.name as plan_name, hc.id as contact_id, hc.contact_number, ${s.tier} as tier, ${s.closeness} as closeness
         from enrollment_834 e
         left join plans pl on pl.id = e.plan_id
         left join contacts hc on hc.id = ${HOLDER}
        where ${s.where}
        order by tier, closeness desc, e.name, e.date_begin desc, e.id
        limit ${CONTACT_SEARCH_LIMIT + 1}`,
      params,
    );
    return found.rows;
  });
  const top = rankedTop(rows);
  return { members: top.rows.map(presentMember), more: top.more };
}

async function readRow(db: PoolClient, id: string, today: string) {
  const params: unknown[] = [id];
  const { rows } = await db.query(`select ${rowColumns(params, today)} from contacts c ${ROW_JOINS} where c.id = $1`, params);
  return presentRow(rows[0]);
}

type Actor = ReturnType<typeof auditActor>;

/**
 * POST create-contact-from-834?id: a passenger contact of an 834 member. Never a duplicate: the
 * member id is locked for the transaction, and a contact already holding it is answered instead
 * (or, when deleted, refused, since a second contact would split the member's history).
 */
export async function createContactFrom834(pool: Pool, geo: GeoServices, enrollmentId: string, actor: Actor, today: string) {
  return inTransaction(pool, async (db) => {
    const { rows: found } = await db.query(
      `select e.*, pl.id as plan_exists from enrollment_834 e left join plans pl on pl.id = e.plan_id where e.id = $1`,
      [enrollmentId],
    );
    const m = found[0];
    if (!m) throw notFound('There is no 834 member with that id.');
    await db.query('select pg_advisory_xact_lock(hashtext($1))', [`member:${(m.member_id as string).toLowerCase()}`]);
    const { rows: holders } = await db.query(
      'select id, contact_number, deleted from contacts where lower(member_id) = lower($1) order by deleted, contact_number limit 1',
      [m.member_id],
    );
    const holder = holders[0];
    if (holder?.deleted) {
      throw badRequest(
        `Member ${m.member_id} belongs to deleted contact ${holder.contact_number}. Restore that contact instead of creating another.`,
      );
    }
    if (holder) return { created: false, contact: await readRow(db, holder.id, today) };

    const division = m.zip ? await divisionForZip(db, m.zip) : null;
    const { rows: made } = await db.query(
      `insert into contacts (name, first_name, last_name, types, member_id, date_of_birth, plan_id, division_id)
       values ($1, $2, $3, '{S/N Passenger}', $4, $5, $6, $7) returning id`,
      [m.name, m.first_name, m.last_name, m.member_id, m.date_of_birth, m.plan_exists, division?.id ?? null],
    );
    const id = made[0].id as string;
    if (m.phone) {
      await db.query(
        `insert into contact_phones (contact_id, phone_number_with_area_code, type, main) values ($1, $2, 'Home', true)`,
        [id, String(m.phone).replace(/\D/g, '')],
      );
    }
    const typed = [m.street, m.city, [m.state, m.zip].filter(Boolean).join(' ')].filter(Boolean).join(', ');
    if (typed) {
      // placed like any typed address (geocoder, else the ZIP's centre), then made the member's Home
      const home = await saveLegAddress(db, geo, { text: typed });
      if (home.id) await db.query(`insert into join_contact_addresses (contact_id, address_id, label) values ($1, $2, 'Home')`, [id, home.id]);
    }
    const contact = await readRow(db, id, today);
    await writeAudit(db, { ...actor, activityType: 'contact-from-834', table: 'contacts', recordId: id, after: { ...contact, enrollmentId } });
    return { created: true, contact };
  });
}
