import type { Page } from '@playwright/test';

/** Fills route parameters with sample values: `/notebook/:id/edit` → `/notebook/sample-id/edit`. */
export function concretePath(pattern: string): string {
  return pattern.replace(/:(\w+)/g, (_, name: string) => `sample-${name}`);
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
