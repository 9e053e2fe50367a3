/**
 * What the passenger and case manager homes show before any script has run: the app header's bar
 * with the product mark, and a status line saying the trips are on their way. The build writes it
 * into a copy of index.html (FIRST_PAINT_PAGE) that the server sends for those addresses, in its
 * own element before React's root; React's first render removes it (removeFirstPaint) and shows a
 * frame that looks the same (WaitingLayout) until the page itself is ready. Plain markup and one
 * style tag: the content security policy allows inline styles (Mantine writes its own) but never
 * inline scripts.
 */

/** The page the build writes and the server sends for the homes below. */
export const FIRST_PAINT_PAGE = 'portal-home.html';
/** The element holding the first paint, just before React's root. */
export const FIRST_PAINT_ID = 'first-paint';
/** The portal homes, where a signed-in passenger or case manager lands. */
export const FIRST_PAINT_PATHS: readonly string[] = ['/passenger-portal/', '/case-manager/'];
export const FIRST_PAINT_TEXT = 'Loading your trips';
/** The homes' screen (loaded on demand elsewhere): its files are fetched with the page's own, not after them. */
export const FIRST_PAINT_SCREEN = 'src/features/portal-trips/PortalHomePage.tsx';
export const PRODUCT_NAME = 'Tripline';

/** The header's colours in the light scheme, as the theme resolves them (first-paint.test.ts holds them to it). */
export const FIRST_PAINT_COLORS = {
  /** The mark's fill and the spinner: the primary colour's filled shade (blue 6). */
  primary: '#175d9a',
  /** The header's lower border: AppShell's border colour, grey 3. */
  border: '#dee2e6',
  /** The status text: Mantine's dimmed text, grey 6. */
  dimmed: '#62686e',
  text: '#000',
  page: '#fff',
} as const;

/** Whether an address (without its query) is one of the portal homes, with or without its last slash. */
export function isFirstPaintPath(pathname: string): boolean {
  const withSlash = pathname.endsWith('/') ? pathname : `${pathname}/`;
  return FIRST_PAINT_PATHS.includes(withSlash);
}

const c = FIRST_PAINT_COLORS;

/**
 * The page without margins, as Mantine's own style sheet will have it. The app header's measures:
 * 60 px high with a border below, the mark 28 px with 8 px corners and its 18 px glyph, the name
 * 18 px bold from 576 px up (Brand), 16 px padding; below it the page loader, centred in 60% of
 * the screen height (FullPageLoader).
 */
const STYLE = `
body { margin: 0; }
#first-paint > .fp-header { box-sizing: border-box; height: 60px; display: flex; align-items: center; gap: 8px; padding: 0 16px;
  position: fixed; inset: 0 0 auto 0; background: ${c.page}; border-bottom: 1px solid ${c.border};
  font-family: Inter, system-ui, -apple-system, "Segoe UI", Roboto, "Helvetica Neue", Arial, sans-serif; color: ${c.text}; }
#first-paint .fp-mark { width: 28px; height: 28px; border-radius: 8px; background: ${c.primary}; color: #fff;
  display: inline-flex; align-items: center; justify-content: center; flex: none; }
#first-paint .fp-mark svg { width: 18px; height: 18px; }
#first-paint .fp-name { font-size: 18px; font-weight: 700; line-height: 1.55; }
@media (max-width: 35.99375em) { #first-paint .fp-name { display: none; } }
#first-paint > .fp-main { box-sizing: border-box; padding: 76px 16px 16px; font-family: Inter, system-ui, -apple-system, "Segoe UI", Roboto, "Helvetica Neue", Arial, sans-serif; }
#first-paint .fp-status { min-height: 60vh; display: flex; flex-direction: column; align-items: center; justify-content: center; gap: 10px;
  color: ${c.dimmed}; font-size: 14px; line-height: 1.55; }
#first-paint .fp-title { margin: 0; font: inherit; }
#first-paint .fp-spinner { box-sizing: border-box; width: 36px; height: 36px; border-radius: 50%;
  border: 4px solid color-mix(in srgb, ${c.primary} 25%, transparent); border-top-color: ${c.primary}; animation: fp-spin 0.8s linear infinite; }
@keyframes fp-spin { to { transform: rotate(360deg); } }
@media (prefers-reduced-motion: reduce) { #first-paint .fp-spinner { animation: none; } }
`;

/** The first paint's markup: a header landmark, and the page's main part holding a status. */
export function firstPaintMarkup(markSvg: string): string {
  return [
    `<header class="fp-header"><span class="fp-mark" aria-hidden="true">${markSvg}</span><span class="fp-name">${PRODUCT_NAME}</span></header>`,
    // The status is the page's one heading until the page itself brings its own.
    `<main class="fp-main"><div class="fp-status" role="status"><span class="fp-spinner" aria-hidden="true"></span><h1 class="fp-title">${FIRST_PAINT_TEXT}</h1></div></main>`,
  ].join('');
}

const STYLESHEET = /[ \t]*<link rel="stylesheet"[^>]*>\n?/g;

/**
 * The homes' page from the built index.html: the style in its head; the markup in its own element
 * before the empty root; the home screen's script files (`screenFiles`, as the build names them)
 * fetched from the start beside the app's instead of once the app has asked who is signed in; and
 * the app's style sheets moved from the head to between the markup and the root. A style sheet in
 * the head holds back every paint until it has arrived (tens of KB on a slow phone connection,
 * sharing it with the scripts); in the body it holds back only what follows, so the header and
 * status paint at once. The scripts still run after the style sheets, so React never draws
 * unstyled, and Mantine's theme, which React writes inside the root, still comes after them.
 * Fails when index.html no longer has either place, so a build never ships a page without it.
 */
export function firstPaintPage(indexHtml: string, markSvg: string, screenFiles: readonly string[] = []): string {
  const root = '<div id="root"></div>';
  if (!indexHtml.includes(root) || !indexHtml.includes('</head>')) {
    throw new Error(`index.html needs an empty ${root} and a </head> for the portal's first paint`);
  }
  const sheets = (indexHtml.match(STYLESHEET) ?? []).map((link) => `${link.trim()}\n    `).join('');
  const preloads = screenFiles
    .filter((file) => !indexHtml.includes(`"/${file}"`))
    .map((file) => `<link rel="modulepreload" crossorigin href="/${file}">\n    `)
    .join('');
  return indexHtml
    .replace(STYLESHEET, '')
    .replace('</head>', `${preloads}<style>${STYLE.trim()}</style>\n  </head>`)
    .replace(root, `<div id="${FIRST_PAINT_ID}">${firstPaintMarkup(markSvg)}</div>\n    ${sheets}${root}`);
}

/** Takes the first paint away once React has drawn its own frame (a page without one has nothing to take). */
export function removeFirstPaint(doc: Pick<Document, 'getElementById'> = document): void {
  doc.getElementById(FIRST_PAINT_ID)?.remove();
}
