import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { cleanup, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { I18nProvider } from '@lingui/react';
import { i18n } from '@lingui/core';
import type { NotebookView } from '../../data/queries/notebook.ts';
import { expectedAnswerStatus } from '../../data/repositories/answer-status.ts';
import type { DataApi } from '../../data/repositories/index.ts';
import type { AnswerDoc, NotebookDoc, QuestionDoc } from '../../data/schemas/index.ts';
import { useToastStore } from '../../state/toast.ts';
import { useSyncStatusStore, INITIAL_SYNC_STATUS } from '../../state/sync-status.ts';
import { QuestionStepper } from './QuestionStepper.tsx';

const notebook = { id: 'n1', user_id: 'owner', title: 'Caderno', theme: 'pink', paper_style: 'dotted', pre_moderation_enabled: false } as NotebookDoc;
const question = (id: string, text: string, blocked = false) => ({ id, notebook_id: 'n1', text, blocked, order_index: 0 }) as QuestionDoc;

function viewOf(questions: QuestionDoc[], options: { preModeration?: boolean; myAnswers?: Record<string, Partial<AnswerDoc>> } = {}): NotebookView {
  const preModerated = { ...notebook, pre_moderation_enabled: options.preModeration ?? false };
  return {
    notebook: preModerated,
    role: 'viewer',
    may: { answer: true, manage: false },
    myAnswersWait: options.preModeration ?? false,
    questions: questions.map((q) => {
      const myAnswer = (options.myAnswers?.[q.id] as AnswerDoc) ?? null;
      return { question: q, answers: [], myAnswer, statusOnSave: expectedAnswerStatus(myAnswer, preModerated, 'viewer') };
    }),
    awaiting: [],
    shares: [],
    collaborators: [],
    inviteLinks: [],
    answerCount: 0,
  };
}

function fakeApi(outcome: { created: boolean; awaitingApproval: boolean } | { problem: { code: string; message: string; words?: string[] } }) {
  const answer = vi.fn(async () =>
    'problem' in outcome ? { ok: false as const, problem: outcome.problem } : { ok: true as const, value: { ...outcome, answer: {} as AnswerDoc } },
  );
  const remove = vi.fn(async () => ({ ok: true as const, value: null }));
  return { api: { answers: { answer, delete: remove }, rejections: { fix: vi.fn(), discard: vi.fn() } } as unknown as DataApi, answer };
}

function renderStepper(view: NotebookView, api: DataApi, onSaving = vi.fn()) {
  return render(
    <I18nProvider i18n={i18n}>
      <QuestionStepper api={api} view={view} onShowAnswers={() => {}} onSaving={onSaving} openQuestion={null} />
    </I18nProvider>,
  );
}

beforeAll(() => i18n.loadAndActivate({ locale: 'pt-BR', messages: {} }));
beforeEach(() => {
  useToastStore.setState({ toasts: [] });
  useSyncStatusStore.setState({ ...INITIAL_SYNC_STATUS });
});
afterEach(cleanup);

const questions = [question('q1', 'Cor favorita?'), question('q2', 'Bloqueada?', true), question('q3', 'Doce preferido?')];

describe('QuestionStepper', () => {
  it('numbers the pages without blocked questions, saves anonymously with a name and turns the page', async () => {
    const { api, answer } = fakeApi({ created: true, awaitingApproval: false });
    const onSaving = vi.fn();
    renderStepper(viewOf(questions), api, onSaving);
    expect(screen.getByTestId('page-number').textContent).toBe('Página 1 de 2');
    fireEvent.input(screen.getByLabelText('Sua resposta'), { target: { value: 'Azul' } });
    fireEvent.click(screen.getByLabelText('Responder anonimamente'));
    fireEvent.input(screen.getByLabelText('Seu nome (opcional)'), { target: { value: ' Bia ' } });
    fireEvent.click(screen.getByRole('button', { name: 'Salvar e continuar' }));
    expect(onSaving).toHaveBeenCalledWith('q1', { text: 'Azul', is_anonymous: true, responder_name: 'Bia', moderation_status: 'approved' });
    await waitFor(() => expect(screen.getByTestId('page-number').textContent).toBe('Página 2 de 2'));
    expect(answer).toHaveBeenCalledWith('q1', { text: 'Azul', is_anonymous: true, responder_name: 'Bia' });
    expect(onSaving).toHaveBeenLastCalledWith('q1', null);
    expect(useToastStore.getState().toasts[0]).toMatchObject({ title: 'Resposta enviada', description: undefined });
    // Focus moves in an effect, which Preact runs after the frame is painted.
    await waitFor(() => expect(screen.getByRole('heading', { name: 'Doce preferido?' })).toBe(document.activeElement));
    expect(screen.queryByText('Bloqueada?')).toBeNull();
  });

  it("with pre-moderation, an edit says it waits for the owner's approval again", async () => {
    const { api } = fakeApi({ created: false, awaitingApproval: true });
    renderStepper(viewOf(questions, { preModeration: true, myAnswers: { q1: { id: 'a1', text: 'Azul', is_anonymous: false, responder_name: null, moderation_status: 'approved' } } }), api);
    // The first page not answered yet opens first; go back to the answered one.
    expect(screen.getByTestId('page-number').textContent).toBe('Página 2 de 2');
    fireEvent.click(screen.getByRole('button', { name: 'Anterior' }));
    expect(screen.getByLabelText<HTMLTextAreaElement>('Sua resposta').value).toBe('Azul');
    fireEvent.input(screen.getByLabelText('Sua resposta'), { target: { value: 'Verde' } });
    fireEvent.click(screen.getByRole('button', { name: 'Salvar e continuar' }));
    await waitFor(() =>
      expect(useToastStore.getState().toasts[0]).toMatchObject({
        title: 'Resposta atualizada',
        description: 'Suas alterações foram enviadas e aguardam nova aprovação do dono do caderno.',
      }),
    );
  });

  it('a refused answer stays on its page with the message and the words, announced', async () => {
    const { api } = fakeApi({ problem: { code: 'forbidden_words', message: 'Sua resposta contém palavras proibidas e não pode ser salva.', words: ['feio'] } });
    renderStepper(viewOf(questions), api);
    fireEvent.input(screen.getByLabelText('Sua resposta'), { target: { value: 'muito feio' } });
    fireEvent.click(screen.getByRole('button', { name: 'Salvar e continuar' }));
    const alert = await screen.findByRole('alert');
    expect(alert.textContent).toBe('Sua resposta contém palavras proibidas e não pode ser salva. (feio)');
    expect(screen.getByTestId('page-number').textContent).toBe('Página 1 de 2');
    expect(screen.getByLabelText('Sua resposta').getAttribute('aria-invalid')).toBe('true');
    expect(useToastStore.getState().toasts[0]).toMatchObject({ title: 'Erro ao enviar resposta', variant: 'destructive' });
  });

  it('deletes my answer (spec §8: Resposta excluída)', async () => {
    const { api } = fakeApi({ created: true, awaitingApproval: false });
    renderStepper(viewOf([question('q1', 'Só uma?')], { myAnswers: { q1: { id: 'a1', text: 'Sim', moderation_status: 'approved' } } }), api);
    // All answered: the completion page opens; go back to the question.
    fireEvent.click(await screen.findByRole('button', { name: 'Revisar minhas respostas' }));
    fireEvent.click(screen.getByRole('button', { name: 'Excluir resposta' }));
    await waitFor(() => expect(useToastStore.getState().toasts[0]).toMatchObject({ title: 'Resposta excluída' }));
    expect((api.answers.delete as ReturnType<typeof vi.fn>).mock.calls).toEqual([['a1']]);
    expect(screen.getByLabelText<HTMLTextAreaElement>('Sua resposta').value).toBe('');
  });

  // QA J1, issue 29: the last page had "Concluir" beside "Salvar e concluir"; with text typed it
  // asked "Salvar sua resposta antes de sair?". One finish now: it saves what was typed, or just finishes.
  it('the last page has one finish: "Concluir" with nothing typed, "Salvar e concluir" with text, which saves without asking', async () => {
    const { api, answer } = fakeApi({ created: true, awaitingApproval: false });
    renderStepper(viewOf([question('q1', 'Cor favorita?'), question('q3', 'Música?')]), api);
    fireEvent.click(screen.getByRole('button', { name: 'Pular' }));
    // Nothing typed: nothing to lose, the page turns without asking.
    expect(screen.getByTestId('page-number').textContent).toBe('Página 2 de 2');
    expect(screen.getAllByRole('button', { name: /concluir/i }).map((b) => b.textContent)).toEqual(['Concluir']);
    fireEvent.input(screen.getByLabelText('Sua resposta'), { target: { value: 'Trem-bala' } });
    expect(screen.getAllByRole('button', { name: /concluir/i }).map((b) => b.textContent)).toEqual(['Salvar e concluir']);
    fireEvent.click(screen.getByRole('button', { name: 'Salvar e concluir' }));
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(await screen.findByTestId('stepper-complete')).toBeTruthy();
    expect(answer).toHaveBeenCalledWith('q3', { text: 'Trem-bala', is_anonymous: false, responder_name: null });
    expect(useToastStore.getState().toasts[0]).toMatchObject({ title: 'Resposta enviada' });
  });

  it('"Concluir" with nothing typed finishes without saving', async () => {
    const { api, answer } = fakeApi({ created: true, awaitingApproval: false });
    renderStepper(viewOf([question('q1', 'Só uma?')]), api);
    fireEvent.click(screen.getByRole('button', { name: 'Concluir' }));
    expect(await screen.findByTestId('stepper-complete')).toBeTruthy();
    expect(answer).not.toHaveBeenCalled();
  });

  it('going back with typed text asks too, and discarding leaves the page unsaved', async () => {
    const { api, answer } = fakeApi({ created: true, awaitingApproval: false });
    renderStepper(viewOf([question('q1', 'Cor favorita?'), question('q3', 'Música?')]), api);
    fireEvent.click(screen.getByRole('button', { name: 'Pular' }));
    fireEvent.input(screen.getByLabelText('Sua resposta'), { target: { value: 'Trem-bala' } });
    fireEvent.click(screen.getByRole('button', { name: 'Anterior' }));
    fireEvent.click(within(screen.getByRole('dialog', { name: 'Salvar sua resposta antes de sair?' })).getByRole('button', { name: 'Descartar' }));
    expect(screen.getByTestId('page-number').textContent).toBe('Página 1 de 2');
    expect(answer).not.toHaveBeenCalled();
  });

  it('an edited saved answer asks before leaving; an untouched one does not', () => {
    const { api } = fakeApi({ created: true, awaitingApproval: false });
    const saved = { id: 'a1', text: 'Azul', is_anonymous: false, responder_name: null, moderation_status: 'approved' } as const;
    renderStepper(viewOf([question('q1', 'Cor favorita?'), question('q3', 'Música?')], { myAnswers: { q1: saved } }), api);
    fireEvent.click(screen.getByRole('button', { name: 'Anterior' }));
    fireEvent.click(screen.getByRole('button', { name: 'Pular' }));
    expect(screen.getByTestId('page-number').textContent).toBe('Página 2 de 2');
    fireEvent.click(screen.getByRole('button', { name: 'Anterior' }));
    fireEvent.click(screen.getByLabelText('Responder anonimamente'));
    fireEvent.click(screen.getByRole('button', { name: 'Pular' }));
    expect(screen.getByRole('dialog', { name: 'Salvar sua resposta antes de sair?' })).toBeTruthy();
  });

  it('ends on the completion page', async () => {
    const { api } = fakeApi({ created: true, awaitingApproval: false });
    renderStepper(viewOf([question('q1', 'Só uma?')]), api);
    fireEvent.input(screen.getByLabelText('Sua resposta'), { target: { value: 'Sim' } });
    fireEvent.click(screen.getByRole('button', { name: 'Salvar e concluir' }));
    expect(await screen.findByTestId('stepper-complete')).toBeTruthy();
    await waitFor(() => expect(screen.getByRole('heading', { name: 'Obrigado por responder!' })).toBe(document.activeElement));
  });
});
