/**
 * Profiles and settings (issue 22) in the browser: the avatar's rules on the device (too small,
 * too big, wrong type) and a good picture cropped, uploaded and shown; the current password's
 * check in English (the spec's 'Current password incorrect'); a private profile as a stranger and
 * a visitor see it; a profile read online stays readable offline.
 */
import { expect, test, type Page } from '@playwright/test';
import { dismissConsent, expectFitsPhone, expectNoSeriousAxeIssues, waitForServiceWorker } from './helpers.ts';
import { createClient } from '@supabase/supabase-js';
import WebSocket from 'ws';
import { SUPABASE_DEMO_ANON_KEY } from '../../sync-server/config.ts';
import { logIn, newPerson, signUp } from './people.ts';
import { png } from './pictures.ts';

const avatarInput = (page: Page) => page.getByLabel('Foto do perfil');

test.beforeEach(async ({ page }) => dismissConsent(page));

test('avatar: too small, too big and wrong type are refused on the device with the reason; a good photo is cropped, sent and shown', async ({ page, baseURL }) => {
  test.setTimeout(120_000);
  const person = await signUp(baseURL!, 'ava');
  let uploads = 0;
  page.on('request', (request) => {
    if (request.method() === 'POST' && request.url().includes('/storage/v1/object/avatars/')) uploads++;
  });
  await logIn(page, person);
  await page.goto('/settings');
  await expect(page.getByRole('tab', { name: 'Perfil' })).toHaveAttribute('aria-selected', 'true');

  await avatarInput(page).setInputFiles({ name: 'tiny.png', mimeType: 'image/png', buffer: png(100, 100) });
  await expect(page.getByTestId('avatar-problem')).toHaveText('Imagem com resolução baixa. Ela precisa ter pelo menos 150x150 pixels.');

  await avatarInput(page).setInputFiles({ name: 'huge.png', mimeType: 'image/png', buffer: Buffer.alloc(26 * 1024 * 1024) });
  await expect(page.getByTestId('avatar-problem')).toHaveText('Arquivo muito grande. Escolha uma imagem de até 25 MB.');

  await avatarInput(page).setInputFiles({ name: 'anim.gif', mimeType: 'image/gif', buffer: Buffer.from('GIF89a') });
  await expect(page.getByTestId('avatar-problem')).toHaveText('Arquivo inválido. Escolha uma imagem JPG, PNG ou WebP.');

  await avatarInput(page).setInputFiles({ name: 'broken.png', mimeType: 'image/png', buffer: Buffer.from('not a picture') });
  await expect(page.getByTestId('avatar-problem')).toHaveText('Não foi possível ler a imagem. Tente outra.');
  expect(uploads).toBe(0);

  // a phone-sized photo: cropped square and made small on the device
  await avatarInput(page).setInputFiles({ name: 'me.png', mimeType: 'image/png', buffer: png(3000, 2000) });
  const dialog = page.getByRole('dialog', { name: 'Ajustar foto' });
  await expect(dialog).toBeVisible();
  const sent = page.waitForResponse((r) => r.request().method() === 'POST' && r.url().includes('/storage/v1/object/avatars/'));
  await dialog.getByRole('button', { name: 'Salvar imagem' }).click();
  const response = await sent;
  expect(response.status()).toBe(200);
  expect(response.url()).toMatch(new RegExp(`/avatars/${person.userId}/avatar-[0-9a-f]{32}\\.webp$`));
  await expect(page.getByTestId('toast').filter({ hasText: 'Foto do perfil atualizada' })).toBeVisible();
  await expect(page.getByTestId('avatar-problem')).toHaveCount(0);
  expect(uploads).toBe(1);

  // what was stored: a small WebP, served to anyone without a token, cached
  const src = await page.getByTestId('avatar').first().getAttribute('src');
  expect(src).toContain(`/storage/v1/object/public/avatars/${person.userId}/`);
  const stored = await page.request.get(src!);
  expect(stored.headers()['content-type']).toBe('image/webp');
  expect(stored.headers()['cache-control']).toContain('max-age=3600');
  expect((await stored.body()).length).toBeLessThan(200 * 1024);

  await page.goto('/profile');
  const avatar = page.getByTestId('profile').getByTestId('avatar');
  await expect(avatar).toBeVisible();
  await expect
    .poll(() => avatar.evaluate((img: HTMLImageElement) => (img.complete ? [img.naturalWidth, img.naturalHeight] : null)))
    .toEqual([400, 400]);
});

