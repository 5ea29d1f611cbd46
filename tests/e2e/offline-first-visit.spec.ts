import { devices, expect, test, type Browser, type Page } from '@playwright/test';
import { dismissConsent, expectFitsPhone } from './helpers.ts';
import { createNotebook, logIn, signUp } from './people.ts';

/**
 * Issue 29, item 1: the party offline on a first visit. Someone signs in, opens a notebook and loses
 * the signal a couple of seconds later — before any service worker could have saved the app (here:
 * none at all, the first visit's worst case). The parts the screens lead to that work offline came
 * with them while online (src/navigation/next-parts.ts): the round ("Passar o caderno"), the notebook
 * again and a new notebook open. Before, the round failed with "Algo deu errado — Failed to fetch
 * dynamically imported module" (or "Unable to preload CSS for …RoundScreen….css"). A part
 * that is still missing says so in the app's words and opens by itself when the signal returns.
 */

const PHONE = { ...devices['Pixel 7'], viewport: { width: 360, height: 740 }, locale: 'pt-BR' };

async function firstVisit(browser: Browser, baseURL: string) {
  // No service worker: the first visit's parts come only from what the screens preloaded.
  const context = await browser.newContext({ ...PHONE, baseURL, serviceWorkers: 'block' });
  const page = await context.newPage();
  await dismissConsent(page);
  return { context, page };
}

/** Moves within the app as its links do (no reload: offline, a reload has nothing to load from). */
async function go(page: Page, path: string) {
  await page.evaluate((to) => {
    history.pushState(null, '', to);
    dispatchEvent(new PopStateEvent('popstate'));
  }, path);
}

test('offline two seconds after the first signed-in visit, the party, the notebook and create all open', async ({ browser, baseURL }) => {
  const owner = await signUp(baseURL!, 'festa_sem_sw');
  const notebook = await createNotebook(owner, 'Festa na praça', ['Qual a melhor música?', 'Um conselho?']);
  const { context, page } = await firstVisit(browser, baseURL!);
  try {
    await logIn(page, owner);
    await expect(page.getByRole('heading', { name: 'Meus cadernos', level: 1 })).toBeVisible();
    await go(page, `/notebook/${notebook.id}`);
    // The first sync brings the notebook.
    await expect(page.getByText('Qual a melhor música?').first()).toBeVisible({ timeout: 20_000 });
    await page.waitForTimeout(2000);
    await context.setOffline(true);

    await go(page, `/notebook/${notebook.id}/rodada`);
    await expect(page.getByRole('button', { name: 'Começar a rodada' })).toBeVisible();
    await expect(page.getByTestId('error-card')).toHaveCount(0);
    await expectFitsPhone(page, 'the round, offline');

    await go(page, `/notebook/${notebook.id}`);
    await expect(page.getByText('Qual a melhor música?').first()).toBeVisible();

    await go(page, '/create');
    await expect(page.getByLabel('Título', { exact: true })).toBeVisible();
    await expect(page.getByTestId('error-card')).toHaveCount(0);
  } finally {
    await context.close();
  }
});

test('a part not yet saved on the phone says so in the app’s words, and opens by itself when the signal returns', async ({ browser, baseURL }) => {
  const owner = await signUp(baseURL!, 'parte_falta');
  const { context, page } = await firstVisit(browser, baseURL!);
  try {
    await logIn(page, owner);
    await expect(page.getByRole('heading', { name: 'Meus cadernos', level: 1 })).toBeVisible();
    await context.setOffline(true);
    // Nothing on the dashboard leads to "Novidades" offline: it was not loaded.
    await go(page, '/timeline');
    const missing = page.getByTestId('missing-part');
    await expect(missing).toBeVisible();
    await expect(missing.getByRole('heading')).toHaveText('Esta parte ainda não foi salva neste celular — conecte-se uma vez');
    await expect(missing.getByRole('button', { name: 'Tentar novamente' })).toBeVisible();
    await expect(missing.getByRole('button', { name: 'Voltar' })).toBeVisible();
    // Never a developer's message.
    await expect(page.getByText(/dynamically imported module|preload CSS|Algo deu errado/)).toHaveCount(0);
    await expectFitsPhone(page, 'a missing part');

    await context.setOffline(false);
    await expect(missing).toHaveCount(0, { timeout: 10_000 });
    await expect(page.getByTestId('error-card')).toHaveCount(0);
  } finally {
    await context.close();
  }
});
