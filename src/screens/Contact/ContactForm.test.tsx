import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { I18nProvider } from '@lingui/react';
import { i18n } from '@lingui/core';
import { SIGNED_OUT, useSessionStore } from '../../state/session.ts';
import { useToastStore } from '../../state/toast.ts';
import { contactCharactersLeft, CONTACT_LIMITS, validateContact, type ContactSendResult } from '../../data/online/contact.ts';

const send = vi.hoisted(() => ({ result: { ok: true, id: 'm1' } as ContactSendResult, calls: [] as unknown[] }));
vi.mock('../../data/online/contact.ts', async (original) => ({
  ...(await original<typeof import('../../data/online/contact.ts')>()),
  sendContactMessage: async (draft: unknown) => {
    send.calls.push(draft);
    return send.result;
  },
}));

const { default: ContactForm } = await import('./ContactForm.tsx');

const renderForm = () =>
  render(
    <I18nProvider i18n={i18n}>
      <ContactForm />
    </I18nProvider>,
  );

// preact/compat hears a field's onChange as 'input' (a select's as 'change'): both are sent
const type = (label: string, value: string) => {
  const field = screen.getByLabelText(label);
  fireEvent.input(field, { target: { value } });
  fireEvent.change(field, { target: { value } });
};

function fillAll() {
  type('Nome', 'Maria');
  type('E-mail para a resposta', 'maria@example.com');
  type('Categoria', 'bug');
  type('Assunto', 'O caderno não abre');
  type('Mensagem', 'Desde ontem.');
}

beforeAll(() => i18n.loadAndActivate({ locale: 'pt-BR', messages: {} }));
beforeEach(() => {
  useSessionStore.setState({ ...SIGNED_OUT, linkError: null });
  send.calls = [];
  send.result = { ok: true, id: 'm1' };
});
afterEach(cleanup);

describe('the contact form on the device', () => {
  it('checks the fields as the database does (trimmed, code points)', () => {
    expect(validateContact({ name: ' ', email: 'x', category: '', subject: '', message: '\n' })).toEqual({
      name: 'required', email: 'invalid', category: 'required', subject: 'required', message: 'required',
    });
    expect(validateContact({ name: 'n'.repeat(101), email: 'a@b.co', category: 'other', subject: 's'.repeat(151), message: 'm'.repeat(4001) })).toEqual({
      name: 'too_long', subject: 'too_long', message: 'too_long',
    });
    expect(validateContact({ name: 'Ana', email: ' ana@b.co ', category: 'support', subject: 'Oi', message: 'Olá' })).toEqual({});
    expect(contactCharactersLeft('😀 ')).toBe(CONTACT_LIMITS.message - 1);
  });

  it('sends nothing with empty fields: each says what it needs and the first takes the focus', () => {
    renderForm();
    fireEvent.click(screen.getByRole('button', { name: 'Enviar mensagem' }));
    expect(screen.getByText('Informe seu nome.')).toBeTruthy();
    expect(screen.getByText('Informe seu e-mail.')).toBeTruthy();
    expect(screen.getByText('Escolha uma categoria.')).toBeTruthy();
    expect(screen.getByText('Informe o assunto.')).toBeTruthy();
    expect(screen.getByText('Escreva sua mensagem.')).toBeTruthy();
    expect(document.activeElement).toBe(screen.getByLabelText('Nome'));
    expect(screen.getByLabelText('Nome').getAttribute('aria-invalid')).toBe('true');
    expect(send.calls).toEqual([]);
  });

  it('fills in a signed-in person\'s name and e-mail', async () => {
    useSessionStore.setState({ status: 'signed-in', userId: 'u1', username: 'ana', email: 'ana@example.com' });
    renderForm();
    await waitFor(() => expect((screen.getByLabelText('Nome') as HTMLInputElement).value).toBe('ana'));
    expect((screen.getByLabelText('E-mail para a resposta') as HTMLInputElement).value).toBe('ana@example.com');
  });

  it('counts the characters left of the message', () => {
    renderForm();
    type('Mensagem', 'Oi!');
    expect(screen.getByText(`${i18n.number(CONTACT_LIMITS.message - 3)} caracteres restantes`)).toBeTruthy();
  });

  it('says it was sent, and a refused burst in the app\'s words as a destructive toast, keeping the text', async () => {
    renderForm();
    fillAll();
    send.result = { ok: false, problem: 'too_many_messages', waitSeconds: 290 };
    fireEvent.click(screen.getByRole('button', { name: 'Enviar mensagem' }));
    await screen.findByTestId('contact-error');
    expect(useToastStore.getState().toasts[0]).toEqual(
      expect.objectContaining({ title: 'Erro ao enviar mensagem', variant: 'destructive', description: 'Você enviou muitas mensagens em pouco tempo. Tente de novo daqui a 5 min.' }),
    );
    expect((screen.getByLabelText('Mensagem') as HTMLTextAreaElement).value).toBe('Desde ontem.');

    send.result = { ok: true, id: 'm2' };
    fireEvent.click(screen.getByRole('button', { name: 'Enviar mensagem' }));
    await screen.findByTestId('contact-sent');
    expect(screen.getByText('Recebemos sua mensagem e respondemos em até 24 horas no e-mail maria@example.com.')).toBeTruthy();
    expect(useToastStore.getState().toasts[0]).toEqual(expect.objectContaining({ title: 'Mensagem enviada!' }));
    expect(send.calls).toHaveLength(2);
  });

  it('offline: says sending needs the internet, the button waits, what was typed stays', () => {
    const onLine = vi.spyOn(navigator, 'onLine', 'get').mockReturnValue(false);
    try {
      renderForm();
      fillAll();
      expect(screen.getByTestId('contact-offline').textContent).toContain('precisa de conexão');
      expect((screen.getByRole('button', { name: 'Enviar mensagem' }) as HTMLButtonElement).disabled).toBe(true);
      expect((screen.getByLabelText('Assunto') as HTMLInputElement).value).toBe('O caderno não abre');
    } finally {
      onLine.mockRestore();
    }
  });
});
