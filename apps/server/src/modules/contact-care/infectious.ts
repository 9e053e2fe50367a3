import {
  defaultInfectiousEnd,
  infectiousFlagOn,
  infectiousWindow,
  isInfectiousOn,
  operatorToday,
  type InfectiousDisease,
  type InfectiousPeriod,
  type ParsedBodyOf,
  type contract,
} from '@tripline/core';
import type { FastifyRequest } from 'fastify';
import type { PoolClient } from 'pg';
import type { SessionUser } from '../../platform/auth/users.ts';
import { inTransaction } from '../../platform/audit.ts';
import type { AppDeps } from '../../platform/deps.ts';
import { conflict, notFound } from '../../platform/errors.ts';
import { auditOf, writeAudit, writeAudits } from '../trips/write.ts';
import { lockLiveContact, liveContact } from './contacts.ts';

interface DiseaseRow {
  id: string;
  contact_id: string;
  disease: string;
  start_date: string;
  end_date: string;
  cancel: boolean;
  agent_name: string;
  mod_count: number;
  created_at: Date;
}

const COLUMNS = `id, contact_id, disease, to_char(start_date, 'YYYY-MM-DD') as start_date, to_char(end_date, 'YYYY-MM-DD') as end_date,
  cancel, agent_name, mod_count, created_at`;

const period = (r: DiseaseRow): InfectiousPeriod => ({ startDate: r.start_date, endDate: r.end_date, cancel: r.cancel });

function present(r: DiseaseRow, day: string): InfectiousDisease {
  return {
    id: r.id,
    contactId: r.contact_id,
    disease: r.disease,
    startDate: r.start_date,
    endDate: r.end_date,
    cancel: r.cancel,
    agentName: r.agent_name,
    active: isInfectiousOn(period(r), day),
    modCount: r.mod_count,
    created: r.created_at.toISOString(),
  };
}

/** GET infectious-diseases (spec 2 §7): the contact's diseases, newest first; with date, the active ones that day. */
export async function listDiseases(deps: AppDeps, contactId: string, date: string | undefined): Promise<InfectiousDisease[]> {
  if (!(await liveContact(deps.pool, contactId))) throw notFound();
  const { rows } = await deps.pool.query<DiseaseRow>(`select ${COLUMNS} from infectious_diseases where contact_id = $1 order by start_date desc, created_at desc`, [
    contactId,
  ]);
  const day = date ?? operatorToday(deps.clock.now());
  return rows.map((r) => present(r, day)).filter((d) => date === undefined || d.active);
}

/**
 * Sets or clears infectiousDiseaseFlag on the passenger's legs between `from` and `to` (service
 * dates) so each says whether an active disease covers its day (core infectiousFlagOn); each leg
 * changed is audited. The legs' triggers stamp their trips, so partners' days show it live.
 */
async function syncLegFlags(client: PoolClient, req: FastifyRequest, contactId: string, from: string, to: string): Promise<number> {
  const { rows: diseases } = await client.query<DiseaseRow>(
    `select ${COLUMNS} from infectious_diseases where contact_id = $1 and end_date >= $2::date and start_date <= $3::date`,
    [contactId, from, to],
  );
  const { rows: legs } = await client.query<{ id: string; day: string; flag: boolean }>(
    `select tl.id, to_char(da.service_date, 'YYYY-MM-DD') as day, tl.infectious_disease_flag as flag
       from trip_legs tl join drive_assignments da on da.id = tl.drive_assignment_id
      where tl.passenger_id = $1 and da.service_date between $2::date and $3::date
      order by tl.id
      for update of tl`,
    [contactId, from, to],
  );
  const periods = diseases.map(period);
  const changed = legs.filter((l) => infectiousFlagOn(periods, l.day) !== l.flag);
  if (changed.length === 0) return 0;
  const set = changed.filter((l) => !l.flag).map((l) => l.id);
  const clear = changed.filter((l) => l.flag).map((l) => l.id);
  await client.query(
    `update trip_legs set infectious_disease_flag = (id = any($1::uuid[])), mod_count = mod_count + 1 where id = any($2::uuid[])`,
    [set, [...set, ...clear]],
  );
  await writeAudits(
    client,
    changed.map((l) => auditOf(req, 'infectious-disease', 'trip_legs', l.id, { infectiousDiseaseFlag: l.flag }, { infectiousDiseaseFlag: !l.flag })),
  );
  return changed.length;
}

type DiseaseInput = ParsedBodyOf<typeof contract.saveInfectiousDisease>;

/**
 * POST infectious-diseases (spec 2 §5): a saved contact only; the end defaults to 5 days after the
 * start; agentName is the recording user's name whatever the form sent. A change (id) needs the
 * modCount it was read with (stale: 409 with the server's copy). In one transaction with the legs'
 * flags, audited.
 */
export async function saveDisease(deps: AppDeps, req: FastifyRequest, user: SessionUser, body: DiseaseInput): Promise<InfectiousDisease> {
  const contactId = body.contactId.toLowerCase();
  return inTransaction(deps.pool, async (client) => {
    if (!(await lockLiveContact(client, contactId, 'share'))) throw notFound();
    const endDate = body.endDate ?? defaultInfectiousEnd(body.startDate);
    let before: DiseaseRow | null = null;
    let row: DiseaseRow;
    if (body.id) {
      const found = await client.query<DiseaseRow>(`select ${COLUMNS} from infectious_diseases where id = $1 and contact_id = $2 for update`, [body.id, contactId]);
      before = found.rows[0] ?? null;
      if (!before) throw notFound();
      if (before.mod_count !== body.modCount) throw conflict('This infectious disease was changed by someone else; reopen it to see the current values.', present(before, operatorToday(deps.clock.now())));
      const { rows } = await client.query<DiseaseRow>(
        `update infectious_diseases set disease = $2, start_date = $3, end_date = $4, cancel = $5, agent_id = $6, agent_name = $7,
                mod_count = mod_count + 1, updated_at = now()
          where id = $1 returning ${COLUMNS}`,
        [body.id, body.disease, body.startDate, endDate, body.cancel, user.id, user.name],
      );
      row = rows[0];
    } else {
      const { rows } = await client.query<DiseaseRow>(
        `insert into infectious_diseases (contact_id, disease, start_date, end_date, cancel, agent_id, agent_name)
         values ($1, $2, $3, $4, $5, $6, $7) returning ${COLUMNS}`,
        [contactId, body.disease, body.startDate, endDate, body.cancel, user.id, user.name],
      );
      row = rows[0];
    }
    const shape = (r: DiseaseRow | null) => (r ? { disease: r.disease, startDate: r.start_date, endDate: r.end_date, cancel: r.cancel, agentName: r.agent_name } : null);
    await writeAudit(client, auditOf(req, 'infectious-disease', 'infectious_diseases', row.id, shape(before), { contactId, ...shape(row) }));
    const window = infectiousWindow(before && period(before), period(row));
    await syncLegFlags(client, req, contactId, window.from, window.to);
    return present(row, operatorToday(deps.clock.now()));
  });
}
