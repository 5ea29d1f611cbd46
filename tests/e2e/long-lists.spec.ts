/**
 * Long lists page (issue 22's budget: 20–50 items a page). The people one blocked (settings) and
 * user search (the share dialog) show a first page, then the next at the list's end — by the
 * "Carregar mais" button (keyboard here) or by scrolling to it —, each person once, with the count
 * said in a polite live region. A dashboard of hundreds of notebooks (read from the device, not
 * paged) renders only the cards near the screen, keeps them reachable by keyboard and fits a phone.
 */
import { randomUUID } from 'node:crypto';
import { expect, test } from '@playwright/test';
import { dismissConsent, expectFitsPhone, expectNoSeriousAxeIssues } from './helpers.ts';
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

test('a dashboard of 300 notebooks holds only the cards near the screen: the last is scrolled to and opened, Tab walks the cards, it fits 360 px', async ({ page, baseURL }) => {
  const owner = await signUp(baseURL!, 'muitos');
  const notebooks = Array.from({ length: 300 }, (_, i) => ({ id: randomUUID(), user_id: owner.userId, title: `Caderno ${i + 1} da turma` }));
  const inserted = await owner.client.from('notebooks').insert(notebooks);
  expect(inserted.error, inserted.error?.message).toBeNull();

  await logIn(page, owner);
  await dismissConsent(page);
  await page.goto('/meus-cadernos');
  await expectSoon(page.getByRole('tab', { name: 'Meus cadernos (300)' })).toBeVisible({ timeout: 60_000 });
  const list = page.getByRole('list', { name: 'Meus cadernos' });
  const cards = list.getByRole('listitem').and(page.getByTestId('notebook-card'));
  await expectSoon(cards.first()).toBeVisible();
  // A screen reader hears "1 of 300" although far fewer cards are in the page.
  await expect(cards.first()).toHaveAttribute('aria-posinset', '1');
  await expect(cards.first()).toHaveAttribute('aria-setsize', '300');
  expect(await cards.count()).toBeLessThan(30);
  await expectFitsPhone(page, 'the dashboard with 300 notebooks');
  await expectNoSeriousAxeIssues(page, 'the dashboard with 300 notebooks (list → rows → items)');

  // The keyboard: from the first card's title, Tab goes through each card's links and buttons into
  // the next cards, which are drawn (and scrolled to) as focus reaches them.
  await cards.first().getByRole('heading').getByRole('link').focus();
  const focusedCardPosition = () => page.evaluate(() => document.activeElement?.closest('[role="listitem"][aria-posinset]')?.getAttribute('aria-posinset') ?? null);
  const reached = new Set<string>();
  for (let press = 0; press < 80 && !reached.has('8'); press++) {
    await page.keyboard.press('Tab');
    const position = await focusedCardPosition();
    expect(position, 'focus left the cards').not.toBeNull();
    reached.add(position!);
  }
  expect([...reached].map(Number).sort((a, b) => a - b)).toEqual([1, 2, 3, 4, 5, 6, 7, 8]);
  await expect(page.locator(':focus')).toBeInViewport();
  expect(await cards.count()).toBeLessThan(30);

  // Scrolling to the end of the page brings the 300th card, and it opens.
  const last = list.locator('[aria-posinset="300"]');
  for (let step = 0; step < 20 && (await last.count()) === 0; step++) {
    await page.mouse.wheel(0, 50_000);
    await page.waitForTimeout(100);
  }
  await expect(last).toBeVisible();
  // Cards that came into view during the scroll as placeholders are full cards once it stops.
  await expect(page.getByTestId('notebook-card-placeholder')).toHaveCount(0);
  expect(await cards.count()).toBeLessThan(30);
  const title = (await last.getByRole('heading').textContent())!.trim();
  expect(notebooks.map((notebook) => notebook.title)).toContain(title);
  await last.getByRole('link', { name: title, exact: true }).click();
  await expect(page).toHaveURL(/\/notebook\/[0-9a-f-]+$/);
  await expect(page.getByRole('heading', { level: 1, name: title })).toBeVisible();
});