test("change password in English: a wrong current password says 'Current password incorrect'; the placeholder says minimum 8", async ({ page, baseURL }) => {
  const person = await signUp(baseURL!, 'pwd');
  await logIn(page, person);
  await page.goto('/en/settings?tab=account');
  await expect(page.getByLabel('New password', { exact: true })).toHaveAttribute('placeholder', /8/);
  await page.getByLabel('Current password').fill('wrong-one-123');
  await page.getByLabel('New password', { exact: true }).fill('Another12345');
  await page.getByLabel('Confirm the new password').fill('Another12345');
  await page.getByRole('button', { name: 'Change password' }).click();
  // the server checks the password (bcrypt): slow on a busy machine
  await expect(page.getByLabel('Current password')).toHaveAccessibleDescription('Current password incorrect', { timeout: 15_000 });
});

test('a private profile: a stranger sees only the name and photo; a visitor sees nothing; the owner sees it all', async ({ page, baseURL, browser }) => {
  test.setTimeout(60_000);
  const owner = await signUp(baseURL!, 'priv');
  const stranger = await signUp(baseURL!, 'strg');
  const update = await owner.client
    .from('profiles')
    .update({ visibility: 'private', display_name: 'Bia Privada', bio: 'Segredo da Bia', status_message: 'estudando' })
    .eq('id', owner.userId);
  expect(update.error).toBeNull();

  await logIn(page, stranger);
  await page.goto(`/profile/${owner.username}`);
  const profile = page.getByTestId('profile');
  await expect(profile.getByRole('heading', { name: 'Bia Privada' })).toBeVisible();
  await expect(profile.getByText(`@${owner.username}`, { exact: true })).toBeVisible();
  await expect(page.getByTestId('profile-private')).toHaveText('Este perfil é privado.');
  await expect(page.getByText('Segredo da Bia')).toHaveCount(0);
  await expect(page.getByText('estudando')).toHaveCount(0);
  await expect(page.getByRole('heading', { name: 'Conquistas' })).toHaveCount(0);

  const visitorContext = await browser.newContext();
  const visitor = await visitorContext.newPage();
  await dismissConsent(visitor);
  await visitor.goto(`/profile/${owner.username}`);
  await expect(visitor.getByTestId('profile-not-found')).toBeVisible();
  await expect(visitor.getByText('Bia Privada')).toHaveCount(0);
  await expect(visitor.getByTestId('profile-not-found').getByRole('link', { name: 'Entrar' })).toHaveAttribute(
    'href',
    `/login?next=${encodeURIComponent(`/profile/${owner.username}`)}`,
  );
  // in English too: the way back is the page's own path, the router adds /en again
  await visitor.goto(`/en/profile/${owner.username}`);
  await expect(visitor.getByTestId('profile-not-found').getByRole('link', { name: 'Log in' })).toHaveAttribute(
    'href',
    `/en/login?next=${encodeURIComponent(`/profile/${owner.username}`)}`,
  );
  await visitorContext.close();

  const ownerContext = await browser.newContext();
  const ownerPage = await ownerContext.newPage();
  await dismissConsent(ownerPage);
  await logIn(ownerPage, owner);
  await ownerPage.goto('/profile');
  await expect(ownerPage.getByTestId('profile-bio')).toHaveText('Segredo da Bia');
  await expect(ownerPage.getByTestId('profile-status')).toHaveText('estudando');
  await ownerContext.close();
});

test('a public profile read online stays readable offline, with a plain note', async ({ page, baseURL }) => {
  test.setTimeout(60_000);
  const someone = await signUp(baseURL!, 'pub');
  await someone.client.from('profiles').update({ bio: 'Gosto de cadernos' }).eq('id', someone.userId);
  await page.goto(`/profile/${someone.username}`);
  await expect(page.getByTestId('profile-bio')).toHaveText('Gosto de cadernos');
  await waitForServiceWorker(page);
  await page.context().setOffline(true);
  await page.reload();
  await expect(page.getByTestId('profile-bio')).toHaveText('Gosto de cadernos');
  await expect(page.getByText('Você está sem internet: isto é o que o aparelho guardou da última vez.')).toBeVisible();
});

