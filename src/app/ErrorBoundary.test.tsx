/**
 * The boundary's two answers (spec §8, issue 29): a part this phone could not download is said in
 * the app's words and opens by itself when the signal returns; any other render error shows the
 * error card with its message, retry and the way home.
 */
import { act, cleanup, fireEvent, render, screen } from '@testing-library/react';
import { I18nProvider } from '@lingui/react';
import { i18n } from '@lingui/core';
import { Router } from 'wouter';
import { memoryLocation } from 'wouter/memory-location';
import { afterEach, beforeAll, expect, it, vi } from 'vitest';
import { ErrorBoundary } from './ErrorBoundary.tsx';

beforeAll(() => {
  i18n.loadAndActivate({ locale: 'pt-BR', messages: {} });
});
afterEach(cleanup);

let failure: Error | null = null;
function Page() {
  if (failure) throw failure;
  return <h1>A página</h1>;
}

function renderBoundary() {
  // The boundary reports what it caught to the console, as React does.
  vi.spyOn(console, 'error').mockImplementation(() => {});
  render(
    <I18nProvider i18n={i18n}>
      <Router hook={memoryLocation({ path: '/faq' }).hook}>
        <ErrorBoundary>
          <Page />
        </ErrorBoundary>
      </Router>
    </I18nProvider>,
  );
}

it('a render error shows the error card with its message; retry renders the page again', () => {
  failure = new Error('cannot read properties of undefined');
  renderBoundary();
  const card = screen.getByTestId('error-card');
  expect(card.textContent).toContain('Algo deu errado');
  expect(card.textContent).toContain('cannot read properties of undefined');
  expect(screen.getByRole('link', { name: 'Ir para o início' }).getAttribute('href')).toBe('/');
  failure = null;
  fireEvent.click(screen.getByRole('button', { name: 'Tentar novamente' }));
  expect(screen.getByRole('heading', { name: 'A página' })).toBeTruthy();
});

it('a part not downloaded is said in the app\'s words, never the browser\'s, and opens when the signal returns', async () => {
  failure = new Error('Failed to fetch dynamically imported module: http://127.0.0.1/assets/FaqScreen-x1.js');
  renderBoundary();
  const card = screen.getByTestId('missing-part');
  expect(card.textContent).toContain('Esta parte ainda não foi salva neste celular — conecte-se uma vez');
  expect(card.textContent).not.toMatch(/fetch|module|FaqScreen/i);
  expect(screen.queryByTestId('error-card')).toBeNull();
  failure = null;
  await act(async () => void window.dispatchEvent(new Event('online')));
  expect(screen.getByRole('heading', { name: 'A página' })).toBeTruthy();
});
