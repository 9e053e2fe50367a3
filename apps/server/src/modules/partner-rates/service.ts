import {
  dayBefore,
  isStaff,
  mayEditRates,
  operatorToday,
  RATE_MSG,
  rateAmountsFor,
  rateEndProblem,
  rateOverlapsNext,
  type NewPartnerRate,
  type PartnerRate,
  type RateBreakdown,
  type RateType,
} from '@tripline/core';
import type { FastifyRequest } from 'fastify';
import type { PoolClient } from 'pg';
import type { SessionUser } from '../../platform/auth/users.ts';
import { inTransaction } from '../../platform/audit.ts';
import type { AppDeps } from '../../platform/deps.ts';
import { badRequest, conflict, notFound } from '../../platform/errors.ts';
import { auditOf, writeAudits } from '../trips/write.ts';
import { repriceGroup } from './reprice-group.ts';
import { RATE_SELECT, rateOfRow } from './repository.ts';
import { AMOUNT_COLUMNS, insertRate, lockGroup, saveAmounts } from './writes.ts';

export const RATE_CONFLICT = 'Someone else changed this rate after you loaded it.';

/** Staff, Finance and PartnerCredentialing see every partner's rates; a partner only its own. */
function seesAllRates(user: SessionUser): boolean {
  return isStaff(user) || mayEditRates(user);
}

/** GET partner-rates: by partner, bill-to and service type, newest first in each group. */
export async function listRates(deps: AppDeps, user: SessionUser, query: { providerId?: string; billToId?: string }): Promise<PartnerRate[]> {
  let providerId = query.providerId ?? null;
  if (!seesAllRates(user)) {
    if (!user.partnerId || (providerId !== null && providerId !== user.partnerId)) throw notFound();
    providerId = user.partnerId;
  }
  const { rows } = await deps.pool.query(
    `${RATE_SELECT}
      where ($1::text is null or r.affiliate_id::text = $1) and ($2::text is null or r.bill_to_contact_id::text = $2)
      order by p.name, b.name, r.service_id, r.date_begin desc`,
    [providerId, query.billToId ?? null],
  );
  return rows.map((row) => rateOfRow(row, deps.clock.now()));
}

/** A rate write refused by the one-rate-in-force constraint lost a race: 409, nothing written. */
async function raceSafe<T>(work: () => Promise<T>, message: string): Promise<T> {
  try {
    return await work();
  } catch (e) {
    if ((e as { code?: string }).code === '23P01') throw conflict(message);
    throw e;
  }
}

async function rateById(client: PoolClient, id: string, now: Date): Promise<PartnerRate | null> {
  const { rows } = await client.query(`${RATE_SELECT} where r.id::text = $1`, [id]);
  return rows[0] ? rateOfRow(rows[0], now) : null;
}

/** The partner and bill-to named must be contacts of those kinds. */
async function assertGroupContacts(client: PoolClient, body: NewPartnerRate): Promise<void> {
  const { rows } = await client.query<{ id: string; types: string[] }>(
    'select id::text, types from contacts where id::text = any($1::text[]) and not deleted',
    [[body.affiliateId, body.billToContactId]],
  );
  const types = (id: string) => rows.find((r) => r.id === id)?.types ?? null;
  const partner = types(body.affiliateId);
  const billTo = types(body.billToContactId);
  const problems = [];
  if (!partner?.includes('Affiliate')) problems.push({ path: 'affiliateId', message: RATE_MSG.NOT_A_PARTNER });
  if (!billTo?.some((t) => t === 'Bill To' || t === 'MCO')) problems.push({ path: 'billToContactId', message: RATE_MSG.NOT_A_BILL_TO });
  if (problems.length) throw badRequest(problems[0].message, problems);
}

/**
 * POST partner-rates: the group's new rate begins today (the operator's day) and runs until the
 * group's next rate, if one is planned; the rate in force ends yesterday; the group's trips from
 * today on are repriced. All in one transaction; a group whose rate begins today answers 409.
 */
