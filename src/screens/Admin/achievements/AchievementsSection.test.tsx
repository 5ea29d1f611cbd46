import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { resetSection, showSection, toasts, type } from '../testing.tsx';
import type * as Data from '../../../data/online/achievements-admin.ts';

/**
 * /admin › Conquistas (issue 35): the list with its count in plural forms, create with both
 * languages' names and descriptions, type, rarity, points, level, threshold (checked before
 * sending) and icon (one of the SVG icons the app draws, or none), edit in place, enable / disable, and the server's refusal in English.
 */
const listAchievements = vi.fn<typeof Data.listAchievements>();
const saveAchievement = vi.fn<typeof Data.saveAchievement>();
const setAchievementActive = vi.fn<typeof Data.setAchievementActive>();
vi.mock('../../../data/online/achievements-admin.ts', async (importOriginal) => ({
  ...(await importOriginal<typeof Data>()),
  listAchievements: () => listAchievements(),
  saveAchievement: (...args: Parameters<typeof Data.saveAchievement>) => saveAchievement(...args),
  setAchievementActive: (...args: Parameters<typeof Data.setAchievementActive>) => setAchievementActive(...args),
}));
const { default: AchievementsSection } = await import('./AchievementsSection.tsx');
const { AchievementAdminError } = await import('../../../data/online/achievements-admin.ts');

const base = { description_pt: '', description_en: '', is_active: true } as const;
const rows: Data.AchievementRow[] = [
  { ...base, id: 'first_notebook', name_pt: 'Primeiro caderno', name_en: 'First notebook', type: 'creation', rarity: 'common', points: 10, level: 1, threshold: 1, icon: 'notebook' },
  { ...base, id: 'influencer', name_pt: 'Influenciador', name_en: 'Influencer', type: 'sharing', rarity: 'epic', points: 1, level: 3, threshold: 10, icon: 'megaphone' },
  { ...base, id: 'veteran', name_pt: 'Veterano', name_en: 'Veteran', type: 'general', rarity: 'legendary', points: 100, level: 5, threshold: 365, icon: null, is_active: false },
];

const show = (locale?: 'pt-BR' | 'en-US') => showSection(<AchievementsSection />, locale);

beforeEach(() => {
  listAchievements.mockResolvedValue(rows);
  saveAchievement.mockImplementation(async (_id, draft) => ({ ...draft, name_pt: draft.name_pt.trim(), name_en: draft.name_en.trim() }));
  setAchievementActive.mockImplementation(async (id, active) => ({ ...rows.find((r) => r.id === id)!, is_active: active }));
});
afterEach(resetSection);

describe('AchievementsSection', () => {
  it('lists the achievements with a count in plural forms; each is enabled and disabled', async () => {
    show();
    await screen.findByTestId('achievement-veteran');
    expect(within(screen.getByTestId('admin-achievements')).getAllByRole('listitem')).toHaveLength(3);
    expect(screen.getByTestId('achievements-count').textContent).toBe('3 conquistas · 1 desativada');
    expect(screen.getByTestId('achievement-influencer').textContent).toContain('influencer · Compartilhamentos · 1 ponto · nível 3 · meta 10');
    expect(within(screen.getByTestId('achievement-influencer')).getByText('Épica')).toBeTruthy();
    expect(screen.getByTestId('achievement-influencer').querySelector('svg[data-achievement-icon="megaphone"]')).toBeTruthy();
    expect(screen.getByTestId('achievement-veteran').querySelector('svg[data-achievement-icon]')).toBeNull();
    fireEvent.click(screen.getByRole('button', { name: 'Desativar Influenciador' }));
    await waitFor(() => expect(setAchievementActive).toHaveBeenCalledWith('influencer', false));
    fireEvent.click(screen.getByRole('button', { name: 'Ativar Veterano' }));
    await waitFor(() => expect(setAchievementActive).toHaveBeenCalledWith('veteran', true));
    await waitFor(() => expect(toasts()).toContain('Conquista ativada: Veterano'));
  });

  it('creates one with both languages, type, rarity and numbers; names required and a level below 1 refused before sending', async () => {
    show();
    await screen.findByTestId('achievement-veteran');
    fireEvent.click(screen.getByRole('button', { name: 'Nova conquista' }));
    type('Código', 'night_owl');
    type('Nome em português', 'Coruja');
    type('Nível', '0');
    fireEvent.click(screen.getByRole('button', { name: 'Salvar conquista' }));
    expect(await screen.findByText('O nome é obrigatório.')).toBeTruthy();
    expect(screen.getByText('O nível é um número inteiro, 1 ou mais.')).toBeTruthy();
    expect(saveAchievement).not.toHaveBeenCalled();
    type('Nome em inglês', 'Night owl');
    type('Descrição em português (opcional)', 'Respondeu de madrugada.');
    type('Descrição em inglês (opcional)', 'Answered at night.');
    type('Tipo', 'participation');
    type('Raridade', 'rare');
    type('Pontos', '30');
    type('Nível', '2');
    type('Meta (quantas vezes)', '3');
    expect((screen.getByRole('radio', { name: 'Nenhum' }) as HTMLInputElement).checked).toBe(true);
    fireEvent.click(screen.getByRole('radio', { name: 'Troféu' }));
    fireEvent.click(screen.getByRole('button', { name: 'Salvar conquista' }));
    await waitFor(() =>
      expect(saveAchievement).toHaveBeenCalledWith(null, {
        id: 'night_owl',
        name_pt: 'Coruja',
        name_en: 'Night owl',
        description_pt: 'Respondeu de madrugada.',
        description_en: 'Answered at night.',
        type: 'participation',
        rarity: 'rare',
        points: 30,
        level: 2,
        threshold: 3,
        icon: 'trophy',
        is_active: true,
      }),
    );
    await waitFor(() => expect(toasts()).toContain('Conquista salva: Coruja'));
  });

  it('edits in place (the code stays), named in English, and says why the server refused', async () => {
    saveAchievement.mockRejectedValueOnce(new AchievementAdminError('not_allowed'));
    show('en-US');
    fireEvent.click(await screen.findByRole('button', { name: 'Edit First notebook' }));
    expect((screen.getByLabelText('Code') as HTMLInputElement).disabled).toBe(true);
    expect((screen.getByLabelText('Name in English') as HTMLInputElement).value).toBe('First notebook');
    fireEvent.click(screen.getByRole('button', { name: 'Save achievement' }));
    // the icon (an SVG the app draws, named for screen readers by the radio's label) is kept, or changed
    expect((screen.getByRole('radio', { name: 'Notebook' }) as HTMLInputElement).checked).toBe(true);
    expect(within(screen.getByTestId('achievement-icon')).getAllByRole('radio')).toHaveLength(13);
    expect(screen.getByTestId('achievement-icon').querySelectorAll('svg[aria-hidden="true"]')).toHaveLength(12);
    fireEvent.click(screen.getByRole('button', { name: 'Save achievement' }));
    await waitFor(() => expect(saveAchievement).toHaveBeenCalledWith('first_notebook', rows[0]));
    await waitFor(() => expect(toasts().some((x) => x.includes('Only admins can do this.'))).toBe(true));
    expect(screen.getByTestId('achievements-count').textContent).toBe('3 achievements · 1 disabled');
    fireEvent.click(screen.getByRole('radio', { name: 'Medal' }));
    fireEvent.click(screen.getByRole('button', { name: 'Save achievement' }));
    await waitFor(() => expect(saveAchievement).toHaveBeenLastCalledWith('first_notebook', { ...rows[0], icon: 'medal' }));
  });
});
