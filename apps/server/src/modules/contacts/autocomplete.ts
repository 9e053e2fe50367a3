import { EARTH_RADIUS_KM, isStaff, METERS_TO_MILES, parseContactSearch, type AutocompleteContactQuery, type ContactSearchTerms, type ContactOption } from '@tripline/core';
import type { Pool } from 'pg';
import type { z } from 'zod';
import type { SessionUser } from '../../platform/auth/users.ts';
import { typesMeant } from './register.ts';
import { searchSql, withSimilar } from './search.ts';

type Query = z.output<typeof AutocompleteContactQuery>;

const LIMIT = 20;

/**
 * GET admin/autocomplete-contact: the editors' contact typeahead. Matching and rank are the one
 * contact search's (searchSql); the other parameters narrow it or come before the rank. A case manager finds only contacts
 * covered by one of their bill-tos (coverages), which are passengers.
 */
export async function autocompleteContacts(pool: Pool, user: SessionUser, q: Query, today: string): Promise<z.input<typeof ContactOption>[]> {
  const terms = parseContactSearch(q.query, today);
  return withSimilar(terms, (similar) => autocompleteOnce(pool, user, q, terms, similar));
}

async function autocompleteOnce(pool: Pool, user: SessionUser, q: Query, terms: ContactSearchTerms, similar: boolean) {
  const params: unknown[] = [];
  const match = searchSql(terms, params, { similar });
  const where = ['not c.deleted', match.where];
  const addParam = (v: unknown) => `$${params.push(v)}`;

  const types = [q.type, q.type2].filter((t): t is NonNullable<typeof t> => !!t).flatMap(typesMeant);
  if (types.length) where.push(`c.types && ${addParam(types)}::text[]`);
  if (q.empClass) where.push(`(${addParam(q.empClass)} = any(c.types) or $${params.length} = any(c.ldap_groups))`);
  if (q.billToId) {
    where.push(`exists (select 1 from coverages cv where cv.contact_id = c.id and not cv.deleted and cv.bill_to_id = ${addParam(q.billToId)})`);
  }
  if (!isStaff(user)) {
    where.push(`exists (select 1 from coverages cv where cv.contact_id = c.id and not cv.deleted and cv.bill_to_id = any(${addParam(user.billToIds)}::uuid[]))`);
  }
  if (q.locationType) {
    const labels = q.locationType.toLowerCase() === 'residence' ? ['residence', 'home'] : [q.locationType.toLowerCase()];
    where.push(`exists (select 1 from join_contact_addresses la where la.contact_id = c.id and not la.deleted and lower(la.label) = any(${addParam(labels)}::text[]))`);
  }

  // the main address: Home first, then the first one stored
  const address = `(select j.address_id from join_contact_addresses j where j.contact_id = c.id and not j.deleted order by j.label = 'Home' desc, j.sort_order, j.created limit 1)`;
  let distance = 'null::float8';
  if (q.origin) {
    const [lat, lng] = q.origin.split(',').map(Number);
    const [pLat, pLng, pR] = [addParam(lat), addParam(lng), addParam(EARTH_RADIUS_KM * 1000 * METERS_TO_MILES)];
    distance = `(select min(2 * ${pR}::float8 * asin(least(1, sqrt(power(sin(radians(a.lat - ${pLat}::float8) / 2), 2)
                 + cos(radians(${pLat}::float8)) * cos(radians(a.lat)) * power(sin(radians(a.lng - ${pLng}::float8) / 2), 2)))))
                 from join_contact_addresses j join addresses a on a.id = j.address_id
                 where j.contact_id = c.id and not j.deleted and a.lat is not null and a.lng is not null)`;
    if (q.proximity !== undefined) where.push(`${distance} <= ${addParam(q.proximity)}::float8`);
  }
  const visited = q.passengerId
    ? `exists (select 1 from trip_legs tl join join_contact_addresses va on va.address_id = tl.location_second_id
                where tl.passenger_id = ${addParam(q.passengerId)} and va.contact_id = c.id)`
    : 'false';

  const { rows } = await pool.query(
    `select c.id, c.contact_number, c.name, c.types, c.member_id, c.date_of_birth,
            (select a.city from addresses a where a.id = x.address_id) as city, x.address_id, x.distance
       from contacts c
       cross join lateral (select ${address} as address_id, ${distance} as distance, ${visited} as visited) x
      where ${where.join(' and ')}
      order by x.visited desc, x.distance nulls last, ${match.tier}, ${match.closeness} desc, c.name, c.id
      limit ${LIMIT}`,
    params,
  );
  return rows.map((r) => ({
    id: r.id,
    contactNumber: r.contact_number,
    name: r.name,
    types: r.types,
    memberId: r.member_id,
    dob: r.date_of_birth,
    city: r.city,
    addressId: r.address_id,
    distanceMiles: r.distance === null ? null : Math.round(r.distance * 10) / 10,
  }));
}
