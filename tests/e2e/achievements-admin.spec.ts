import { expect, test } from '@playwright/test';
import { expectNoSeriousAxeIssues, phonePage } from './helpers.ts';
import { logIn, makeAdmin, serviceClient, signUp } from './people.ts';

/**
 * The achievements catalogue (issue 35) at 360 px: an admin creates an achievement in
 * /admin › Conquistas with both languages' names and descriptions, type, rarity, points, level and
 * threshold (names required first), edits it and disables it; the database holds what was saved.
 */
test('an admin creates, edits and disables an achievement', async ({ browser, baseURL }) => {
  test.setTimeout(90_000);
  const admin = await signUp(baseURL!, 'medalhista');
  await makeAdmin(baseURL!, admin.userId);
  const service = serviceClient(baseURL!);
  const id = `night_owl_${Date.now().toString(36)}`;

  const page = await phonePage(browser);
  await logIn(page, admin);
  await page.goto('/admin?tab=achievements');
  const section = page.getByTestId('admin-achievements');
  await expect(section.getByRole('heading', { name: 'Conquistas' })).toBeVisible({ timeout: 20_000 });
  await expect(section.getByTestId('achievements-count')).toContainText('conquistas');
  await section.getByRole('button', { name: 'Nova conquista' }).click();
  const form = section.getByRole('form', { name: 'Nova conquista' });
  await form.getByLabel('Código').fill(id);
  await form.getByRole('button', { name: 'Salvar conquista' }).click();
  await expect(form.getByText('O nome é obrigatório.')).toHaveCount(2);
  await form.getByLabel('Nome em português').fill('Coruja');
  await form.getByLabel('Nome em inglês').fill('Night owl');
  await form.getByLabel('Descrição em português (opcional)').fill('Respondeu de madrugada.');
  await form.getByLabel('Descrição em inglês (opcional)').fill('Answered at night.');
  await form.getByLabel('Tipo').selectOption('participation');
  await form.getByLabel('Raridade').selectOption('rare');
  await form.getByLabel('Pontos').fill('30');
  await form.getByLabel('Nível').fill('2');
  await form.getByLabel('Meta (quantas vezes)').fill('3');
  await expectNoSeriousAxeIssues(page, '/admin › Conquistas (form)');
  await form.getByRole('button', { name: 'Salvar conquista' }).click();
  const row = section.getByTestId(`achievement-${id}`);
  await expect(row).toContainText('Coruja');
  await expect(row).toContainText('Participação · 30 pontos · nível 2 · meta 3');
  await expect(row).toContainText('Rara');
  const saved = await service.from('achievements').select('name_pt, name_en, description_en, type, rarity, points, level, threshold, is_active').eq('id', id).single();
  expect(saved.data).toEqual({ name_pt: 'Coruja', name_en: 'Night owl', description_en: 'Answered at night.', type: 'participation', rarity: 'rare', points: 30, level: 2, threshold: 3, is_active: true });

  await row.getByRole('button', { name: 'Editar Coruja' }).click();
  const edit = section.getByRole('form', { name: 'Editar conquista' });
  await expect(edit.getByLabel('Código')).toBeDisabled();
  await edit.getByLabel('Pontos').fill('35');
  await edit.getByRole('button', { name: 'Salvar conquista' }).click();
  await expect(row).toContainText('35 pontos');
  await row.getByRole('button', { name: 'Desativar Coruja' }).click();
  await expect(row).toContainText('Desativada');
  await expect.poll(async () => (await service.from('achievements').select('points, is_active').eq('id', id).single()).data).toEqual({ points: 35, is_active: false });
  await expectNoSeriousAxeIssues(page, '/admin › Conquistas');
});
