import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import { cleanup, fireEvent, render, screen } from '@testing-library/react';
import { I18nProvider } from '@lingui/react';
import { i18n } from '@lingui/core';
import ReportButton from './ReportButton.tsx';
import { useSessionStore } from '../../../state/session.ts';

const ME = '11111111-1111-4111-8111-111111111111';
const OTHER = '22222222-2222-4222-8222-222222222222';
const ANSWER = '33333333-3333-4333-8333-333333333333';

function renderButton(props: Parameters<typeof ReportButton>[0]) {
  return render(
    <I18nProvider i18n={i18n}>
      <ReportButton {...props} />
    </I18nProvider>,
  );
}

beforeAll(() => {
  i18n.loadAndActivate({ locale: 'pt-BR', messages: {} });
});
afterEach(() => {
  cleanup();
  useSessionStore.setState({ userId: null });
});

describe('the report button (issue 33)', () => {
  it('is not offered to visitors, nor on the person’s own answer, poll or profile', () => {
    renderButton({ kind: 'answer', targetId: ANSWER, authorId: OTHER });
    expect(screen.queryByRole('button', { name: 'Denunciar' })).toBeNull();
    cleanup();
    useSessionStore.setState({ userId: ME });
    for (const props of [
      { kind: 'answer', targetId: ANSWER, authorId: ME },
      { kind: 'poll', targetId: ANSWER, authorId: ME },
      { kind: 'profile', targetId: ME },
    ] as const) {
      renderButton(props);
      expect(screen.queryByRole('button', { name: 'Denunciar' }), props.kind).toBeNull();
      cleanup();
    }
  });

  it('opens the dialog named for what is reported, focus on the first reason; details count down; Cancelar closes it', () => {
    useSessionStore.setState({ userId: ME });
    // an anonymous answer: its author is unknown on this device
    renderButton({ kind: 'answer', targetId: ANSWER, authorId: null });
    const button = screen.getByRole('button', { name: 'Denunciar' });
    expect(button.querySelector('svg')?.getAttribute('aria-hidden')).toBe('true');
    fireEvent.click(button);
    const dialog = screen.getByTestId('report-dialog');
    expect(dialog.getAttribute('aria-labelledby')).toBeTruthy();
    expect(document.getElementById(dialog.getAttribute('aria-labelledby')!)?.textContent).toBe('Denunciar resposta');
    expect(document.activeElement).toBe(screen.getByRole('radio', { name: 'Não informar' }));
    expect(screen.getAllByRole('radio').map((r) => r.parentElement?.textContent)).toEqual([
      'Não informar',
      'Bullying ou assédio',
      'Conteúdo sexual',
      'Automutilação ou suicídio',
      'Discurso de ódio',
      'Spam ou golpe',
      'Outro motivo',
    ]);
    fireEvent.click(screen.getByRole('radio', { name: 'Automutilação ou suicídio' }));
    expect(screen.getByRole('note').textContent).toContain('188');
    fireEvent.input(screen.getByLabelText('Detalhes (opcional)'), { target: { value: 'abc' } });
    expect(document.getElementById(screen.getByLabelText('Detalhes (opcional)').getAttribute('aria-describedby')!)?.textContent).toBe('497 caracteres restantes');
    fireEvent.click(screen.getByRole('button', { name: 'Cancelar' }));
    expect(screen.queryByTestId('report-dialog')).toBeNull();
  });
});
