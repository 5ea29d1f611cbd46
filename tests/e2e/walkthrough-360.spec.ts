/**
 * A new person's walkthrough at 360 px (the defects of the evening's walkthrough): the top bar's
 * avatar after an upload, the picture buttons, where toasts sit, the offline line on online-only
 * screens, the short user search, the guardian page's title.
 */
import { expect, test, type Locator } from '@playwright/test';
import { createClient } from '@supabase/supabase-js';
import WebSocket from 'ws';
import { SUPABASE_DEMO_ANON_KEY } from '../../sync-server/config.ts';
import { dismissConsent } from './helpers.ts';
import { createNotebook, logIn, newPerson, signUp } from './people.ts';
import { png } from './pictures.ts';

test.use({ viewport: { width: 360, height: 740 } });
test.beforeEach(async ({ page }) => dismissConsent(page));


type Box = { x: number; y: number; width: number; height: number };

const overlaps = (a: Box, b: Box) => a.x < b.x + b.width && b.x < a.x + a.width && a.y < b.y + b.height && b.y < a.y + a.height;

async function box(locator: Locator): Promise<Box> {
  const found = await locator.boundingBox();
  expect(found, 'the element is laid out').not.toBeNull();
  return found!;
}

/** The toast's text is centred in it: no empty band under it. */
async function expectNoEmptyBand(toast: Locator) {
  const outer = await box(toast);
  const text = await box(toast.locator('strong').locator('..'));
  const above = text.y - outer.y;
  const below = outer.y + outer.height - (text.y + text.height);
  expect(Math.abs(above - below), `space above the text ${above}px, below ${below}px`).toBeLessThanOrEqual(4);
}

async function expectOneLineHigh(toast: Locator) {
  expect((await box(toast)).height, 'a one-line toast is as high as its 44 px close button and a little padding').toBeLessThanOrEqual(56);
}

test('the top bar shows the new avatar as soon as it is uploaded, without a reload', async ({ page, baseURL }) => {
  test.setTimeout(90_000);
  const person = await signUp(baseURL!, 'barav');
  await logIn(page, person);
  await page.goto('/settings');
  const bar = page.getByTestId('account-menu');
  await expect(bar).toContainText(person.username.slice(0, 1).toUpperCase());
  await expect(bar.locator('img')).toHaveCount(0);

  await page.getByLabel('Foto do perfil').setInputFiles({ name: 'me.png', mimeType: 'image/png', buffer: png(600, 600) });
  await page.getByRole('dialog', { name: 'Ajustar foto' }).getByRole('button', { name: 'Salvar imagem' }).click();
  await expect(page.getByTestId('toast').filter({ hasText: 'Foto do perfil atualizada' })).toBeVisible();

  const barAvatar = bar.locator('img');
  await expect(barAvatar).toHaveAttribute('src', new RegExp(`/storage/v1/object/public/avatars/${person.userId}/avatar-[0-9a-f]{32}\\.webp$`));
  await expect.poll(() => barAvatar.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth)).toBe(400);
  // still named for screen readers by the username, not by the picture
  await expect(bar).toHaveAccessibleName(new RegExp(person.username));

  // and after a reload, from what the device remembers of the account
  await page.reload();
  await expect(page.getByTestId('account-menu').locator('img')).toHaveAttribute('src', /\/avatars\//);
});

test('the picture controls are labelled buttons in the page language, usable by keyboard; no bare file input', async ({ page, baseURL }) => {
  const person = await signUp(baseURL!, 'picbtn');
  await logIn(page, person);
  for (const [path, photo, cover] of [
    ['/settings', 'Escolher foto', 'Escolher capa'],
    ['/en/settings', 'Choose photo', 'Choose cover'],
  ] as const) {
    await page.goto(path);
    const photoButton = page.getByRole('button', { name: photo, exact: true });
    const coverButton = page.getByRole('button', { name: cover, exact: true });
    await expect(photoButton).toBeVisible();
    await expect(coverButton).toBeVisible();
    // no browser file control shows ("Choose File / No file chosen", in the browser's language)
    for (const input of await page.locator('input[type=file]').all()) await expect(input).toBeHidden();
    for (const button of [photoButton, coverButton]) {
      const { x, width } = await box(button);
      expect(x).toBeGreaterThanOrEqual(0);
      expect(x + width).toBeLessThanOrEqual(360);
      expect(await button.evaluate((el) => el.scrollWidth <= el.clientWidth)).toBe(true);
    }
    // the picture's rules are its description
    await expect(photoButton).toHaveAccessibleDescription(/150x150/);
    // the keyboard opens the file chooser
    const chooser = page.waitForEvent('filechooser');
    await photoButton.focus();
    await expect(photoButton).toBeFocused();
    await page.keyboard.press('Enter');
    expect((await chooser).isMultiple()).toBe(false);
  }
  await page.context().setOffline(true);
  await expect(page.getByRole('button', { name: 'Choose photo', exact: true })).toBeDisabled();
  await page.context().setOffline(false);
});

