import { expect, test, type Browser, type Page } from '@playwright/test';
import { dismissConsent } from './helpers.ts';
import { createNotebook, logIn, signUp } from './people.ts';

/**
 * Issue 20: a friend taps an invite link on a slow phone — the invitation is in the page the
 * server sends (prerendered at build time from the app's own components), readable before the
 * JavaScript arrives and even without it; the app then takes that same page over, and a device
 * it is not for (someone signed in there, another language chosen) never shows it.
 */

/**
 * From the page's first script: what every frame about to be painted shows — the invitation's
 * login prompt (visible or not), the visible main headings — and the prerendered "Criar conta"
 * link as it was when the HTML had been parsed.
 */
const RECORD_FRAMES = `
  window.__frames = [];
  const record = () => {
    const prompt = document.querySelector('[data-testid="invite-login"]');
    const headings = [...document.querySelectorAll('h1')].filter((h) => h.checkVisibility()).map((h) => h.textContent);
    window.__frames.push({ prompt: prompt ? (prompt.checkVisibility() ? 'visible' : 'hidden') : 'none', headings, rootFilled: !!document.getElementById('root')?.firstChild });
    if (window.__frames.length < 600) requestAnimationFrame(record);
  };
  requestAnimationFrame(record);
  document.addEventListener('DOMContentLoaded', () => {
    window.__parsedLink = document.querySelector('[data-testid="invite-login"] a[href*="register"]');
    window.__promptAtParse = document.querySelector('[data-testid="invite-login"]')?.checkVisibility() ?? null;
  });
`;
interface Frame {
  prompt: 'visible' | 'hidden' | 'none';
  headings: string[];
  rootFilled: boolean;
}
const framesOf = (page: Page) => page.evaluate(() => (window as unknown as { __frames: Frame[] }).__frames);

async function noScriptPage(browser: Browser, locale = 'pt-BR'): Promise<Page> {
  const context = await browser.newContext({ javaScriptEnabled: false, locale });
  return context.newPage();
}

test('without JavaScript, an invite link shows the invitation — in Portuguese, in English — with links that carry the code', async ({ browser }) => {
  const page = await noScriptPage(browser);
  await page.goto('/n/ABC123');
  await expect(page.getByRole('heading', { level: 1, name: 'Convite para um caderno' })).toBeVisible();
  await expect(page.getByRole('list', { name: 'Etapas do convite' }).getByRole('listitem')).toHaveText(['1Entrar', '2Processar convite', '3Abrir caderno']);
  const prompt = page.getByTestId('invite-login');
  await expect(prompt).toContainText('Entre ou crie uma conta para aceitar o convite.');
  await expect(prompt.getByRole('link', { name: 'Entrar' })).toHaveAttribute('href', '/login?next=%2Fn%2FABC123');
  await expect(prompt.getByRole('link', { name: 'Criar conta' })).toHaveAttribute('href', '/register?next=%2Fn%2FABC123');
  await expect(page.getByTestId('top-bar').getByRole('link', { name: 'Entrar' })).toHaveAttribute('href', '/login?next=%2Fn%2FABC123');
  // Styled: the page's CSS is in the page.
  expect(await prompt.getByRole('link', { name: 'Criar conta' }).evaluate((a) => getComputedStyle(a).display)).not.toBe('inline');
  await prompt.getByRole('link', { name: 'Criar conta' }).click();
  await expect(page).toHaveURL(/\/register\?next=%2Fn%2FABC123$/);

  await page.goto('/en/n/ABC123');
  await expect(page.getByRole('heading', { level: 1, name: 'Invitation to a notebook' })).toBeVisible();
  expect(await page.evaluate(() => document.documentElement.lang)).toBe('en-US');
  await expect(page.getByTestId('invite-login').getByRole('link', { name: 'Create account' })).toHaveAttribute('href', '/en/register?next=%2Fn%2FABC123');

  // An English browser on the link without a language gets English, as the app would pick it.
  const english = await noScriptPage(browser, 'en-US');
  await english.goto('/n/XYZ789');
  await expect(english.getByRole('heading', { level: 1, name: 'Invitation to a notebook' })).toBeVisible();
  await expect(english.getByTestId('invite-login').getByRole('link', { name: 'Log in' })).toHaveAttribute('href', '/en/login?next=%2Fn%2FXYZ789');
});

test('an address that is not a code is never part of the page: no invitation prerendered, nothing injected, with or without JavaScript', async ({ browser }) => {
  const hostile = ['/n/%3Cimg%20src%3Dx%20onerror%3D%22document.title%3D%27pwned%27%22%3E', '/n/%22%3E%3Cscript%3Edocument.title%3D%27pwned%27%3C%2Fscript%3E'];
  const noScript = await noScriptPage(browser);
  for (const url of hostile) {
    const response = await noScript.goto(url);
    expect(response?.status(), url).toBe(200);
    await expect(noScript.getByTestId('invite-login'), url).toHaveCount(0);
    await expect(noScript.locator('#root img, #root script'), url).toHaveCount(0);
  }

  const context = await browser.newContext();
  const page = await context.newPage();
  await dismissConsent(page);
  const dialogs: string[] = [];
  page.on('dialog', (dialog) => void dialog.dismiss().then(() => dialogs.push(dialog.message())));
  for (const url of hostile) {
    await page.goto(url);
    await expect(page.getByTestId('top-bar')).toBeVisible();
    await expect(page.locator('#root img[src="x"], #root script')).toHaveCount(0);
    expect(await page.title()).not.toBe('pwned');
  }
  // The app's own invitation screen, with the code as data in its links (encoded), as before.
  await page.goto(hostile[0]);
  await expect(page.getByTestId('invite-login').getByRole('link', { name: 'Criar conta' })).toHaveAttribute('href', /^\/register\?next=%2Fn%2F%3Cimg/);
  expect(dialogs).toEqual([]);
});

