import { randomUUID } from 'node:crypto';
import { expect, test, type Locator, type Page } from '@playwright/test';
import { dismissConsent } from './helpers.ts';
import { createNotebook, logIn, signUp } from './people.ts';

/**
 * Issue 16's defects of text and drawing, as a person meets them on a phone with Debian's
 * Chromium (no emoji font, no full-width symbols): login errors in the page's language, icons
 * drawn as SVG with names, stickers that keep off the title and can be moved with the keyboard,
 * and other people's words isolated (a right-to-left override) and wrapped (a 10,000-character
 * word) on every notebook screen at 360 px.
 */

/** Characters that need a font the phone may not have, when used as icons. */
const FONT_DEPENDENT = /[\u2190-\u21FF\u2212\u2295-\u22FF\u2300-\u23FF\u25A0-\u27BF\u2B00-\u2BFF\uFF01-\uFF5E\u00D7]|\p{Extended_Pictographic}/u;

async function visibleSymbols(page: Page): Promise<string[]> {
  const text = await page.locator('body').innerText();
  return [...text].filter((char) => FONT_DEPENDENT.test(char));
}

test('a wrong password says so in Portuguese, and in English under /en', async ({ page, baseURL }) => {
  await dismissConsent(page);
  const person = await signUp(baseURL!, 'senha');
  await page.goto('/login');
  await page.getByLabel('E-mail').fill(person.email);
  await page.getByLabel('Senha', { exact: true }).fill('SenhaErrada1');
  await page.getByRole('button', { name: 'Entrar', exact: true }).click();
  await expect(page.getByTestId('login-error')).toHaveText('Erro no login: E-mail ou senha incorretos.');
  await expect(page.getByTestId('toast')).toContainText('E-mail ou senha incorretos.');
  await expect(page.locator('body')).not.toContainText('Invalid login credentials');

  await page.goto('/en/login');
  await page.getByLabel('E-mail').fill(person.email);
  await page.getByLabel('Password', { exact: true }).fill('WrongPassword1');
  await page.getByRole('button', { name: 'Log in', exact: true }).click();
  await expect(page.getByTestId('login-error')).toHaveText('Login error: Incorrect e-mail or password.');
});

test('icons are SVG with names: Create notebook, the sticker buttons, and no font-dependent symbol on the landing, FAQ and notebook screens', async ({
  page,
  baseURL,
}) => {
  await dismissConsent(page);
  // The landing page's pictures are drawings too.
  await page.goto('/');
  await expect(page.locator('#home-features')).toBeVisible();
  expect(await visibleSymbols(page)).toEqual([]);
  await page.goto('/faq');
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
  expect(await visibleSymbols(page)).toEqual([]);

  const owner = await signUp(baseURL!, 'icone');
  const notebook = await createNotebook(owner, 'Caderno com adesivos', ['Qual é a sua cor favorita?']);
  await logIn(page, owner);

  await page.goto('/meus-cadernos');
  const create = page.getByRole('link', { name: 'Criar caderno', exact: true });
  await expect(create).toBeVisible();
  await expect(create.locator('svg')).toHaveCount(1);
  await expect(page.getByTestId('notebook-card')).toHaveCount(1);
  expect(await visibleSymbols(page)).toEqual([]);

  await page.goto(`/notebook/${notebook.id}/edit`);
  await page.getByRole('button', { name: 'Adicionar adesivo: Estrela' }).click();
  for (const name of ['Adicionar adesivo: Coração', 'Aumentar Estrela', 'Diminuir Estrela', 'Girar Estrela', 'Remover Estrela', 'Mover Estrela para cima', 'Mover Estrela para a direita']) {
    const button = page.getByRole('button', { name, exact: true });
    await expect(button, name).toBeVisible();
    await expect(button.locator('svg'), name).toHaveCount(1);
  }
  // The sticker itself is a drawing too, on the cover and in the editor's list.
  await expect(page.getByTestId('appearance-section').getByTestId('notebook-cover').locator('[data-sticker="star"] svg')).toHaveCount(1);
  expect(await visibleSymbols(page)).toEqual([]);

  await page.goto(`/notebook/${notebook.id}`);
  await expect(page.getByRole('heading', { level: 1, name: 'Caderno com adesivos' })).toBeVisible();
  expect(await visibleSymbols(page)).toEqual([]);
});

