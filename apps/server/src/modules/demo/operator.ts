/**
 * Rows for the operator's reference data: divisions, counties, reasons, payers and destinations.
 */
import { addAddress, addContact, addEmail, addPhone, type DemoContext } from './context.ts';
import { areaCodeFor, fictionalPhone, streetAddress } from './places.ts';
import {
  CANCEL_REASONS,
  COUNTIES,
  DECLINE_REASONS,
  DIVISIONS,
  FACILITIES,
  MCOS,
  PROGRAM_BILL_TOS,
} from './reference.ts';
import type { DivisionInfo, FacilityInfo } from './world.ts';

export interface PlanInfo {
  id: string;
  name: string;
  lob: string;
  state: string;
  mcoKey: string;
}

export interface Payers {
  plans: PlanInfo[];
  /** NEMT benefit account of each MCO, by MCO key. */
  mcoBillTo: Map<string, string>;
  /** Program and facility accounts, by name. */
  programBillTo: Map<string, { id: string; division: string }>;
}

export function addDivisions(ctx: DemoContext): DivisionInfo[] {
  const out: DivisionInfo[] = [];
  for (const d of DIVISIONS) {
    const id = ctx.ids.uuid();
    ctx.divisionIds.set(d.code, id);
    ctx.divisions.add({ id, code: d.code, name: d.name, state: d.state, time_zone: d.timeZone });
    out.push({ id, code: d.code, timeZone: d.timeZone, share: d.share });
  }
  for (const c of COUNTIES) {
    ctx.counties.add({ fips: c.fips, name: c.name, state: c.state, division_id: ctx.divisionIds.get(c.division) });
  }
  return out;
}

export function addReasons(ctx: DemoContext): void {
  CANCEL_REASONS.forEach((r, i) =>
    ctx.cancelReasons.add({
      id: ctx.ids.uuid(),
      label: r.label,
      require_stats: r.requireStats,
      with_charge: r.withCharge,
      staff_only: r.staffOnly,
      require_notes: r.requireNotes ?? true,
      sort_order: (i + 1) * 10,
    }),
  );
  DECLINE_REASONS.forEach((r, i) =>
    ctx.declineReasons.add({
      id: ctx.ids.uuid(),
      name: r.name,
      aliases: r.aliases,
      always_visible: r.alwaysVisible,
      sort_order: (i + 1) * 10,
    }),
  );
}

function slug(name: string): string {
  return name
    .normalize('NFD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '');
}

export function addPayers(ctx: DemoContext): Payers {
  const plans: PlanInfo[] = [];
  const mcoBillTo = new Map<string, string>();
  const programBillTo = new Map<string, { id: string; division: string }>();
  for (const mco of MCOS) {
    const { id: mcoId } = addContact(ctx, { name: mco.name, types: ['MCO'] }, true);
    addEmail(ctx, mcoId, `nemt@${slug(mco.name)}.example`);
    addPhone(ctx, mcoId, fictionalPhone(ctx.rng, mco.states[0] === 'CA' ? '559' : '505'), { type: 'Work' });
    for (const p of mco.plans) {
      const id = ctx.ids.uuid();
      ctx.plans.add({ id, mco_id: mcoId, name: p.name, code: p.code, lob: p.lob });
      plans.push({ id, name: p.name, lob: p.lob, state: mco.states[0], mcoKey: mco.key });
    }
    const billTo = addContact(ctx, { name: mco.billTo, types: ['Bill To'], parent_id: mcoId }, true);
    addEmail(ctx, billTo.id, `claims@${slug(mco.name)}.example`);
    mcoBillTo.set(mco.key, billTo.id);
  }
  for (const b of PROGRAM_BILL_TOS) {
    const divisionId = ctx.divisionIds.get(b.division);
    const { id } = addContact(ctx, { name: b.name, types: ['Bill To'], division_id: divisionId }, true);
    addAddress(ctx, id, streetAddress(ctx.rng, b.zip), 'Billing', b.name);
    addPhone(ctx, id, fictionalPhone(ctx.rng, areaCodeFor(b.division, b.zip)), { type: 'Work' });
    addEmail(ctx, id, `billing@${slug(b.name).slice(0, 24)}.example`);
    programBillTo.set(b.name, { id, division: b.division });
  }
  return { plans, mcoBillTo, programBillTo };
}

export function addFacilities(ctx: DemoContext): FacilityInfo[] {
  return FACILITIES.map((f) => {
    const divisionId = ctx.divisionIds.get(f.division)!;
    const { id } = addContact(ctx, { name: f.name, types: ['Facility'], division_id: divisionId });
    const place = addAddress(ctx, id, streetAddress(ctx.rng, f.zip, f.street), 'Office', f.name);
    addPhone(ctx, id, fictionalPhone(ctx.rng, areaCodeFor(f.division, f.zip)), { type: 'Work' });
    return { id, name: f.name, apptType: f.apptType, divisionId, place };
  });
}
