import { msg } from '@lingui/core/macro';
import type { I18n, MessageDescriptor } from '@lingui/core';
import type { AuthFailure, LoginError, PasswordActionCode, RegistrationError } from '../../data/auth-errors.ts';
import {
  PASSWORD_MIN,
  RESET_PASSWORD_MIN,
  type BirthDateProblem,
  type ConfirmationProblem,
  type GuardianEmailProblem,
  type EmailProblem,
  type PasswordProblem,
  type UsernameProblem,
} from '../../data/validation.ts';

/**
 * The sentences of the account forms, by problem code (src/data/validation.ts, auth-errors.ts).
 * Descriptors, translated where they are shown: `i18n._(usernameMessage(code))`.
 */

export function usernameMessage(problem: UsernameProblem): MessageDescriptor {
  switch (problem) {
    case 'required':
      return msg`Escolha um nome de usuário.`;
    case 'tooShort':
      return msg`O nome de usuário precisa ter pelo menos 3 caracteres.`;
    case 'tooLong':
      return msg`O nome de usuário pode ter no máximo 20 caracteres.`;
    case 'characters':
      return msg`Use só letras, números, _ ou -.`;
  }
}

export function emailMessage(problem: EmailProblem): MessageDescriptor {
  return problem === 'required' ? msg`Informe seu e-mail.` : msg`Digite um e-mail válido, como nome@exemplo.com.`;
}

export function passwordMessage(problem: PasswordProblem): MessageDescriptor {
  switch (problem) {
    case 'required':
      return msg`Crie uma senha.`;
    case 'tooShort':
      return msg`A senha precisa ter pelo menos 8 caracteres.`;
    case 'uppercase':
      return msg`A senha precisa ter pelo menos uma letra maiúscula.`;
    case 'lowercase':
      return msg`A senha precisa ter pelo menos uma letra minúscula.`;
    case 'digit':
      return msg`A senha precisa ter pelo menos um número.`;
  }
}

export function birthDateMessage(problem: BirthDateProblem): MessageDescriptor {
  switch (problem) {
    case 'required':
      return msg`Informe sua data de nascimento.`;
    case 'invalid':
      return msg`Digite uma data de nascimento válida.`;
    case 'underAge':
      return msg`Que bom que você quer usar o Cadernos! Ele é para quem tem 13 anos ou mais. Enquanto isso, que tal fazer um caderno de papel com a família?`;
  }
}

export function guardianEmailMessage(problem: GuardianEmailProblem): MessageDescriptor {
  switch (problem) {
    case 'required':
      return msg`Informe o e-mail de um dos seus pais ou responsável.`;
    case 'invalid':
      return msg`Digite um e-mail válido, como nome@exemplo.com.`;
    case 'sameAsOwn':
      return msg`Use o e-mail do seu responsável, não o seu.`;
  }
}

/** The live checklist under the registration password. */
export const PASSWORD_RULES: { rule: Exclude<PasswordProblem, 'required'>; label: MessageDescriptor }[] = [
  { rule: 'tooShort', label: msg`8 ou mais caracteres` },
  { rule: 'uppercase', label: msg`uma letra maiúscula` },
  { rule: 'lowercase', label: msg`uma letra minúscula` },
  { rule: 'digit', label: msg`um número` },
];

/** The minimum length of a new password: the reset form's 6, Settings' 8 (spec §5). */
export type NewPasswordMinimum = typeof RESET_PASSWORD_MIN | typeof PASSWORD_MIN;

const NEW_PASSWORD_TOO_SHORT: Record<NewPasswordMinimum, MessageDescriptor> = {
  [RESET_PASSWORD_MIN]: msg`A senha precisa ter pelo menos 6 caracteres.`,
  [PASSWORD_MIN]: msg`A senha precisa ter pelo menos 8 caracteres.`,
};

const NEW_PASSWORD_PLACEHOLDER: Record<NewPasswordMinimum, MessageDescriptor> = {
  [RESET_PASSWORD_MIN]: msg`Mínimo de 6 caracteres`,
  [PASSWORD_MIN]: msg`Mínimo de 8 caracteres`,
};

/** The new password of the reset form and of Settings (validateResetPassword, validateNewPassword). */
export function newPasswordMessage(problem: 'required' | 'tooShort', minimum: NewPasswordMinimum): MessageDescriptor {
  return problem === 'required' ? msg`Digite a nova senha.` : NEW_PASSWORD_TOO_SHORT[minimum];
}

