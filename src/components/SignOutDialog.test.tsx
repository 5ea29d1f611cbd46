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
  it('lists the unsynced writes, counted; keeping them on this device is focused first; Continuar conectado stays', async () => {
    const answer = useSignOutConfirmStore.getState().ask([
      { id: 'a1', label: 'Resposta: qual sua cor favorita?' },
      { id: 'n1', label: 'Caderno da turma 8B' },
    ]);
    renderDialog();
    expect(screen.getByRole('list', { name: 'Alterações não enviadas' }).textContent).toContain('Caderno da turma 8B');
    expect(screen.getByText('Estas 2 alterações ainda não foram enviadas:')).toBeTruthy();
    expect(document.activeElement).toBe(screen.getByRole('button', { name: 'Sair e guardar neste aparelho' }));
    fireEvent.click(screen.getByRole('button', { name: 'Continuar conectado' }));
    expect(await answer).toBe('stay');
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

  it('keeps the work on this device for the same person, and says so', async () => {
    const answer = useSignOutConfirmStore.getState().ask([{ id: 'a1', label: 'x' }]);
    renderDialog();
    expect(screen.getByRole('dialog').getAttribute('aria-describedby')).toContain('sign-out-keep');
    expect(screen.getByText(/Quem entrar com outra conta neste aparelho não as vê/)).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Sair e guardar neste aparelho' }));
    expect(await answer).toBe('keep');
  });

  it('discarding says what is lost (one write), and is chosen only by its own button', async () => {
    const answer = useSignOutConfirmStore.getState().ask([{ id: 'a1', label: 'x' }]);
    renderDialog();
    const discard = screen.getByRole('button', { name: 'Sair e descartar' });
    expect(document.getElementById(discard.getAttribute('aria-describedby')!)?.textContent).toBe(
      'Descartar apaga esta alteração para sempre: ela nunca chegará ao servidor.',
    );
    fireEvent.click(discard);
    expect(await answer).toBe('discard');
  });

  it('a new question answers the previous one with "stay"', async () => {
    const first = useSignOutConfirmStore.getState().ask([{ id: 'a', label: 'a' }]);
    const second = useSignOutConfirmStore.getState().ask([{ id: 'b', label: 'b' }]);
    expect(await first).toBe('stay');
    useSignOutConfirmStore.getState().answer('discard');
    expect(await second).toBe('discard');
  });
});
