/**
 * While a round of "Passar o caderno" goes on (issue 21), every address leads back to it: a friend
 * holding the phone cannot open the host's notebooks or settings by link, back button or URL.
 */
import { afterEach, beforeAll, expect, it } from 'vitest';
import { act, cleanup, render } from '@testing-library/react';
import { I18nProvider } from '@lingui/react';
import { i18n } from '@lingui/core';
import { Router } from 'wouter';
import { memoryLocation } from 'wouter/memory-location';
import './routes.ts'; // the pages the top bar asks about (src/navigation/pages.ts)
import { RoundGuard } from './RoundGuard.tsx';
import { TopBar } from '../components/frame/TopBar.tsx';
import { roundPath, useRoundStore } from '../state/round.ts';

function renderAt(path: string, locked: boolean) {
  const location = memoryLocation({ path, record: true });
  render(
    <I18nProvider i18n={i18n}>
      <Router hook={location.hook}>
        <TopBar locked={locked} />
        <RoundGuard />
      </Router>
    </I18nProvider>,
  );
  return location;
}

beforeAll(() => i18n.loadAndActivate({ locale: 'pt-BR', messages: {} }));
afterEach(() => {
  cleanup();
  act(() => useRoundStore.setState({ known: false, active: null }));
});

it('sends every other page back to the round, and leaves the round page alone', () => {
  act(() => useRoundStore.setState({ known: true, active: { notebookId: 'caderno-1', hostId: 'anfitria' } }));
  for (const path of ['/meus-cadernos', '/settings', '/notebook/caderno-2', '/notebook/caderno-1', '/']) {
    const location = renderAt(path, true);
    expect(location.history!.at(-1), path).toBe(roundPath('caderno-1'));
    cleanup();
  }
  const location = renderAt(roundPath('caderno-1'), true);
  expect(location.history).toEqual([roundPath('caderno-1')]);
});

it('the locked top bar offers no way out: no back, no home link, no account menu', () => {
  const waysOut = (locked: boolean) => {
    const { container, unmount } = render(
      <I18nProvider i18n={i18n}>
        <Router hook={memoryLocation({ path: roundPath('caderno-1') }).hook}>
          <TopBar locked={locked} />
        </Router>
      </I18nProvider>,
    );
    const found = container.querySelectorAll('header a:not([href="#main"]), header button').length;
    unmount();
    return found;
  };
  expect(waysOut(false)).toBeGreaterThan(0);
  expect(waysOut(true)).toBe(0);
});

it('without a round, nothing is redirected', () => {
  const location = renderAt('/meus-cadernos', false);
  expect(location.history).toEqual(['/meus-cadernos']);
});
