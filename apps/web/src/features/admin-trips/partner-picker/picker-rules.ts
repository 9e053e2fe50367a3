import type { PartnerOption } from '@tripline/core';

/** spec 3 §2, §9: the partner picker lists candidates by score, best first (ties keep the server's order). */
export function sortByScore(options: readonly PartnerOption[]): PartnerOption[] {
  return options
    .map((option, i) => ({ option, i }))
    .sort((a, b) => b.option.score - a.option.score || a.i - b.i)
    .map((x) => x.option);
}

/** The candidates whose name or partner number contains every word typed in the filter box. */
export function filterOptions(options: readonly PartnerOption[], text: string): PartnerOption[] {
  const words = text.trim().toLowerCase().split(/\s+/).filter(Boolean);
  if (words.length === 0) return [...options];
  return options.filter((o) => {
    const hay = `${o.name} ${o.contactNumber ?? ''}`.toLowerCase();
    return words.every((w) => hay.includes(w));
  });
}

export type HighlightKey = 'ArrowDown' | 'ArrowUp' | 'Home' | 'End' | 'PageDown' | 'PageUp';
export const HIGHLIGHT_KEYS: readonly string[] = ['ArrowDown', 'ArrowUp', 'Home', 'End', 'PageDown', 'PageUp'];
const PAGE = 5;

/**
 * Where the highlight goes for a key (spec 3 §2: up/down move it). Down from the last row and up
 * from the first wrap around; -1 means nothing is highlighted (an empty list).
 */
export function nextHighlight(current: number, count: number, key: HighlightKey): number {
  if (count <= 0) return -1;
  const at = current < 0 || current >= count ? -1 : current;
  switch (key) {
    case 'ArrowDown':
      return at === -1 || at === count - 1 ? 0 : at + 1;
    case 'ArrowUp':
      return at <= 0 ? count - 1 : at - 1;
    case 'Home':
      return 0;
    case 'End':
      return count - 1;
    case 'PageDown':
      return Math.min(count - 1, Math.max(at, 0) + PAGE);
    case 'PageUp':
      return Math.max(0, at - PAGE);
  }
}

export interface PickConfirmation {
  kind: 'replace' | 'outOfArea';
  title: string;
  message: string;
  confirmLabel: string;
}

/** What picking a candidate does: nothing but close (the same partner), or assign after the confirmations. */
export type PickPlan = { kind: 'close' } | { kind: 'assign'; confirmations: PickConfirmation[] };

export const PICK_MSG = {
  REPLACE_TITLE: 'Replace partner',
  REPLACE: (oldName: string, newName: string) => `Replace ${oldName} with ${newName}?`,
  OUT_OF_AREA_TITLE: 'Out-Of-Area',
  OUT_OF_AREA: (name: string) => `${name} does not cover the pickup ZIP code. Assign this Out-Of-Area partner anyway?`,
} as const;

/**
 * spec 3 §5 "Partner change": the same partner just dismisses; replacing an existing partner asks
 * to confirm; a partner without ZIP coverage asks to confirm 'Out-Of-Area'. `current` is the
 * partner of the trips being changed (null when they have none, or not one in common).
 * `askOutOfArea` false leaves the Out-Of-Area question to the caller (a bulk assignment asks it
 * once for every trip the partner does not serve).
 */
export function planPick(option: PartnerOption, current: { id: string; name: string } | null, askOutOfArea = true): PickPlan {
  if (current && current.id === option.providerId) return { kind: 'close' };
  const confirmations: PickConfirmation[] = [];
  if (current) {
    confirmations.push({
      kind: 'replace',
      title: PICK_MSG.REPLACE_TITLE,
      message: PICK_MSG.REPLACE(current.name, option.name),
      confirmLabel: 'Replace',
    });
  }
  if (askOutOfArea && option.outOfArea) {
    confirmations.push({
      kind: 'outOfArea',
      title: PICK_MSG.OUT_OF_AREA_TITLE,
      message: PICK_MSG.OUT_OF_AREA(option.name),
      confirmLabel: 'Assign Out-Of-Area',
    });
  }
  return { kind: 'assign', confirmations };
}

/** How the row words a partner's ZIP coverage: for one trip, or for how many of several. */
export function describeCoverage(coverage: PartnerOption['coverage']): string {
  const { covered, trips } = coverage;
  if (trips <= 1) return covered >= 1 ? 'ZIP covered' : 'ZIP not covered';
  if (covered === trips) return `ZIP covered for all ${trips} trips`;
  if (covered === 0) return `ZIP not covered for any of the ${trips} trips`;
  return `ZIP covered for ${covered} of ${trips} trips`;
}

/**
 * The score parts as the picker's row explains them. Distances are in miles to 0.1 (DECISIONS 12),
 * as everywhere in the product; for several trips the mean distance.
 */
export function describeParts(option: Pick<PartnerOption, 'parts' | 'coverage'>): string[] {
  const { parts, coverage } = option;
  const several = coverage.trips > 1;
  return [
    parts.distanceMiles === null ? 'distance unknown' : `${several ? 'avg ' : ''}${parts.distanceMiles.toFixed(1)} mi`,
    parts.capable ? 'capable' : 'not capable',
    describeCoverage(coverage),
    `${parts.tripsThatDay} ${parts.tripsThatDay === 1 ? 'trip' : 'trips'} that day`,
    parts.acceptanceRate === null ? 'no acceptance history' : `${Math.round(parts.acceptanceRate * 100)}% accepted`,
  ];
}
