/**
 * Long lists page (issue 22's budget: 20–50 items a page). The people one blocked (settings) and
 * user search (the share dialog) show a first page, then the next at the list's end — by the
 * "Carregar mais" button (keyboard here) or by scrolling to it —, each person once, with the count
 * said in a polite live region. A dashboard of hundreds of notebooks (read from the device, not
 * paged) keeps every card reachable by keyboard and fits a phone.
 */
import { randomUUID } from 'node:crypto';
import { expect, test } from '@playwright/test';
import { dismissConsent, expectFitsPhone } from './helpers.ts';
import { createNotebook, logIn, signUp, type SignedUp } from './people.ts';

// Many sign-ups (password hashing) on a shared machine.
test.describe.configure({ timeout: 180_000 });
const expectSoon = expect.configure({ timeout: 15_000 });

/** `count` people signed up through the API, five at a time. */
async function signUpMany(baseURL: string, tag: string, count: number): Promise<SignedUp[]> {
  const people: SignedUp[] = [];
  while (people.length < count) {
    const batch = Math.min(5, count - people.length);
    people.push(...(await Promise.all(Array.from({ length: batch }, () => signUp(baseURL, tag)))));
  }
  return people;
}

const uniqueTag = () => `l${Math.random().toString(36).slice(2, 5)}`;

test('a person with more than a page of blocked people sees the first 20, loads the rest, each once', async ({ page, baseURL }) => {
  const me = await signUp(baseURL!, 'blq');
  const blocked = await signUpMany(baseURL!, uniqueTag(), 25);
  const blocking = await me.client.from('blocks').insert(blocked.map((person) => ({ blocked_id: person.userId })));
  expect(blocking.error, blocking.error?.message).toBeNull();

  await logIn(page, me);
  await dismissConsent(page);
  await page.goto('/settings');
  await page.getByRole('tab', { name: 'Conta' }).click();
  const list = page.getByRole('list', { name: 'Pessoas bloqueadas' });
  await expectSoon(list.getByRole('listitem')).toHaveCount(20);
  await expect(page.getByRole('status').filter({ hasText: 'Mostrando 20 pessoas bloqueadas' })).toBeAttached();

  // The keyboard's way: focus the button and press Enter (scrolling to it loads the page too).
  const more = page.getByRole('button', { name: 'Carregar mais' });
  await more.focus();
  await page.keyboard.press('Enter');
  await expectSoon(list.getByRole('listitem')).toHaveCount(25);
  await expect(page.getByRole('status').filter({ hasText: 'Mostrando 25 pessoas bloqueadas' })).toBeAttached();
  await expect(more).toHaveCount(0); // the last page: nothing more to load

  const shown = (await list.getByRole('listitem').allInnerTexts()).map((text) => text.match(/@([A-Za-z0-9_-]+)/)![1]);
  expect(new Set(shown).size).toBe(25);
  expect(new Set(shown)).toEqual(new Set(blocked.map((person) => person.username)));
  await expectFitsPhone(page, 'the settings with 25 blocked people');
});

test('user search in the share dialog pages: the first 20 people found, then the rest, each once', async ({ page, baseURL }) => {
  const owner = await signUp(baseURL!, 'dono');
  const tag = uniqueTag();
  const people = await signUpMany(baseURL!, tag, 25);
  const notebook = await createNotebook(owner, 'Caderno da turma grande', ['Qual sua cor favorita?']);

  await logIn(page, owner);
  await dismissConsent(page);
  await page.goto(`/notebook/${notebook.id}/edit`);
  await page.getByRole('button', { name: 'Compartilhar', exact: true }).click();
  const dialog = page.getByRole('dialog', { name: 'Compartilhar caderno' });
  await dialog.getByLabel('@usuário ou nome').fill(`@${tag}`);
  await dialog.getByRole('button', { name: 'Buscar' }).click();
  const found = dialog.getByRole('list', { name: 'Pessoas encontradas' });
  await expectSoon(found.getByRole('listitem')).toHaveCount(20);
  await expect(dialog.getByRole('status').filter({ hasText: 'Mostrando 20 pessoas encontradas' })).toBeAttached();

  const more = dialog.getByRole('button', { name: 'Carregar mais' });
  await more.focus();
  await page.keyboard.press('Enter');
  await expectSoon(found.getByRole('listitem')).toHaveCount(25);
  await expect(dialog.getByRole('status').filter({ hasText: 'Mostrando 25 pessoas encontradas' })).toBeAttached();
  await expect(more).toHaveCount(0);

  const shown = (await found.getByRole('listitem').allInnerTexts()).map((text) => text.match(/@([A-Za-z0-9_-]+)/)![1]);
  expect(new Set(shown)).toEqual(new Set(people.map((person) => person.username)));
  expect(shown).toHaveLength(25);
});

test('a dashboard with 200 notebooks fits 360 px and its last card is reached by keyboard', async ({ page, baseURL }) => {
  const owner = await signUp(baseURL!, 'muitos');
  const notebooks = Array.from({ length: 200 }, (_, i) => ({ id: randomUUID(), user_id: owner.userId, title: `Caderno ${i + 1} da turma` }));
  const inserted = await owner.client.from('notebooks').insert(notebooks);
  expect(inserted.error, inserted.error?.message).toBeNull();

  await logIn(page, owner);
  await dismissConsent(page);
  await page.goto('/meus-cadernos');
  const cards = page.getByTestId('notebook-card');
  await expectSoon(cards).toHaveCount(200, { timeout: 60_000 });
  await expectFitsPhone(page, 'the dashboard with 200 notebooks');

  // The last card, far below, is there for the keyboard: its title link takes focus and is scrolled to.
  const last = cards.last();
  const lastTitle = (await last.locator('h3').textContent())!.trim();
  const link = last.getByRole('link', { name: lastTitle, exact: true });
  await link.focus();
  await expect(link).toBeFocused();
  await expect(link).toBeInViewport();
});