async function box(locator: Locator) {
  const found = await locator.boundingBox();
  expect(found).not.toBeNull();
  return found!;
}

function overlaps(a: { x: number; y: number; width: number; height: number }, b: { x: number; y: number; width: number; height: number }) {
  return a.x < b.x + b.width && b.x < a.x + a.width && a.y < b.y + b.height && b.y < a.y + a.height;
}

test('stickers keep off the title by default, move with the keyboard, and stay where they were put', async ({ page, baseURL }) => {
  await dismissConsent(page);
  const owner = await signUp(baseURL!, 'adesivo');
  const title = 'Festa da turma do terceiro ano';
  const notebook = await createNotebook(owner, title, ['Qual é a sua cor favorita?']);
  await logIn(page, owner);
  await page.goto(`/notebook/${notebook.id}/edit`);
  const section = page.getByTestId('appearance-section');
  const cover = section.getByTestId('notebook-cover');
  for (const name of ['Estrela', 'Coração', 'Flor', 'Arco-íris']) await section.getByRole('button', { name: `Adicionar adesivo: ${name}` }).click();
  const titleBox = await box(cover.getByText(title));
  const stickers = cover.locator('[data-sticker]');
  await expect(stickers).toHaveCount(4);
  for (let i = 0; i < 4; i++) {
    const sticker = await box(stickers.nth(i));
    expect(overlaps(sticker, titleBox), `sticker ${i} covers the title`).toBe(false);
  }

  // Down twice and right once with the keyboard: the star follows.
  // Measured inside the cover: focusing a button scrolls the page, which moves every viewport box.
  const starInCover = () =>
    cover.evaluate((element) => {
      const coverRect = element.getBoundingClientRect();
      const starRect = element.querySelector('[data-sticker="star"]')!.getBoundingClientRect();
      return { x: starRect.x - coverRect.x, y: starRect.y - coverRect.y, share: (starRect.y - coverRect.y) / coverRect.height };
    });
  const before = await starInCover();
  const down = section.getByRole('button', { name: 'Mover Estrela para baixo' });
  await down.focus();
  await page.keyboard.press('Enter');
  await page.keyboard.press('Enter');
  await section.getByRole('button', { name: 'Mover Estrela para a direita' }).focus();
  await page.keyboard.press('Enter');
  await expect.poll(async () => (await starInCover()).y).toBeGreaterThan(before.y + 5);
  await expect.poll(async () => (await starInCover()).x).toBeGreaterThan(before.x + 5);
  const editorShare = (await starInCover()).share;

  // A finger or a mouse can drag one on the preview too.
  const heart = cover.locator('[data-sticker="heart"]');
  await cover.scrollIntoViewIfNeeded();
  const heartBefore = await box(heart);
  await page.mouse.move(heartBefore.x + heartBefore.width / 2, heartBefore.y + heartBefore.height / 2);
  await page.mouse.down();
  await page.mouse.move(heartBefore.x + heartBefore.width / 2 - 60, heartBefore.y + heartBefore.height / 2 + 40, { steps: 5 });
  await page.mouse.up();
  const heartAfter = await box(heart);
  expect(heartAfter.x).toBeLessThan(heartBefore.x - 40);
  expect(heartAfter.y).toBeGreaterThan(heartBefore.y + 25);

  await section.getByRole('button', { name: 'Salvar aparência' }).click();
  await expect(page.getByTestId('toast')).toContainText('Caderno atualizado');
  await expect
    .poll(async () => {
      const { data } = await owner.client.from('notebooks').select('cover').eq('id', notebook.id).single();
      const saved = (data?.cover as { stickers?: { id: string; x?: number; y?: number }[] } | null)?.stickers ?? [];
      return saved.map((s) => s.id);
    }, { timeout: 15_000 })
    .toEqual(['star', 'heart', 'flower', 'rainbow']);
  const { data } = await owner.client.from('notebooks').select('cover').eq('id', notebook.id).single();
  const [savedStar, savedHeart] = (data!.cover as { stickers: { x: number; y: number }[] }).stickers;
  expect(typeof savedStar.x).toBe('number');
  expect(typeof savedStar.y).toBe('number');
  expect(savedStar.y).toBeGreaterThan(savedHeart.y);
  expect(savedHeart.y).toBeGreaterThan(3);

  // The view shows it where it was put.
  await page.goto(`/notebook/${notebook.id}`);
  const viewCover = page.getByTestId('notebook-cover');
  const viewStar = await box(viewCover.locator('[data-sticker="star"]'));
  const viewCoverBox = await box(viewCover);
  expect(Math.abs((viewStar.y - viewCoverBox.y) / viewCoverBox.height - editorShare)).toBeLessThan(0.05);
});

