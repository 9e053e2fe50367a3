import { DEFAULT_THEME, mergeMantineTheme } from '@mantine/core';
import { describe, expect, it } from 'vitest';
import { PRODUCT_NAME as BRAND_NAME } from '../components/Brand.tsx';
import {
  FIRST_PAINT_COLORS,
  FIRST_PAINT_ID,
  FIRST_PAINT_PATHS,
  FIRST_PAINT_TEXT,
  PRODUCT_NAME,
  firstPaintMarkup,
  firstPaintPage,
  isFirstPaintPath,
  removeFirstPaint,
} from './first-paint.ts';
import { theme } from './theme.ts';

const INDEX = `<!doctype html>
<html lang="en">
  <head>
    <title>Tripline</title>
    <script type="module" crossorigin src="/assets/index-abc.js"></script>
    <link rel="modulepreload" crossorigin href="/assets/react-abc.js">
    <link rel="stylesheet" crossorigin href="/assets/index-abc.css">
  </head>
  <body>
    <div id="root"></div>
  </body>
</html>`;
const MARK = '<svg viewBox="0 0 24 24"><path d="M3 19h4" /></svg>';

describe('the portal homes\' first paint', () => {
  it('uses the colours the theme gives the app header, its mark and the loader', () => {
    const t = mergeMantineTheme(DEFAULT_THEME, theme);
    const light = typeof t.primaryShade === 'number' ? t.primaryShade : t.primaryShade.light;
    expect(FIRST_PAINT_COLORS.primary).toBe(t.colors[t.primaryColor][light]);
    expect(FIRST_PAINT_COLORS.border).toBe(t.colors.gray[3]);
    expect(FIRST_PAINT_COLORS.dimmed).toBe(t.colors.gray[6]);
    expect(FIRST_PAINT_COLORS.page).toBe(t.white);
    expect(FIRST_PAINT_COLORS.text).toBe(t.black);
  });

  it('says the product name of the app header and "Loading your trips" in a status', () => {
    expect(PRODUCT_NAME).toBe(BRAND_NAME);
    expect(FIRST_PAINT_TEXT).toBe('Loading your trips');
    const markup = firstPaintMarkup(MARK);
    expect(markup).toMatch(/^<header class="fp-header">.*<span class="fp-name">Tripline<\/span><\/header>/);
    expect(markup).toContain('<main class="fp-main"><div class="fp-status" role="status">');
    expect(markup).toContain('<h1 class="fp-title">Loading your trips</h1>');
    // the mark is a picture beside the name: not read out
    expect(markup).toContain(`<span class="fp-mark" aria-hidden="true">${MARK}</span>`);
  });

  it('puts its style in the head and its markup before the empty root, keeping the page\'s scripts and no inline script', () => {
    const page = firstPaintPage(INDEX, MARK);
    const head = page.slice(0, page.indexOf('</head>'));
    expect(head).toContain('<script type="module" crossorigin src="/assets/index-abc.js"></script>');
    expect(head).toContain('<link rel="modulepreload" crossorigin href="/assets/react-abc.js">');
    expect(head).toMatch(/<style>body \{ margin: 0; \}\n#first-paint > \.fp-header \{[^<]*<\/style>/);
    // each rule once, the spinner still where motion is unwelcome
    expect(head.match(/\.fp-title \{/g)).toHaveLength(1);
    expect(head).toContain('@media (prefers-reduced-motion: reduce) { #first-paint .fp-spinner { animation: none; } }');
    // the app's style sheet follows the markup, so it holds back no paint of it, and precedes the
    // root, where Mantine writes the theme's colours over its defaults
    expect(head).not.toContain('stylesheet');
    expect(page).toContain(
      `<body>\n    <div id="${FIRST_PAINT_ID}">${firstPaintMarkup(MARK)}</div>\n    <link rel="stylesheet" crossorigin href="/assets/index-abc.css">\n    <div id="root"></div>\n  </body>`,
    );
    expect(page.match(/<script/g)).toHaveLength(1);
    expect(page).not.toMatch(/\son[a-z]+=/);
  });

  it('fetches the home screen\'s files from the start, beside the app\'s own, each once', () => {
    const page = firstPaintPage(INDEX, MARK, ['assets/PortalHomePage-abc.js', 'assets/react-abc.js', 'assets/Card-abc.js']);
    const head = page.slice(0, page.indexOf('</head>'));
    expect(head).toContain('<link rel="modulepreload" crossorigin href="/assets/PortalHomePage-abc.js">');
    expect(head).toContain('<link rel="modulepreload" crossorigin href="/assets/Card-abc.js">');
    expect(head.match(/react-abc\.js/g)).toHaveLength(1);
    expect(firstPaintPage(INDEX, MARK)).not.toContain('PortalHomePage');
  });

  it('refuses an index.html without an empty root or a head to write into', () => {
    expect(() => firstPaintPage(INDEX.replace('<div id="root"></div>', '<div id="app"></div>'), MARK)).toThrow(/empty <div id="root"><\/div>/);
    expect(() => firstPaintPage(INDEX.replace('</head>', ''), MARK)).toThrow(/<\/head>/);
  });

  it('is taken away by React\'s first frame, and taking it away from a page without it does nothing', () => {
    const removed: string[] = [];
    const element = { remove: () => removed.push(FIRST_PAINT_ID) };
    removeFirstPaint({ getElementById: (id: string) => (id === FIRST_PAINT_ID ? (element as unknown as HTMLElement) : null) });
    expect(removed).toEqual([FIRST_PAINT_ID]);
    expect(() => removeFirstPaint({ getElementById: () => null })).not.toThrow();
  });

  it('is for the passenger and case manager homes only, with or without their last slash', () => {
    expect(FIRST_PAINT_PATHS).toEqual(['/passenger-portal/', '/case-manager/']);
    for (const home of ['/passenger-portal/', '/passenger-portal', '/case-manager/', '/case-manager']) expect(isFirstPaintPath(home), home).toBe(true);
    for (const other of ['/', '/login', '/passenger-portal/new', '/passenger-portal/login', '/case-manager/login', '/case-manager/edit/7', '/admin/trips', '/passenger-portal//']) {
      expect(isFirstPaintPath(other), other).toBe(false);
    }
  });
});
