/**
 * The guardian's mail corrected (issue 22): a 14-year-old mistypes the guardian's address at
 * registration, corrects it in Settings (keyboard only, at 360 px), the new guardian confirms from
 * the mail in the local mailbox, the old mail's link no longer confirms, and the profile's
 * defaults loosen as after any confirmation.
 */
import { expect, test, type Locator, type Page } from '@playwright/test';
import { createClient } from '@supabase/supabase-js';
import WebSocket from 'ws';
import { SUPABASE_DEMO_ANON_KEY } from '../../sync-server/config.ts';
import { dismissConsent, expectFitsPhone, expectNoSeriousAxeIssues } from './helpers.ts';
import { PASSWORD, logIn, newPerson } from './people.ts';

test.describe.configure({ timeout: 120_000 });
const expectSoon = expect.configure({ timeout: 15_000 });

function bornYearsAgo(years: number): string {
  const d = new Date();
  d.setUTCFullYear(d.getUTCFullYear() - years);
  d.setUTCDate(d.getUTCDate() - 1);
  return d.toISOString().slice(0, 10);
}

async function mailsTo(baseURL: string, address: string): Promise<{ subject: string; link: string }[]> {
  return (await fetch(`${baseURL}/auth/v1/mailbox.json?to=${encodeURIComponent(address)}`)).json();
}

test("a 14-year-old corrects a mistyped guardian's e-mail in Settings; the new guardian confirms, the old link does not", async ({ page, browser, baseURL }) => {
  const teen = newPerson('teenfix');
  const typo = `resp-${teen.username}@exmaple.com`;
  const guardian = `resp-${teen.username}@example.com`;
  await page.setViewportSize({ width: 360, height: 740 });
  await page.goto('/register');
  await dismissConsent(page);
  await page.getByLabel('Nome de usuário').fill(teen.username);
  await page.getByLabel('E-mail').fill(teen.email);
  await page.getByLabel('Senha', { exact: true }).fill(PASSWORD);
  await page.getByLabel('Confirme a senha').fill(PASSWORD);
  await page.getByLabel('Data de nascimento').fill(bornYearsAgo(14));
  await page.getByRole('button', { name: 'Criar conta' }).click();
  await page.getByLabel('E-mail do responsável').fill(typo);
  await page.getByLabel(/Meu responsável sabe que estou criando esta conta/).check();
  await page.getByRole('button', { name: 'Criar conta' }).click();
  await expectSoon(page.getByTestId('toast').filter({ hasText: 'Registro realizado com sucesso!' })).toBeVisible({ timeout: 20_000 });
  // where the mail went is said at once, so the typo can be noticed (walkthrough J8)
  await expect(page.getByTestId('toast').filter({ hasText: 'Registro realizado com sucesso!' })).toContainText(
    `Enviamos um e-mail para seu responsável: ${typo}`,
  );
  // One mail after sign-up, as on hosted Supabase (where the app sends it): not two.
  await expectSoon.poll(async () => (await mailsTo(baseURL!, typo)).length).toBe(1);
  const [toTypo] = await mailsTo(baseURL!, typo);

  await page.goto('/settings');
  await page.getByRole('tab', { name: 'Conta' }).click();
  const status = page.getByTestId('guardian-status');
  await expectSoon(status).toContainText(`Esperando seu responsável (${typo})`);

  // Sending again right away: the minute between two mails, said with its count.
  await status.getByRole('button', { name: 'Enviar o e-mail de novo' }).click();
  await expectSoon(status.getByRole('status').filter({ hasText: /Espere \d+ segundos para pedir outro e-mail\./ })).toBeVisible();

  // Offline: the action waits for the network, and says so.
  await page.context().setOffline(true);
  await expectSoon(status.getByRole('status').filter({ hasText: 'Você está sem internet' })).toBeVisible();
  await expect(status.getByRole('button', { name: 'Enviar o e-mail de novo' })).toBeDisabled();
  await page.context().setOffline(false);
  await expectSoon(status.getByRole('button', { name: 'Enviar o e-mail de novo' })).toBeEnabled();

  // Correct the address with the keyboard alone.
  await status.getByRole('button', { name: 'Corrigir o e-mail do responsável' }).focus();
  await page.keyboard.press('Enter');
  const field = status.getByLabel('Novo e-mail do responsável');
  await field.focus();
  await page.keyboard.type('sem-arroba');
  await page.keyboard.press('Enter');
  await expectSoon(field).toHaveAccessibleDescription(/Digite um e-mail válido/);
  await field.fill('');
  await page.keyboard.type(guardian);
  await expectNoSeriousAxeIssues(page, 'the guardian section with its form');
  await expectFitsPhone(page, 'the guardian section with its form');
  await page.keyboard.press('Enter');
  await expectSoon(status.getByRole('status').filter({ hasText: `Enviamos um novo e-mail para ${guardian}.` })).toBeVisible();
  await expectSoon(status).toContainText(`Esperando seu responsável (${guardian})`);

  const mails = await mailsTo(baseURL!, guardian);
  expect(mails).toHaveLength(1);
  expect(mails[0].subject).toBe(`Confirme a conta de ${teen.username} no Cadernos`);
  const link = new URL(mails[0].link);
  expect(link.pathname).toMatch(/^\/guardian\/[0-9a-f]{64}$/);

  // The mistyped address's link no longer confirms.
  const visitor = createClient(baseURL!, SUPABASE_DEMO_ANON_KEY, { auth: { persistSession: false }, realtime: { transport: WebSocket as never } });
  const stale = await visitor.rpc('confirm_guardian', { p_token: new URL(toTypo.link).pathname.replace('/guardian/', '') });
  expect(stale.error?.hint).toBe('guardian_link_invalid');

  // The right guardian (no account, another browser) confirms from the mail.
  const guardianContext = await browser.newContext();
  const guardianPage = await guardianContext.newPage();
  await dismissConsent(guardianPage);
  await guardianPage.goto(link.pathname);
  await guardianPage.getByRole('button', { name: 'Confirmo que acompanho esta conta' }).click();
  await expectSoon(guardianPage.getByTestId('guardian-confirmed')).toContainText(`A conta de @${teen.username} está confirmada`);
  await guardianContext.close();

  await page.reload();
  await page.getByRole('tab', { name: 'Conta' }).click();
  await expectSoon(page.getByTestId('guardian-status')).toContainText(`Seu responsável (${guardian}) confirmou`);
  await expect(page.getByRole('button', { name: 'Enviar o e-mail de novo' })).toHaveCount(0);
  // The defaults loosen as after any confirmation: connections go to friends.
  await page.getByRole('tab', { name: 'Perfil' }).click();
  await expectSoon(page.getByRole('group', { name: 'Quem vê minhas conexões' }).getByLabel('Só meus amigos')).toBeChecked();
});