test('notebook defaults set in settings are what a new notebook starts with', async ({ page, baseURL }) => {
  test.setTimeout(60_000);
  const person = await signUp(baseURL!, 'dflt');
  await logIn(page, person);
  await page.goto('/settings');
  const section = page.getByRole('region', { name: 'Cadernos' });
  await section.getByRole('radio', { name: 'Verde-água' }).check();
  await section.getByLabel('Aprovar as respostas antes de aparecerem (pré-moderação)').check();
  await section.getByLabel('Assinatura do autor (padrão: Usuário)').fill('Bia');
  await section.getByRole('button', { name: 'Salvar' }).click();
  await expect(page.getByTestId('toast').filter({ hasText: 'Alterações salvas' })).toBeVisible();

  await page.goto('/create');
  await expect(page.getByLabel('Nome do autor')).toHaveAttribute('placeholder', 'Bia', { timeout: 10_000 });
  await expect(page.getByRole('radio', { name: 'Verde-água' })).toBeChecked();
  await page.getByLabel('Título', { exact: true }).fill('Caderno padrão');
  await page.getByRole('button', { name: 'Criar caderno' }).click();
  await expect(page).toHaveURL(/\/edit/);
  await expect
    .poll(async () => (await person.client.from('notebooks').select('theme, author, pre_moderation_enabled').eq('title', 'Caderno padrão')).data)
    .toEqual([{ theme: 'teal', author: 'Bia', pre_moderation_enabled: true }]);
});

test('settings, profile and manage-profile: keyboard tabs, no serious accessibility problem, fit a 360 px phone; offline, saving is off and says why', async ({ page, baseURL }) => {
  test.setTimeout(90_000);
  const person = await signUp(baseURL!, 'a11y');
  await person.client.from('profiles').update({ bio: 'Uma bio', status_message: 'oi' }).eq('id', person.userId);
  await page.setViewportSize({ width: 360, height: 740 });
  await logIn(page, person);
  for (const path of ['/settings', '/settings?tab=account', '/profile', '/manage-profile', `/en/profile/${person.username}`]) {
    await page.goto(path);
    await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
    await expectNoSeriousAxeIssues(page, path);
    await expectFitsPhone(page, path);
  }

  await page.goto('/settings');
  await page.getByRole('tab', { name: 'Perfil' }).focus();
  await page.keyboard.press('ArrowRight');
  await expect(page.getByRole('tab', { name: 'Conta' })).toBeFocused();
  await expect(page.getByRole('tab', { name: 'Conta' })).toHaveAttribute('aria-selected', 'true');
  await page.keyboard.press('Home');
  await expect(page.getByRole('tab', { name: 'Perfil' })).toHaveAttribute('aria-selected', 'true');

  const social = page.getByRole('region', { name: 'Social' });
  await expect(social.getByRole('radio', { name: /^Público/ })).toBeChecked();
  await page.context().setOffline(true);
  await expect(social.getByRole('button', { name: 'Salvar' })).toBeDisabled();
  await expect(social.getByText('Você está sem internet. Conecte-se para salvar.')).toBeVisible();
  await expect(page.getByLabel('Foto do perfil')).toBeDisabled();
  await page.context().setOffline(false);
  await social.getByRole('radio', { name: /^Privado/ }).check();
  await social.getByRole('button', { name: 'Salvar' }).click();
  await expect(page.getByTestId('toast').filter({ hasText: 'Alterações salvas' })).toBeVisible();
  await expect
    .poll(async () => (await person.client.from('profiles').select('visibility').eq('id', person.userId)).data)
    .toEqual([{ visibility: 'private' }]);
});

