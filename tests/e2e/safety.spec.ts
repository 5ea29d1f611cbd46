/**
 * Safety (issue 22) in the browser: a 14-year-old registers → the guardian's mail reaches the
 * local mailbox → the guardian confirms from its link → the profile is private by default and a
 * stranger's search does not find it; under 13 is refused kindly by the form; blocking a person
 * from their answer and what they can no longer do; downloading one's data and deleting the
 * account.
 */
import AxeBuilder from '@axe-core/playwright';
import { expect, test, type Page } from '@playwright/test';
import { createClient } from '@supabase/supabase-js';
import WebSocket from 'ws';
import { SUPABASE_DEMO_ANON_KEY } from '../../sync-server/config.ts';
import { dismissConsent } from './helpers.ts';
import { PASSWORD, createNotebook, logIn, newPerson, signUp } from './people.ts';

// Each test signs people up (password hashing) and reads online data: give a busy machine room.
test.describe.configure({ timeout: 120_000 });
const expectSoon = expect.configure({ timeout: 15_000 });

/** No serious accessibility violation, and nothing wider than the phone (360 px). */
async function expectUsableOnAPhone(page: Page, what: string) {
  const { violations } = await new AxeBuilder({ page }).analyze();
  const serious = violations
    .filter((v) => v.impact === 'serious' || v.impact === 'critical')
    .map((v) => `${what}: ${v.id} — ${v.help} (${v.nodes.map((n) => n.target.join(' ')).slice(0, 3).join(', ')})`);
  expect(serious, serious.join('\n')).toEqual([]);
  const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
  expect(overflow, what).toBeLessThanOrEqual(0);
}

function bornYearsAgo(years: number): string {
  const d = new Date();
  d.setUTCFullYear(d.getUTCFullYear() - years);
  d.setUTCDate(d.getUTCDate() - 1);
  return d.toISOString().slice(0, 10);
}

test('under 13, the registration form says so kindly and sends nothing', async ({ page }) => {
  await page.goto('/register');
  await dismissConsent(page);
  const person = newPerson('kid');
  await page.getByLabel('Nome de usuário').fill(person.username);
  await page.getByLabel('E-mail').fill(person.email);
  await page.getByLabel('Senha', { exact: true }).fill(PASSWORD);
  await page.getByLabel('Confirme a senha').fill(PASSWORD);
  await page.getByLabel('Data de nascimento').fill(bornYearsAgo(11));
  await page.getByRole('button', { name: 'Criar conta' }).click();
  const birthDate = page.getByLabel('Data de nascimento');
  await expectSoon(birthDate).toBeFocused();
  await expectSoon(birthDate).toHaveAccessibleDescription(/Ele é para quem tem 13 anos ou mais/);
  await expectSoon(page).toHaveURL(/\/register$/);
});

