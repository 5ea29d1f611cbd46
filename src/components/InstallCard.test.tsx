import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import { cleanup, render, screen } from '@testing-library/react';
import { I18nProvider } from '@lingui/react';
import { i18n } from '@lingui/core';
import { Router } from 'wouter';
import { memoryLocation } from 'wouter/memory-location';
import { InstallCard } from './InstallCard.tsx';
import { useInstallStore } from '../state/install.ts';
import { ACCEPT_ALL, useConsentStore } from '../state/consent.ts';
import { useSessionStore } from '../state/session.ts';

function renderCardOn(path: string) {
  render(
    <I18nProvider i18n={i18n}>
      <Router hook={memoryLocation({ path }).hook}>
        <InstallCard />
      </Router>
    </I18nProvider>,
  );
}

const card = () => screen.queryByTestId('install-card');

beforeAll(() => {
  i18n.loadAndActivate({ locale: 'pt-BR', messages: {} });
});
afterEach(() => {
  cleanup();
  useConsentStore.setState({ choice: null });
  useSessionStore.setState({ status: 'loading' });
});

describe('the install offer', () => {
  const browserOffers = () => useInstallStore.setState({ prompt: {} as never, installed: false, dismissedAt: null });

  it('never shows on a first visit, over the cookie question', () => {
    browserOffers();
    useSessionStore.setState({ status: 'signed-in' });
    renderCardOn('/meus-cadernos');
    expect(card()).toBeNull();
  });

  it('waits for something worth keeping: a visitor who chose cookies is not offered it', () => {
    browserOffers();
    useConsentStore.setState({ choice: ACCEPT_ALL });
    useSessionStore.setState({ status: 'signed-out' });
    renderCardOn('/n/ABC123');
    expect(card()).toBeNull();
  });

  it('shows to a signed-in person who made the cookie choice, on their pages', () => {
    browserOffers();
    useConsentStore.setState({ choice: ACCEPT_ALL });
    useSessionStore.setState({ status: 'signed-in' });
    renderCardOn('/meus-cadernos');
    expect(card()).not.toBeNull();
  });

  it('never covers the landing page or an invitation', () => {
    browserOffers();
    useConsentStore.setState({ choice: ACCEPT_ALL });
    useSessionStore.setState({ status: 'signed-in' });
    renderCardOn('/');
    expect(card()).toBeNull();
    cleanup();
    renderCardOn('/n/ABC123');
    expect(card()).toBeNull();
  });
});
