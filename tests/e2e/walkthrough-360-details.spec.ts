/**
 * Details of the second walkthrough at 360 px: one English wording for "Criar conta" wherever it
 * is shown, the password checklist's markers, the colour of radios and checkboxes, a toast over the
 * cookie question, the crop dialog's buttons.
 */
import { expect, test, type Locator } from '@playwright/test';
import { dismissConsent } from './helpers.ts';
import { logIn, newPerson, signUp, submitRegistration } from './people.ts';
import { png } from './pictures.ts';

test.use({ viewport: { width: 360, height: 740 } });

type Box = { x: number; y: number; width: number; height: number };

const overlaps = (a: Box, b: Box) => a.x < b.x + b.width && b.x < a.x + a.width && a.y < b.y + b.height && b.y < a.y + a.height;

async function box(locator: Locator): Promise<Box> {
  const found = await locator.boundingBox();
  expect(found, 'the element is laid out').not.toBeNull();
  return found!;
}


/** From the page's first script: the English invitation's account link's words in every frame. */
const RECORD_LINK_WORDS = `
  window.__linkWords = [];
  const record = () => {
    const link = document.querySelector('[data-testid="invite-login"] a[href*="register"]');
    const words = link?.textContent ?? null;
    if (words && window.__linkWords.at(-1) !== words) window.__linkWords.push(words);
    if (performance.now() < 15000) requestAnimationFrame(record);
  };
  requestAnimationFrame(record);
`;

test('"Criar conta" has one English wording: through the invitation\'s takeover, and on the form opened directly or from it', async ({ page }) => {
  await dismissConsent(page);
  await page.goto('/en/register');
  await expect(page.getByRole('heading', { level: 1, name: 'Create account' })).toBeVisible();
  await expect(page.getByRole('button', { name: 'Create account' })).toBeVisible();

  await page.addInitScript(RECORD_LINK_WORDS);
  await page.goto('/en/n/ABC123');
  await expect(page.locator('#root[data-prerendered]')).toHaveCount(0);
  const link = page.getByTestId('invite-login').getByRole('link', { name: 'Create account' });
  await expect(link).toBeVisible();
  // the app's catalogs (its own, then the invitation's) load while it takes the page over: the words must not change meanwhile
  await page.waitForLoadState('networkidle');
  await expect(link).toBeVisible();
  expect(await page.evaluate(() => (window as unknown as { __linkWords: string[] }).__linkWords)).toEqual(['Create account']);

  await link.click();
  await expect(page.getByRole('heading', { level: 1, name: 'Create account' })).toBeVisible();
  await expect(page.getByRole('button', { name: 'Create account' })).toBeVisible();
});

test('the password checklist shows one marker per rule (its icon, no bullet) and stays a list for screen readers', async ({ page }) => {
  await dismissConsent(page);
  await page.goto('/register');
  await page.getByLabel('Senha', { exact: true }).fill('abc');
  const rules = page.getByRole('list').filter({ has: page.getByRole('listitem').filter({ hasText: '8 ou mais caracteres' }) });
  await expect(rules.getByRole('listitem')).toHaveCount(4);
  for (const rule of await rules.getByRole('listitem').all()) {
    await expect(rule).toHaveCSS('list-style-type', 'none');
    await expect(rule.locator('svg')).toHaveCount(1);
  }
  await expect(rules.getByRole('listitem').filter({ hasText: 'uma letra minúscula' })).toContainText('Cumprido:');
});

