import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { messages as adminPt } from '../locales/pt-BR/messages.po';
import { messages as adminEn } from '../locales/en-US/messages.po';
import { renderOnline } from '../../online/testing.tsx';
import type * as Moderation from '../../../data/online/moderation.ts';
import type { QueuePage, ReportTarget } from '../../../data/online/moderation.ts';

/**
 * /admin › Denúncias (issue 33): the queue in the server's order with its marks (self-harm, how
 * many, hidden), the next page after the server's cursor, a target in its context, the reason the
 * author reads required before hide / delete / warn / ban, a confirmation before hide, delete and
 * ban (not before a warning), no hide or delete offered for a profile; in both languages.
 */
const readReportQueue = vi.fn<typeof Moderation.readReportQueue>();
const readReportTarget = vi.fn<typeof Moderation.readReportTarget>();
const actOnReport = vi.fn<typeof Moderation.actOnReport>();
vi.mock('../../../data/online/moderation.ts', async (importOriginal) => ({
  ...(await importOriginal<typeof Moderation>()),
  readReportQueue: (...args: Parameters<typeof Moderation.readReportQueue>) => readReportQueue(...args),
  readReportTarget: (...args: Parameters<typeof Moderation.readReportTarget>) => readReportTarget(...args),
  actOnReport: (...args: Parameters<typeof Moderation.actOnReport>) => actOnReport(...args),
}));
const { default: ReportsSection } = await import('./ReportsSection.tsx');

const ANSWER = '11111111-1111-4111-8111-111111111111';
const PROFILE = '22222222-2222-4222-8222-222222222222';
const item = (over: Partial<QueuePage['items'][number]>): QueuePage['items'][number] => ({
  kind: 'answer', target_id: ANSWER, notebook_id: null, reports: 1, self_harm: false, reasons: [], newest: '2026-11-28T19:00:00Z',
  preview: 'Uma resposta', hidden: false, gone: false, ...over,
});
const answerTarget: ReportTarget = {
  kind: 'answer', target_id: ANSWER, present: true, hidden_at: null,
  content: { text: 'Uma resposta ofensiva', is_anonymous: true, created_at: '2026-11-28T18:00:00Z' },
  author: { id: 'a', username: 'autor', display_name: 'Autor', account_status: 'active' },
  context: { notebook: { id: 'n', title: 'Caderno da turma', owner: 'dona' }, question: { id: 'q', text: 'Qual é o seu sonho?' } },
  reports: [{ id: 'r', reason: 'bullying', details: 'me ofendeu', status: 'open', decision: null, created_at: '2026-11-28T19:00:00Z', handled_at: null }],
  audit: [],
};

function show(locale: 'pt-BR' | 'en-US' = 'pt-BR') {
  renderOnline(<ReportsSection />, locale, { 'pt-BR': adminPt, 'en-US': adminEn });
}

async function openAnswer() {
  fireEvent.click(await screen.findByRole('button', { name: /Uma resposta ofensiva/ }));
  return within(await screen.findByTestId('admin-report-target'));
}

beforeEach(() => {
  readReportQueue.mockResolvedValue({ items: [item({ preview: 'Uma resposta ofensiva', reports: 3, self_harm: true, reasons: ['self_harm', 'bullying'] })], next: null });
  readReportTarget.mockResolvedValue(answerTarget);
  actOnReport.mockResolvedValue({ action: 'hide', handled: 1, author_notified: true });
});
afterEach(() => {
  cleanup();
  vi.clearAllMocks();
});