test('a toast sits clear of the install card and of the field being typed in; one line, no empty band', async ({ page, baseURL }) => {
  test.setTimeout(60_000);
  const person = await signUp(baseURL!, 'toastpos');
  await logIn(page, person);
  await page.goto('/settings');
  const status = page.getByLabel('Frase de status');
  await expect(status).toBeVisible({ timeout: 15_000 }); // the settings are read from the server
  // the browser offers installation: the card shows under the top bar
  await page.evaluate(() => {
    const offer = Object.assign(new Event('beforeinstallprompt', { cancelable: true }), {
      prompt: async () => undefined,
      userChoice: Promise.resolve({ outcome: 'dismissed' }),
    });
    window.dispatchEvent(offer);
  });
  const card = page.getByTestId('install-card');
  await expect(card).toBeVisible();

  const saved = page.getByTestId('toast').filter({ hasText: 'Alterações salvas' });
  for (const where of ['bottom', 'top'] as const) {
    // the field being typed in, at the bottom of the screen (above the navigation), then at its top
    await status.evaluate((el, edge) => {
      const rect = el.getBoundingClientRect();
      const target = edge === 'bottom' ? window.innerHeight - 140 : 130;
      window.scrollBy(0, rect.top + rect.height / 2 - target);
    }, where);
    await status.fill(`Digitando embaixo ${where}`);
    await status.press('Enter'); // the form is sent; the person goes on typing there
    await expect(saved).toBeVisible();
    await expect(status).toBeFocused();
    expect(overlaps(await box(saved), await box(status)), `the toast covers the field typed in at the ${where}`).toBe(false);
    expect(overlaps(await box(saved), await box(card)), 'the toast covers the install card').toBe(false);
    await expectNoEmptyBand(saved);
    await expectOneLineHigh(saved);
    // pressed, its close button stays under the finger (the focus moving to it moved the toast, and
    // the click went to the page under it: CI saw the toast stay), and the typing goes on
    const pressedAt = await box(saved);
    await saved.getByRole('button', { name: 'Fechar aviso' }).hover();
    await page.mouse.down();
    expect(await box(saved), `the toast moved while its close button was pressed (${where})`).toEqual(pressedAt);
    await page.mouse.up();
    await expect(saved).toHaveCount(0);
    await expect(status).toBeFocused();
  }
});

test("a toast inside a dialog never covers the dialog's title", async ({ page, baseURL, context }) => {
  test.setTimeout(60_000);
  await context.grantPermissions(['clipboard-read', 'clipboard-write']);
  const owner = await signUp(baseURL!, 'toastdlg');
  const notebook = await createNotebook(owner, 'Caderno do diálogo', ['Qual é o seu apelido?']);
  await logIn(page, owner);
  await page.goto(`/notebook/${notebook.id}/edit`);
  await page.getByRole('button', { name: 'Compartilhar', exact: true }).click();
  const dialog = page.getByRole('dialog', { name: 'Compartilhar caderno' });
  await dialog.getByRole('button', { name: 'Criar link de convite' }).click();
  await dialog.getByRole('button', { name: 'Copiar código' }).first().click();
  const copied = page.getByRole('status').filter({ hasText: 'Copiado!' });
  await expect(copied).toBeVisible();
  const title = dialog.getByRole('heading', { name: 'Compartilhar caderno' });
  expect(overlaps(await box(copied), await box(title)), "the toast covers the dialog's title").toBe(false);
  await expectNoEmptyBand(copied);
});

test('offline on online-only screens the status line says only that the phone is offline; the notebooks still promise the send', async ({ page, baseURL }) => {
  test.setTimeout(60_000);
  const me = await signUp(baseURL!, 'offmsg');
  const stranger = await signUp(baseURL!, 'offstr');
  await logIn(page, me);
  const statusLine = page.getByTestId('frame-status');
  for (const path of [`/profile/${stranger.username}`, '/settings']) {
    await page.goto(path);
    await expect(page.getByTestId('screen-title')).toBeVisible();
    await page.context().setOffline(true);
    await expect(page.getByTestId('offline-status')).toBeVisible();
    await expect(statusLine).toContainText('Sem internet');
    await expect(statusLine, `${path} promises a send`).not.toContainText(/enviad/);
    await page.context().setOffline(false);
    await expect(page.getByTestId('offline-status')).toHaveCount(0);
  }
  await page.goto('/meus-cadernos');
  await page.context().setOffline(true);
  await expect(statusLine).toContainText('será enviado quando a conexão voltar');
  await page.context().setOffline(false);
});

