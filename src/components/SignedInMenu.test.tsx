import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import { act, cleanup, fireEvent, render, screen } from '@testing-library/react';
import { I18nProvider } from '@lingui/react';
import { i18n } from '@lingui/core';
import { Router } from 'wouter';
import { memoryLocation } from 'wouter/memory-location';
import SignedInMenu from './SignedInMenu.tsx';
import { useSessionStore, useSignOutConfirmStore } from '../state/session.ts';

function renderMenu() {
  const location = memoryLocation({ path: '/meus-cadernos', record: true });
  render(
    <I18nProvider i18n={i18n}>
      <Router hook={location.hook}>
        <SignedInMenu />
      </Router>
    </I18nProvider>,
  );
  return location;
}

const sair = () => screen.queryByRole('button', { name: 'Sair' });
const toggle = () => screen.getByRole('button', { name: '@ana' });

beforeAll(() => {
  i18n.loadAndActivate({ locale: 'pt-BR', messages: {} });
});
afterEach(() => {
  cleanup();
  useSessionStore.setState({ username: null });
  useSignOutConfirmStore.setState({ pending: null, resolve: null });
});

describe('the signed-in menu', () => {
  it('opens on its button and shows profile, settings and "Sair"', () => {
    useSessionStore.setState({ username: 'ana' });
    renderMenu();
    expect(sair()).toBeNull();
    fireEvent.click(toggle());
    expect(toggle().getAttribute('aria-expanded')).toBe('true');
    expect(screen.getByRole('link', { name: 'Meu perfil' })).toBeTruthy();
    expect(sair()).toBeTruthy();
  });

  it('closes when the person goes to another page, and opens again there', () => {
    useSessionStore.setState({ username: 'ana' });
    const location = renderMenu();
    fireEvent.click(toggle());
    act(() => location.navigate('/settings'));
    expect(sair()).toBeNull();
    fireEvent.click(toggle());
    expect(sair()).toBeTruthy();
  });

  it('closes on Escape, giving the focus back to its button, and on a click elsewhere', () => {
    useSessionStore.setState({ username: 'ana' });
    renderMenu();
    fireEvent.click(toggle());
    fireEvent.keyDown(document, { key: 'Escape' });
    expect(sair()).toBeNull();
    expect(document.activeElement).toBe(toggle());
    fireEvent.click(toggle());
    fireEvent.pointerDown(document.body);
    expect(sair()).toBeNull();
  });

  it('closes when the focus leaves it (Tab past its last item)', () => {
    useSessionStore.setState({ username: 'ana' });
    render(<button type="button">depois</button>);
    renderMenu();
    fireEvent.click(toggle());
    fireEvent.focusOut(sair()!, { relatedTarget: screen.getByRole('button', { name: 'depois' }) });
    expect(sair()).toBeNull();
  });

  it('closes when it opens the "sign out anyway?" dialog, so the menu does not stay open behind it', async () => {
    useSessionStore.setState({ username: 'ana' });
    renderMenu();
    fireEvent.click(toggle());
    act(() => void useSignOutConfirmStore.getState().ask([{ id: 'w1', kind: 'questions', label: '' }]));
    expect(toggle().getAttribute('aria-expanded')).toBe('false');
  });
});
