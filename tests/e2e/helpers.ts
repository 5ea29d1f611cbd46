import AxeBuilder from '@axe-core/playwright';
import { expect, type Browser, type Page } from '@playwright/test';

/** Fills route parameters with sample values: `/notebook/:id/edit` → `/notebook/sample-id/edit`. */
export function concretePath(pattern: string): string {
  return pattern.replace(/:(\w+)/g, (_, name: string) => `sample-${name}`);
}

/** The phone every mobile-first browser test draws on (spec: 360 px first). */
export const PHONE = { width: 360, height: 740 };

/** A new page in its own context at 360 px, the cookie choice already made. */
export async function phonePage(browser: Browser): Promise<Page> {
  const context = await browser.newContext({ viewport: PHONE });
  const page = await context.newPage();
  await dismissConsent(page);
  return page;
}

/** Stores a consent choice before the page loads, so the dialog does not cover the page. */
export async function dismissConsent(page: Page, analytics = false) {
  await page.addInitScript((allow) => {
    if (!localStorage.getItem('cookie-consent')) {
      localStorage.setItem(
        'cookie-consent',
        JSON.stringify({ necessary: true, functional: allow, analytics: allow, marketing: false }),
      );
    }
  }, analytics);
}

/** The service worker must control the page before going offline, so pages and chunks still load. */
export async function waitForServiceWorker(page: Page) {
  await page.evaluate(async () => {
    await navigator.serviceWorker.ready;
    if (!navigator.serviceWorker.controller) {
      await new Promise((resolve) => navigator.serviceWorker.addEventListener('controllerchange', resolve, { once: true }));
    }
  });
}

/** axe-core on the whole page: no serious or critical issue. */
export async function expectNoSeriousAxeIssues(page: Page, where: string) {
  const { violations } = await new AxeBuilder({ page }).analyze();
  const serious = violations
    .filter((v) => v.impact === 'serious' || v.impact === 'critical')
    .map((v) => `${where}: ${v.id} — ${v.help} (${v.nodes.map((n) => n.target.join(' ')).slice(0, 3).join(', ')})`);
  expect(serious, serious.join('\n')).toEqual([]);
}

/**
 * The page fits a 360 px phone with no horizontal scrolling. Measured against the phone's 360 px,
 * not window.innerWidth: with a mobile viewport, Chromium widens the layout to the content (485 px
 * cards gave innerWidth 485 and no "overflow").
 */
export async function expectFitsPhone(page: Page, where: string) {
  const before = page.viewportSize()!;
  await page.setViewportSize({ width: 360, height: 740 });
  const overflow = await page.evaluate(() => document.documentElement.scrollWidth - 360);
  expect(overflow, `${where} overflows 360 px by ${overflow}px`).toBeLessThanOrEqual(0);
  await page.setViewportSize(before);
}
