import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import { cleanup, render } from '@testing-library/react';
import { I18nProvider } from '@lingui/react';
import { i18n } from '@lingui/core';
import { knownItems, nextNewsCursor, NEWS_KINDS, type NewsItem } from '../../data/online/news.ts';
import { NEWS_ICONS, NewsSentence, newsHref } from './messages.tsx';

const base: NewsItem = {
  kind: 'notebook_created',
  at: '2026-11-28T15:00:00.123456+00:00',
  id: '00000000-0000-4000-8000-000000000001',
  actor_id: '00000000-0000-4000-8000-0000000000aa',
  actor_username: 'ana_b',
  actor_display_name: 'Ana',
  actor_avatar_url: null,
  notebook_id: '00000000-0000-4000-8000-00000000000b',
  notebook_title: 'Festa da Júlia',
  achievement_id: null,
  achievement_name_pt: null,
  achievement_name_en: null,
  status_message: null,
};

function sentence(item: NewsItem, locale = 'pt-BR'): HTMLElement {
  i18n.loadAndActivate({ locale, messages: {} });
  return render(
    <I18nProvider i18n={i18n}>
      <p>
        <NewsSentence item={item} />
      </p>
    </I18nProvider>,
  ).container;
}

beforeAll(() => {
  i18n.loadAndActivate({ locale: 'pt-BR', messages: {} });
});
afterEach(cleanup);

describe('News sentences (written from the server codes)', () => {
  it('says each kind as a sentence, the people\'s words isolated', () => {
    expect(sentence(base).textContent).toBe('Ana criou o caderno Festa da Júlia');
    cleanup();
    expect(sentence({ ...base, kind: 'answered_my_notebook' }).textContent).toBe('Ana respondeu o seu caderno Festa da Júlia');
    cleanup();
    const award = { ...base, kind: 'achievement_earned' as const, notebook_id: null, notebook_title: null, achievement_id: 'first_notebook', achievement_name_pt: 'Primeiro caderno', achievement_name_en: 'First notebook' };
    expect(sentence(award).textContent).toBe('Ana ganhou a conquista Primeiro caderno');
    cleanup();
    // an achievement the app has no words for (added by an admin) takes the catalogue's name in the language
    const added = { ...award, achievement_id: 'night_owl', achievement_name_pt: 'Coruja', achievement_name_en: 'Night owl' };
    expect(sentence(added, 'en-US').textContent).toContain('Night owl');
    cleanup();
    expect(sentence(added).textContent).toBe('Ana ganhou a conquista Coruja');
    cleanup();
    const phrase = sentence({ ...base, kind: 'status_changed', notebook_id: null, notebook_title: null, status_message: '‮ olá' });
    expect(phrase.textContent).toBe('Ana mudou a frase de status para “‮ olá”');
    // a right-to-left override inside the phrase cannot reorder the app's words around it
    expect(phrase.querySelectorAll('bdi')).toHaveLength(2);
  });

  it('names a person by their username when they have no display name', () => {
    expect(sentence({ ...base, actor_display_name: null }).textContent).toBe('ana_b criou o caderno Festa da Júlia');
  });

  it('opens what each item is about, and every kind has its icon', () => {
    expect(newsHref(base)).toBe(`/notebook/${base.notebook_id}`);
    expect(newsHref({ ...base, kind: 'answered_my_notebook' })).toBe(`/notebook/${base.notebook_id}`);
    expect(newsHref({ ...base, kind: 'achievement_earned' })).toBe('/profile/ana_b');
    expect(newsHref({ ...base, kind: 'status_changed' })).toBe('/profile/ana_b');
    expect(NEWS_KINDS.every((kind) => NEWS_ICONS[kind])).toBe(true);
  });
});

describe('News pages', () => {
  it('leave out a kind this app does not know (a newer server), and page on the raw rows', () => {
    const page = [base, { ...base, id: 'x', kind: 'poll_created' as never }];
    expect(knownItems(page)).toEqual([base]);
    expect(nextNewsCursor(page, 2)).toEqual({ at: base.at, id: 'x' });
    expect(nextNewsCursor(page, 20)).toBeNull();
  });
});
