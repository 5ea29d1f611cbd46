import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import { cleanup, fireEvent, render, screen } from '@testing-library/react';
import { I18nProvider } from '@lingui/react';
import { i18n } from '@lingui/core';
import SignOutDialog from './SignOutDialog.tsx';
import { useSignOutConfirmStore } from '../state/session.ts';

function renderDialog() {
  return render(
    <I18nProvider i18n={i18n}>
      <SignOutDialog />
    </I18nProvider>,
  );
}

beforeAll(() => {
  i18n.loadAndActivate({ locale: 'pt-BR', messages: {} });
});
afterEach(() => {
  cleanup();
  useSignOutConfirmStore.setState({ pending: null, resolve: null });
});

describe('"sign out anyway?" dialog', () => {
  it('lists the unsynced writes and stays signed in by default (focused first)', async () => {
    const answer = useSignOutConfirmStore.getState().ask([
      { id: 'a1', label: 'Resposta: qual sua cor favorita?' },
      { id: 'n1', label: 'Caderno da turma 8B' },
    ]);
    renderDialog();
    expect(screen.getByRole('list', { name: 'Alterações não enviadas' }).textContent).toContain('Caderno da turma 8B');
    const stay = screen.getByRole('button', { name: 'Continuar conectado' });
    expect(document.activeElement).toBe(stay);
    fireEvent.click(stay);
    expect(await answer).toBe(false);
    expect(useSignOutConfirmStore.getState().pending).toBeNull();
  });

  it('names a write with nothing typed (a share, a collaboration) by its kind, in the page language', async () => {
    void useSignOutConfirmStore.getState().ask([
      { id: 'notebook_shares/s1', label: '', kind: 'notebook_shares' },
      { id: 'notebook_collaborators/c1', label: '', kind: 'notebook_collaborators' },
    ]);
    renderDialog();
    const items = screen.getAllByRole('listitem').map((item) => item.textContent);
    expect(items).toEqual(['Compartilhamento', 'Colaboração']);
  });

  it('signs out and discards when asked to', async () => {
    const answer = useSignOutConfirmStore.getState().ask([{ id: 'a1', label: 'x' }]);
    renderDialog();
    fireEvent.click(screen.getByRole('button', { name: 'Sair e descartar' }));
    expect(await answer).toBe(true);
  });

  it('a new question answers the previous one with "stay"', async () => {
    const first = useSignOutConfirmStore.getState().ask([{ id: 'a', label: 'a' }]);
    const second = useSignOutConfirmStore.getState().ask([{ id: 'b', label: 'b' }]);
    expect(await first).toBe(false);
    useSignOutConfirmStore.getState().answer(true);
    expect(await second).toBe(true);
  });
});
