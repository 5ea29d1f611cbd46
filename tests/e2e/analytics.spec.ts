import { expect, test, type Page } from '@playwright/test';
import { dismissConsent } from './helpers.ts';
import { logIn, makeAdmin, signUp } from './people.ts';

/**
 * Analytics end to end (issue 36; spec §3, §9), on the real sync-server (the browser-test build
 * posts to /__analytics): a visitor who accepted the analytics cookies sends nothing before the
 * first interaction, then page views (route patterns only), each stored (202); the admin's
 * /admin › Estatísticas at 360 px counts them.
 */
const PHONE = { width: 360, height: 740 };
const today = () => new Date().toISOString().slice(0, 10);

/** Today's events in the section's table (pt-BR numbers: 1.234). */
async function eventsToday(page: Page): Promise<number> {
  const cell = page.locator(`[data-testid="analytics-days"] tr[data-day="${today()}"] td`).first();
  await expect(cell).toHaveCount(1);
  return Number((await cell.textContent())!.replace(/\./g, ''));
}

test('events sent with consent reach the admin view, and nothing is sent before the first interaction', async ({ browser, baseURL }) => {
  const admin = await signUp(baseURL!, 'estat');
  await makeAdmin(baseURL!, admin.userId);
  const adminContext = await browser.newContext({ viewport: PHONE });
  const adminPage = await adminContext.newPage();
  await dismissConsent(adminPage);
  await logIn(adminPage, admin);
  await adminPage.goto('/admin?tab=analytics');
  await expect(adminPage.getByRole('heading', { level: 2, name: 'Estatísticas de uso' })).toBeVisible({ timeout: 20_000 });
  await expect(adminPage.getByTestId('analytics-totals')).toBeVisible();
  const before = await eventsToday(adminPage);

  const visitorContext = await browser.newContext({ viewport: PHONE });
  const visitor = await visitorContext.newPage();
  await dismissConsent(visitor, true);
  const sent: { name: string; props: Record<string, unknown> }[] = [];
  const bodies: string[] = [];
  let accepted = 0;
  visitor.on('request', (request) => {
    if (request.method() === 'POST' && new URL(request.url()).pathname === '/__analytics') {
      bodies.push(request.postData() ?? '');
      sent.push(...(JSON.parse(request.postData() ?? '{}').events ?? []));
    }
  });
  visitor.on('response', (response) => {
    if (new URL(response.url()).pathname === '/__analytics' && response.status() === 202) accepted++;
  });
  await visitor.goto('/');
  await visitor.waitForTimeout(1500);
  expect(bodies).toEqual([]);
  await visitor.mouse.move(30, 30);
  await expect.poll(() => sent.map((e) => e.name)).toContain('page_view');
  await expect.poll(() => accepted).toBe(bodies.length);
  await visitor.goto('/notebook/4f1c2b9e-1111-4222-8333-944445555666');
  await expect.poll(() => sent.filter((e) => e.name === 'page_view').length, { timeout: 15_000 }).toBeGreaterThanOrEqual(2);
  // every batch taken (202)
  await expect.poll(() => accepted, { timeout: 15_000 }).toBe(bodies.length);
  // a page view names the route's pattern, never the address
  expect(sent.filter((e) => e.name === 'page_view').map((e) => e.props.path)).toContain('/notebook/:id');
  expect(bodies.join('')).not.toContain('4f1c2b9e');

  await adminPage.reload();
  await expect(adminPage.getByTestId('analytics-totals')).toBeVisible();
  // at least the events sent (another browser test running beside this one may send its own;
  // sync-server/analytics/analytics.test.ts checks the summary's numbers exactly)
  await expect.poll(() => eventsToday(adminPage)).toBeGreaterThanOrEqual(before + sent.length);
  // the section at 360 px: the plots fit, the table opens from the keyboard
  const figures = adminPage.getByRole('figure');
  await expect(figures).toHaveCount(3);
  for (const box of await figures.evaluateAll((els) => els.map((el) => el.getBoundingClientRect().right))) expect(box).toBeLessThanOrEqual(PHONE.width);
  const summary = adminPage.getByText('Números de cada dia', { exact: true });
  await summary.focus();
  await adminPage.keyboard.press('Enter');
  await expect(adminPage.getByTestId('analytics-days')).toBeVisible();
  await adminContext.close();
  await visitorContext.close();
});