test('a 14-year-old registers; the guardian confirms from the mail; private by default, not found by a stranger', async ({ page, browser, baseURL }) => {
  const teen = newPerson('teen');
  const guardian = `resp-${teen.username}@example.com`;
  await page.setViewportSize({ width: 360, height: 740 });
  await page.goto('/register');
  await dismissConsent(page);
  await page.getByLabel('Nome de usuário').fill(teen.username);
  await page.getByLabel('E-mail').fill(teen.email);
  await page.getByLabel('Senha', { exact: true }).fill(PASSWORD);
  await page.getByLabel('Confirme a senha').fill(PASSWORD);
  await page.getByLabel('Data de nascimento').fill(bornYearsAgo(14));
  // 13–17: the guardian's e-mail and acknowledgement are asked, and required
  await page.getByRole('button', { name: 'Criar conta' }).click();
  await expectSoon(page.getByLabel('E-mail do responsável')).toBeFocused();
  await page.getByLabel('E-mail do responsável').fill(guardian);
  await page.getByLabel(/Meu responsável sabe que estou criando esta conta/).check();
  await expectUsableOnAPhone(page, 'registration with the guardian fields');
  await page.getByRole('button', { name: 'Criar conta' }).click();
  // a sign-up hashes a password: slow on a busy machine
  await expectSoon(page.getByTestId('toast').filter({ hasText: 'Registro realizado com sucesso!' })).toBeVisible({ timeout: 20_000 });

  // the settings say the guardian has not confirmed yet
  await page.goto('/settings');
  await page.getByRole('tab', { name: 'Conta' }).click();
  await expectSoon(page.getByTestId('guardian-status')).toContainText(`Esperando seu responsável (${guardian})`);

  // the guardian's mail, in the local mailbox, with the app's link
  const mails = await (await fetch(`${baseURL}/auth/v1/mailbox.json?to=${encodeURIComponent(guardian)}`)).json();
  expect(mails).toHaveLength(1);
  expect(mails[0].subject).toBe(`Confirme a conta de ${teen.username} no Cadernos`);
  const link = new URL(mails[0].link);
  expect(link.pathname).toMatch(/^\/guardian\/[0-9a-f]{64}$/);

  // the guardian (no account, another browser) confirms
  const guardianContext = await browser.newContext();
  const guardianPage = await guardianContext.newPage();
  await guardianPage.setViewportSize({ width: 360, height: 740 });
  await dismissConsent(guardianPage);
  await guardianPage.goto(link.pathname);
  await expectSoon(guardianPage.getByRole('heading', { name: 'Confirmação do responsável' })).toBeVisible();
  await expectUsableOnAPhone(guardianPage, 'the guardian page');
  await guardianPage.getByRole('button', { name: 'Confirmo que acompanho esta conta' }).click();
  await expectSoon(guardianPage.getByTestId('guardian-confirmed')).toContainText(`A conta de @${teen.username} está confirmada`);
  // the link opened again says it was already done; an outdated link says so and offers no button (walkthrough J9)
  await guardianPage.goto(link.pathname);
  await guardianPage.getByRole('button', { name: 'Confirmo que acompanho esta conta' }).click();
  await expectSoon(guardianPage.getByTestId('guardian-confirmed')).toContainText(`A conta de @${teen.username} já estava confirmada`);
  await guardianPage.goto(`/guardian/${'f'.repeat(64)}`);
  await guardianPage.getByRole('button', { name: 'Confirmo que acompanho esta conta' }).click();
  await expectSoon(guardianPage.getByRole('alert')).toBeVisible();
  await expect(guardianPage.getByRole('button', { name: 'Confirmo que acompanho esta conta' })).toHaveCount(0);
  await guardianContext.close();

  await page.reload();
  await page.getByRole('tab', { name: 'Conta' }).click();
  await expectSoon(page.getByTestId('guardian-status')).toContainText(`Seu responsável (${guardian}) confirmou`);

  // private by default: a stranger does not find them, and sees only their card
  const stranger = await signUp(baseURL!, 'estr');
  const found = await stranger.client.rpc('search_users', { p_query: teen.username });
  expect(found.error).toBeNull();
  expect(found.data).toEqual([]);
  const view = await stranger.client.rpc('profile_view', { p_username: teen.username });
  expect(view.data).toMatchObject({ username: teen.username, reach: 'card' });
  expect(view.data).not.toHaveProperty('bio');
  const visitor = createClient(baseURL!, SUPABASE_DEMO_ANON_KEY, { auth: { persistSession: false }, realtime: { transport: WebSocket as never } });
  expect((await visitor.rpc('profile_view', { p_username: teen.username })).data).toBeNull();
});

test('blocking a person from their notebook: they no longer see the profile, find it, answer, or come back; unblock from the settings', async ({ page, browser, baseURL }) => {
  const me = await signUp(baseURL!, 'eu');
  const pest = await signUp(baseURL!, 'chato');
  // their notebook, shared with me; mine, shared with them
  const theirs = await createNotebook(pest, 'Caderno do chato', ['Qual sua cor favorita?']);
  expect((await pest.client.from('notebook_shares').insert({ notebook_id: theirs.id, shared_with: me.userId, created_by: pest.userId })).error).toBeNull();
  const mine = await createNotebook(me, 'Meu caderno', ['Seu lanche preferido?', 'Sua cor preferida?', 'Um segredo seu?']);
  expect((await me.client.from('notebook_shares').insert({ notebook_id: mine.id, shared_with: pest.userId, created_by: me.userId })).error).toBeNull();
  // they answered my notebook, one answer signed and one anonymous (QA J4)
  expect((await pest.client.from('answers').insert({ question_id: mine.questionIds[1], text: 'Azul' })).error).toBeNull();
  expect((await pest.client.from('answers').insert({ question_id: mine.questionIds[2], text: 'Segredo', is_anonymous: true })).error).toBeNull();
  const { data: link } = await me.client.rpc('create_invite_link', { p_notebook_id: mine.id });

  await logIn(page, me);
  await page.goto(`/notebook/${theirs.id}`);
  await dismissConsent(page);
  // Blocking the owner is in the notebook's menu (issue 29).
  await page.getByRole('button', { name: 'Mais ações' }).click();
  await page.getByRole('button', { name: `Bloquear @${pest.username}` }).click();
  await page.getByRole('group', { name: `Bloquear @${pest.username}` }).getByRole('button', { name: 'Bloquear', exact: true }).click();
  await expectSoon(page.getByTestId('toast').filter({ hasText: `@${pest.username} foi bloqueado(a)` })).toBeVisible();

  // what the blocked person can no longer do
  expect((await pest.client.rpc('profile_view', { p_username: me.username })).data).toBeNull();
  expect((await pest.client.rpc('search_users', { p_query: me.username })).data).toEqual([]);
  expect((await pest.client.from('notebooks').select('id').eq('id', mine.id)).data).toEqual([]);
  const answering = await pest.client.from('answers').insert({ question_id: mine.questionIds[0], text: 'Bolacha' });
  expect(answering.error).not.toBeNull();
  expect((await pest.client.rpc('redeem_invite', { p_code: link.code })).error?.hint).toBe('access_removed');
  expect((await pest.client.from('notebook_shares').insert({ notebook_id: theirs.id, shared_with: me.userId, created_by: pest.userId })).error?.hint).toBe('not_allowed');
  // and I no longer see their notebook, nor find them
  expect((await me.client.from('notebooks').select('id').eq('id', theirs.id)).data).toEqual([]);
  expect((await me.client.rpc('search_users', { p_query: pest.username })).data).toEqual([]);

  // listed in the settings, with unblock
  await page.goto('/settings');
  await page.getByRole('tab', { name: 'Conta' }).click();
  const list = page.getByRole('list', { name: 'Pessoas bloqueadas' });
  await expectSoon(list).toContainText(`@${pest.username}`);
  await page.setViewportSize({ width: 360, height: 740 });
  await expectUsableOnAPhone(page, 'the settings account tab');
  await list.getByRole('button', { name: `Desbloquear @${pest.username}` }).click();
  await expectSoon(page.getByText('Você não bloqueou ninguém.')).toBeVisible();
  expect((await pest.client.rpc('profile_view', { p_username: me.username })).data).toMatchObject({ username: me.username });

  // their answers in my notebook come back named, with the block button, as before the block
  // (QA J4: they came back as 'Participante' and 'Anônimo') — also on a fresh device
  const freshDevice = await browser.newPage();
  await dismissConsent(freshDevice);
  await logIn(freshDevice, me);
  for (const device of [page, freshDevice]) {
    await device.goto(`/notebook/${mine.id}`);
    const answers = device.getByTestId('answer');
    await expectSoon(answers.filter({ hasText: 'Azul' }).getByTestId('answer-author')).toHaveText(pest.username);
    await expectSoon(answers.filter({ hasText: 'Segredo' }).getByTestId('answer-author')).toHaveText(`Anônimo — ${pest.username}, só você vê`);
    await expect(answers.filter({ hasText: 'Azul' }).getByRole('button', { name: `Bloquear @${pest.username}` })).toBeVisible();
  }
  await freshDevice.close();
});

