/**
 * The dashboard on a 360 × 740 phone keeps the person's place: what the keyboard focuses is never
 * hidden under the top bar or the bottom navigation, and coming back from a notebook (the browser's
 * back or the top bar's ←) shows the card that was opened, not the top of the list.
 */
import { randomUUID } from 'node:crypto';
import { expect, test, type Page } from '@playwright/test';
import { dismissConsent } from './helpers.ts';
import { createNotebook, logIn, signUp, type SignedUp } from './people.ts';

test.use({ viewport: { width: 360, height: 740 } });
test.describe.configure({ timeout: 120_000 });
const expectSoon = expect.configure({ timeout: 15_000 });

async function ownerOf(baseURL: string, count: number): Promise<SignedUp> {
  const owner = await signUp(baseURL, 'lugar');
  const notebooks = Array.from({ length: count }, (_, i) => ({ id: randomUUID(), user_id: owner.userId, title: `Caderno ${i + 1} da turma` }));
  const inserted = await owner.client.from('notebooks').insert(notebooks);
  expect(inserted.error, inserted.error?.message).toBeNull();
  return owner;
}

async function openDashboard(page: Page, owner: SignedUp, count: number) {
  await logIn(page, owner);
  await dismissConsent(page);
  await page.goto('/meus-cadernos');
  await expectSoon(page.getByRole('tab', { name: `Meus cadernos (${count})` })).toBeVisible({ timeout: 60_000 });
  await expectSoon(page.getByTestId('notebook-card').first()).toBeVisible();
}

/** Where the focused element is, against the bottom of the top bar and the top of the bottom navigation. */
function focusedBox(page: Page) {
  return page.evaluate(() => {
    const focused = document.activeElement!;
    const box = focused.getBoundingClientRect();
    return {
      what: `${focused.tagName} “${(focused.textContent ?? '').trim().slice(0, 30)}”`,
      inCard: !!focused.closest('[data-testid="notebook-card"]'),
      top: box.top,
      bottom: box.bottom,
      barBottom: document.querySelector('header')!.getBoundingClientRect().bottom,
      navTop: document.querySelector('[data-testid="places-nav"]')!.getBoundingClientRect().top,
    };
  });
}

test('Tab through the cards: each focused link or button is fully between the top bar and the bottom navigation', async ({ page, baseURL }) => {
  const owner = await ownerOf(baseURL!, 6);
  await openDashboard(page, owner, 6);
  await page.locator('body').focus();
  let checked = 0;
  for (let press = 0; press < 40; press++) {
    await page.keyboard.press('Tab');
    const box = await focusedBox(page);
    if (!box.inCard) continue;
    checked++;
    expect(box.bottom, `${box.what} ends at ${box.bottom}px, under the bottom navigation (${box.navTop}px)`).toBeLessThanOrEqual(box.navTop);
    expect(box.top, `${box.what} starts at ${box.top}px, under the top bar (${box.barBottom}px)`).toBeGreaterThanOrEqual(box.barBottom);
  }
  expect(checked).toBeGreaterThan(10);

  // Shift+Tab back up: nothing hides under the top bar either.
  for (let press = 0; press < 15; press++) {
    await page.keyboard.press('Shift+Tab');
    const box = await focusedBox(page);
    if (!box.inCard) continue;
    expect(box.top, `${box.what} starts at ${box.top}px, under the top bar (${box.barBottom}px)`).toBeGreaterThanOrEqual(box.barBottom);
    expect(box.bottom, `${box.what} ends at ${box.bottom}px, under the bottom navigation (${box.navTop}px)`).toBeLessThanOrEqual(box.navTop);
  }
});

/** The position (1-based) of the notebook card whose top is nearest below the top bar. */
function cardAtTop(page: Page) {
  return page.evaluate(() => {
    const barBottom = document.querySelector('header')!.getBoundingClientRect().bottom;
    const cards = [...document.querySelectorAll('[data-testid="notebook-cards"] [aria-posinset]')];
    const seen = cards.filter((card) => card.getBoundingClientRect().bottom > barBottom);
    return Number(seen[0]?.getAttribute('aria-posinset') ?? 0);
  });
}

