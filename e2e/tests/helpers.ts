import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { expect, request, type APIRequestContext, type Page, type WebSocketRoute } from '@playwright/test';

export const PASSWORD = 'Tripline1!';

export async function signIn(page: Page, username: string, password = PASSWORD): Promise<void> {
  await page.goto('/login');
  await page.getByLabel('User name').fill(username);
  await page.getByLabel('Password', { exact: true }).fill(password);
  await page.getByRole('button', { name: 'Sign in' }).click();
}

/** Reads the newest sign-in code sent to anyone, as an administrator reading the outbox. */
export async function latestCode(baseURL: string): Promise<string> {
  const api = await request.newContext({ baseURL, extraHTTPHeaders: { 'x-client-version': '6', origin: baseURL } });
  try {
    const login = await api.post('/api/login', {
      headers: { authorization: 'Basic ' + Buffer.from(`admin:${PASSWORD}`).toString('base64') },
    });
    expect(login.ok()).toBe(true);
    const res = await api.get('/api/outbox-messages');
    const messages = (await res.json()) as { body: string }[];
    const m = /\b(\d{6})\b/.exec(messages[0]?.body ?? '');
    if (!m) throw new Error('no code in the outbox');
    return m[1];
  } finally {
    await api.dispose();
  }
}

// axe-core as installed for the journeys, injected into the page under test.
const AXE_SCRIPT = createRequire(import.meta.url).resolve('axe-core/axe.min.js');
let axeScript: string | undefined;
const axeSource = () => (axeScript ??= readFileSync(AXE_SCRIPT, 'utf8'));
/** WCAG 2.0–2.2 levels A and AA, plus axe's best practices (landmarks, headings, skip link). */
export const A11Y_TAGS = ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'wcag22aa', 'best-practice'];

/**
 * Popups that belong to the control that opened them count as regions for axe's landmark rule:
 * axe already treats dialogs so; open menus, option lists, tooltips and a date field's calendar
 * are the same kind of thing, drawn at the end of the page beside its landmarks.
 */
const POPUP_REGIONS = 'dialog, [role=dialog], [role=alertdialog], svg, [role=menu], [role=listbox], [role=tooltip], [data-dates-dropdown]';

interface A11yViolation {
  id: string;
  impact: string | null;
  help: string;
  nodes: { target: unknown[]; html: string; failureSummary?: string; any: { data?: unknown }[] }[];
}

/** One broken element as the failure shows it: where it is, its start tag and what is wrong with it. */
function describeNode(node: { target: string; html: string; why: string }): string {
  const html = node.html.length > 120 ? node.html.slice(0, 117) + '...' : node.html;
  return `    ${node.target}: ${html}\n      ${node.why}`;
}

/**
 * Runs axe on the page as it stands and fails with a readable list when anything is broken.
 * Call it at each screen state a journey reaches: the page loaded with its data, an open dialog,
 * an open menu. `label` names that state in the failure.
 *
 * `only` (a CSS selector) checks just that part, for a non-modal popover such as the notification
 * panel: it lies over the page checked just before, and the page's buttons it half covers would
 * otherwise count as too small a target.
 */