test('download my data, then delete my account: signed out, sent home, and the account is gone', async ({ page, baseURL }) => {
  const me = await signUp(baseURL!, 'apaga');
  await createNotebook(me, 'Meu caderno de férias', ['Para onde você foi?']);
  // an avatar file of theirs (a 1×1 PNG), public like every avatar
  const onePixel = Buffer.from('iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg==', 'base64');
  const uploaded = await me.client.storage.from('avatars').upload(`${me.userId}/foto.png`, onePixel, { contentType: 'image/png' });
  expect(uploaded.error).toBeNull();
  const avatarUrl = `${baseURL}/storage/v1/object/public/avatars/${me.userId}/foto.png`;
  expect((await fetch(avatarUrl)).status).toBe(200);
  const otherDevice = createClient(baseURL!, SUPABASE_DEMO_ANON_KEY, {
    auth: { persistSession: false, autoRefreshToken: false },
    realtime: { transport: WebSocket as never },
  });
  expect((await otherDevice.auth.signInWithPassword({ email: me.email, password: me.password })).error).toBeNull();

  await logIn(page, me);
  await page.goto('/settings');
  await dismissConsent(page);
  await page.getByRole('tab', { name: 'Conta' }).click();
  const download = page.waitForEvent('download');
  await page.getByRole('button', { name: 'Baixar meus dados' }).click();
  const file = await download;
  expect(file.suggestedFilename()).toMatch(new RegExp(`^cadernos-${me.username}-\\d{4}-\\d{2}-\\d{2}\\.json$`));
  const exported = JSON.parse(await (await file.createReadStream()).toArray().then((chunks) => Buffer.concat(chunks).toString('utf8')));
  expect(exported.profile.username).toBe(me.username);
  expect(exported.notebooks.map((n: { title: string }) => n.title)).toEqual(['Meu caderno de férias']);

  await page.getByRole('button', { name: 'Excluir minha conta' }).click();
  await page.getByLabel(/Para confirmar, digite seu nome de usuário/).fill('outro_nome');
  await page.getByRole('button', { name: 'Excluir para sempre' }).click();
  await expectSoon(page.getByLabel(/Para confirmar, digite seu nome de usuário/)).toHaveAccessibleDescription('O nome de usuário digitado não confere.');
  await page.getByLabel(/Para confirmar, digite seu nome de usuário/).fill(me.username);
  await page.getByRole('button', { name: 'Excluir para sempre' }).click();
  await expectSoon(page.getByTestId('toast').filter({ hasText: 'Sua conta foi removida.' })).toBeVisible();
  await expectSoon(page).toHaveURL(new RegExp(`^${baseURL}/?$`));

  // their picture is gone too
  await expect.poll(async () => (await fetch(avatarUrl)).status).not.toBe(200);
  // signed out everywhere, and no way back in
  expect((await otherDevice.auth.refreshSession()).error).not.toBeNull();
  expect((await otherDevice.auth.signInWithPassword({ email: me.email, password: me.password })).error).not.toBeNull();
});
