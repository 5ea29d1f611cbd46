import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { cleanup, fireEvent, render, screen } from '@testing-library/react';
import { I18nProvider } from '@lingui/react';
import { i18n, type Messages } from '@lingui/core';
import { messages as appPt } from '../../locale/locales/pt-BR/messages.po';
import { messages as appEn } from '../../locale/locales/en-US/messages.po';
import { messages as notebooksPt } from '../notebooks/locales/pt-BR/messages.po';
import { messages as notebooksEn } from '../notebooks/locales/en-US/messages.po';
import type { RoundResult } from '../../data/problems.ts';
import type { ClaimOutcome } from '../../data/repositories/rounds.ts';
import { useSessionStore } from '../../state/session.ts';

/**
 * Issue 28: what a claim did about the notebook, said to the person in both languages. A viewer's
 * (or any non-owner's) guest takes their answers home without the notebook ('not_granted'): the
 * screen says so and does not offer to open a notebook that would not open; too many wrong codes
 * ('too_many_attempts', the server's 429) has its own words.
 */
const claim = vi.fn<(code: string) => Promise<RoundResult<ClaimOutcome>>>();
vi.mock('../../state/data-layer.ts', () => ({
  useDataLayer: () => ({ status: 'ready', layer: { api: { rounds: { claim } } } }),
}));
const { default: ClaimScreen } = await import('./ClaimScreen.tsx');

const CATALOGS: Record<string, Messages> = {
  'pt-BR': { ...appPt, ...notebooksPt },
  'en-US': { ...appEn, ...notebooksEn },
};

function showIn(locale: 'pt-BR' | 'en-US') {
  i18n.loadAndActivate({ locale, messages: CATALOGS[locale] });
  render(
    <I18nProvider i18n={i18n}>
      <ClaimScreen />
    </I18nProvider>,
  );
}

async function claimWith(code: string) {
  fireEvent.change(screen.getByRole('textbox'), { target: { value: code } });
  fireEvent.submit(screen.getByRole('textbox').closest('form')!);
}

beforeEach(() => {
  useSessionStore.setState({ status: 'signed-in', userId: 'me' } as never);
});
afterEach(() => {
  cleanup();
  claim.mockReset();
});

const outcome = (access: ClaimOutcome['access']): RoundResult<ClaimOutcome> => ({ ok: true, value: { notebookId: 'n1', moved: 2, kept: 0, access } });

describe('the claim screen', () => {
  it.each([
    ['pt-BR', '2 respostas agora são suas.', 'O caderno não foi compartilhado com você', 'Ir para meus cadernos', 'Abrir o caderno'],
    ['en-US', '2 answers are now yours.', 'The notebook was not shared with you', 'Go to my notebooks', 'Open the notebook'],
  ] as const)('%s: answers claimed without the notebook say so, and lead to the dashboard instead of the notebook', async (locale, moved, notShared, dashboard, open) => {
    claim.mockResolvedValue(outcome('not_granted'));
    showIn(locale);
    await claimWith('ABCD-EFGH-JKLM');
    expect(await screen.findByText(moved)).toBeTruthy();
    expect(screen.getByTestId('claim-no-access').textContent).toContain(notShared);
    expect(screen.getByRole('link', { name: dashboard }).getAttribute('href')).toBe('/meus-cadernos');
    expect(screen.queryByRole('link', { name: open })).toBeNull();
  });

  it.each([
    ['pt-BR', 'Abrir o caderno'],
    ['en-US', 'Open the notebook'],
  ] as const)('%s: a claim that gave (or found) access opens the notebook, with nothing said about sharing', async (locale, open) => {
    for (const access of ['granted', 'existing'] as const) {
      claim.mockResolvedValue(outcome(access));
      showIn(locale);
      await claimWith('ABCD-EFGH-JKLM');
      expect((await screen.findByRole('link', { name: open })).getAttribute('href')).toBe('/notebook/n1');
      expect(screen.queryByTestId('claim-no-access')).toBeNull();
      cleanup();
    }
  });

  it.each([
    ['pt-BR', 'Muitos códigos errados em pouco tempo. Espere alguns minutos e tente de novo.'],
    ['en-US', 'Too many wrong codes in a short time. Wait a few minutes and try again.'],
  ] as const)('%s: too many wrong codes has its own words', async (locale, words) => {
    claim.mockResolvedValue({ ok: false, problem: { code: 'too_many_attempts', field: 'code' } });
    showIn(locale);
    await claimWith('ABCD-EFGH-JKLM');
    expect(await screen.findByText(words)).toBeTruthy();
  });
});
