import { describe, expect, test } from 'vitest';
import type { NotebookCard } from '../../data/queries/dashboard.ts';
import type { NotebookRole } from '../../data/repositories/roles.ts';
import { answersHref, cardActions, defaultTab, cardMarks, readPrefs, searchCards, visibleActions, writePrefs, PREFS_KEY } from './dashboard.ts';
import { correctedNotebook } from './refusals.ts';

function card(title: string, role: NotebookRole = 'owner', extra: Partial<NotebookCard['notebook']> = {}): NotebookCard {
  return {
    notebook: {
      id: title, user_id: 'u', title, description: null, author: 'Usuário', theme: 'purple', pre_moderation_enabled: false,
      paper_style: 'lined-blue', sticker_border: null, cover: null, is_shared: false, created_at: '', updated_at: '', server_rev: 1, ...extra,
    },
    role, isFavorite: false, questionCount: 0, answerCount: 0, awaitingModerationCount: 0,
  };
}

describe('the tab shown when none was chosen', () => {
  test('their own notebooks, also while none is loaded or none is shared', () => {
    expect(defaultTab(undefined)).toBe('mine');
    expect(defaultTab({ mine: [], sharedWithMe: [] })).toBe('mine');
    expect(defaultTab({ mine: [card('Meu')], sharedWithMe: [card('Da Ana', 'viewer')] })).toBe('mine');
  });
  test('shared with them when they have none of their own but some shared', () => {
    expect(defaultTab({ mine: [], sharedWithMe: [card('Da Ana', 'viewer')] })).toBe('sharedWithMe');
  });
});

describe('search', () => {
  const cards = [card('Caderno da Escola'), card('Festa de Aniversário', 'owner', { description: 'Para a Júlia' }), card('Amigos', 'owner', { author: 'Bruno' })];
  test('finds every word typed, in title, description or author, ignoring accents and case', () => {
    expect(searchCards(cards, 'ESCOLA').map((c) => c.notebook.title)).toEqual(['Caderno da Escola']);
    expect(searchCards(cards, 'aniversario julia').map((c) => c.notebook.title)).toEqual(['Festa de Aniversário']);
    expect(searchCards(cards, 'bruno').map((c) => c.notebook.title)).toEqual(['Amigos']);
    expect(searchCards(cards, 'festa escola')).toEqual([]);
    expect(searchCards(cards, '   ')).toHaveLength(3);
  });
});

describe('roles decide the actions (spec §6)', () => {
  test('owners do everything; editors and collaborators edit; viewers read and answer; invitations decide first', () => {
    expect(cardActions(card('a', 'owner'))).toEqual(['view', 'answer', 'edit', 'share', 'answers', 'delete']);
    expect(cardActions(card('a', 'editor'))).not.toContain('delete');
    expect(cardActions(card('a', 'collaborator'))).not.toContain('share');
    expect(cardActions(card('a', 'viewer'))).toEqual(['view', 'answer', 'answers']);
    expect(cardActions(card('a', 'invited'))).toEqual([]);
  });

  test('more options shows the rest; view answers leads moderators to moderation', () => {
    const all = cardActions(card('a'));
    expect(visibleActions(all, false)).toEqual({ shown: ['view', 'answer', 'edit'], hasMore: true });
    expect(visibleActions(all, true).shown).toEqual(all);
    expect(visibleActions(['view', 'answer'], false)).toEqual({ shown: ['view', 'answer'], hasMore: false });
    expect(answersHref(card('x', 'collaborator'))).toBe('/moderation/answers/x');
    expect(answersHref(card('x', 'viewer'))).toBe('/notebook/x#answers-heading');
  });

  test('cards are marked created by you, shared, or shared by someone', () => {
    expect(cardMarks(card('a'))).toEqual(['created-by-you']);
    expect(cardMarks(card('a', 'owner', { is_shared: true }))).toEqual(['created-by-you', 'shared']);
    expect(cardMarks(card('a', 'viewer'))).toEqual(['shared-by']);
  });
});

test('layout choices survive a reload and bad stored values fall back to the defaults', () => {
  const store = new Map<string, string>();
  const storage = { getItem: (k: string) => store.get(k) ?? null, setItem: (k: string, v: string) => void store.set(k, v) };
  expect(readPrefs(storage)).toEqual({ layout: 'grid', showStats: false });
  writePrefs(storage, { layout: 'list', showStats: true });
  expect(readPrefs(storage)).toEqual({ layout: 'list', showStats: true });
  store.set(PREFS_KEY, '{oops');
  expect(readPrefs(storage)).toEqual({ layout: 'grid', showStats: false });
});

test('a refused notebook is written again with what was typed and the corrected title', () => {
  expect(correctedNotebook({ title: 'Palavrão', theme: 'teal', description: 'Oi', cover: { subtitle: 'x' }, server_rev: 3 }, 'Bonito')).toEqual({
    title: 'Bonito', description: 'Oi', author: undefined, theme: 'teal', paper_style: undefined, sticker_border: null, cover: { subtitle: 'x' }, pre_moderation_enabled: false,
  });
});