test("radios and checkboxes take the app's purple, in the light and the dark theme", async ({ page, baseURL }) => {
  test.setTimeout(60_000);
  await dismissConsent(page);
  const person = await signUp(baseURL!, 'accent');
  await logIn(page, person);
  await page.goto('/settings');
  const dark = page.getByRole('radio', { name: 'Escuro' });
  await expect(dark).toBeVisible({ timeout: 15_000 });
  const accents = () =>
    page.evaluate(() =>
      [...document.querySelectorAll('input[type=radio], input[type=checkbox]')].map((input) => getComputedStyle(input).accentColor),
    );
  const lightPurple = 'rgb(109, 40, 217)'; // theme.css.ts: color.primary, light
  const darkPurple = 'rgb(183, 148, 246)'; // and dark
  await page.getByRole('radio', { name: 'Claro' }).check();
  await expect(page.locator('html')).not.toHaveAttribute('data-theme', 'dark');
  const light = await accents();
  expect(light.length).toBeGreaterThan(2);
  expect(new Set(light)).toEqual(new Set([lightPurple]));
  await dark.check();
  await expect(page.locator('html')).toHaveAttribute('data-theme', 'dark');
  expect(new Set(await accents())).toEqual(new Set([darkPurple]));
});

test("the first sign-up's toast never covers the cookie question's buttons, nor its options", async ({ page }) => {
  test.setTimeout(60_000);
  await page.goto('/register');
  const consent = page.getByTestId('cookie-consent');
  await expect(consent).toBeVisible();
  await submitRegistration(page, newPerson('toastck'));
  const welcome = page.getByTestId('toast').filter({ hasText: 'Registro realizado com sucesso!' });
  await expect(welcome).toBeVisible({ timeout: 20_000 });
  await expect(consent).toBeVisible();
  for (const name of ['Aceitar todos', 'Rejeitar opcionais', 'Personalizar']) {
    const answer = consent.getByRole('button', { name });
    await answer.scrollIntoViewIfNeeded();
    expect(overlaps(await box(welcome), await box(answer)), `the toast covers "${name}"`).toBe(false);
  }
  expect(overlaps(await box(welcome), await box(consent)), 'the toast covers the cookie question').toBe(false);

  // the question grows with its options: the toast keeps clear of it
  await consent.getByRole('button', { name: 'Personalizar' }).click();
  const save = consent.getByRole('button', { name: 'Salvar preferências' });
  await expect(save).toBeVisible();
  await expect(welcome).toBeVisible();
  await expect.poll(async () => overlaps(await box(welcome), await box(save)), { message: 'the toast covers "Salvar preferências"' }).toBe(false);
  await save.click();
  await expect(consent).toHaveCount(0);
});

test("the crop dialog's Cancelar and Salvar imagem sit side by side on one row at 360 px, as in the other dialogs", async ({ page, baseURL }) => {
  test.setTimeout(60_000);
  await dismissConsent(page);
  const person = await signUp(baseURL!, 'cropbtn');
  await logIn(page, person);
  for (const [path, photo, title, cancel, save] of [
    ['/settings', 'Foto do perfil', 'Ajustar foto', 'Cancelar', 'Salvar imagem'],
    ['/en/settings', 'Profile photo', 'Adjust photo', 'Cancel', 'Save image'],
  ] as const) {
    await page.goto(path);
    await page.getByLabel(photo).setInputFiles({ name: 'me.png', mimeType: 'image/png', buffer: png(600, 600) });
    const dialog = page.getByRole('dialog', { name: title });
    const cancelButton = dialog.getByRole('button', { name: cancel });
    const saveButton = dialog.getByRole('button', { name: save });
    await expect(saveButton).toBeEnabled();
    const [c, s, d] = [await box(cancelButton), await box(saveButton), await box(dialog)];
    expect(Math.abs(c.y - s.y), `${cancel} and ${save} on one row`).toBeLessThanOrEqual(1);
    expect(c.x + c.width, `${cancel} before ${save}`).toBeLessThanOrEqual(s.x);
    expect(s.x + s.width, 'inside the dialog').toBeLessThanOrEqual(d.x + d.width);
    for (const button of [cancelButton, saveButton]) {
      expect(await button.evaluate((el) => el.scrollWidth <= el.clientWidth && el.getBoundingClientRect().height < 50), 'one line, whole').toBe(true);
    }
    await cancelButton.click();
    await expect(dialog).toHaveCount(0);
  }
});
