import { expect, test, type Locator, type Page } from '@playwright/test';
import { dismissConsent } from './helpers.ts';
import { createNotebook, logIn, signUp } from './people.ts';

/**
 * What the frame lays over a page on a 360 × 740 phone (toasts, install offer, cookie question,
 * menus) never takes a tap meant for the page, and never hides behind a dialog.
 */
test.use({ viewport: { width: 360, height: 740 } });

/** The element a tap at the centre of `target` reaches is `target` itself (or inside it). */
async function tapReaches(page: Page, target: Locator): Promise<boolean> {
  const box = (await target.boundingBox())!;
  const handle = await target.elementHandle();
  return page.evaluate(
    ([x, y, el]) => {
      const hit = document.elementFromPoint(x, y);
      return !!hit && (hit === el || el!.contains(hit));
    },
    [box.x + box.width / 2, box.y + box.height / 2, handle] as const,
  );
}

test('a toast never covers the button tapped next; inside the share dialog it shows above the dialog and is announced', async ({ page, baseURL, context }) => {
  test.setTimeout(90_000);
  await dismissConsent(page);
  await context.grantPermissions(['clipboard-read', 'clipboard-write']);
  const owner = await signUp(baseURL!, 'toast');
  const notebook = await createNotebook(owner, 'Caderno dos toasts', ['Qual é o seu apelido?']);
  await logIn(page, owner);
  await page.goto(`/notebook/${notebook.id}/edit`);
  const add = page.getByRole('button', { name: 'Adicionar pergunta' });
  await page.getByLabel('Nova pergunta').fill('Primeira pergunta nova?');
  await add.click();
  const toast = page.getByTestId('toast').filter({ hasText: 'Pergunta adicionada' });
  await expect(toast).toBeVisible();
  // Scrolled so the button sits where the toast is (wherever that is): the tap must still reach it.
  const toastBox = (await toast.boundingBox())!;
  const addBox = (await add.boundingBox())!;
  await page.evaluate((dy) => window.scrollBy(0, dy), addBox.y + addBox.height / 2 - (toastBox.y + toastBox.height / 2));
  await expect(toast).toBeVisible();
  expect(await tapReaches(page, add)).toBe(true);
  await page.getByLabel('Nova pergunta').fill('Segunda pergunta nova?');
  await add.click({ timeout: 5_000 });
  await expect(page.getByTestId('question-item')).toHaveCount(3);
  await page.screenshot({ path: '/tmp/fixer/toast-edit.png' });

  await page.getByRole('button', { name: 'Compartilhar', exact: true }).click();
  const dialog = page.getByRole('dialog', { name: 'Compartilhar caderno' });
  await dialog.getByRole('button', { name: 'Criar link de convite' }).click();
  await dialog.getByRole('button', { name: 'Copiar código' }).first().click();
  const copied = page.getByRole('status').filter({ hasText: 'Copiado!' });
  await expect(copied).toBeVisible();
  // Taps go through a toast's text; its close button is what a tap on the toast reaches.
  expect(await tapReaches(page, copied.getByRole('button', { name: 'Fechar aviso' }))).toBe(true);
  await page.screenshot({ path: '/tmp/fixer/toast-dialog.png' });
});

test('the dashboard shows which view is on, not by colour alone', async ({ page, baseURL }) => {
  await dismissConsent(page);
  const person = await signUp(baseURL!, 'vista');
  await logIn(page, person);
  // Grid and list are offered where they differ (issue 29: at 360 px they looked the same).
  await page.setViewportSize({ width: 1024, height: 768 });
  await page.goto('/meus-cadernos');
  const grid = page.getByRole('button', { name: 'Grade' });
  const list = page.getByRole('button', { name: 'Lista' });
  await grid.click();
  await expect(grid).toHaveAttribute('aria-pressed', 'true');
  const look = (button: Locator) =>
    button.evaluate((el) => {
      const style = getComputedStyle(el);
      return { weight: style.fontWeight, shadow: style.boxShadow, mark: getComputedStyle(el, '::before').content };
    });
  const pressed = await look(grid);
  const unpressed = await look(list);
  expect(pressed.weight).not.toBe(unpressed.weight);
  expect(pressed.mark).not.toBe(unpressed.mark);
  await page.screenshot({ path: '/tmp/fixer/dashboard-toggles.png' });
  // The avatar's focus ring stays whole at the screen's edge.
  await page.keyboard.press('Shift');
  await page.getByTestId('account-menu').focus();
  await page.screenshot({ path: '/tmp/fixer/avatar-focus.png', clip: { x: 240, y: 0, width: 120, height: 64 } });
});

test('first visit to an invitation: the overlays leave "Criar conta" and "Entrar" uncovered, and no install offer shows', async ({ page }) => {
  await page.goto('/n/ABC123');
  await expect(page.getByTestId('cookie-consent')).toBeVisible();
  await page.waitForTimeout(500);
  await page.screenshot({ path: '/tmp/fixer/invite-first-visit.png' });
  const main = page.getByRole('main');
  for (const name of ['Criar conta', 'Entrar']) {
    const action = main.getByRole('link', { name, exact: true }).or(main.getByRole('button', { name, exact: true })).first();
    await action.scrollIntoViewIfNeeded();
    expect(await tapReaches(page, action), name).toBe(true);
  }
  await expect(page.getByTestId('install-card')).toHaveCount(0);
});

test('first visit to the landing page: the cookie question leaves its headline uncovered, and no install offer shows', async ({ page }) => {
  await page.goto('/');
  await expect(page.getByTestId('cookie-consent')).toBeVisible();
  await page.screenshot({ path: '/tmp/fixer/landing-first-visit.png' });
  expect(await tapReaches(page, page.getByRole('heading', { level: 1 }))).toBe(true);
  await expect(page.getByTestId('install-card')).toHaveCount(0);
});

test('the top bar’s "Entrar" and "Criar conta" bring the person back where they were going', async ({ page }) => {
  await dismissConsent(page);
  await page.goto('/n/ABC123');
  await expect(page.getByTestId('top-bar').getByRole('link', { name: 'Entrar' })).toHaveAttribute('href', '/login?next=%2Fn%2FABC123');
  await page.goto('/login?next=/create');
  await expect(page.getByTestId('top-bar').getByRole('link', { name: 'Criar conta' })).toHaveAttribute('href', '/register?next=%2Fcreate');
  await page.goto('/');
  await expect(page.getByTestId('top-bar').getByRole('link', { name: 'Entrar' })).toHaveAttribute('href', '/login');
});

test('keyboard: the language and theme menu closes when Tab leaves it', async ({ page }) => {
  await dismissConsent(page);
  await page.goto('/');
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
  const toggle = page.getByTestId('preferences-menu');
  await toggle.focus();
  await page.keyboard.press('Enter');
  await expect(toggle).toHaveAttribute('aria-expanded', 'true');
  const panel = page.getByRole('group', { name: 'Idioma e tema' });
  const focusables = await panel.locator('button, select, input, a[href]').count();
  for (let i = 0; i <= focusables + 1; i++) await page.keyboard.press('Tab');
  await expect(toggle).toHaveAttribute('aria-expanded', 'false');
});
