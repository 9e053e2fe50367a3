/** WCAG 2 AA: normal text needs 4.5:1 against what is behind it (1.4.3). */
export const AA_TEXT_CONTRAST = 4.5;

function channels(hex: string): [number, number, number] {
  const m = /^#([0-9a-f]{3}|[0-9a-f]{6})$/i.exec(hex.trim());
  if (!m) throw new Error(`Not a hex colour: ${hex}`);
  const h = m[1].length === 3 ? [...m[1]].map((c) => c + c).join('') : m[1];
  return [0, 2, 4].map((i) => parseInt(h.slice(i, i + 2), 16)) as [number, number, number];
}

function toHex(rgb: readonly number[]): string {
  return '#' + rgb.map((c) => Math.round(c).toString(16).padStart(2, '0')).join('');
}

/** Relative luminance as WCAG 2 defines it, 0 for black to 1 for white. */
export function relativeLuminance(hex: string): number {
  const [r, g, b] = channels(hex).map((c) => {
    const s = c / 255;
    return s <= 0.03928 ? s / 12.92 : ((s + 0.055) / 1.055) ** 2.4;
  });
  return 0.2126 * r + 0.7152 * g + 0.0722 * b;
}

/** The WCAG 2 contrast ratio of two colours, from 1 (same) to 21 (black on white). */
export function contrastRatio(a: string, b: string): number {
  const [hi, lo] = [relativeLuminance(a), relativeLuminance(b)].sort((x, y) => y - x);
  return (hi + 0.05) / (lo + 0.05);
}

/** The colour mixed with black by `amount` (0 keeps it, 1 is black): same hue, only deeper. */
export function deepen(hex: string, amount: number): string {
  return toHex(channels(hex).map((c) => c * (1 - amount)));
}

/**
 * The given colour, deepened only as far as needed for it to reach `min` contrast against every
 * colour of `others` (as text on those backgrounds, or as a background under that text). A colour
 * that already reads well comes back unchanged, so the palette keeps its look where it can.
 */
export function readableAgainst(hex: string, others: readonly string[], min = AA_TEXT_CONTRAST): string {
  // A hundredth above the threshold: axe and browsers round colours slightly differently.
  const enough = (c: string) => others.every((o) => contrastRatio(c, o) >= min + 0.01);
  for (let step = 0; step <= 100; step++) {
    const candidate = step === 0 ? hex.toLowerCase() : deepen(hex, step / 100);
    if (enough(candidate)) return candidate;
  }
  return '#000000';
}
