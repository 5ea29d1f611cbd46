import { expect, test, type Page } from '@playwright/test';
import { expectFitsPhone, phonePage } from './helpers.ts';
import { logIn, makeAdmin, signUp } from './people.ts';
import { png } from './pictures.ts';

/**
 * Content admins change without a release (issue 36), at 360 px: an admin writes the landing
 * page's announcement in /admin › Traduções and a question in /admin › Perguntas frequentes, each
 * with its preview in both languages; a visitor sees the announcement (dismissed, it stays hidden
 * after a reload) and the question on /faq — also offline, from the copy kept on the device.
 */
/** Moves within the app as its links do (offline, a reload would have nothing to load from). */
async function go(page: Page, path: string) {
  await page.evaluate((to) => {
    history.pushState(null, '', to);
    dispatchEvent(new PopStateEvent('popstate'));
  }, path);
}

test('an admin writes an announcement and an FAQ question; a visitor reads them, the question offline too', async ({ browser, baseURL }) => {
  test.setTimeout(120_000);
  const admin = await signUp(baseURL!, 'conteudo');
  await makeAdmin(baseURL!, admin.userId);
  const page = await phonePage(browser);
  await logIn(page, admin);

  await page.goto('/admin?tab=translations');
  await expect(page.getByRole('heading', { level: 2, name: 'Traduções dinâmicas' })).toBeVisible({ timeout: 20_000 });
  await expect(page.getByTestId('admin-translations')).toContainText('store.banner.title', { timeout: 20_000 });
  await page.getByLabel('Chave', { exact: true }).fill('announcement.landing');
  await page.getByLabel('Texto em português (pt-BR)').fill('Semana de provas: o app funciona offline!');
  await page.getByLabel('Texto em inglês (en-US)').fill('Exam week: the app works offline!');
  await expect(page.getByTestId('translation-preview')).toContainText('Exam week: the app works offline!');
  await expectFitsPhone(page, '/admin › Traduções');
  await page.getByRole('button', { name: 'Adicionar' }).click();
  await expect(page.getByTestId('admin-translations')).toContainText('announcement.landing');
  await page.getByLabel('Buscar por chave ou texto').fill('provas');
  await expect(page.getByTestId('admin-translations').getByRole('listitem')).toHaveCount(1);

  await page.goto('/admin?tab=faq');
  await expect(page.getByRole('heading', { level: 2, name: 'Perguntas frequentes' })).toBeVisible({ timeout: 20_000 });
  await page.getByLabel('Grupo em português').fill('Escola');
  await page.getByLabel('Grupo em inglês').fill('School');
  await page.getByLabel('Pergunta em português').fill('Posso usar o Cadernos na sala de aula?');
  await page.getByLabel('Pergunta em inglês').fill('Can I use Cadernos in class?');
  await page.getByLabel('Resposta em português').fill('Pode, com a turma toda num só caderno.');
  await page.getByLabel('Resposta em inglês').fill('Yes, with the whole class in one notebook.');
  await expect(page.getByTestId('faq-preview')).toContainText('Can I use Cadernos in class?');
  // an image: a GIF is refused on the device; a PNG goes to Storage and shows in both previews
  await page.getByLabel(/Imagem \(opcional\)/).setInputFiles({ name: 'anim.gif', mimeType: 'image/gif', buffer: Buffer.from('GIF89a') });
  await expect(page.getByText('Escolha uma imagem PNG, JPG ou WebP.')).toBeVisible();
  await page.getByLabel(/Imagem \(opcional\)/).setInputFiles({ name: 'sala.png', mimeType: 'image/png', buffer: png(320, 200) });
  await expect(page.getByTestId('faq-preview').locator('img')).toHaveCount(2, { timeout: 20_000 });
  await expectFitsPhone(page, '/admin › Perguntas frequentes');
  await page.getByRole('button', { name: 'Adicionar' }).click();
  await expect(page.getByTestId('admin-faq')).toContainText('Posso usar o Cadernos na sala de aula?');

  const visitor = await phonePage(browser);
  await visitor.goto('/');
  const announcement = visitor.getByTestId('announcement');
  await expect(announcement).toContainText('Semana de provas: o app funciona offline!', { timeout: 20_000 });
  await expectFitsPhone(visitor, '/ with an announcement');
  await announcement.getByRole('button', { name: 'Fechar aviso' }).click();
  await expect(announcement).toHaveCount(0);
  await visitor.reload();
  await expect(visitor.getByRole('heading', { level: 1 })).toBeVisible();
  await visitor.waitForTimeout(1500);
  await expect(visitor.getByTestId('announcement')).toHaveCount(0);

  await visitor.goto('/faq');
  await expect(visitor.getByText('Posso usar o Cadernos na sala de aula?')).toBeVisible({ timeout: 20_000 });
  await visitor.getByText('Posso usar o Cadernos na sala de aula?').click();
  await expect(visitor.getByText('Pode, com a turma toda num só caderno.')).toBeVisible();
  const picture = visitor.locator('details[open] img');
  await expect(picture).toHaveAttribute('src', /\/storage\/v1\/object\/public\/faq-images\/[0-9a-f]{32}\.png$/);
  await expect.poll(() => picture.evaluate((img: HTMLImageElement) => img.naturalWidth)).toBe(320);
  // offline, the page opened again reads the copy kept on the device (not the static FAQ)
  await visitor.context().setOffline(true);
  await go(visitor, '/');
  await expect(visitor.getByRole('heading', { level: 1 })).toBeVisible();
  await go(visitor, '/faq');
  await expect(visitor.getByText('Posso usar o Cadernos na sala de aula?')).toBeVisible();
  await expect(visitor.getByTestId('error-card')).toHaveCount(0);
  await visitor.context().setOffline(false);

  await visitor.goto('/en/faq');
  await expect(visitor.getByText('Can I use Cadernos in class?')).toBeVisible();
  await expect(visitor.getByRole('heading', { name: 'School' })).toBeVisible();

  // The admin removes both (the other specs on this server find the landing and /faq as shipped).
  await page.goto('/admin?tab=faq');
  await page.getByRole('button', { name: 'Excluir Posso usar o Cadernos na sala de aula?' }).click();
  await page.getByTestId('admin-dialog').getByRole('button', { name: 'Excluir' }).click();
  await expect(page.getByTestId('admin-faq')).toHaveCount(0);
  await page.goto('/admin?tab=translations');
  await page.getByRole('button', { name: 'Excluir announcement.landing' }).click({ timeout: 20_000 });
  await page.getByTestId('admin-dialog').getByRole('button', { name: 'Excluir' }).click();
  await expect(page.getByTestId('admin-translations')).not.toContainText('announcement.landing');
  await visitor.goto('/faq');
  await expect(visitor.getByText('O que é um caderno no Cadernos?')).toBeVisible({ timeout: 20_000 });
});