type Box = { x: number; y: number; width: number; height: number };

/** The label's and the stickers' boxes, measured at one moment (the page may still shift as it loads). */
async function coverBoxes(cover: Locator): Promise<{ label: Box; stickers: Record<string, Box> }> {
  return cover.evaluate((element) => {
    const rect = (el: Element) => {
      const { x, y, width, height } = el.getBoundingClientRect();
      return { x, y, width, height };
    };
    const stickers: Record<string, Box> = {};
    for (const sticker of element.querySelectorAll('[data-sticker]')) stickers[sticker.getAttribute('data-sticker')!] = rect(sticker);
    return { label: rect(element.querySelector('[data-testid="cover-label"]')!), stickers };
  });
}

/**
 * The cover is one drawing at every size (issue 16, defect 5): a sticker put right next to the
 * title's label in the editor's preview (as wide as the phone) stays clear of the label on the
 * view's smaller cover and on the dashboard card's wide (4:3) cover.
 */
test('stickers put next to the title in the preview stay clear of it on the view cover and the dashboard card, at 360 px', async ({ page, baseURL }) => {
  test.setTimeout(60_000);
  await dismissConsent(page);
  await page.setViewportSize({ width: 360, height: 740 });
  const owner = await signUp(baseURL!, 'rotulo');
  const title = 'Perguntas para a turma do sexto ano';
  const notebook = await createNotebook(owner, title, ['Qual é a sua cor favorita?']);
  await logIn(page, owner);
  await page.goto(`/notebook/${notebook.id}/edit`);
  const section = page.getByTestId('appearance-section');
  const cover = section.getByTestId('notebook-cover');
  for (const name of ['Estrela', 'Coração', 'Flor']) await section.getByRole('button', { name: `Adicionar adesivo: ${name}` }).click();
  await cover.scrollIntoViewIfNeeded();
  // Each sticker's top-left corner: above the middle of the label, below it, above its left end.
  const GAP = 6;
  const targets: Record<string, (label: Box, size: number) => { x: number; y: number }> = {
    star: (label, size) => ({ x: label.x + label.width / 2 - size / 2, y: label.y - GAP - size }),
    heart: (label, size) => ({ x: label.x + label.width / 2 - size / 2, y: label.y + label.height + GAP }),
    flower: (label, size) => ({ x: label.x, y: label.y - GAP - size }),
  };
  for (const [id, target] of Object.entries(targets)) {
    const { label, stickers } = await coverBoxes(cover);
    const from = stickers[id];
    const to = target(label, from.width);
    await page.mouse.move(from.x + from.width / 2, from.y + from.height / 2);
    await page.mouse.down();
    await page.mouse.move(to.x + from.width / 2, to.y + from.height / 2, { steps: 5 });
    await page.mouse.up();
  }
  const preview = await coverBoxes(cover);
  for (const id of Object.keys(targets)) {
    const placed = preview.stickers[id];
    expect(overlaps(placed, preview.label), `${id} covers the label in the preview`).toBe(false);
    // Next to it: within a few pixels (the place is kept in whole % of the cover).
    const apart = Math.max(preview.label.y - (placed.y + placed.height), placed.y - (preview.label.y + preview.label.height));
    expect(apart, `${id} is next to the label in the preview`).toBeLessThan(GAP + 6);
  }
  await section.getByRole('button', { name: 'Salvar aparência' }).click();
  await expect(page.getByTestId('toast')).toContainText('Caderno atualizado');
  await expect
    .poll(async () => {
      const { data } = await owner.client.from('notebooks').select('cover').eq('id', notebook.id).single();
      return ((data?.cover as { stickers?: { x?: number }[] } | null)?.stickers ?? []).filter((s) => typeof s.x === 'number').length;
    }, { timeout: 15_000 })
    .toBe(3);

  const shown: [string, string, () => Locator][] = [
    ['view', `/notebook/${notebook.id}`, () => page.getByTestId('notebook-cover')],
    ['dashboard', '/meus-cadernos', () => page.getByTestId('notebook-card').getByTestId('notebook-cover')],
  ];
  for (const [where, path, coverOf] of shown) {
    await page.goto(path);
    const drawn = coverOf();
    await expect(drawn.locator('[data-sticker]')).toHaveCount(3);
    const { label, stickers } = await coverBoxes(drawn);
    for (const id of Object.keys(targets)) {
      expect.soft(overlaps(stickers[id], label), `${id} covers the label on the ${where} cover`).toBe(false);
    }
  }
});