test('with JavaScript, the app takes the prerendered invitation over: the same elements, shown once, in every frame; "Criar conta" opens the form', async ({ page }) => {
  await dismissConsent(page);
  await page.addInitScript(RECORD_FRAMES);
  await page.goto('/n/ABC123');
  // Taken over once the app removed the server's mark and its handlers work (the menu opens).
  await expect(page.locator('#root[data-prerendered]')).toHaveCount(0);
  await page.getByTestId('preferences-menu').click();
  await expect(page.getByRole('group', { name: 'Idioma e tema' })).toBeVisible();
  await page.keyboard.press('Escape');

  const sameLink = await page.evaluate(() => {
    const parsed = (window as unknown as { __parsedLink: Element | null }).__parsedLink;
    return parsed !== null && parsed === document.querySelector('[data-testid="invite-login"] a[href*="register"]');
  });
  expect(sameLink, 'the link parsed from the HTML is the one the app shows').toBe(true);
  await expect(page.getByRole('heading', { level: 1 })).toHaveCount(1);
  await expect(page.getByTestId('invite-login')).toHaveCount(1);
  await expect(page.locator('#root > *')).toHaveCount(1);

  // From the first frame with anything in it, the invitation, once — never a blank page, a skeleton or "Verificando sua conta…".
  const frames = (await framesOf(page)).filter((frame) => frame.rootFilled);
  expect(frames.length).toBeGreaterThan(0);
  const wrong = frames.filter((frame) => frame.prompt !== 'visible' || frame.headings.join('|') !== 'Convite para um caderno');
  expect(wrong, JSON.stringify(wrong.slice(0, 3))).toEqual([]);

  await page.evaluate(() => ((window as unknown as { __samePage: boolean }).__samePage = true));
  await page.getByTestId('invite-login').getByRole('link', { name: 'Criar conta' }).click();
  await expect(page).toHaveURL(/\/register\?next=%2Fn%2FABC123$/);
  await expect(page.getByLabel('Nome de usuário')).toBeVisible();
  expect(await page.evaluate(() => (window as unknown as { __samePage?: boolean }).__samePage), 'the app navigated, no page load').toBe(true);
});

test('someone signed in on this device never sees the login prompt: from the first frame to the notebook it opens', async ({ browser, baseURL }) => {
  test.setTimeout(90_000);
  const owner = await signUp(baseURL!, 'dona');
  const friend = await signUp(baseURL!, 'amiga');
  const notebook = await createNotebook(owner, 'Caderno da excursão', ['Qual foi a melhor parte?']);
  const { data: link, error } = await owner.client.rpc('create_invite_link', { p_notebook_id: notebook.id });
  expect(error).toBeNull();

  // No service worker: the server answers the link itself (a device whose worker is gone, a reload that bypasses it).
  const context = await browser.newContext({ serviceWorkers: 'block' });
  const page = await context.newPage();
  await dismissConsent(page);
  await logIn(page, friend);
  await page.addInitScript(RECORD_FRAMES);
  await page.goto(`/n/${link.code}`);
  await expect(page).toHaveURL(new RegExp(`/notebook/${notebook.id}$`), { timeout: 20_000 });
  await expect(page.getByTestId('question-page').getByText('Qual foi a melhor parte?')).toBeVisible({ timeout: 15_000 });

  expect(await page.evaluate(() => (window as unknown as { __promptAtParse: boolean | null }).__promptAtParse), 'at DOMContentLoaded').not.toBe(true);
  const shown = (await framesOf(page)).filter((frame) => frame.prompt === 'visible');
  expect(shown, 'frames showing "Entre ou crie uma conta"').toEqual([]);
});

test('a device whose chosen language is English is not shown the Portuguese invitation first', async ({ page }) => {
  await dismissConsent(page);
  await page.addInitScript(() => {
    if (!localStorage.getItem('i18nextLng')) localStorage.setItem('i18nextLng', 'en-US');
  });
  await page.addInitScript(RECORD_FRAMES);
  await page.goto('/n/ABC123');
  await expect(page).toHaveURL(/\/en\/n\/ABC123$/);
  await expect(page.getByRole('heading', { level: 1, name: 'Invitation to a notebook' })).toBeVisible();
  await expect(page.getByRole('heading', { level: 1 })).toHaveCount(1);
  const portuguese = (await framesOf(page)).filter((frame) => frame.headings.includes('Convite para um caderno'));
  expect(portuguese, 'frames in Portuguese').toEqual([]);
});