test.describe('on a phone (mobile viewport: wide content widens the page instead of scrolling)', () => {
  test.use({ isMobile: true, hasTouch: true, viewport: { width: 360, height: 740 } });

  test("settings' profile tab fits 360 px with a long username and e-mail (a walkthrough found its cards 485 px wide)", async ({ page, baseURL }) => {
    const person = await signUp(baseURL!, 'nome_bem_comprido_de_usuaria');
    await logIn(page, person);
    await page.goto('/settings');
    await expect(page.getByRole('tab', { name: 'Perfil' })).toHaveAttribute('aria-selected', 'true');
    await expect(page.getByText(person.email)).toBeVisible();
    await expectFitsPhone(page, '/settings, profile tab');
  });
});

test("a 14-year-old whose guardian has not confirmed is told why the profile stays private, before choosing: the looser choices are off", async ({ page, baseURL }) => {
  test.setTimeout(60_000);
  const minor = newPerson('teen');
  const fourteenYearsAgo = new Date(Date.now() - 14.2 * 365.25 * 24 * 3600 * 1000).toISOString().slice(0, 10);
  const client = createClient(baseURL!, SUPABASE_DEMO_ANON_KEY, {
    auth: { persistSession: false, autoRefreshToken: false },
    realtime: { transport: WebSocket as never },
  });
  const { error } = await client.auth.signUp({
    email: minor.email,
    password: minor.password,
    options: { data: { username: minor.username, birth_date: fourteenYearsAgo, guardian_email: `resp.${minor.email}`, guardian_acknowledged: 'true' } },
  });
  expect(error, error?.message).toBeNull();
  await logIn(page, minor);
  await page.goto('/settings');
  const social = page.getByRole('region', { name: 'Social' });
  await expect(social.getByRole('radio', { name: /^Privado/ })).toBeChecked();
  // Said before any choice (walkthrough J7: the refusal came only after "Salvar"), and the looser
  // options are off; the safest ones stay open.
  const why = 'Enquanto seu responsável não confirmar, seu perfil e suas conexões ficam privados.';
  await expect(social.getByText(why)).toBeVisible();
  await expect(social.getByRole('radio', { name: /^Público/ })).toBeDisabled();
  await expect(social.getByRole('radio', { name: /^Público/ })).toHaveAccessibleDescription(why);
  await expect(social.getByRole('group', { name: 'Quem vê minhas conexões' }).getByRole('radio', { name: 'Só meus amigos' })).toBeDisabled();
  await expect(social.getByRole('group', { name: 'Quem vê minhas conexões' }).getByRole('radio', { name: 'Só eu' })).toBeEnabled();
  await expect(social.getByRole('radio', { name: 'Qualquer pessoa com conta' })).toBeDisabled();
  await expect(social.getByRole('radio', { name: 'Ninguém' })).toBeEnabled();
  await social.getByRole('radio', { name: 'Ninguém' }).check();
  await social.getByRole('button', { name: 'Salvar' }).click();
  await expect(page.getByTestId('toast').filter({ hasText: 'Alterações salvas' })).toBeVisible();
  await expect(social.getByRole('alert')).toHaveCount(0);
});

test('offline, signing out of the other devices (or all of them) is off and says why: it would only sign out this phone (walkthrough J5)', async ({ page, baseURL }) => {
  const person = await signUp(baseURL!, 'offsess');
  await page.setViewportSize({ width: 360, height: 740 });
  await logIn(page, person);
  await page.goto('/settings?tab=account');
  const security = page.getByRole('region', { name: 'Segurança' });
  await expect(security.getByRole('button', { name: 'Sair de todos os aparelhos' })).toBeEnabled();
  // The page's lazily loaded part is in before the signal goes: on a first visit nothing is cached
  // yet, and a CI run went offline while it was still on its way.
  await expect(page.getByRole('region', { name: 'Excluir conta' })).toBeVisible();
  await page.context().setOffline(true);
  await expect(security.getByRole('button', { name: 'Sair de todos os aparelhos' })).toBeDisabled();
  await expect(security.getByRole('button', { name: 'Sair dos outros aparelhos' })).toBeDisabled();
  await expect(security.getByRole('status')).toHaveText('Você está sem internet. Conecte-se para encerrar as sessões dos outros aparelhos.');
  await page.context().setOffline(false);
  await expect(security.getByRole('button', { name: 'Sair dos outros aparelhos' })).toBeEnabled();
});
