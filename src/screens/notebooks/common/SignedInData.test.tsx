import { afterEach, describe, expect, it } from 'vitest';
import { cleanup, render, screen } from '@testing-library/react';
import { Router } from 'wouter';
import { memoryLocation } from 'wouter/memory-location';
import { SIGNED_OUT, useSessionStore } from '../../../state/session.ts';
import { SignedInData } from './SignedInData.tsx';

/**
 * The one gate of the notebook screens, before the person's database is open: a visitor is sent
 * to the login page (and back here afterwards) or shown the screen's own panel; while the session
 * is looked at, the screen's loading state. (The open database, the `ready` case, is exercised by
 * the notebook browser tests.)
 */

function renderGate(gate: 'redirect' | 'panel') {
  const location = memoryLocation({ path: '/meus-cadernos', record: true });
  const common = { failed: <p>falhou</p>, loading: <p>carregando</p>, children: () => <p>cadernos</p> };
  render(
    <Router hook={location.hook}>
      {gate === 'redirect' ? <SignedInData loginNext="/meus-cadernos" {...common} /> : <SignedInData signedOut={<p>entre para ver</p>} {...common} />}
    </Router>,
  );
  return location;
}

afterEach(() => {
  cleanup();
  useSessionStore.setState({ ...SIGNED_OUT, status: 'loading', linkError: null });
});

describe('SignedInData', () => {
  it('sends a visitor to the login page, with the way back', () => {
    useSessionStore.setState({ ...SIGNED_OUT });
    const location = renderGate('redirect');
    expect(location.history.at(-1)).toBe('/login?next=%2Fmeus-cadernos');
  });

  it("shows a visitor the screen's own panel when it has one", () => {
    useSessionStore.setState({ ...SIGNED_OUT });
    const location = renderGate('panel');
    expect(screen.getByText('entre para ver')).toBeTruthy();
    expect(location.history).toEqual(['/meus-cadernos']);
  });

  it('shows the loading state while the session is looked at', () => {
    renderGate('redirect');
    expect(screen.getByText('carregando')).toBeTruthy();
    expect(screen.queryByText('cadernos')).toBeNull();
  });
});
