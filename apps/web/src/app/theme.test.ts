import { DEFAULT_THEME, mergeMantineTheme } from '@mantine/core';
import { describe, expect, it } from 'vitest';
import { AA_TEXT_CONTRAST, contrastRatio, relativeLuminance } from './contrast.ts';
import { TEXT_SURFACES, readablePalette, theme } from './theme.ts';

const t = mergeMantineTheme(DEFAULT_THEME, theme);
const names = Object.keys(t.colors).filter((c) => c !== 'dark');

describe('the theme palette reads at WCAG AA in the light scheme', () => {
  it('shades 6–9 (dimmed text, links, coloured text, fills under white text, light badges) on every surface and tint', () => {
    for (const name of names) {
      for (const shade of [6, 7, 8, 9]) {
        for (const bg of [...TEXT_SURFACES, ...t.colors[name].slice(0, 3)]) {
          expect(contrastRatio(t.colors[name][shade], bg), `${name}.${shade} on ${bg}`).toBeGreaterThanOrEqual(AA_TEXT_CONTRAST);
        }
      }
    }
  });

  it('keeps each shade deeper than the one before, so a hover still shows', () => {
    for (const name of names) {
      for (let i = 1; i <= 9; i++) expect(relativeLuminance(t.colors[name][i]), `${name}.${i}`).toBeLessThan(relativeLuminance(t.colors[name][i - 1]));
    }
  });

  it('keeps the tints and borders (shades 0–5) and the dark scheme palette as Mantine made them', () => {
    for (const name of names) expect(t.colors[name].slice(0, 6)).toEqual(DEFAULT_THEME.colors[name].slice(0, 6));
    expect(t.colors.dark).toEqual(DEFAULT_THEME.colors.dark);
  });

  it('deepens grey 6 (dimmed text, 3.3:1) to a grey that still reads lighter than grey 7', () => {
    const dimmed = t.colors.gray[6];
    expect(contrastRatio(DEFAULT_THEME.colors.gray[6], '#ffffff')).toBeLessThan(AA_TEXT_CONTRAST);
    expect(contrastRatio(dimmed, '#ffffff')).toBeGreaterThanOrEqual(AA_TEXT_CONTRAST);
    expect(relativeLuminance(dimmed)).toBeGreaterThan(relativeLuminance(t.colors.gray[7]));
  });

  it('leaves a shade that already reads well unchanged', () => {
    // greys 7–9 are 8:1 and more on white, and already far deeper than the new grey 6
    expect(t.colors.gray.slice(7)).toEqual(DEFAULT_THEME.colors.gray.slice(7));
  });

  it('makes a shade a tenth deeper than the last when deepening alone would leave them alike', () => {
    // two shades 6 and 7 both far too light: 7 comes out visibly deeper than 6, not equal to it
    const pale = readablePalette(['#fffaf0', '#fff3d6', '#ffe7ad', '#ffdb85', '#ffcf5c', '#ffc433', '#ffbf26', '#ffba1a', '#f5b000', '#eba900']);
    expect(relativeLuminance(pale[7])).toBeLessThan(relativeLuminance(pale[6]) * 0.85);
  });
});
