import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import { cleanup, fireEvent, render, screen } from '@testing-library/react';
import { I18nProvider } from '@lingui/react';
import { i18n } from '@lingui/core';
import { PASSWORD_MIN, RESET_PASSWORD_MIN } from '../../data/validation.ts';
import { EmailField, NewPasswordFields } from './fields.tsx';
import { FormAlert } from './FormAlert.tsx';
import type { NewPasswordMinimum } from './messages.ts';
import { useNewPassword } from './new-password.ts';

beforeAll(() => i18n.loadAndActivate({ locale: 'pt-BR', messages: {} }));
afterEach(cleanup);

/** The reset form's and Settings' new password pair, as a form would use it. */
function PairForm({ minimum }: { minimum: NewPasswordMinimum }) {
  const pair = useNewPassword(minimum);
  return (
    <form
      noValidate
      onSubmit={(e) => {
        e.preventDefault();
        pair.check();
      }}
    >
      <NewPasswordFields pair={pair} ids={{ password: 'p', confirmation: 'c' }} />
      <button type="submit">Salvar</button>
      <button type="button" onClick={() => pair.refuse('A nova senha precisa ser diferente da atual.')}>
        Recusar
      </button>
    </form>
  );
}

function renderPair(minimum: NewPasswordMinimum) {
  render(
    <I18nProvider i18n={i18n}>
      <PairForm minimum={minimum} />
    </I18nProvider>,
  );
  const password = screen.getByLabelText('Nova senha');
  const confirmation = screen.getByLabelText('Confirme a nova senha');
  const type = (field: HTMLElement, value: string) => fireEvent.input(field, { target: { value } });
  const submit = () => fireEvent.click(screen.getByRole('button', { name: 'Salvar' }));
  const said = (field: HTMLElement) => field.getAttribute('aria-describedby') && document.getElementById(field.getAttribute('aria-describedby')!)?.textContent;
  return { password, confirmation, type, submit, said };
}

describe('the new password pair keeps each form its own minimum (spec §5)', () => {
  it('reset form: 6 characters, said in the placeholder and the problem', () => {
    const { password, confirmation, type, submit, said } = renderPair(RESET_PASSWORD_MIN);
    expect(password.getAttribute('placeholder')).toBe('Mínimo de 6 caracteres');
    expect([password.getAttribute('name'), password.getAttribute('autocomplete')]).toEqual(['new-password', 'new-password']);
    expect([confirmation.getAttribute('name'), confirmation.getAttribute('autocomplete')]).toEqual(['confirm-password', 'new-password']);

    submit();
    expect(said(password)).toBe('Digite a nova senha.');
    expect(said(confirmation)).toBe('Repita a senha.');
    expect(document.activeElement).toBe(password);

    type(password, 'abcde');
    submit();
    expect(said(password)).toBe('A senha precisa ter pelo menos 6 caracteres.');

    type(password, 'abcdef');
    type(confirmation, 'abcdeg');
    submit();
    expect(password.getAttribute('aria-invalid')).toBeNull();
    expect(said(confirmation)).toBe('As senhas não coincidem.');
    expect(document.activeElement).toBe(confirmation);
  });

  it('Settings: 8 characters; the server refusing the new password is said at its field', () => {
    const { password, confirmation, type, submit, said } = renderPair(PASSWORD_MIN);
    expect(password.getAttribute('placeholder')).toBe('Mínimo de 8 caracteres');

    type(password, 'abcdefg');
    type(confirmation, 'abcdefg');
    submit();
    expect(said(password)).toBe('A senha precisa ter pelo menos 8 caracteres.');

    type(password, 'abcdefgh');
    type(confirmation, 'abcdefgh');
    submit();
    expect(password.getAttribute('aria-invalid')).toBeNull();
    expect(confirmation.getAttribute('aria-invalid')).toBeNull();

    fireEvent.click(screen.getByRole('button', { name: 'Recusar' }));
    expect(said(password)).toBe('A nova senha precisa ser diferente da atual.');
    expect(document.activeElement).toBe(password);
  });
});

describe('FormAlert', () => {
  const renderAlert = (message: string | null, title?: string) =>
    render(
      <I18nProvider i18n={i18n}>
        <FormAlert title={title} message={message} testId="alert" />
      </I18nProvider>,
    );

  it("says 'title: message', the title alone without the server's words, the message alone without a title", () => {
    renderAlert('E-mail ou senha incorretos.', 'Erro no login');
    expect(screen.getByRole('alert').textContent).toBe('Erro no login: E-mail ou senha incorretos.');
    cleanup();
    renderAlert('', 'Erro ao atualizar senha');
    expect(screen.getByRole('alert').textContent).toBe('Erro ao atualizar senha');
    cleanup();
    renderAlert('Você está sem internet. Conecte-se para criar sua conta.');
    expect(screen.getByRole('alert').textContent).toBe('Você está sem internet. Conecte-se para criar sua conta.');
    cleanup();
    renderAlert(null, 'Erro no login');
    expect(screen.queryByRole('alert')).toBeNull();
  });
});

describe('EmailField', () => {
  it("is the e-mail field of every account form; a field problem wins over the server's sentence", () => {
    render(
      <I18nProvider i18n={i18n}>
        <EmailField id="e" value="" onChange={() => {}} problem="invalid" error="Este e-mail já está registrado." />
      </I18nProvider>,
    );
    const field = screen.getByLabelText('E-mail');
    expect(['type', 'name', 'autocomplete', 'inputmode'].map((a) => field.getAttribute(a))).toEqual(['email', 'email', 'email', 'email']);
    expect(field.hasAttribute('required')).toBe(true);
    expect(document.getElementById('e-error')?.textContent).toBe('Digite um e-mail válido, como nome@exemplo.com.');
  });
});

describe('show/hide buttons', () => {
  // QA J12: on the register form both buttons were "Mostrar senha"; a screen reader could not tell them apart.
  it('name the field each one shows', () => {
    renderPair(RESET_PASSWORD_MIN);
    const password = screen.getByRole('button', { name: 'Mostrar senha' });
    const confirmation = screen.getByRole('button', { name: 'Mostrar confirmação da senha' });
    expect(password.getAttribute('aria-controls')).toBe('p');
    expect(confirmation.getAttribute('aria-controls')).toBe('c');
    fireEvent.click(confirmation);
    expect(confirmation.getAttribute('aria-pressed')).toBe('true');
    expect(screen.getByLabelText('Confirme a nova senha').getAttribute('type')).toBe('text');
  });
});