test("a one-letter person search says, in the app's words, that it needs two characters", async ({ page, baseURL }) => {
  const owner = await signUp(baseURL!, 'search1');
  const notebook = await createNotebook(owner, 'Caderno da busca', ['Qual é o seu apelido?']);
  await logIn(page, owner);
  for (const [path, share, dialogName, field, find, words] of [
    [`/notebook/${notebook.id}/edit`, 'Compartilhar', 'Compartilhar caderno', '@usuário ou nome', 'Buscar', 'Digite pelo menos 2 caracteres para buscar.'],
    [`/en/notebook/${notebook.id}/edit`, 'Share', 'Share notebook', '@username or name', 'Search', 'Type at least 2 characters to search.'],
  ] as const) {
    await page.goto(path);
    await page.getByRole('button', { name: share, exact: true }).click();
    const dialog = page.getByRole('dialog', { name: dialogName });
    const input = dialog.getByLabel(field);
    await input.fill('a');
    await dialog.getByRole('button', { name: find, exact: true }).click();
    await expect(dialog.getByText(words)).toBeVisible();
    await expect(input).toHaveAccessibleDescription(words);
    await expect(input).toHaveAttribute('aria-invalid', 'true');
    // no browser bubble: the field is not held back by the browser's own check
    expect(await input.evaluate((el: HTMLInputElement) => el.validationMessage)).toBe('');
    await input.fill('ab');
    await expect(dialog.getByText(words)).toHaveCount(0);
  }
});

test("long screen names fit the top bar at 360 px, signed out, in both languages: the guardian page's first", async ({ page }) => {
  const bar = page.getByTestId('top-bar');
  for (const path of ['/guardian/' + 'f'.repeat(64), '/forgot-password', '/claim', '/moderation/answers/sample-id']) {
    for (const prefix of ['', '/en']) {
      await page.goto(prefix + path);
      const title = page.getByTestId('screen-title');
      await expect(title).toBeVisible();
      const sizes = await title.evaluate((el) => ({ text: el.textContent, cutWidth: el.scrollWidth > el.clientWidth, cutHeight: el.scrollHeight > el.clientHeight + 1 }));
      expect(sizes.cutWidth || sizes.cutHeight, `${prefix}${path}: "${sizes.text}" is cut off`).toBe(false);
      // the bar keeps its one row
      expect((await box(bar)).height).toBeLessThanOrEqual(64);
    }
  }
});

test("a minor's settings follow the guardian's confirmation at once, without a reload", async ({ page, baseURL }) => {
  test.setTimeout(90_000);
  const minor = newPerson('teenlive');
  const guardian = `resp.${minor.email}`;
  const fourteenYearsAgo = new Date(Date.now() - 14.2 * 365.25 * 24 * 3600 * 1000).toISOString().slice(0, 10);
  const client = () =>
    createClient(baseURL!, SUPABASE_DEMO_ANON_KEY, { auth: { persistSession: false, autoRefreshToken: false }, realtime: { transport: WebSocket as never } });
  const { error } = await client().auth.signUp({
    email: minor.email,
    password: minor.password,
    options: { data: { username: minor.username, birth_date: fourteenYearsAgo, guardian_email: guardian, guardian_acknowledged: 'true' } },
  });
  expect(error, error?.message).toBeNull();
  await logIn(page, minor);
  await page.goto('/settings');
  const social = page.getByRole('region', { name: 'Social' });
  const why = 'Enquanto seu responsável não confirmar, seu perfil e suas conexões ficam privados.';
  await expect(social.getByText(why)).toBeVisible({ timeout: 15_000 });
  await expect(social.getByRole('radio', { name: /^Público/ })).toBeDisabled();

  // the guardian confirms from the mail, on their own phone
  let link = '';
  await expect
    .poll(async () => {
      const mails = (await (await fetch(`${baseURL}/auth/v1/mailbox.json?to=${encodeURIComponent(guardian)}`)).json()) as { link: string }[];
      link = mails[0]?.link ?? '';
      return link;
    })
    .toMatch(/\/guardian\/[0-9a-f]{64}$/);
  const confirmed = await client().rpc('confirm_guardian', { p_token: link.split('/').pop() });
  expect(confirmed.error).toBeNull();

  // the open settings follow (no reload, no focus change)
  await expect(social.getByText(why)).toHaveCount(0);
  await expect(social.getByRole('radio', { name: /^Público/ })).toBeEnabled();
  // and the connections the confirmation opened to friends
  await expect(social.getByRole('group', { name: 'Quem vê minhas conexões' }).getByRole('radio', { name: 'Só meus amigos' })).toBeChecked();
});
