/**
 * The notifications' sentences (issue 31): every type code the server sends has its sentence, one
 * line for a group ("30 pessoas responderam Festa da Júlia"), "Alguém" where no name may be shown
 * (an anonymous answer), and a place to open.
 */
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import { cleanup, render } from '@testing-library/react';
import { I18nProvider } from '@lingui/react';
import { i18n } from '@lingui/core';
import { NOTIFICATION_TYPES } from '../../data/schemas/notifications.ts';
import type { NotificationItem } from '../../data/queries/notifications.ts';
import { NOTIFICATION_ICONS, NotificationSentence, notificationHref } from './messages.tsx';

beforeAll(() => i18n.loadAndActivate({ locale: 'pt-BR', messages: {} }));
afterEach(cleanup);

const strip = (text: string) => text.replace(/[\u2068\u2069]/g, '');

function sentence(item: Partial<NotificationItem>): string {
  const full: NotificationItem = {
    id: 'n1', type: 'new_answer', isRead: false, createdAt: '2026-11-28T15:00:00Z', count: 1,
    actorName: null, actorId: null, actorUsername: null, notebookId: 'nb1', notebookTitle: 'Festa da Júlia', subjectId: null, ...item,
  };
  const { container } = render(
    <I18nProvider i18n={i18n}>
      <NotificationSentence item={full} />
    </I18nProvider>,
  );
  const text = strip(container.textContent ?? '');
  cleanup();
  return text;
}

describe('notification sentences', () => {
  it('a group of new answers is one sentence with its count; one answer names its author, or "Alguém"', () => {
    expect(sentence({ count: 30 })).toBe('30 pessoas responderam Festa da Júlia');
    expect(sentence({ count: 1, actorName: 'Bia' })).toBe('Bia respondeu Festa da Júlia');
    expect(sentence({ count: 1, actorName: null })).toBe('Alguém respondeu Festa da Júlia');
    expect(sentence({ count: 2, notebookTitle: null })).toBe('2 pessoas responderam um caderno seu');
    expect(sentence({ type: 'answer_pending', count: 3 })).toBe('3 respostas em Festa da Júlia aguardam moderação');
    expect(sentence({ type: 'poll_vote', count: 1, notebookTitle: null })).toBe('1 pessoa votou na sua enquete');
  });

  it.each(NOTIFICATION_TYPES)('%s has a sentence (named, unnamed, grouped), an icon and a place to open', (type) => {
    for (const item of [{ actorName: 'Bia' }, { actorName: null, notebookTitle: null }, { count: 4 }]) {
      const text = sentence({ type, ...item });
      expect(text.length).toBeGreaterThan(5);
      expect(text).not.toBe('Nova notificação');
      expect(text).not.toMatch(/undefined|null|\{/);
    }
    expect(NOTIFICATION_ICONS[type]).toBeTruthy();
    expect(notificationHref({ type, notebookId: 'nb1' } as NotificationItem)).toMatch(/^\/(notebook\/nb1|moderation\/answers\/nb1|meus-cadernos\?tab=collaborations|amigos(\?tab=requests)?|manage-profile\?tab=(guestbook|poll)|profile|notificacoes)$/);
  });

  it('the moderation says the decision to the reporter and the reason to the author, naming nobody (issue 33)', () => {
    const moderation = (type: NotificationItem['type'], text: string | null) => sentence({ type, text, notebookId: null, notebookTitle: null });
    expect(moderation('report_handled', 'hide')).toBe('Sua denúncia foi analisada: o conteúdo foi ocultado');
    expect(moderation('report_handled', 'dismiss')).toBe('Sua denúncia foi analisada: o conteúdo não viola as regras');
    expect(moderation('report_handled', 'ban')).toBe('Sua denúncia foi analisada: a conta do autor foi banida');
    expect(moderation('report_handled', null)).toBe('Sua denúncia foi analisada');
    expect(moderation('content_hidden', 'Ofensa a um colega')).toBe('A moderação ocultou um conteúdo seu. Motivo: Ofensa a um colega');
    expect(moderation('content_removed', 'Spam')).toBe('A moderação excluiu um conteúdo seu. Motivo: Spam');
    expect(moderation('warning', 'Primeiro aviso')).toBe('Você recebeu uma advertência da moderação. Motivo: Primeiro aviso');
  });
});