test('other people’s words are isolated and wrapped: an RTL override and a 10,000-character word at 360 px', async ({ page, baseURL }) => {
  test.setTimeout(90_000);
  await dismissConsent(page);
  await page.setViewportSize({ width: 360, height: 740 });
  const owner = await signUp(baseURL!, 'bidi');
  const rtlTitle = `Fotos \u202Egnp.exe`;
  const longWord = 'a'.repeat(10_000);
  const notebook = await createNotebook(owner, rtlTitle, [longWord, `Pergunta \u202Eodnum olá`]);
  const described = await owner.client
    .from('notebooks')
    .update({ description: `Descrição \u202E${'b'.repeat(3000)}`, author: `Autor \u202Eodnum` })
    .eq('id', notebook.id);
  expect(described.error, described.error?.message).toBeNull();
  const answered = await owner.client
    .from('answers')
    .insert({ id: randomUUID(), question_id: notebook.questionIds[0], notebook_id: notebook.id, text: `Resposta \u202E${'c'.repeat(5000)}` });
  expect(answered.error, answered.error?.message).toBeNull();
  await logIn(page, owner);

  const screens: [string, string, () => Promise<void>][] = [
    ['dashboard', '/meus-cadernos', async () => expect(page.getByTestId('notebook-card')).toHaveCount(1)],
    ['view', `/notebook/${notebook.id}`, async () => expect(page.getByTestId('answer')).toHaveCount(1)],
    ['edit', `/notebook/${notebook.id}/edit`, async () => expect(page.getByTestId('question-item')).toHaveCount(2)],
    [
      'moderation',
      `/moderation/answers/${notebook.id}`,
      async () => {
        await page.getByRole('tab', { name: /^Aprovadas/ }).click();
        await expect(page.getByTestId('moderation-item')).toHaveCount(1);
      },
    ],
  ];
  for (const [where, path, ready] of screens) {
    await page.goto(path);
    await ready();
    const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
    expect(overflow, `${where} is wider than 360 px by ${overflow}px`).toBeLessThanOrEqual(0);
    // Every piece of text holding a person's override sits in an isolated element.
    const texts = await page.evaluate(() => {
      const found: { text: string; isolated: boolean }[] = [];
      const walker = document.createTreeWalker(document.body, NodeFilter.SHOW_TEXT);
      for (let node = walker.nextNode(); node; node = walker.nextNode()) {
        const value = node.nodeValue ?? '';
        if (!value.includes('\u202E') && !value.includes('aaaaaaaaaa')) continue;
        const isolated = node.parentElement?.closest('bdi, [dir="auto"]');
        found.push({ text: value.slice(0, 30), isolated: Boolean(isolated) });
      }
      return found;
    });
    expect(texts.length, `${where} shows the person's words`).toBeGreaterThan(0);
    expect(texts.filter((t) => !t.isolated), `${where}: text outside an isolated element`).toEqual([]);
  }
});