export async function addRate(deps: AppDeps, req: FastifyRequest, user: SessionUser, body: NewPartnerRate) {
  const now = deps.clock.now();
  const today = operatorToday(now);
  return raceSafe(
    () =>
      inTransaction(deps.pool, async (client) => {
        await assertGroupContacts(client, body);
        const group = { affiliateId: body.affiliateId, billToContactId: body.billToContactId, serviceId: body.serviceId };
        const current = await lockGroup(client, group, dayBefore(today));
        const sameDay = current.find((r) => r.dateBegin === today);
        if (sameDay) throw conflict(RATE_MSG.ALREADY_TODAY, await rateById(client, sameDay.id, now));
        const inForce = current.find((r) => r.dateBegin < today && (r.dateEnd === null || r.dateEnd >= today));
        const next = current.filter((r) => r.dateBegin > today).sort((a, b) => a.dateBegin.localeCompare(b.dateBegin))[0];

        const audits = [];
        if (inForce) {
          await client.query('update partner_rates set date_end = $2, mod_count = mod_count + 1 where id = $1', [inForce.id, dayBefore(today)]);
          audits.push(auditOf(req, 'partner-rate-add', 'partner_rates', inForce.id, { dateEnd: inForce.dateEnd }, { dateEnd: dayBefore(today) }));
        }
        const amounts = rateAmountsFor(body.rateType, body as Partial<RateBreakdown>);
        const dateEnd = next ? dayBefore(next.dateBegin) : null;
        const id = await insertRate(client, { ...group, rateType: body.rateType, amounts, dateBegin: today, dateEnd, createdBy: user.id });
        const rate = (await rateById(client, id, now)) as PartnerRate;
        audits.push(auditOf(req, 'partner-rate-add', 'partner_rates', id, null, rate));
        await writeAudits(client, audits);
        const repricedTrips = await repriceGroup(client, req, 'partner-rate-add', group, today, dateEnd, now);
        const ended = inForce ? await rateById(client, inForce.id, now) : null;
        return { rate, ended, repricedTrips };
      }),
    RATE_MSG.ALREADY_TODAY,
  );
}

/** The days whose rate in force changes when a rate's end moves from one day to another (null: open). */
function daysBetweenEnds(a: string | null, b: string | null): [string, string | null] {
  if (a === null || (b !== null && b < a)) return daysBetweenEnds(b, a);
  // a <= b (b null = open): the days after a through b
  const next = new Date(`${a}T00:00:00Z`);
  next.setUTCDate(next.getUTCDate() + 1);
  return [next.toISOString().slice(0, 10), b];
}

const laterEnd = (a: string | null, b: string | null) => (a === null || b === null ? null : a > b ? a : b);

/**
 * PATCH partner-rates: ends a rate on dateEnd (deleting a rate), or corrects the type and amounts
 * of a rate that begins today. The trips whose pay the change touches are repriced.
 */
export async function changeRate(
  deps: AppDeps,
  req: FastifyRequest,
  user: SessionUser,
  query: { id: string; dateEnd?: string; modCount: number },
  body: ({ rateType: RateType } & Partial<RateBreakdown>) | undefined,
) {
  if (query.dateEnd === undefined && body === undefined) throw badRequest('Send an end date or the corrected amounts');
  const now = deps.clock.now();
  const today = operatorToday(now);
  return raceSafe(
    () =>
      inTransaction(deps.pool, async (client) => {
        const { rows } = await client.query(`${RATE_SELECT} where r.id::text = $1 for update of r`, [query.id]);
        if (!rows[0]) throw notFound();
        const rate = rateOfRow(rows[0], now);
        if (rate.modCount !== query.modCount) throw conflict(RATE_CONFLICT, rate);
        const group = { affiliateId: rate.affiliateId, billToContactId: rate.billToContactId, serviceId: rate.serviceId };

        let dateEnd = rate.dateEnd;
        if (query.dateEnd !== undefined) {
          const problem = rateEndProblem(rate.dateBegin, query.dateEnd);
          if (problem) throw badRequest(problem, [{ path: 'dateEnd', message: problem }]);
          const later = await lockGroup(client, group, rate.dateBegin);
          const next = later.filter((r) => r.dateBegin > rate.dateBegin).sort((a, b) => a.dateBegin.localeCompare(b.dateBegin))[0];
          if (next && query.dateEnd >= next.dateBegin) {
            const message = rateOverlapsNext(next.dateBegin);
            throw badRequest(message, [{ path: 'dateEnd', message }]);
          }
          dateEnd = query.dateEnd;
        }
        if (body && rate.dateBegin !== today) throw badRequest(RATE_MSG.CORRECT_TODAY_ONLY);
        if (!body && dateEnd === rate.dateEnd) return { rate, repricedTrips: 0 };

        const activity = body ? 'partner-rate-correct' : 'partner-rate-end';
        if (body) await saveAmounts(client, rate.id, body.rateType, rateAmountsFor(body.rateType, body));
        await client.query('update partner_rates set date_end = $2, mod_count = mod_count + 1 where id = $1', [rate.id, dateEnd]);
        const after = (await rateById(client, rate.id, now)) as PartnerRate;
        const changedKeys = ['rateType', 'dateEnd', ...AMOUNT_COLUMNS.map(([k]) => k)] as const;
        const pick = (r: PartnerRate) => Object.fromEntries([...changedKeys, 'modCount'].map((k) => [k, r[k as keyof PartnerRate]]));
        await writeAudits(client, [auditOf(req, activity, 'partner_rates', rate.id, pick(rate), pick(after))]);

        const [from, to] = body ? [rate.dateBegin, laterEnd(rate.dateEnd, dateEnd)] : daysBetweenEnds(rate.dateEnd, dateEnd);
        const repricedTrips = await repriceGroup(client, req, activity, group, from, to, now);
        return { rate: after, repricedTrips };
      }),
    RATE_MSG.OVERLAP,
  );
}

