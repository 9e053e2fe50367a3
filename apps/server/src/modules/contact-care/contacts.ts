import type { Pool, PoolClient } from 'pg';
import { isUuid } from '../trips/repository.ts';

type Db = Pool | PoolClient;

export interface ContactRef {
  id: string;
  name: string;
  contactNumber: number;
  types: string[];
}

const REF = `id, name, contact_number::int as "contactNumber", types`;

/** A contact that is not deleted, or null (an id that is no uuid finds none). */
export async function liveContact(db: Db, id: string): Promise<ContactRef | null> {
  if (!isUuid(id)) return null;
  const { rows } = await db.query<ContactRef>(`select ${REF} from contacts where id = $1 and not deleted`, [id]);
  return rows[0] ?? null;
}

/** The same, locked for the rest of the transaction ('share' lets others read-lock it too). */
export async function lockLiveContact(client: PoolClient, id: string, mode: 'share' | 'update'): Promise<ContactRef | null> {
  if (!isUuid(id)) return null;
  const { rows } = await client.query<ContactRef>(`select ${REF} from contacts where id = $1 and not deleted for ${mode === 'share' ? 'share' : 'update'}`, [id]);
  return rows[0] ?? null;
}

