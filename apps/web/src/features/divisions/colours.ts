/**
 * Map colours of divisions, by their place in code order: distinct hues that stay apart for
 * the common kinds of colour blindness as far as ten go, then repeat.
 */
const PALETTE = ['#1c7ed6', '#f08c00', '#2f9e44', '#ae3ec9', '#e03131', '#0c8599', '#5f3dc4', '#d6336c', '#66a80f', '#495057'];

export const UNASSIGNED_FILL = '#f1f3f5';
export const OUTLINE = '#868e96';

export function divisionColour(index: number): string {
  return PALETTE[((index % PALETTE.length) + PALETTE.length) % PALETTE.length];
}

/** Colour of each division id, by code order. */
export function coloursOf(divisions: readonly { id: string; code: string }[]): Map<string, string> {
  const sorted = [...divisions].sort((a, b) => a.code.localeCompare(b.code));
  return new Map(sorted.map((d, i) => [d.id, divisionColour(i)]));
}

/** A time zone as people say it: 'America/Los_Angeles' → 'Los Angeles'. */
export function zoneLabel(zone: string): string {
  return zone.slice(zone.lastIndexOf('/') + 1).replace(/_/g, ' ');
}
