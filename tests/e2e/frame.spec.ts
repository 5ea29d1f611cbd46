import { expect, test, type Page } from '@playwright/test';
import { ROUTES } from '../../src/app/routes.ts';
import { dismissConsent, expectNoSeriousAxeIssues, waitForServiceWorker } from './helpers.ts';
import { createNotebook, logIn, signUp, type SignedUp } from './people.ts';

/**
 * The frame around every screen on a 360 × 740 phone (issue 20): a top bar that stays within 64 px
 * whatever status it shows, no screen wider than the phone, the places navigation reachable by
 * keyboard and named for screen readers.
 */
test.use({ viewport: { width: 360, height: 740 } });
test.beforeEach(async ({ page }) => dismissConsent(page));

const LOCALES = [
  { prefix: '', lang: 'pt-BR' },
  { prefix: '/en', lang: 'en-US' },
] as const;

/** Routes anyone may open (the admin panel sends others away). */
const OPEN_ROUTES = ROUTES.filter((route) => !Object.values(route).includes('admin'));

function urlOf(prefix: string, pattern: string, values: Record<string, string>) {
  const path = pattern.replace(/:(\w+)/g, (_, name: string) => values[name] ?? `sample-${name}`);
  return (prefix + path).replace(/\/$/, '') || '/';
}

/** The screen has settled: its heading is shown, or at least the frame and no skeleton. */
async function settle(page: Page) {
  await expect(page.getByTestId('top-bar')).toBeVisible();
  await expect(page.locator('main [aria-busy="true"]')).toHaveCount(0, { timeout: 10_000 });
}

/**
 * No sideways scrolling, the top bar (with its status line) ends within 64 px of the top, and no
 * tab is cut off (issue 20: "Tabs scroll or fit; nothing is cut off at 360 px"): each tab shown
 * whole inside its strip and the screen, its text not clipped or ellipsed.
 */
async function expectFrameFits(page: Page, where: string) {
  const { overflow, barBottom, statuses, cutTabs } = await page.evaluate(() => {
    const header = document.querySelector('header')!;
    const cut = (tab: Element) => {
      const box = tab.getBoundingClientRect();
      if (box.width === 0) return false; // not shown (another tab panel's)
      const strip = (tab.closest('[role="tablist"]') ?? document.body).getBoundingClientRect();
      // A text wider than its tab: spilling out of it, or clipped / ellipsed inside it.
      const clipped = tab.scrollWidth > tab.clientWidth + 1 || [...tab.querySelectorAll('*')].some((part) => part.scrollWidth > part.clientWidth + 1 && getComputedStyle(part).overflowX !== 'visible');
      return clipped || box.left < Math.max(strip.left, 0) - 1 || box.right > Math.min(strip.right, window.innerWidth) + 1;
    };
    return {
      cutTabs: [...document.querySelectorAll('[role="tab"]')].filter(cut).map((tab) => tab.textContent),
      overflow: document.scrollingElement!.scrollWidth - window.innerWidth,
      barBottom: header.getBoundingClientRect().bottom,
      // The connection's status shown anywhere else would push the page down or cover it.
      statuses: [...document.querySelectorAll('[data-testid="offline-status"], [data-testid="pending-writes"]')].filter((el) => !header.contains(el)).length,
    };
  });
  expect(overflow, `${where} overflows 360 px by ${overflow}px`).toBeLessThanOrEqual(0);
  expect(barBottom, `${where}: top bar and status end at ${barBottom}px`).toBeLessThanOrEqual(64);
  expect(statuses, `${where}: the connection's status outside the top bar`).toBe(0);
  expect(cutTabs, `${where}: tabs cut off`).toEqual([]);
}

for (const { prefix, lang } of LOCALES) {
  test(`signed out, every screen fits the frame at 360 px (${lang})`, async ({ page }) => {
    test.setTimeout(90_000);
    for (const route of OPEN_ROUTES) {
      const url = urlOf(prefix, route.path, {});
      await page.goto(url);
      await settle(page);
      await expect(page.locator('html'), url).toHaveAttribute('lang', lang);
      await expectFrameFits(page, url);
      // A visitor's frame: the way in, and no places navigation.
      await expect(page.getByTestId('places-nav'), url).toHaveCount(0);
    }
  });
}

