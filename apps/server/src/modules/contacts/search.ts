import { compareHits, CONTACT_SEARCH_TIERS, searchesSimilar, tierRank, tiersOf, topHits, type ContactSearchTerms, type ContactSearchTier } from '@tripline/core';
import { likeLiteral } from '../../platform/db/like.ts';

/** Adds a value to a statement's parameters and answers its placeholder. */
export const bind = (params: unknown[], v: unknown) => `$${params.push(v)}`;

/** Trigram LIKE patterns of fewer characters cannot use the trigram index; they only narrow. */
const INDEXED_WORD_MIN = 3;

export interface SearchSql {
  /** The rank number of a row (core CONTACT_SEARCH_TIERS order), on the alias given. */
  tier: string;
  /** core RankedHit closeness: a similar name's word similarity, else 0. */
  closeness: string;
  /** The row is found by an index and meets a tier (a word too short for the index only narrows). */
  where: string;
}

export interface SearchColumns {
  name: string;
  memberId: string;
  dob: string;
  /** Null for a table without contact numbers or phones (the 834 file). */
  contactNumber: string | null;
  /** The contact a merged one now lives on, whose number then finds it. */
  mergedInto: string | null;
  phones: { table: string; owner: string; number: string } | null;
}

export const CONTACT_COLUMNS: SearchColumns = {
  name: 'name',
  memberId: 'member_id',
  dob: 'date_of_birth',
  contactNumber: 'contact_number',
  mergedInto: 'merged_into_id',
  phones: { table: 'contact_phones', owner: 'contact_id', number: 'phone_number_with_area_code' },
};

// The same word separators as core nameWords.
const normalisedName = (col: string) => `' ' || translate(lower(${col}), E',./-\\t', '     ')`;
const phoneDigits = (col: string) => `reverse(regexp_replace(${col}, '[^0-9]', '', 'g'))`;

/**
 * The SQL of one search (core parseContactSearch and its tiers) over a table of people: the
 * contacts or the 834 file. `params` receives the values. Similar names are a second pass (core
 * searchesSimilar): `similar` adds them.
 */
export function searchSql(
  t: ContactSearchTerms,
  params: unknown[],
  { cols = CONTACT_COLUMNS, alias = 'c', similar = false }: { cols?: SearchColumns; alias?: string; similar?: boolean } = {},
): SearchSql {
  const col = (c: string) => `${alias}.${c}`;
  // what finds rows, each an indexed condition of the table itself, so one bitmap scan reads them
  const finds: string[] = [];
  const conditions = new Map<ContactSearchTier, string>();
  const identifiers: string[] = [];

  if (t.contactNumber !== null && cols.contactNumber) {
    const n = bind(params, t.contactNumber);
    identifiers.push(`${col(cols.contactNumber)} = ${n}`);
    // a merged contact's number resolves to the contact it was merged into
    if (cols.mergedInto) identifiers.push(`${alias}.id = (select m.${cols.mergedInto} from contacts m where m.${cols.contactNumber} = ${n})`);
  }
  if (t.memberId !== null) identifiers.push(`lower(${col(cols.memberId)}) = ${bind(params, t.memberId.toLowerCase())}`);
  if (t.dob !== null) identifiers.push(`${col(cols.dob)} = ${bind(params, t.dob)}::date`);
  if (t.phone && cols.phones) {
    const ph = cols.phones;
    const v = bind(params, `${likeLiteral([...t.phone.digits].reverse().join(''))}%`);
    // the phones' owners once (an init plan), then their rows by key
    const hasPhone = `${alias}.id = any(array(select ${ph.owner} from ${ph.table} where ${phoneDigits(ph.number)} like ${v}))`;
    if (t.phone.whole) identifiers.push(hasPhone);
    else {
      conditions.set('phoneEnding', hasPhone);
      finds.push(hasPhone);
    }
  }
  if (identifiers.length) {
    conditions.set('identifier', `(${identifiers.join(' or ')})`);
    finds.push(...identifiers);
  }

  let closeness = '0::real';
  let similarTo: string | null = null;
  if (t.words.length > 0) {
    const name = `lower(${col(cols.name)})`;
    const prefix = bind(params, `${likeLiteral(t.text)}%`);
    const contained = t.words.map((w) => bind(params, `%${likeLiteral(w)}%`));
    const wordStarts = t.words.map((w) => bind(params, `% ${likeLiteral(w)}%`));
    conditions.set('namePrefix', `${name} like ${prefix}`);
    conditions.set('wordPrefixes', wordStarts.map((w) => `(${normalisedName(col(cols.name))}) like ${w}`).join(' and '));
    conditions.set('contains', contained.map((w) => `${name} like ${w}`).join(' and '));
    finds.push(`${name} like ${prefix}`);
    const indexed = t.words.flatMap((w, i) => (w.length >= INDEXED_WORD_MIN ? [`${name} like ${contained[i]}`] : []));
    if (indexed.length) finds.push(`(${indexed.join(' and ')})`);
    if (similar) {
      const text = bind(params, t.text);
      closeness = `word_similarity(${text}, ${name})`;
      similarTo = `${text} <% ${name}`;
      finds.push(similarTo);
    }
  }

  const cases = tiersOf(t)
    .filter((tier) => conditions.has(tier))
    .map((tier) => `when ${conditions.get(tier)} then ${tierRank(tier)}`)
    .join(' ');
  const meets = [...conditions.values(), ...(similarTo ? [similarTo] : [])];
  return {
    // a cast, so that ORDER BY never reads a bare number as a column position
    tier: cases ? `case ${cases} else ${tierRank('similar')} end` : `${tierRank('similar')}::int`,
    closeness,
    // found by an index, then held to the tiers (a word too short for the index only narrows)
    where: finds.length ? `(${finds.join(' or ')}) and (${meets.join(' or ')})` : 'false',
  };
}