export async function expectNoA11yViolations(page: Page, label: string, { only }: { only?: string } = {}): Promise<void> {
  if (!(await page.evaluate(() => 'axe' in window))) {
    // Evaluated rather than added as a <script>: the portal's Content-Security-Policy refuses inline scripts.
    await page.evaluate(axeSource());
    await page.evaluate((regionMatcher) => {
      const axe = (window as unknown as { axe: { configure(spec: object): void } }).axe;
      axe.configure({ checks: [{ id: 'region', options: { regionMatcher } }] });
    }, POPUP_REGIONS);
  }
  // Let finite transitions (a dialog fading in, a menu opening) end: half-faded text has no fixed contrast.
  await page.evaluate(() =>
    Promise.all(
      document
        .getAnimations()
        .filter((a) => Number.isFinite(a.effect?.getComputedTiming().endTime ?? Infinity))
        .map((a) => a.finished.catch(() => undefined)),
    ),
  );
  const violations = await page.evaluate(async ({ tags, only }) => {
    const axe = (window as unknown as { axe: { run(context: object, options: object): Promise<{ violations: A11yViolation[] }> } }).axe;
    const context = only ? { include: [only] } : document;
    const result = await axe.run(context, { runOnly: { type: 'tag', values: tags }, resultTypes: ['violations'] });
    return result.violations.map((v) => ({
      id: v.id,
      impact: v.impact,
      help: v.help,
      count: v.nodes.length,
      nodes: v.nodes.slice(0, 4).map((n) => {
        const data = n.any[0]?.data as { fgColor?: string; bgColor?: string; contrastRatio?: number } | undefined;
        // For contrast the colours say it best; otherwise axe's own summary, on one line.
        const summary = (n.failureSummary ?? '').replace(/^Fix (any|all) of the following:\s*/, '').replace(/\s+/g, ' ');
        return {
          target: n.target.map(String).join(' > '),
          html: n.html,
          why: data?.contrastRatio ? `${data.fgColor} on ${data.bgColor}: ${data.contrastRatio}:1` : summary.slice(0, 200),
        };
      }),
    }));
  }, { tags: A11Y_TAGS, only });
  const report = violations
    .map((v) => {
      const more = v.count > v.nodes.length ? `\n    and ${v.count - v.nodes.length} more` : '';
      return `- ${v.id} [${v.impact ?? 'n/a'}] ${v.help}, ${v.count} element(s):\n${v.nodes.map(describeNode).join('\n')}${more}`;
    })
    .join('\n');
  expect(violations.length, `axe on ${label}:\n${report}`).toBe(0);
}

/** A day counted from the operator's today (Mountain time), as the demo data and the screens count. */
export function dayOffset(days: number): string {
  const today = new Intl.DateTimeFormat('en-CA', { timeZone: 'America/Denver', year: 'numeric', month: '2-digit', day: '2-digit' }).format(new Date());
  const d = new Date(`${today}T12:00:00Z`);
  d.setUTCDate(d.getUTCDate() + days);
  return d.toISOString().slice(0, 10);
}

/** The trips of a day as the signed-in user's API sees them (the day list). */
export async function dayTrips<T>(api: APIRequestContext, date: string): Promise<T[]> {
  const res = await api.get(`/api/drive-assignments?serviceDate=${date}`, { headers: { 'x-client-version': '6' } });
  expect(res.ok()).toBe(true);
  return ((await res.json()) as { rows: T[] }).rows;
}

/** Nothing scrolls sideways (the portal's pages at 375 px). */
export async function expectFitsWidth(page: Page): Promise<void> {
  const overflow = await page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);
  expect(overflow, 'sideways overflow of the page').toBeLessThanOrEqual(0);
}

/** The API, signed in as a demo login (as a browser of the portal's own origin). */
export async function apiAs(baseURL: string, username: string): Promise<APIRequestContext> {
  const api = await request.newContext({ baseURL, extraHTTPHeaders: { 'x-client-version': '6', origin: baseURL } });
  const login = await api.post('/api/login', { headers: { authorization: 'Basic ' + Buffer.from(`${username}:${PASSWORD}`).toString('base64') } });
  expect(login.ok()).toBe(true);
  return api;
}

/**
 * The page's live socket routed through the test: `drop()` closes the one open and holds back the
 * next until `reopen()`, as a lost connection that comes back. `opened()` counts sockets so far.
 */
export async function gatedLiveSocket(page: Page) {
  let gate: Promise<void> = Promise.resolve();
  let open = () => {};
  const sockets: WebSocketRoute[] = [];
  await page.routeWebSocket(/\/api\/live$/, async (ws) => {
    await gate;
    ws.connectToServer();
    sockets.push(ws);
  });
  return {
    opened: () => sockets.length,
    async drop() {
      gate = new Promise((resolve) => (open = resolve));
      await sockets[sockets.length - 1].close();
    },
    reopen: () => open(),
  };
}
