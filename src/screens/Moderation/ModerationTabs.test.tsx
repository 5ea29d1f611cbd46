import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import { cleanup, render, screen } from '@testing-library/react';
import { I18nProvider } from '@lingui/react';
import { i18n } from '@lingui/core';
import type { ModerationLists } from '../../data/queries/moderation.ts';
import type { DataApi } from '../../data/repositories/index.ts';
import type { AnswerDoc, NotebookDoc, QuestionDoc } from '../../data/schemas/index.ts';
import { ModerationTabs } from './ModerationTabs.tsx';

const notebook = { id: 'n1', user_id: 'owner', title: 'Caderno', pre_moderation_enabled: true } as NotebookDoc;
const question = { id: 'q1', notebook_id: 'n1', text: 'Cor favorita?', blocked: false, order_index: 0 } as QuestionDoc;

beforeAll(() => i18n.loadAndActivate({ locale: 'pt-BR', messages: {} }));
afterEach(cleanup);

describe('ModerationTabs', () => {
  it('shows when the person wrote the answer, not when it last changed on the server (issue 16, defect 6)', () => {
    const writtenAt = '2026-11-20T08:15:00.000Z'; // written offline at a party
    const answer = {
      id: 'a1',
      question_id: 'q1',
      notebook_id: 'n1',
      user_id: 'bia',
      text: 'Azul',
      is_anonymous: false,
      responder_name: null,
      moderation_status: 'pending',
      created_at: writtenAt,
      updated_at: '2026-11-24T19:40:00.000Z', // an edit that reached the server days later
    } as unknown as AnswerDoc;
    const lists: ModerationLists = { notebook, role: 'owner', may: { answer: true, manage: true }, pending: [{ answer, question }], approved: [], rejected: [] };
    render(
      <I18nProvider i18n={i18n}>
        <ModerationTabs api={{} as DataApi} lists={lists} viewer={{ userId: 'owner', isOwner: true }} profiles={new Map()} />
      </I18nProvider>,
    );
    const item = screen.getByTestId('moderation-item');
    expect(item.textContent).toContain(new Date(writtenAt).toLocaleString('pt-BR'));
    expect(item.textContent).not.toContain(new Date(answer.updated_at).toLocaleString('pt-BR'));
    expect(item.querySelector('time')?.getAttribute('datetime')).toBe(writtenAt);
  });
});