describe('ReportsSection', () => {
  it('shows the queue with its marks, the open reports first; another state or kind asks the server again', async () => {
    show();
    const row = await screen.findByTestId('admin-report');
    expect(row.textContent).toContain('Automutilação ou suicídio');
    // said once: the mark in front, not again among the reasons
    expect(row.textContent!.split('Automutilação ou suicídio')).toHaveLength(2);
    expect(row.textContent).toContain('3 denúncias');
    expect(row.textContent).toContain('Bullying ou assédio');
    expect(readReportQueue).toHaveBeenCalledWith(null, 'open', null);
    fireEvent.click(screen.getByRole('button', { name: 'Resolvidas' }));
    await waitFor(() => expect(readReportQueue).toHaveBeenCalledWith(null, 'actioned', null));
    fireEvent.click(screen.getByRole('button', { name: 'Recado do mural' }));
    await waitFor(() => expect(readReportQueue).toHaveBeenCalledWith('guestbook_message', 'actioned', null));
  });

  it('loads the next page after the cursor the server gave', async () => {
    const next = { self_harm: false, reports: 1, newest: '2026-11-28T19:00:00Z', kind: 'answer', target_id: ANSWER };
    readReportQueue
      .mockResolvedValueOnce({ items: [item({})], next })
      .mockResolvedValueOnce({ items: [item({ target_id: PROFILE, kind: 'profile', preview: 'Perfil X (@x)' })], next: null });
    show();
    fireEvent.click(await screen.findByRole('button', { name: 'Carregar mais' }));
    expect(await screen.findByText('Perfil X (@x)')).toBeTruthy();
    expect(readReportQueue).toHaveBeenLastCalledWith(null, 'open', next);
    expect(screen.getAllByTestId('admin-report')).toHaveLength(2);
  });

  it('opens a target in its context, asks for the reason and a confirmation before hiding it', async () => {
    show();
    const target = await openAnswer();
    expect(target.getByText(/Qual é o seu sonho\?/)).toBeTruthy();
    expect(target.getByText(/Caderno da turma/)).toBeTruthy();
    expect(target.getByText(/@autor/)).toBeTruthy();
    expect(target.getByText(/publicado como anônimo/)).toBeTruthy();
    expect(target.getByText('me ofendeu')).toBeTruthy();

    fireEvent.click(target.getByRole('button', { name: 'Ocultar' }));
    expect(target.getByRole('alert').textContent).toBe('Escreva o motivo: o autor vai lê-lo.');
    expect(actOnReport).not.toHaveBeenCalled();

    fireEvent.input(target.getByLabelText('Motivo (o autor lê)'), { target: { value: 'Ofende um colega' } });
    const hide = target.getByRole('button', { name: 'Ocultar' });
    hide.focus();
    fireEvent.click(hide);
    let confirm = target.getByRole('alertdialog');
    expect(confirm.textContent).toContain('Ocultar este conteúdo de todos os aparelhos?');
    expect(actOnReport).not.toHaveBeenCalled();
    // the question below the buttons takes the focus (its safe choice); Cancelar gives it back
    expect(document.activeElement).toBe(within(confirm).getByRole('button', { name: 'Cancelar' }));
    fireEvent.click(within(confirm).getByRole('button', { name: 'Cancelar' }));
    expect(target.queryByRole('alertdialog')).toBeNull();
    expect(document.activeElement).toBe(hide);
    fireEvent.click(hide);
    confirm = target.getByRole('alertdialog');
    fireEvent.click(within(confirm).getByRole('button', { name: 'Confirmar' }));
    await waitFor(() => expect(actOnReport).toHaveBeenCalledWith('answer', ANSWER, 'hide', 'Ofende um colega'));
  });

  it('warns without a confirmation; a hidden target offers restore; a profile is never hidden nor deleted', async () => {
    show();
    let target = await openAnswer();
    fireEvent.input(target.getByLabelText('Motivo (o autor lê)'), { target: { value: 'Primeiro aviso' } });
    fireEvent.click(target.getByRole('button', { name: 'Advertir' }));
    await waitFor(() => expect(actOnReport).toHaveBeenCalledWith('answer', ANSWER, 'warn', 'Primeiro aviso'));
    expect(target.queryByRole('alertdialog')).toBeNull();
    cleanup();

    readReportTarget.mockResolvedValue({ ...answerTarget, hidden_at: '2026-11-28T19:10:00Z' });
    show();
    target = await openAnswer();
    expect(target.getByRole('button', { name: 'Restaurar' })).toBeTruthy();
    expect(target.queryByRole('button', { name: 'Ocultar' })).toBeNull();
    cleanup();

    readReportQueue.mockResolvedValue({ items: [item({ kind: 'profile', target_id: PROFILE, preview: 'Uma resposta ofensiva' })], next: null });
    readReportTarget.mockResolvedValue({ ...answerTarget, kind: 'profile', target_id: PROFILE, context: {} });
    show();
    target = await openAnswer();
    const actions = target.getAllByRole('button').map((b) => b.textContent);
    expect(actions).toEqual(expect.arrayContaining(['Descartar denúncias', 'Advertir', 'Banir autor']));
    expect(actions).not.toContain('Ocultar');
    expect(actions).not.toContain('Excluir');
  });

  it('says the server\'s refusal in the app\'s words, and speaks English', async () => {
    const { ModerationError } = await vi.importActual<typeof Moderation>('../../../data/online/moderation.ts');
    actOnReport.mockRejectedValue(new ModerationError('not_allowed'));
    show('en-US');
    expect(await screen.findByRole('heading', { name: 'Reports' })).toBeTruthy();
    const target = await openAnswer();
    fireEvent.input(target.getByLabelText('Reason (the author reads it)'), { target: { value: 'Spam' } });
    fireEvent.click(target.getByRole('button', { name: 'Warn' }));
    expect((await target.findByRole('alert')).textContent).toBe('Only admins act on reports.');
  });
});
