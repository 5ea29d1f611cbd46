import { msg } from '@lingui/core/macro';
import type { MessageDescriptor } from '@lingui/core';
import type { GuardianMailProblem } from '../../data/online/guardian.ts';
import type { SafetyProblem } from '../../data/online/safety.ts';
import type { GuardianEmailProblem } from '../../data/validation.ts';

/** The safety screens' words for each problem code (src/data/online/safety.ts). */
export function safetyProblemMessage(problem: SafetyProblem): MessageDescriptor {
  switch (problem) {
    case 'offline':
      return msg`Você está sem internet. Conecte-se e tente de novo.`;
    case 'guardian_link_invalid':
      return msg`Este link de confirmação não vale mais. Peça para o adolescente entrar em contato com o suporte.`;
    case 'confirmation_mismatch':
      return msg`O nome de usuário digitado não confere.`;
    case 'too_many_attempts':
      return msg`Muitos códigos errados em pouco tempo. Espere alguns minutos e tente de novo.`;
    case 'not_allowed':
      return msg`Você não tem permissão para fazer isso.`;
    case 'server':
      return msg`Algo deu errado. Tente de novo em alguns segundos.`;
  }
}

/**
 * The words for the guardian's mail refusals (src/data/online/guardian.ts) and for the address
 * typed in Settings. A wait ('rate_limited') is said by the section itself, with its count.
 */
export function guardianMailProblemMessage(problem: Exclude<GuardianMailProblem, 'rate_limited'> | GuardianEmailProblem): MessageDescriptor {
  switch (problem) {
    case 'offline':
      return msg`Você está sem internet. Conecte-se e tente de novo.`;
    case 'guardian_not_pending':
      return msg`Seu responsável já confirmou: não é preciso enviar de novo.`;
    case 'required':
      return msg`Informe o e-mail de um dos seus pais ou responsável.`;
    case 'invalid':
    case 'guardian_email':
      return msg`Digite um e-mail válido, como nome@exemplo.com.`;
    case 'sameAsOwn':
    case 'guardian_email_own':
      return msg`Use o e-mail do seu responsável, não o seu.`;
    case 'guardian_address_rate_limited':
      return guardianAddressLimitMessage;
    case 'server':
      return msg`Não foi possível enviar o e-mail agora. Tente de novo em alguns minutos.`;
  }
}

/**
 * The guardian's address was named by five accounts today (the database's limit per address): no
 * mail went out, the account is kept. Said at sign-up (RegisterScreen) and on "send again".
 */
export const guardianAddressLimitMessage: MessageDescriptor = msg`O e-mail do seu responsável já recebeu o máximo de pedidos de confirmação por hoje, então não enviamos o seu. Sua conta foi criada: envie de novo amanhã em Configurações, ou peça ao seu responsável para ficar de olho no e-mail.`;