/** The id of a contact's main address (Home first), as a column on the contacts alias `c`. */
export const mainAddressId = (c = 'c') =>
  `(select j.address_id from join_contact_addresses j
     where j.contact_id = ${c}.id and not j.deleted order by j.label = 'Home' desc, j.sort_order, j.created limit 1)`;

/** The city of a contact's main address (Home first), as a column on the contacts alias `c`. */
export const mainCity = (c = 'c') =>
  `(select a.city from join_contact_addresses j join addresses a on a.id = j.address_id
     where j.contact_id = ${c}.id and not j.deleted order by j.label = 'Home' desc, j.sort_order, j.created limit 1)`;

/** A contact's main phone (the one marked main, else the first stored), as a column on the alias `c`. */
export const mainPhone = (c = 'c') =>
  `(select p.phone_number_with_area_code from contact_phones p where p.contact_id = ${c}.id order by p.main desc, p.id limit 1)`;

/** Runs a search, then once more with similar names when the words matched no one (core searchesSimilar). */
export async function withSimilar<T>(t: ContactSearchTerms, run: (similar: boolean) => Promise<T[]>): Promise<T[]> {
  const rows = await run(false);
  return searchesSimilar(t, rows.length) ? run(true) : rows;
}

/** Rows the database ranked (with `tier` and `closeness` columns) in core's order: the top 50 and whether there are more. */
export function rankedTop<R extends { tier: number; closeness: number | string; name: string }>(rows: readonly R[]): { rows: R[]; more: boolean } {
  const ranked = rows.map((row) => ({ row, tier: CONTACT_SEARCH_TIERS[row.tier], closeness: Number(row.closeness), name: row.name })).sort(compareHits);
  const top = topHits(ranked);
  return { rows: top.rows.map((h) => h.row), more: top.more };
}

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** employeeId as the contacts endpoints take it: the employee's contact id or its employee number, on the alias `c`. */
export function employeeMatch(employeeId: string, params: unknown[]): string {
  const byNumber = `c.employee_number = ${bind(params, employeeId)}`;
  return UUID.test(employeeId) ? `(c.id = ${bind(params, employeeId)} or ${byNumber})` : byNumber;
}
