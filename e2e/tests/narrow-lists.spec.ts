import { expect, test, type Locator, type Page } from '@playwright/test';
import { dayOffset, dayTrips, expectNoA11yViolations, signIn } from './helpers.ts';

// The trip lists fit screens 1024 px wide and up: nothing leaves the screen sideways, the columns
// that matter least fold into a detail line under each row, and below 1200 px the navigation
// folds behind a menu button.

const FOLDABLE = ['Service', 'Miles', 'Pay', 'Driver', 'Flag'];
const HOME_FOLDABLE = ['Service', 'Miles', 'Pay', 'Driver'];

/** The list scrolls only up and down, and every header and cell drawn lies within the screen. */
async function expectFits(table: Locator) {
  const fit = await table.evaluate((el) => {
    const width = document.documentElement.clientWidth;
    const outside = [...el.querySelectorAll('[role=columnheader], [role=cell]')]
      .map((c) => ({ c, box: c.getBoundingClientRect() }))
      .filter(({ box }) => box.width > 0 && (box.left < 0 || box.right > width))
      .map(({ c, box }) => `${c.getAttribute('data-column')} ${Math.round(box.left)}–${Math.round(box.right)}`);
    return { scrollWidth: el.scrollWidth, clientWidth: el.clientWidth, pageWidth: document.documentElement.scrollWidth, width, outside };
  });
  expect(fit.outside, 'headers and cells outside the screen').toEqual([]);
  expect(fit.scrollWidth).toBeLessThanOrEqual(fit.clientWidth);
  expect(fit.pageWidth).toBeLessThanOrEqual(fit.width);
}

/** The columns that matter least have left their place for the first row's detail line, and show there. */
async function expectFoldedValuesShown(table: Locator, labels: string[]) {
  const detail = table.getByRole('row').nth(1).getByRole('cell').and(table.locator('[data-column="detail"]'));
  await expect(detail).toBeInViewport();
  for (const label of labels) {
    await expect(table.getByRole('columnheader', { name: label, exact: true })).toHaveCount(0);
    const item = detail.locator(`[data-column="${label.toLowerCase()}"]`);
    await expect(item, `${label} in the detail line`).toBeInViewport();
    await expect(item).toContainText(label);
    expect((await item.innerText()).length, `${label} has a value`).toBeGreaterThan(label.length + 1);
  }
}

/** Below 1200 px the navigation hides behind its button and opens on a click; above, it stays open. */
async function expectNavigation(page: Page, width: number, state: string) {
  const nav = page.getByRole('navigation', { name: 'Main navigation' });
  const burger = page.getByRole('button', { name: 'Toggle navigation' });
  if (width >= 1200) {
    await expect(burger).toBeHidden();
    await expect(nav).toBeInViewport();
    return;
  }
  await expect(burger).toBeVisible();
  await expect(nav).not.toBeInViewport();
  await burger.click();
  await expect(nav).toBeInViewport();
  await expect(nav.getByRole('link').first()).toBeVisible();
  await page.screenshot({ path: test.info().outputPath(`${state.replace(/\W+/g, '-')}-navigation.png`) });
  await expectNoA11yViolations(page, `${state} with the navigation open`);
  await burger.click();
  await expect(nav).not.toBeInViewport();
}

/** The day with the most of the partner's trips, from yesterday to three days on. */
async function busiestDay(page: Page): Promise<{ date: string; count: number }> {
  let best = { date: dayOffset(0), count: -1 };
  for (const offset of [-1, 0, 1, 2, 3]) {
    const date = dayOffset(offset);
    const count = (await dayTrips<{ id: string }>(page.request, date)).length;
    if (count > best.count) best = { date, count };
  }
  return best;
}