/** The element's middle is inside the phone's screen and is not covered (by the bottom navigation). */
async function expectSeenAtItsPlace(locator: Locator, what: string) {
  const seen = await locator.evaluate((element) => {
    const box = element.getBoundingClientRect();
    const onTop = document.elementFromPoint(box.left + box.width / 2, box.top + box.height / 2);
    return { inside: box.top >= 0 && box.bottom <= window.innerHeight, onTop: onTop !== null && element.contains(onTop) };
  });
  expect(seen, `${what} is not visible on the screen`).toEqual({ inside: true, onTop: true });
}

/** Scrolls the page so the element sits right above the bottom navigation, as after reading down to it. */
async function scrollJustAboveBottomNav(page: Page, locator: Locator) {
  const navTop = await page.getByTestId('places-nav').evaluate((nav) => nav.getBoundingClientRect().top);
  await locator.evaluate((element, top) => window.scrollBy(0, element.getBoundingClientRect().bottom - top + 8), navTop);
}

test('at 360 px, sending the guardian mail again shows its result on the screen, not under the bottom navigation (walkthrough J2)', async ({ page, baseURL }) => {
  const teen = newPerson('teenseen');
  const client = createClient(baseURL!, SUPABASE_DEMO_ANON_KEY, { auth: { persistSession: false }, realtime: { transport: WebSocket as never } });
  const { error } = await client.auth.signUp({
    email: teen.email,
    password: PASSWORD,
    options: { data: { username: teen.username, birth_date: bornYearsAgo(14), guardian_email: `resp.${teen.email}`, guardian_acknowledged: 'true' } },
  });
  expect(error, error?.message).toBeNull();
  await page.setViewportSize({ width: 360, height: 740 });
  await dismissConsent(page);
  await logIn(page, teen);
  await page.goto('/settings?tab=account');
  const status = page.getByTestId('guardian-status');
  const again = status.getByRole('button', { name: 'Enviar o e-mail de novo' });
  await expectSoon(again).toBeEnabled();
  await expectSoon(page.getByRole('button', { name: /Baixar meus dados/ })).toBeVisible();

  // The page's last content is reachable above the bottom navigation (and the safe area).
  await page.evaluate(() => window.scrollTo(0, document.documentElement.scrollHeight));
  const lastContent = page.locator('main :is(button, a, p, h2):visible').last();
  await expectSeenAtItsPlace(lastContent, "the page's last content");

  // The sign-up sent the first mail: sending again right away says to wait.
  await scrollJustAboveBottomNav(page, again);
  await again.click();
  await expectResultSeen(status.getByText(/Espere \d+ segundos? para pedir outro e-mail\./), 'the "wait" message');

  // A corrected address: the new mail goes out and the page says so where the person looks.
  await status.getByRole('button', { name: 'Corrigir o e-mail do responsável' }).click();
  await status.getByLabel('Novo e-mail do responsável').fill(`outro.${teen.email}`);
  const saveAndSend = status.getByRole('button', { name: 'Salvar e enviar' });
  await scrollJustAboveBottomNav(page, saveAndSend);
  await saveAndSend.click();
  await expectResultSeen(status.getByText(/Enviamos um novo e-mail para /), 'the "sent" message');
});

async function expectResultSeen(result: Locator, what: string) {
  await expectSoon(result).toBeVisible();
  await expectSeenAtItsPlace(result, what);
  // Said politely to a screen reader.
  await expect(result.locator('xpath=ancestor-or-self::*[@aria-live="polite" or @role="status"]')).toHaveCount(1);
}
