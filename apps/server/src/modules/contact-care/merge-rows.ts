import { addressKey, formatPhone, phoneKey, splitDuplicates } from '@tripline/core';
import type { PoolClient } from 'pg';
import { addressLinks, addressesOf } from './addresses.ts';
import { hasColumn } from './catalogue.ts';

export interface MergePair {
  keep: { id: string; contact_number: string; employee_number: string | null };
  merge: { id: string; contact_number: string; employee_number: string | null };
}

export interface Count {
  table: string;
  column: string;
  moved: number;
  dropped: number;
}

/**
 * The merged contact's phones, emails and addresses that repeat one of the kept contact's are
 * dropped (a phone by its last ten digits, an email by its letters, an address by street and ZIP;
 * an address row itself stays for the trips that use it, only its link goes); the others move
 * with the foreign keys, no longer main when the kept contact has a main one.
 */
export async function dedupeContactRows(client: PoolClient, pair: MergePair): Promise<{ counts: Count[]; conflicts: string[] }> {
  const counts: Count[] = [];
  const conflicts: string[] = [];
  const ids = [pair.keep.id, pair.merge.id];

  const { rows: phones } = await client.query<{ id: string; contact_id: string; phone: string; main: boolean }>(
    'select id, contact_id, phone_number_with_area_code as phone, main from contact_phones where contact_id = any($1::uuid[]) order by main desc, id for update',
    [ids],
  );
  const phoneSplit = splitDuplicates(
    phones.filter((p) => p.contact_id === pair.keep.id),
    phones.filter((p) => p.contact_id === pair.merge.id),
    (p) => phoneKey(p.phone),
  );
  if (phoneSplit.drop.length > 0) {
    await client.query('delete from contact_phones where id = any($1::uuid[])', [phoneSplit.drop.map((p) => p.id)]);
    counts.push({ table: 'contact_phones', column: 'contact_id', moved: 0, dropped: phoneSplit.drop.length });
    conflicts.push(...phoneSplit.drop.map((p) => `Phone ${formatPhone(p.phone)} is already the kept contact's`));
  }
  if (phones.some((p) => p.contact_id === pair.keep.id && p.main)) {
    await client.query('update contact_phones set main = false where contact_id = $1 and main', [pair.merge.id]);
  }

  const { rows: emails } = await client.query<{ id: string; contact_id: string; email: string; main: boolean }>(
    'select id, contact_id, email, main from contact_emails where contact_id = any($1::uuid[]) order by main desc, id for update',
    [ids],
  );
  const emailSplit = splitDuplicates(
    emails.filter((e) => e.contact_id === pair.keep.id),
    emails.filter((e) => e.contact_id === pair.merge.id),
    (e) => e.email.trim().toLowerCase(),
  );
  if (emailSplit.drop.length > 0) {
    await client.query('delete from contact_emails where id = any($1::uuid[])', [emailSplit.drop.map((e) => e.id)]);
    counts.push({ table: 'contact_emails', column: 'contact_id', moved: 0, dropped: emailSplit.drop.length });
    conflicts.push(...emailSplit.drop.map((e) => `Email ${e.email} is already the kept contact's`));
  }
  if (emails.some((e) => e.contact_id === pair.keep.id && e.main)) {
    await client.query('update contact_emails set main = false where contact_id = $1 and main', [pair.merge.id]);
  }

  // an address can only be let go of where addresses are joined; an address row of its own moves whole
  if ((await addressLinks(client)).join) {
    const addresses = (await addressesOf(client, ids)).filter((a) => a.linkId !== null);
    const split = splitDuplicates(
      addresses.filter((a) => a.contactId === pair.keep.id),
      addresses.filter((a) => a.contactId === pair.merge.id),
      addressKey,
    );
    if (split.drop.length > 0) {
      await client.query('delete from join_contact_addresses where id = any($1::uuid[])', [split.drop.map((a) => a.linkId)]);
      counts.push({ table: 'join_contact_addresses', column: 'contact_id', moved: 0, dropped: split.drop.length });
      conflicts.push(...split.drop.map((a) => `Address ${a.street ?? ''} ${a.zip ?? ''} is already the kept contact's`.replace(/\s+/g, ' ').trim()));
    }
  }
  return { counts, conflicts };
}

/**
 * The columns that name contacts by number rather than by id: a trip's partner
 * number, its driver's employee number and a vehicle's take-home employee (where that column
 * exists). Employee numbers are rewritten only when the kept contact has its own; otherwise it
 * takes the merged one's number and the references stand.
 */
export async function repointNumbers(client: PoolClient, pair: MergePair): Promise<Count[]> {
  const counts: Count[] = [];
  const partner = await client.query('update drive_assignments set farmout_contact_number = $2 where farmout_contact_number = $1', [
    pair.merge.contact_number,
    pair.keep.contact_number,
  ]);
  if (partner.rowCount) counts.push({ table: 'drive_assignments', column: 'farmout_contact_number', moved: partner.rowCount, dropped: 0 });
  const from = pair.merge.employee_number;
  const to = pair.keep.employee_number;
  if (from && to && from !== to) {
    const drivers = await client.query('update drive_assignments set driver_emp_number_assigned = $2 where driver_emp_number_assigned = $1', [from, to]);
    if (drivers.rowCount) counts.push({ table: 'drive_assignments', column: 'driver_emp_number_assigned', moved: drivers.rowCount, dropped: 0 });
    if (await hasColumn(client, 'vehicles', 'take_home_employee_number')) {
      const vehicles = await client.query('update vehicles set take_home_employee_number = $2 where take_home_employee_number = $1', [from, to]);
      if (vehicles.rowCount) counts.push({ table: 'vehicles', column: 'take_home_employee_number', moved: vehicles.rowCount, dropped: 0 });
    }
  }
  return counts;
}
