import { devices, expect, test, type Page } from '@playwright/test';
import { dismissConsent } from './helpers.ts';
import { createNotebook, logIn, signUp } from './people.ts';

/**
 * Issue 29, item 2 (S2): a round's answers leave the phone the moment the signal returns. The host
 * runs a round offline and stays offline long enough for the retry waits to grow; then the signal
 * comes back — but for 1.5 s requests still fail (a network coming up), then a slow server answers
 * them (every pull and push 300 ms late). From the `online` event to the last answer acknowledged
 * (on the server, and the status line's "alterações aguardando envio" gone) takes 3.7 s on a quiet
 * machine. Before, a failure after the `online` event waited out RxDB's retry time as it had grown
 * offline (16–32 s here). The limit, 12 s, sits below that wait rather than near today's figure:
 * it tells the two behaviours apart on a loaded CI machine too (5 s failed there at load 14).
 */
const ACKNOWLEDGED_WITHIN_MS = 12_000;

const PHONE = { ...devices['Pixel 7'], viewport: { width: 360, height: 740 }, locale: 'pt-BR' };
const QUESTIONS = ['Comida da festa?', 'Música da noite?', 'Um recado?'];
const PIN = '2468';

async function go(page: Page, path: string) {
  await page.evaluate((to) => {
    history.pushState(null, '', to);
    dispatchEvent(new PopStateEvent('popstate'));
  }, path);
}

async function turn(page: Page, name: string) {
  await expect(page.getByTestId('round-step')).toHaveText('Vez da próxima pessoa');
  await page.getByLabel('Seu nome').fill(name);
  await page.getByRole('button', { name: 'Começar a responder' }).click();
  const fields = page.getByTestId('guest-answer');
  await expect(fields).toHaveCount(QUESTIONS.length);
  for (let i = 0; i < QUESTIONS.length; i++) await fields.nth(i).fill(`${name} responde ${i + 1}`);
  await page.getByRole('button', { name: 'Salvar e terminar minha vez' }).click();
  await expect(page.getByTestId('round-step')).toHaveText(`Obrigado, ${name}!`);
  await page.getByRole('button', { name: 'Passar para a próxima pessoa' }).click();
}

test('after a round offline, its answers are acknowledged long before the grown retry wait once the signal returns — a network coming up, then a slow server', async ({ browser, baseURL }) => {
  test.setTimeout(120_000);
  const owner = await signUp(baseURL!, 'volta_sinal');
  const notebook = await createNotebook(owner, 'Festa sem sinal', QUESTIONS);
  // No service worker: its background sync would replay the pushes on its own and hide the page's.
  const context = await browser.newContext({ ...PHONE, baseURL, serviceWorkers: 'block' });
  const page = await context.newPage();
  try {
    await dismissConsent(page);
    await logIn(page, owner);
    await go(page, `/notebook/${notebook.id}`);
    await expect(page.getByText(QUESTIONS[0]).first()).toBeVisible({ timeout: 20_000 });
    await page.waitForTimeout(2000);
    await context.setOffline(true);

    await go(page, `/notebook/${notebook.id}/rodada`);
    await page.getByLabel('PIN (4 a 8 números)').fill(PIN);
    await page.getByLabel('Repita o PIN').fill(PIN);
    await page.getByRole('button', { name: 'Começar a rodada' }).click();
    for (const name of ['Lia', 'Rui']) await turn(page, name);
    await page.getByRole('button', { name: 'Encerrar a rodada' }).click();
    await page.getByLabel('PIN de quem começou a rodada').fill(PIN);
    await page.getByRole('button', { name: 'Encerrar', exact: true }).click();
    await expect(page).toHaveURL(new RegExp(`/notebook/${notebook.id}$`));
    await expect(page.getByTestId('pending-writes')).toContainText('aguardando envio');
    // Long enough offline for the waits between retries to grow (1, 2, 4, 8 s …).
    await page.waitForTimeout(15_000);

    // The signal returns, but for its first 1.5 s requests still fail (a network coming up); then
    // a slow server: every pull and push 300 ms late.
    let reconnected = Infinity;
    await context.route('**/rest/v1/rpc/replication_*', async (route) => {
      if (Date.now() - reconnected < 1500) return route.abort('internetdisconnected');
      await new Promise((resolve) => setTimeout(resolve, 300));
      return route.continue();
    });
    const serverAnswers = async () => {
      const { count } = await owner.client.from('answers').select('id', { count: 'exact', head: true }).eq('notebook_id', notebook.id);
      return count ?? 0;
    };
    reconnected = Date.now();
    await context.setOffline(false);
    await expect.poll(serverAnswers, { timeout: ACKNOWLEDGED_WITHIN_MS, intervals: [50] }).toBe(2 * QUESTIONS.length);
    await expect(page.getByTestId('pending-writes')).toHaveCount(0, { timeout: Math.max(0, ACKNOWLEDGED_WITHIN_MS - (Date.now() - reconnected)) });
    const ms = Date.now() - reconnected;
    console.log(`reconnect → acknowledged: ${ms} ms`);
    expect(ms).toBeLessThan(ACKNOWLEDGED_WITHIN_MS);
  } finally {
    await context.close();
  }
});