test('back from a notebook opened at the end of 81 shows the same card again (browser back and the top bar ←); arriving from elsewhere starts at the top', async ({ page, baseURL }) => {
  const owner = await ownerOf(baseURL!, 81);
  await openDashboard(page, owner, 81);
  const list = page.getByTestId('notebook-cards');
  const last = list.locator('[aria-posinset="81"]');
  for (let step = 0; step < 20 && (await last.count()) === 0; step++) {
    await page.mouse.wheel(0, 50_000);
    await page.waitForTimeout(100);
  }
  // Cards that came in as placeholders during the scroll are full cards once it stops.
  await expect(page.getByTestId('notebook-card-placeholder')).toHaveCount(0);
  await expect(last).toBeInViewport();
  const atTop = await cardAtTop(page);
  expect(atTop).toBeGreaterThan(70);
  const title = await last.getByRole('heading').innerText();

  // The browser's back.
  await last.getByRole('heading').getByRole('link').click();
  await expect(page).toHaveURL(/\/notebook\//);
  await expect(page.getByTestId('screen-title')).toBeVisible();
  await page.goBack();
  await expect(page).toHaveURL(/\/meus-cadernos$/);
  await expectSoon(last).toBeInViewport();
  await expect.poll(() => cardAtTop(page)).toBe(atTop);

  // The top bar's ←.
  await last.getByRole('heading').getByRole('link').click();
  await expect(page).toHaveURL(/\/notebook\//);
  await page.getByTestId('back').click();
  await expect(page).toHaveURL(/\/meus-cadernos$/);
  await expectSoon(last).toBeInViewport();
  await expect(last.getByRole('heading')).toHaveText(title);
  await expect.poll(() => cardAtTop(page)).toBe(atTop);

  // Arriving by the places navigation is a new visit: the top of the list.
  await last.getByRole('heading').getByRole('link').click();
  await expect(page).toHaveURL(/\/notebook\//);
  await page.getByRole('navigation', { name: 'Principal' }).getByRole('link', { name: 'Cadernos' }).click();
  await expect(page).toHaveURL(/\/meus-cadernos$/);
  await expectSoon(list.locator('[aria-posinset="1"]')).toBeInViewport();
  expect(await page.evaluate(() => scrollY)).toBeLessThan(50);
});

test('someone with no notebooks of their own and one shared with them lands on "Compartilhados comigo"; a tab they choose stays chosen', async ({ page, baseURL }) => {
  const [owner, friend] = [await signUp(baseURL!, 'dona'), await signUp(baseURL!, 'amiga')];
  const { id } = await createNotebook(owner, 'Caderno da festa', ['Qual é a sua música favorita?']);
  const shared = await owner.client.from('notebook_shares').insert({ notebook_id: id, shared_with: friend.userId, created_by: owner.userId });
  expect(shared.error, shared.error?.message).toBeNull();

  await logIn(page, friend);
  await dismissConsent(page);
  await page.goto('/meus-cadernos');
  const sharedTab = page.getByRole('tab', { name: 'Compartilhados comigo (1)' });
  await expectSoon(sharedTab).toHaveAttribute('aria-selected', 'true');
  await expect(page.getByTestId('notebook-card').getByRole('heading', { name: 'Caderno da festa' })).toBeVisible();
  await expect(page.getByText('Você ainda não criou nenhum caderno.')).toHaveCount(0);

  // Their own choice stays: the empty "Meus cadernos", also after a notebook opened and Back.
  const mineTab = page.getByRole('tab', { name: 'Meus cadernos (0)' });
  await mineTab.click();
  await expect(mineTab).toHaveAttribute('aria-selected', 'true');
  await expect(page.getByText('Você ainda não criou nenhum caderno.')).toBeVisible();
  await page.goto(`/notebook/${id}`);
  await page.goBack();
  await expect(page).toHaveURL(/\/meus-cadernos$/);
  await expectSoon(mineTab).toHaveAttribute('aria-selected', 'true');
  // A tab named in the address is a choice too.
  await page.goto('/meus-cadernos?tab=mine');
  await expectSoon(mineTab).toHaveAttribute('aria-selected', 'true');
  await expect(page.getByText('Você ainda não criou nenhum caderno.')).toBeVisible();
});
