import { msg } from '@lingui/core/macro';
import type { MessageDescriptor } from '@lingui/core';
import type { SafetyProblem } from '../../data/online/safety.ts';

/** The safety screens' words for each problem code (src/data/online/safety.ts). */
export function safetyProblemMessage(problem: SafetyProblem): MessageDescriptor {
  switch (problem) {
    case 'offline':
      return msg`Você está sem internet. Conecte-se e tente de novo.`;
    case 'guardian_link_invalid':
      return msg`Este link de confirmação não vale mais. Peça para o adolescente entrar em contato com o suporte.`;
    case 'confirmation_mismatch':
      return msg`O nome de usuário digitado não confere.`;
    case 'not_allowed':
      return msg`Você não tem permissão para fazer isso.`;
    case 'server':
      return msg`Algo deu errado. Tente de novo em alguns segundos.`;
  }
}
