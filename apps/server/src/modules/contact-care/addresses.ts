import type { Pool, PoolClient } from 'pg';

type Db = Pool | PoolClient;

/**
 * How contacts hold addresses: join_contact_addresses (addresses immutable and shared
 * with trips) once its migration has run, and addresses.contact_id where that column still exists.
 * Read from the catalogue so duplicates and merging follow whichever the database has.
 */
export async function addressLinks(db: Db): Promise<{ join: boolean; column: boolean }> {
  const { rows } = await db.query<{ join: boolean; column: boolean }>(
    `select to_regclass('join_contact_addresses') is not null as join,
            exists (select 1 from information_schema.columns where table_schema = current_schema() and table_name = 'addresses' and column_name = 'contact_id') as column`,
  );
  return rows[0];
}

export interface ContactAddress {
  contactId: string;
  addressId: string;
  /** The join row's id when addresses are joined, else null. */
  linkId: string | null;
  street: string | null;
  zip: string | null;
}

/** The current addresses of these contacts. */
export async function addressesOf(db: Db, contactIds: readonly string[]): Promise<ContactAddress[]> {
  if (contactIds.length === 0) return [];
  const links = await addressLinks(db);
  const parts: string[] = [];
  if (links.join) {
    parts.push(`select j.contact_id, j.address_id, j.id::text as link_id from join_contact_addresses j where j.contact_id = any($1::uuid[]) and not j.deleted`);
  }
  if (links.column) parts.push(`select a.contact_id, a.id as address_id, null::text as link_id from addresses a where a.contact_id = any($1::uuid[])`);
  if (parts.length === 0) return [];
  const { rows } = await db.query<ContactAddress>(
    `select distinct on (x.contact_id, x.address_id) x.contact_id as "contactId", x.address_id as "addressId", x.link_id as "linkId", a.street, a.zip
       from (${parts.join(' union all ')}) x join addresses a on a.id = x.address_id
      order by x.contact_id, x.address_id, x.link_id nulls last`,
    [contactIds],
  );
  return rows;
}
