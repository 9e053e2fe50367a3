import type { ContactRow } from '@tripline/core';
import { bind } from './search.ts';

/**
 * The markers the register shows beside a contact (spec 2 §2): deleted; an infectious disease
 * active on the day (not cancelled, within its dates, spec 2 §3); a partner hold in effect on the
 * day (from its beginDate to its endDate, 2078-12-31 being open-ended); on the elevated member watch
 * list on the day (from its start, until its end if it has one). As columns on the
 * contacts alias `c`; `params` receives the day.
 */
export function badgeColumns(params: unknown[], today: string): string {
  const day = bind(params, today);
  return `exists (select 1 from infectious_diseases idb where idb.contact_id = c.id and not idb.cancel
                    and idb.start_date <= ${day}::date and idb.end_date >= ${day}::date) as badge_infectious,
          exists (select 1 from provider_holds phb where phb.provider_id = c.id
                    and phb.begin_date <= ${day}::date and phb.end_date >= ${day}::date) as badge_hold,
          exists (select 1 from elevated_members emb where emb.passenger_id = c.id
                    and emb.start_date <= ${day}::date and (emb.end_date is null or emb.end_date >= ${day}::date)) as badge_elevated`;
}

export function badges(r: Record<string, unknown>): ContactRow['badges'] {
  const out: ContactRow['badges'] = [];
  if (r.deleted) out.push('deleted');
  if (r.badge_infectious) out.push('infectious');
  if (r.badge_elevated) out.push('elevated');
  if (r.badge_hold) out.push('hold');
  return out;
}