for (const width of [1024, 1366]) {
  test(`Home and the trip search fit ${width} px`, async ({ page }) => {
    test.setTimeout(120_000);
    await page.setViewportSize({ width, height: 768 });

    // The partner's busiest day.
    await signIn(page, 'partner');
    await expect(page).toHaveURL(/:\d+\/$/);
    const day = await busiestDay(page);
    expect(day.count, 'enough trips to scroll').toBeGreaterThan(10);
    await page.goto(`/?date=${day.date}`);
    const home = page.getByRole('table', { name: /^Trips for / });
    await expect(home.getByRole('row').nth(1)).toBeVisible({ timeout: 20_000 });
    await expect(home).toHaveAttribute('aria-rowcount', String(day.count + 1));
    await expectFits(home);
    await expectFoldedValuesShown(home, HOME_FOLDABLE);
    await page.screenshot({ path: test.info().outputPath(`home-${width}.png`) });
    await expectNoA11yViolations(page, `Home at ${width} px`);
    await expectNavigation(page, width, `Home at ${width} px`);

    // The end of the day: the last row is drawn, measured and in view, and still fits.
    const last = home.locator(`[role="row"][aria-rowindex="${day.count + 1}"]`);
    await home.evaluate((el) => el.scrollTo(0, el.scrollHeight));
    // Rows are measured as they are drawn: the end is where the list stops once they all are.
    await expect(async () => {
      await home.evaluate((el) => el.scrollTo(0, el.scrollHeight));
      await expect(last).toBeInViewport({ ratio: 1, timeout: 1_000 });
    }).toPass();
    await expect(last.locator('[data-column="detail"]')).toBeInViewport({ ratio: 1 });
    await expect(last.getByRole('button', { name: /^Actions for trip / })).toBeInViewport();
    await expectFits(home);
    await page.screenshot({ path: test.info().outputPath(`home-${width}-end.png`) });
    await expectNoA11yViolations(page, `Home at ${width} px scrolled to the end`);

    // The dispatcher's search with results.
    await page.context().clearCookies();
    await signIn(page, 'dispatcher');
    await expect(page).toHaveURL(/\/admin\/trips/);
    await page.goto(`/admin/trips?serviceDate=${dayOffset(1)}`);
    const found = page.getByRole('table', { name: 'Trips found' });
    await expect(found.getByRole('row').nth(1)).toBeVisible({ timeout: 20_000 });
    await expectFits(found);
    await expectFoldedValuesShown(found, FOLDABLE);
    await page.screenshot({ path: test.info().outputPath(`search-${width}.png`) });
    await expectNoA11yViolations(page, `/admin/trips at ${width} px`);
    await expectNavigation(page, width, `/admin/trips at ${width} px`);

    // The keyboard still moves along the rows: End reaches the last, Home the first.
    const first = found.getByRole('row').nth(1);
    await first.focus();
    await page.keyboard.press('ArrowDown');
    await expect(found.locator('[role="row"][aria-rowindex="3"]')).toBeFocused();
    await page.keyboard.press('End');
    const total = Number(await found.getAttribute('aria-rowcount'));
    await expect(found.locator(`[role="row"][aria-rowindex="${total}"]`)).toBeFocused();
    await expect(found.locator(`[role="row"][aria-rowindex="${total}"]`)).toBeInViewport();
    await expectFits(found);
    await page.keyboard.press('Home');
    await expect(found.locator('[role="row"][aria-rowindex="2"]')).toBeFocused();
    await expect(found.locator('[role="row"][aria-rowindex="2"]')).toBeInViewport();
  });
}

test('on a wide screen every column keeps its place', async ({ page }) => {
  await page.setViewportSize({ width: 1920, height: 1000 });
  await signIn(page, 'partner');
  await expect(page).toHaveURL(/:\d+\/$/);
  const day = await busiestDay(page);
  await page.goto(`/?date=${day.date}`);
  const home = page.getByRole('table', { name: /^Trips for / });
  await expect(home.getByRole('row').nth(1)).toBeVisible({ timeout: 20_000 });
  await expectFits(home);
  for (const label of HOME_FOLDABLE) await expect(home.getByRole('columnheader', { name: label, exact: true })).toBeInViewport();
  await expect(home.locator('[data-column="detail"]')).toHaveCount(0);
  await expectNavigation(page, 1920, 'Home at 1920 px');
  await page.screenshot({ path: test.info().outputPath('home-1920.png') });

  await page.context().clearCookies();
  await signIn(page, 'dispatcher');
  await expect(page).toHaveURL(/\/admin\/trips/);
  await page.goto(`/admin/trips?serviceDate=${dayOffset(1)}`);
  const found = page.getByRole('table', { name: 'Trips found' });
  await expect(found.getByRole('row').nth(1)).toBeVisible({ timeout: 20_000 });
  await expectFits(found);
  for (const label of FOLDABLE) await expect(found.getByRole('columnheader', { name: label, exact: true })).toBeInViewport();
  await expect(found.locator('[data-column="detail"]')).toHaveCount(0);
  await page.screenshot({ path: test.info().outputPath('search-1920.png') });
});
