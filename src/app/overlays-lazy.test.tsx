import { act, cleanup, render, screen } from '@testing-library/react';
import { I18nProvider } from '@lingui/react';
import { i18n } from '@lingui/core';
import { Router } from 'wouter';
import { memoryLocation } from 'wouter/memory-location';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import DeferredOverlays from './overlays-lazy.tsx';
import { CONSENT_DELAY_MS, useConsentStore } from '../state/consent.ts';
import { useRoundStore } from '../state/round.ts';

function renderOverlaysOn(path: string) {
  render(
    <I18nProvider i18n={i18n}>
      <Router hook={memoryLocation({ path }).hook}>
        <DeferredOverlays />
      </Router>
    </I18nProvider>,
  );
}

const cookieQuestion = () => screen.queryByTestId('cookie-consent');

beforeAll(() => {
  i18n.loadAndActivate({ locale: 'pt-BR', messages: {} });
});
afterEach(() => {
  cleanup();
  vi.useRealTimers();
  useConsentStore.setState({ choice: null });
  useRoundStore.setState({ known: false, active: null });
});

describe('the deferred overlays', () => {
  it('ask about cookies a moment after load when no choice is stored', async () => {
    vi.useFakeTimers();
    renderOverlaysOn('/meus-cadernos');
    await act(async () => vi.advanceTimersByTimeAsync(CONSENT_DELAY_MS + 100));
    expect(cookieQuestion()).not.toBeNull();
  });

  it('never cover a round of "Passar o caderno": the cookie question waits until the round ends', async () => {
    vi.useFakeTimers();
    useRoundStore.setState({ known: true, active: { notebookId: 'n1', hostId: 'h1' } });
    renderOverlaysOn('/notebook/n1/rodada');
    await act(async () => vi.advanceTimersByTimeAsync(CONSENT_DELAY_MS * 5));
    expect(cookieQuestion()).toBeNull();

    await act(async () => useRoundStore.setState({ known: true, active: null }));
    await act(async () => vi.advanceTimersByTimeAsync(CONSENT_DELAY_MS + 100));
    expect(cookieQuestion()).not.toBeNull();
  });
});