test('a visitor finds language and theme in a menu of the top bar, accessible when open', async ({ page }) => {
  await page.goto('/');
  await expect(page.getByRole('navigation', { name: 'Principal' }).getByRole('link', { name: 'Entrar' })).toBeVisible();
  await expect(page.locator('header select')).toHaveCount(0);
  const menu = page.getByRole('button', { name: 'Idioma e tema' });
  await menu.click();
  await expect(menu).toHaveAttribute('aria-expanded', 'true');
  await expect(page.getByRole('radio', { name: 'Português' })).toBeChecked();
  await expectNoSeriousAxeIssues(page, 'landing, preferences open');
  await expectFrameFits(page, 'landing, preferences open');
  await page.keyboard.press('Escape');
  await expect(menu).toBeFocused();
  await expect(menu).toHaveAttribute('aria-expanded', 'false');
});

test.describe('signed in', () => {
  let owner: SignedUp;
  let notebookId: string;

  test.beforeAll(async ({ baseURL }) => {
    owner = await signUp(baseURL!, 'frame');
    ({ id: notebookId } = await createNotebook(owner, 'Caderno da turma do 9º ano — perguntas e respostas', ['Qual é a sua cor favorita?']));
  });

  const values = () => ({ id: notebookId, notebookId, username: owner.username, code: 'ABCDEFGH' });

  async function visitEveryRoute(page: Page, prefix: string, state: string, check?: (url: string) => Promise<void>) {
    for (const route of OPEN_ROUTES) {
      const url = urlOf(prefix, route.path, values());
      await page.goto(url);
      await settle(page);
      await expectFrameFits(page, `${url} (${state})`);
      await check?.(url);
    }
  }

  for (const { prefix, lang } of LOCALES) {
    test(`every screen fits the frame, online and offline with writes waiting (${lang})`, async ({ page, context }) => {
      test.setTimeout(180_000);
      await logIn(page, owner);
      await waitForServiceWorker(page);
      await visitEveryRoute(page, prefix, 'online', async (url) => {
        await expect(page.getByRole('navigation', { name: lang === 'pt-BR' ? 'Principal' : 'Main' }), url).toBeVisible();
      });

      // Offline, a new notebook waits to be sent: the status says so inside the top bar.
      await context.setOffline(true);
      await page.goto(urlOf(prefix, '/create', {}));
      await page.locator('#notebook-title').fill('Feito sem internet');
      await page.locator('form button[type="submit"]').click();
      await expect(page).toHaveURL(/\/edit/);
      await expect(page.getByTestId('offline-status')).toBeVisible();
      await expect(page.getByTestId('pending-writes')).toBeVisible();
      await visitEveryRoute(page, prefix, 'offline, 1 write waiting', async (url) => {
        await expect(page.getByTestId('offline-status'), url).toBeVisible();
        await expect(page.getByTestId('pending-writes'), url).toBeVisible();
      });
      await context.setOffline(false);
    });
  }

  test("each page's title names it, as the top bar does, in the page's language; a notebook's page by its title (WCAG 2.4.2)", async ({ page }) => {
    test.setTimeout(90_000);
    await logIn(page, owner);
    const expectTitle = async (url: string, title: string) => {
      await page.goto(url);
      await settle(page);
      await expect(page, url).toHaveTitle(title);
    };
    await expectTitle('/meus-cadernos', 'Meus cadernos · Cadernos');
    await expectTitle('/en/meus-cadernos', 'My notebooks · Cadernos');
    await expectTitle('/settings', 'Configurações · Cadernos');
    await expectTitle('/en/settings', 'Settings · Cadernos');
    await expectTitle(`/notebook/${notebookId}`, 'Caderno da turma do 9º ano — perguntas e respostas · Cadernos');
    await expectTitle(`/en/notebook/${notebookId}`, 'Caderno da turma do 9º ano — perguntas e respostas · Cadernos');
    // Every other screen: the name its top bar shows.
    for (const prefix of ['', '/en']) {
      for (const route of OPEN_ROUTES.filter((route) => !route.path.startsWith('/notebook/:id'))) {
        const url = urlOf(prefix, route.path, values());
        await page.goto(url);
        await settle(page);
        const name = page.getByTestId('screen-title');
        const expected = (await name.count()) > 0 ? `${await name.innerText()} · Cadernos` : 'Cadernos';
        await expect(page, url).toHaveTitle(expected);
      }
    }
  });

  test('the five places read whole at 360 px, in both languages (a walkthrough found "Notificaç…")', async ({ page }) => {
    await logIn(page, owner);
    for (const url of ['/meus-cadernos', '/en/meus-cadernos']) {
      await page.goto(url);
      const labels = page.getByTestId('places-nav').locator('li a > span:last-child');
      await expect(labels).toHaveCount(5);
      const cut = await labels.evaluateAll((spans) => spans.filter((s) => s.scrollWidth > s.clientWidth).map((s) => s.textContent));
      expect(cut, url).toEqual([]);
    }
  });

  test('the places navigation: a named landmark, marked where the person is, reachable with Tab; nothing covers a field being typed in', async ({ page, context }) => {
    test.setTimeout(60_000);
    await logIn(page, owner);
    await page.goto('/meus-cadernos');
    const nav = page.getByRole('navigation', { name: 'Principal' });
    await expect(nav.getByRole('link', { name: 'Cadernos' })).toHaveAttribute('aria-current', 'page');
    await expect(nav.getByRole('link', { name: 'Novidades' })).not.toHaveAttribute('aria-current', /.+/);
    // The navigation sits at the bottom of the phone's screen.
    const box = (await nav.boundingBox())!;
    expect(box.y + box.height).toBeGreaterThanOrEqual(739);

    // Tab from the top of the page reaches the places (the navigation is last in the page).
    await page.locator('body').focus();
    let reached = false;
    for (let i = 0; i < 80 && !reached; i++) {
      await page.keyboard.press('Tab');
      reached = await page.evaluate(() => !!document.activeElement?.closest('[data-testid="places-nav"]'));
    }
    expect(reached, 'Tab never reached the places navigation').toBe(true);
    await page.keyboard.press('Enter');
    await expect(page).toHaveURL(/\/(meus-cadernos|timeline|profile)$/);

    await page.goto(`/notebook/${notebookId}`);
    await expect(nav.getByRole('link', { name: 'Cadernos' })).toHaveAttribute('aria-current', 'true');
    await page.getByRole('button', { name: 'Voltar' }).click();
    await expect(page).toHaveURL(/\/meus-cadernos$/);
    await expectNoSeriousAxeIssues(page, 'dashboard with the places navigation');

    // Offline, typing in the create form: the status is in the top bar, the field is not covered.
    await waitForServiceWorker(page);
    await context.setOffline(true);
    await page.goto('/create');
    const title = page.locator('#notebook-title');
    await title.fill('Sem internet');
    await title.focus();
    await expect(page.getByTestId('offline-status')).toBeVisible();
    await title.scrollIntoViewIfNeeded();
    const covered = await title.evaluate((input) => {
      const r = input.getBoundingClientRect();
      const hit = document.elementFromPoint(r.left + r.width / 2, r.top + r.height / 2);
      return hit !== input && !input.contains(hit);
    });
    expect(covered, 'something covers the field being typed in').toBe(false);
    // The preview stays in view while typing, with what was typed.
    await expect(page.getByTestId('create-preview')).toContainText('Sem internet');
    expect(await page.getByTestId('create-preview').evaluate((el) => el.getBoundingClientRect().bottom > 57)).toBe(true);
    await expectNoSeriousAxeIssues(page, 'create, offline, typing');
    await context.setOffline(false);
  });
});
