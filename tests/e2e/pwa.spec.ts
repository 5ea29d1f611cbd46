import { spawnSync, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { expect, test, type Page } from '@playwright/test';
import { ROUTES } from '../../src/app/routes.ts';
import { startAppServer, stopAppServer } from './app-server.ts';
import { concretePath, dismissConsent } from './helpers.ts';

const root = path.resolve(import.meta.dirname, '../..');

/** Waits until the service worker controls the page and has finished precaching. */
async function waitForServiceWorker(page: Page) {
  await page.evaluate(async () => {
    const registration = await navigator.serviceWorker.ready;
    if (!navigator.serviceWorker.controller) {
      await new Promise((resolve) => navigator.serviceWorker.addEventListener('controllerchange', resolve, { once: true }));
    }
    return registration.active?.state;
  });
}

test('Chromium reports no installability errors', async ({ playwright, baseURL }, testInfo) => {
  // A normal (persistent) profile: Chromium never offers installation in an incognito-like context.
  const profile = fs.mkdtempSync(path.join(os.tmpdir(), 'cadernos-profile-'));
  const context = await playwright.chromium.launchPersistentContext(profile, {
    ...testInfo.project.use.launchOptions,
    locale: 'pt-BR',
    baseURL,
  });
  try {
    const page = context.pages()[0] ?? (await context.newPage());
    await dismissConsent(page);
    await page.goto('/');
    await waitForServiceWorker(page);
    const cdp = await context.newCDPSession(page);
    const { installabilityErrors } = await cdp.send('Page.getInstallabilityErrors');
    expect(installabilityErrors.map((e) => e.errorId)).toEqual([]);
    const manifest = await cdp.send('Page.getAppManifest');
    expect(manifest.errors).toEqual([]);
  } finally {
    await context.close();
    fs.rmSync(profile, { recursive: true, force: true });
  }
});

test('after one online visit, every route opens offline from a cold start, in both languages', async ({ context }) => {
  test.setTimeout(90_000);
  const first = await context.newPage();
  await dismissConsent(first);
  await first.goto('/');
  await waitForServiceWorker(first);
  await first.close();

  await context.setOffline(true);
  const page = await context.newPage();
  for (const prefix of ['', '/en']) {
    for (const route of ROUTES.filter((r) => r.needs !== 'admin')) {
      const url = (prefix + concretePath(route.path)).replace(/\/$/, '') || '/';
      const response = await page.goto(url);
      expect(response?.fromServiceWorker(), url).toBe(true);
      await expect(page.getByRole('heading', { level: 1 }).first(), url).toBeVisible();
      await expect(page.getByTestId('error-card'), url).toHaveCount(0);
      await expect(page.locator('html'), url).toHaveAttribute('lang', prefix ? 'en-US' : 'pt-BR');
    }
  }
  await context.setOffline(false);
});

test('backend paths are never answered with the app shell', async ({ page }) => {
  await dismissConsent(page);
  await page.goto('/');
  await waitForServiceWorker(page);
  const response = await page.goto('/auth/v1/health');
  expect(response?.fromServiceWorker()).toBe(false);
  expect(await page.content()).not.toContain('id="root"');
});

test.describe('updates', () => {
  let port: number;
  let servedDir: string;
  let server: ChildProcess;

  const build = (outDir: string, version: string) => {
    const result = spawnSync('npx', ['tsx', 'scripts/build.ts', '--out', outDir], {
      cwd: root,
      env: { ...process.env, APP_VERSION: version },
      encoding: 'utf8',
    });
    if (result.status !== 0) throw new Error(`build ${version} failed: ${result.stderr}`);
  };

  test.beforeAll(async ({}, workerInfo) => {
    test.setTimeout(120_000);
    port = 4190 + workerInfo.parallelIndex;
    servedDir = fs.mkdtempSync(path.join(os.tmpdir(), 'cadernos-update-'));
    build(servedDir, 'A');
    server = await startAppServer(port, { dist: servedDir });
  });

  test.afterAll(async () => {
    await stopAppServer(server);
    fs.rmSync(servedDir, { recursive: true, force: true });
  });

  test('a new version shows the card within about 10 s; "now" reloads into it, never under unsaved typing', async ({ page }) => {
    test.setTimeout(120_000);
    await dismissConsent(page);
    await page.goto(`http://127.0.0.1:${port}/`);
    await waitForServiceWorker(page);
    await expect(page.getByTestId('app-version')).toContainText('A');

    build(servedDir, 'B');
    const card = page.getByTestId('update-card');
    await expect(card).toBeVisible({ timeout: 25_000 });

    // "Later" hides it; the same waiting version does not come back by itself.
    await card.getByRole('button', { name: 'Depois' }).click();
    await expect(card).toBeHidden();
    await page.waitForTimeout(11_000);
    await expect(card).toBeHidden();
    await expect(page.getByTestId('app-version')).toContainText('A');

    // The next visit offers it again. "Now" while a form is being typed in does not reload the
    // page under the person: the typing stays, and the update goes through once the form is clear.
    await page.goto(`http://127.0.0.1:${port}/login`);
    await expect(card).toBeVisible({ timeout: 15_000 });
    const email = page.getByLabel('E-mail');
    await email.fill('ana@example.com');
    await card.getByRole('button', { name: 'Atualizar agora' }).click();
    await expect(card).toContainText('Assim que você salvar o que está escrevendo');
    await page.waitForTimeout(3000);
    await expect(email).toHaveValue('ana@example.com');
    await expect(page.getByTestId('app-version')).toContainText('A');

    await email.fill('');
    await expect(page.getByTestId('app-version')).toContainText('B', { timeout: 15_000 });
    await expect(card).toBeHidden();
  });
});
