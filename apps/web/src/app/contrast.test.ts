import { describe, expect, it } from 'vitest';
import { AA_TEXT_CONTRAST, contrastRatio, deepen, readableAgainst, relativeLuminance } from './contrast.ts';

describe('relativeLuminance and contrastRatio', () => {
  it('spans 0 to 1 and 1:1 to 21:1', () => {
    expect(relativeLuminance('#000000')).toBe(0);
    expect(relativeLuminance('#ffffff')).toBe(1);
    expect(contrastRatio('#000', '#fff')).toBeCloseTo(21, 5);
    expect(contrastRatio('#fff', '#000')).toBeCloseTo(21, 5);
    expect(contrastRatio('#868e96', '#868e96')).toBe(1);
  });

  it('measures Mantine grey 6 and blue 6 on white as axe does', () => {
    expect(contrastRatio('#868e96', '#ffffff')).toBeCloseTo(3.32, 2);
    expect(contrastRatio('#228be6', '#ffffff')).toBeCloseTo(3.56, 2);
  });

  it('refuses what is not a hex colour', () => {
    expect(() => contrastRatio('var(--x)', '#fff')).toThrow('Not a hex colour: var(--x)');
    expect(() => relativeLuminance('#12345')).toThrow();
  });
});

describe('deepen', () => {
  it('keeps the colour at 0 and reaches black at 1', () => {
    expect(deepen('#868e96', 0)).toBe('#868e96');
    expect(deepen('#868e96', 1)).toBe('#000000');
    expect(deepen('#ffffff', 0.5)).toBe('#808080');
  });
});

describe('readableAgainst', () => {
  it('returns a colour that already reads well unchanged', () => {
    expect(readableAgainst('#495057', ['#ffffff', '#f8f9fa'])).toBe('#495057');
  });

  it('deepens a colour just past the threshold against every background', () => {
    const backgrounds = ['#ffffff', '#f8f9fa', '#f1f3f5'];
    const dimmed = readableAgainst('#868e96', backgrounds);
    for (const bg of backgrounds) expect(contrastRatio(dimmed, bg)).toBeGreaterThanOrEqual(AA_TEXT_CONTRAST);
    // no deeper than needed: just past the threshold on the darkest background
    expect(contrastRatio(dimmed, '#f1f3f5')).toBeLessThan(AA_TEXT_CONTRAST + 0.15);
  });

  it('takes a higher threshold when asked', () => {
    expect(contrastRatio(readableAgainst('#228be6', ['#ffffff'], 7), '#ffffff')).toBeGreaterThanOrEqual(7);
  });

  it('falls back to black when nothing lighter is enough', () => {
    expect(readableAgainst('#777777', ['#333333'])).toBe('#000000');
  });
});