export function newPasswordPlaceholder(minimum: NewPasswordMinimum): MessageDescriptor {
  return NEW_PASSWORD_PLACEHOLDER[minimum];
}

export function confirmationMessage(problem: ConfirmationProblem): MessageDescriptor {
  return problem === 'required' ? msg`Repita a senha.` : msg`As senhas não coincidem.`;
}

/**
 * A sentence of this file as the person reads it: a descriptor in the page's language, the
 * server's own words ('server' codes) as they came.
 */
export function inWords(i18n: I18n, sentence: MessageDescriptor | string): string {
  return typeof sentence === 'string' ? sentence : i18n._(sentence);
}

/** Spec §5's registration mapping, as sentences. 'server' shows the server's words unchanged. */
export function registrationMessage(error: RegistrationError): MessageDescriptor | string {
  switch (error.code) {
    case 'weak':
      return msg`Senha muito fraca. Escolha uma senha mais forte.`;
    case 'shouldContain':
      return msg`A senha deve conter letras maiúsculas, minúsculas e números.`;
    case 'alreadyRegistered':
      return msg`Este e-mail já está registrado.`;
    case 'invalid':
      return msg`E-mail inválido.`;
    case 'usernameTaken':
      return msg`Nome de usuário já está em uso`;
    case 'usernameForbidden':
      return msg`Este nome de usuário não é permitido`;
    case 'birthDateRequired':
      // the server's refusal of a sign-up without a date: said as the form says it
      return birthDateMessage('required');
    case 'noUserNoSession':
      return msg`Este e-mail já está registrado. Tente fazer login ou use outro e-mail.`;
    case 'server':
      return error.params?.serverMessage ?? msg`Ocorreu um erro ao registrar. Tente novamente.`;
    case 'generic':
      return msg`Ocorreu um erro ao registrar. Tente novamente.`;
  }
}

/** Which field a registration error belongs to (it is shown there and gets the focus). */
export function registrationErrorField(error: RegistrationError): 'username' | 'email' | 'password' | 'birthDate' | null {
  switch (error.code) {
    case 'birthDateRequired':
      return 'birthDate';
    case 'usernameTaken':
    case 'usernameForbidden':
      return 'username';
    case 'weak':
    case 'shouldContain':
      return 'password';
    case 'alreadyRegistered':
    case 'invalid':
    case 'noUserNoSession':
      return 'email';
    default:
      return null;
  }
}

/** Spec §8's 'Erro no login', by code (auth-errors.ts). 'server' shows the server's words unchanged. */
export function loginMessage(error: LoginError): MessageDescriptor | string {
  switch (error.code) {
    case 'invalidCredentials':
      return msg`E-mail ou senha incorretos.`;
    case 'emailNotConfirmed':
      return msg`Confirme seu e-mail antes de entrar: abra o link que enviamos para você.`;
    case 'banned':
      return msg`Sua conta foi banida. Entre em contato com o suporte se achar que isso é um engano.`;
    case 'deleted':
      return msg`Sua conta foi removida.`;
    case 'rateLimited':
      return msg`Muitas tentativas seguidas. Espere alguns minutos e tente de novo.`;
    case 'network':
      return msg`Não foi possível falar com o servidor. Verifique sua conexão e tente de novo.`;
    case 'server':
      return error.params?.serverMessage ?? msg`Não foi possível entrar. Tente novamente.`;
    case 'generic':
      return msg`Não foi possível entrar. Tente novamente.`;
  }
}

/** The password actions' refusals (auth.ts). 'server' shows the server's words unchanged. */
export function passwordActionMessage(error: Pick<AuthFailure<PasswordActionCode>, 'code' | 'params'>): MessageDescriptor | string {
  switch (error.code) {
    case 'current_password_incorrect':
      return msg`Senha atual incorreta`;
    case 'same_password':
      return msg`A nova senha precisa ser diferente da atual.`;
    case 'not_authenticated':
      return msg`Usuário não autenticado`;
    case 'no_email':
      return msg`E-mail não encontrado na sessão.`;
    case 'network':
      return msg`Não foi possível falar com o servidor. Verifique sua conexão e tente de novo.`;
    case 'server':
      return error.params?.serverMessage ?? '';
  }
}
