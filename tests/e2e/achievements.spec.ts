/**
 * Achievements in the browser (issue 31) at 360 px: the server awards at the write and tells the
 * person with an 'achievement_earned' notification; the app shows a toast when it arrives and the
 * profile lists the achievement with its name, rarity and points, in both languages. Also when
 * the first notebook was made offline: the toast comes once the notebook reaches the server. And
 * while a dialog is open the news waits: inside it, it would grow the dialog and move its buttons.
 */
import { expect, test } from '@playwright/test';
import { dismissConsent, expectFitsPhone, expectNoSeriousAxeIssues, waitForServiceWorker } from './helpers.ts';
import { png } from './pictures.ts';
import { createNotebook, logIn, signUp } from './people.ts';

test.use({ viewport: { width: 360, height: 740 } });
test.beforeEach(async ({ page }) => dismissConsent(page));

const toast = (page: import('@playwright/test').Page, text: string) => page.getByTestId('toast').filter({ hasText: text });

test('a first notebook shows the toast of a new achievement, and the profile lists it with rarity and points, in both languages', async ({ page, baseURL }) => {
  test.setTimeout(90_000);
  const person = await signUp(baseURL!, 'conq');
  await logIn(page, person);
  // the app's visit: the first one is an achievement too
  await expect(toast(page, 'Nova conquista: Primeira visita')).toBeVisible({ timeout: 15_000 });

  await page.goto('/create');
  await expect(page.getByRole('heading', { level: 1, name: 'Criar caderno' })).toBeVisible();
  await page.getByLabel('Título', { exact: true }).fill(`Meu primeiro ${person.username.slice(-4)}`);
  const created = Date.now();
  await page.getByRole('button', { name: 'Criar caderno' }).click();
  const earned = toast(page, 'Nova conquista: Primeiro caderno');
  await expect(earned).toBeVisible({ timeout: 15_000 });
  console.log(`first notebook → achievement toast: ${Date.now() - created} ms (push, award, notification, pull, award read)`);
  await expect(earned).toContainText('Comum · 10 pontos');
  await expectNoSeriousAxeIssues(page, 'the toast of a new achievement');
  await expectFitsPhone(page, 'the toast of a new achievement');

  await page.goto('/profile');
  const section = page.getByTestId('profile-achievements');
  await expect(section.getByRole('heading', { name: 'Conquistas' })).toBeVisible();
  const first = section.locator('[data-achievement="first_notebook"]');
  await expect(first).toContainText('Primeiro caderno');
  await expect(first).toContainText('Comum');
  await expect(first).toContainText('10 pontos');
  await expect(first).toContainText('Criou o primeiro caderno.');
  await expect(section.locator('[data-achievement="first_visit"]')).toContainText('Primeira visita');
  await expect(section).toContainText('2 conquistas · 15 pontos');
  await expectNoSeriousAxeIssues(page, 'profile with achievements');
  await expectFitsPhone(page, 'profile with achievements');

  await page.goto('/en/profile');
  const english = page.getByTestId('profile-achievements');
  await expect(english.getByRole('heading', { name: 'Achievements' })).toBeVisible();
  await expect(english.locator('[data-achievement="first_notebook"]')).toContainText('First notebook');
  await expect(english.locator('[data-achievement="first_notebook"]')).toContainText('Common');
  await expect(english.locator('[data-achievement="first_notebook"]')).toContainText('10 points');
  await expect(english).toContainText('2 achievements · 15 points');

  // announced once: a reload brings no toast of it again
  await page.reload();
  await expect(english.locator('[data-achievement="first_notebook"]')).toBeVisible();
  await page.waitForTimeout(2_000);
  await expect(toast(page, 'New achievement')).toHaveCount(0);
});

test('a first notebook made offline: the toast comes when the notebook reaches the server', async ({ page, context, baseURL }) => {
  test.setTimeout(90_000);
  const person = await signUp(baseURL!, 'conqoff');
  await logIn(page, person);
  await expect(toast(page, 'Nova conquista: Primeira visita')).toBeVisible({ timeout: 15_000 });
  await page.goto('/meus-cadernos');
  await expect(page.getByTestId('dashboard-empty')).toBeVisible();
  await waitForServiceWorker(page);

  await context.setOffline(true);
  await page.getByRole('link', { name: 'Criar caderno' }).first().click();
  await page.getByLabel('Título', { exact: true }).fill(`Sem sinal ${person.username.slice(-4)}`);
  await page.getByRole('button', { name: 'Criar caderno' }).click();
  await expect(toast(page, 'Caderno criado!')).toBeVisible();
  await page.waitForTimeout(1_500);
  await expect(toast(page, 'Primeiro caderno')).toHaveCount(0);

  const back = Date.now();
  await context.setOffline(false);
  await expect(toast(page, 'Nova conquista: Primeiro caderno')).toBeVisible({ timeout: 20_000 });
  console.log(`signal back → achievement toast: ${Date.now() - back} ms`);
  await expectNoSeriousAxeIssues(page, 'the toast after the signal returns');
});

test("news of an achievement waits while a dialog is open (it would move the dialog's buttons under the finger), and shows when it closes", async ({ page, baseURL }) => {
  test.setTimeout(90_000);
  const person = await signUp(baseURL!, 'conqdlg');
  await logIn(page, person);
  const firstVisit = toast(page, 'Nova conquista: Primeira visita');
  await expect(firstVisit).toBeVisible({ timeout: 15_000 });
  await firstVisit.getByRole('button', { name: 'Fechar aviso' }).click();

  await page.goto('/settings');
  await page.getByLabel('Foto do perfil').setInputFiles({ name: 'me.png', mimeType: 'image/png', buffer: png(600, 600) });
  const dialog = page.getByRole('dialog', { name: 'Ajustar foto' });
  const save = dialog.getByRole('button', { name: 'Salvar imagem' });
  await expect(save).toBeEnabled();
  const before = await save.boundingBox();

  // the first notebook, made on another device: its achievement reaches this phone while the dialog
  // is open, and the app reads the award to name it (then the toast would come, two frames later)
  const awardRead = page.waitForResponse((response) => response.url().includes('/rest/v1/user_achievements'), { timeout: 20_000 });
  await createNotebook(person, 'Feito no computador', ['Qual é a sua cor favorita?']);
  await awardRead;
  await page.evaluate(() => new Promise((done) => requestAnimationFrame(() => requestAnimationFrame(done))));
  await expect(page.getByTestId('toast')).toHaveCount(0);
  expect(await save.boundingBox(), 'the Save button stayed where it was').toEqual(before);

  await dialog.getByRole('button', { name: 'Cancelar' }).click();
  await expect(dialog).toHaveCount(0);
  await expect(toast(page, 'Nova conquista: Primeiro caderno')).toBeVisible();
});
