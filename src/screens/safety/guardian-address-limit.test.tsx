/**
 * A guardian's address named by too many accounts today (issue 35): the sign-up keeps the account
 * and mails nobody (the database's limit: five accounts a day per address), and guardian-mail
 * answers 429 guardian_address_rate_limited. The minor reads it in pt-BR and en-US — the settings'
 * guardian section says no mail went out yet, and "send again" says why and what to do (tomorrow,
 * or tell the guardian). The server's side: supabase/tests/guardian-signup-address-limit.test.ts.
 */
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { cleanup, fireEvent, screen } from '@testing-library/react';
import { Observable } from 'rxjs';
import { messages as pt } from '../accounts/locales/pt-BR/messages.po';
import { messages as en } from '../accounts/locales/en-US/messages.po';
import { renderOnline } from '../online/testing.tsx';
import type * as Guardian from '../../data/online/guardian.ts';
import type * as Safety from '../../data/online/safety.ts';

const sendGuardianMail = vi.fn<typeof Guardian.sendGuardianMail>();
vi.mock('../../data/online/guardian.ts', async (importOriginal) => ({
  ...(await importOriginal<typeof Guardian>()),
  sendGuardianMail: (...args: Parameters<typeof Guardian.sendGuardianMail>) => sendGuardianMail(...args),
}));
vi.mock('../../data/online/safety.ts', async (importOriginal) => ({
  ...(await importOriginal<typeof Safety>()),
  readMySafety: async () => ({
    ok: true,
    value: { minor: true, guardianEmail: 'avo@example.test', guardianConfirmed: false, guardianMailed: false },
  }),
}));
vi.mock('../../data/online/live.ts', async (importOriginal) => ({
  ...(await importOriginal<object>()),
  profileChanges: () => new Observable(() => undefined),
}));

const { default: GuardianSection } = await import('./GuardianSection.tsx');

beforeEach(() => {
  sendGuardianMail.mockResolvedValue({ ok: false, problem: 'guardian_address_rate_limited' });
});
afterEach(() => {
  cleanup();
  vi.clearAllMocks();
});

describe("the guardian's address had enough today", () => {
  it.each([
    [
      'pt-BR',
      'Ainda não enviamos o e-mail ao seu responsável (avo@example.test). Envie abaixo; até ele confirmar, seu perfil e suas conexões ficam privados.',
      'Enviar o e-mail de novo',
      'O e-mail do seu responsável já recebeu o máximo de pedidos de confirmação por hoje, então não enviamos o seu. Sua conta foi criada: envie de novo amanhã em Configurações, ou peça ao seu responsável para ficar de olho no e-mail.',
    ],
    [
      'en-US',
      "We haven't e-mailed your guardian (avo@example.test) yet. Send it below; until they confirm, your profile and connections stay private.",
      'Send the e-mail again',
      "Your guardian's e-mail has received the most confirmation requests allowed for today, so yours was not sent. Your account was created: send it again tomorrow in Settings, or ask your guardian to keep an eye on their e-mail.",
    ],
  ] as const)('the minor reads that nothing went out and why (%s)', async (locale, state, again, why) => {
    renderOnline(<GuardianSection userId="teen" />, locale, { 'pt-BR': pt, 'en-US': en });
    expect(await screen.findByText(state)).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: again }));
    expect((await screen.findByRole('status')).textContent).toBe(why);
    expect(sendGuardianMail).toHaveBeenCalledTimes(1);
  });
});
