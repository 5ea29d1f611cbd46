import { afterEach, describe, expect, it, vi } from 'vitest';
import { cleanup, fireEvent, render, screen, within } from '@testing-library/react';
import { I18nProvider } from '@lingui/react';
import { i18n, type Messages } from '@lingui/core';
import { messages as appPt } from '../../locale/locales/pt-BR/messages.po';
import { messages as appEn } from '../../locale/locales/en-US/messages.po';
import { messages as notebooksPt } from './locales/pt-BR/messages.po';
import { messages as notebooksEn } from './locales/en-US/messages.po';
import type { NotebookView } from '../../data/queries/notebook.ts';
import type { NotebookCard as Card } from '../../data/queries/dashboard.ts';
import type { DataLayer } from '../../data/data-layer.ts';
import type { DataApi } from '../../data/repositories/index.ts';
import type { AnswerDoc, NotebookDoc, QuestionDoc } from '../../data/schemas/index.ts';
import { NotebookSidebar } from '../NotebookView/NotebookSidebar.tsx';
import { QuestionStepper } from '../NotebookView/QuestionStepper.tsx';
import { NotebookCard } from '../Dashboard/NotebookCard.tsx';
import { QuestionsSection } from '../NotebookEdit/QuestionsSection.tsx';

/**
 * Every count is said with the language's plural forms (issue 16: "0 resposta", "A 0 resposta
 * dela também será apagada."). Portuguese's 'one' form covers 0 too (CLDR), so zero has its own
 * sentence; English says "1 answer", "2 answers".
 */
const CATALOGS: Record<string, Messages> = {
  'pt-BR': { ...appPt, ...notebooksPt },
  'en-US': { ...appEn, ...notebooksEn },
};

function speak(locale: 'pt-BR' | 'en-US') {
  i18n.loadAndActivate({ locale, messages: CATALOGS[locale] });
}

const wrap = (node: React.ReactNode) => render(<I18nProvider i18n={i18n}>{node}</I18nProvider>);
afterEach(cleanup);

const notebook = { id: 'n1', user_id: 'me', title: 'Caderno', author: 'Ana', theme: 'pink', paper_style: 'lined-blue', pre_moderation_enabled: false } as NotebookDoc;
const question = (i: number) => ({ id: `q${i}`, notebook_id: 'n1', text: `Pergunta ${i}?`, blocked: false, order_index: i, user_id: 'me' }) as QuestionDoc;
const answer = (i: number) => ({ id: `a${i}`, question_id: 'q0', notebook_id: 'n1', user_id: `p${i}`, text: 'Oi', moderation_status: 'pending' }) as AnswerDoc;
const range = (n: number) => Array.from({ length: n }, (_, i) => i);

function viewWith(count: number): NotebookView {
  return {
    notebook,
    role: 'owner',
    may: { answer: true, manage: true },
    myAnswersWait: false,
    questions: range(count).map((i) => ({ question: question(i), answers: i === 0 ? range(count).map(answer) : [], myAnswer: null, statusOnSave: 'approved' as const })),
    awaiting: range(count).map(answer),
    shares: [],
    collaborators: [],
    inviteLinks: [],
    answerCount: count,
  };
}

const EXPECTED = {
  'pt-BR': {
    sidebar: [
      ['Nenhuma pergunta', 'Nenhuma resposta', 'Moderar respostas'],
      ['1 pergunta', '1 resposta', 'Moderar respostas (1 pendente)'],
      ['2 perguntas', '2 respostas', 'Moderar respostas (2 pendentes)'],
    ],
    removal: ['Ela ainda não tem respostas.', 'A 1 resposta dela também será apagada.', 'As 2 respostas dela também serão apagadas.'],
    completion: [null, 'Você respondeu 1 de 1 pergunta.', 'Você respondeu 2 de 2 perguntas.'],
  },
  'en-US': {
    sidebar: [
      ['No questions', 'No answers', 'Moderate answers'],
      ['1 question', '1 answer', 'Moderate answers (1 pending)'],
      ['2 questions', '2 answers', 'Moderate answers (2 pending)'],
    ],
    removal: ['It has no answers yet.', 'Its 1 answer will be deleted too.', 'Its 2 answers will be deleted too.'],
    completion: [null, 'You answered 1 of 1 question.', 'You answered 2 of 2 questions.'],
  },
} as const;

describe.each(['pt-BR', 'en-US'] as const)('counts in %s', (locale) => {
  it('the notebook sidebar: questions, answers and pending answers for 0, 1 and 2', () => {
    speak(locale);
    for (const count of [0, 1, 2]) {
      const { container } = wrap(<NotebookSidebar view={viewWith(count)} />);
      const [questions, answers, moderate] = EXPECTED[locale].sidebar[count];
      const stats = [...container.querySelectorAll('li')].map((li) => li.textContent);
      expect(stats).toEqual([questions, answers]);
      expect(screen.getByRole('link', { name: moderate })).toBeTruthy();
      cleanup();
    }
  });

  it('the dashboard card statistics for 0, 1 and 2', () => {
    speak(locale);
    for (const count of [0, 1, 2]) {
      const card: Card = { notebook, role: 'owner', isFavorite: false, questionCount: count, answerCount: count, awaitingModerationCount: 0 };
      wrap(<ul><NotebookCard layer={{} as DataLayer} card={card} layout="grid" showStats profiles={undefined} /></ul>);
      const stats = within(screen.getByTestId('card-stats')).getAllByRole('listitem').map((li) => li.textContent);
      expect(stats.slice(0, 2)).toEqual(EXPECTED[locale].sidebar[count].slice(0, 2));
      cleanup();
    }
  });

  it('removing a question says how many answers go with it, for 0, 1 and 2', () => {
    speak(locale);
    for (const count of [0, 1, 2]) {
      const view = viewWith(Math.max(count, 1));
      view.questions[0].answers = range(count).map(answer);
      wrap(<QuestionsSection layer={{ api: {} as DataApi, userId: 'me' } as DataLayer} view={view} />);
      fireEvent.click(screen.getAllByRole('button', { name: locale === 'pt-BR' ? 'Remover' : 'Remove' })[0]);
      expect(screen.getByTestId('confirm-dialog').textContent).toContain(EXPECTED[locale].removal[count]);
      cleanup();
    }
  });

  it('the completion page says how many of how many questions were answered', async () => {
    speak(locale);
    for (const count of [1, 2]) {
      const view = viewWith(count);
      view.role = 'viewer';
      for (const entry of view.questions) entry.myAnswer = { ...answer(0), id: `mine-${entry.question.id}`, moderation_status: 'approved' };
      const api = { answers: { answer: vi.fn(), delete: vi.fn() }, rejections: { fix: vi.fn(), discard: vi.fn() } } as unknown as DataApi;
      wrap(<QuestionStepper api={api} view={view} onShowAnswers={() => {}} onSaving={() => {}} openQuestion={null} />);
      expect((await screen.findByTestId('stepper-complete')).textContent).toContain(EXPECTED[locale].completion[count]);
      cleanup();
    }
  });
});
