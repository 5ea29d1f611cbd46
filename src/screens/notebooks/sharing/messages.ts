import { msg } from '@lingui/core/macro';
import type { MessageDescriptor } from '@lingui/core';
import type { Problem } from '../../../data/content-rules.ts';

/**
 * The share dialog's sentences by problem code (spec §5, §8), translated where they are shown:
 * `i18n._(sharingProblem(problem))`. The data layer's `message` is the spec's English wording,
 * which is the en-US catalog's text for these descriptors.
 */
export function sharingProblem(problem: Problem, action: 'invite' | 'share' | 'revoke' | 'search' | 'remove'): MessageDescriptor {
  switch (problem.code) {
    case 'invite_self':
      return msg`Você não pode convidar a si mesmo.`;
    case 'already_has_access':
      return msg`Esta pessoa já tem acesso a este caderno.`;
    case 'online_only':
      return msg`Sem conexão: esta ação precisa de internet.`;
    case 'not_allowed':
      return action === 'invite' ? msg`Só o dono do caderno pode gerar convites.` : msg`Permissão negada.`;
    default:
      switch (action) {
        case 'invite':
          return msg`Não foi possível gerar um código de convite único. Tente novamente.`;
        case 'revoke':
          return msg`Não foi possível revogar o convite.`;
        case 'search':
          return msg`Erro ao buscar usuários.`;
        case 'remove':
          return msg`Não foi possível remover o acesso.`;
        case 'share':
          return msg`Erro ao compartilhar caderno`;
      }
  }
}
