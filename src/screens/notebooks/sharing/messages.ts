import { msg } from '@lingui/core/macro';
import type { MessageDescriptor } from '@lingui/core';
import type { Problem, ProblemCode } from '../../../data/problems.ts';
import type { RejectedWrite } from '../../../data/sync-status.ts';

export type SharingAction = 'invite' | 'share' | 'collaborate' | 'revoke' | 'search' | 'remove';

export const SHARING_ACTIONS: readonly SharingAction[] = ['invite', 'share', 'collaborate', 'revoke', 'search', 'remove'];

/**
 * The share dialog's sentences by problem code (spec §5, §8; src/data/problems.ts), translated
 * where they are shown: `i18n._(sharingProblem(problem, action))`. The code is the data layer's
 * problem code, or the server's reason code of a refused write (S8).
 */
export function sharingProblem(problem: Pick<Problem, 'code'>, action: SharingAction): MessageDescriptor {
  const code: ProblemCode = problem.code;
  switch (code) {
    case 'invite_self':
      return msg`Você não pode convidar a si mesmo.`;
    case 'already_has_access':
    case 'duplicate':
      return msg`Esta pessoa já tem acesso a este caderno.`;
    case 'online_only':
      return msg`Sem conexão: esta ação precisa de internet.`;
    case 'not_allowed':
      return action === 'invite' ? msg`Só o dono do caderno pode gerar convites.` : msg`Permissão negada.`;
    case 'not_found':
      // A share or an invitation for someone whose account was deleted meanwhile (or a notebook deleted).
      if (action === 'share' || action === 'collaborate') return msg`Esta pessoa ou este caderno não existe mais.`;
      return fallback(action);
    case 'not_saved':
      return msg`Não foi possível salvar as alterações`;
    case 'too_many_attempts':
      return msg`Muitos códigos errados em pouco tempo. Espere alguns minutos e tente de novo.`;
    case 'forbidden_words':
    case 'title_too_short':
    case 'question_too_short':
    case 'answer_empty':
    case 'validation':
    case 'account_banned':
    case 'account_deleted':
    case 'not_authenticated':
    case 'invite_invalid':
    case 'access_removed':
    case 'invite_code_exhausted':
    case 'invalid_id':
    case 'read_only':
    case 'guest_not_synced':
    case 'guest_name_invalid':
    case 'invalid_secret':
    case 'no_answer_secret':
    case 'server':
    case 'error':
    case 'look_not_owned':
    case 'paper_not_owned':
    case 'sticker_not_owned':
    case 'cover_style_not_owned':
      return fallback(action);
    default: {
      const unmapped: never = code;
      return unmapped;
    }
  }
}

function fallback(action: SharingAction): MessageDescriptor {
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
    case 'collaborate':
      return msg`Não foi possível salvar o convite para colaborar.`;
  }
}

/** Which action a refused write of the sharing collections was. */
export function refusedAction(rejection: Pick<RejectedWrite, 'collection' | 'operation'>): SharingAction {
  if (rejection.collection === 'invite_links') return rejection.operation === 'insert' ? 'invite' : 'revoke';
  if (rejection.operation === 'delete') return 'remove';
  return rejection.collection === 'notebook_shares' ? 'share' : 'collaborate';
}

/**
 * The title of a refused sharing write (S8), naming the person it was about (`who`) or, for an
 * invite link, its code.
 */
export function refusalTitle(rejection: Pick<RejectedWrite, 'collection' | 'operation'>, who: string): MessageDescriptor {
  switch (rejection.collection) {
    case 'notebook_shares':
      return rejection.operation === 'delete' ? msg`Não foi possível remover o acesso de ${who}` : msg`Não foi possível compartilhar com ${who}`;
    case 'invite_links':
      // A link made on the device (issue 21) that the server refused, or a revocation it refused.
      return rejection.operation === 'insert' ? msg`Não foi possível ativar o convite ${who}` : msg`Não foi possível revogar o convite ${who}`;
    default:
      if (rejection.operation === 'insert') return msg`Não foi possível convidar ${who}`;
      if (rejection.operation === 'delete') return msg`Não foi possível remover ${who}`;
      return msg`Não foi possível mudar o papel de ${who}`;
  }
}

/** What removing someone means, said before the owner (or an editor) confirms it. */
export const REMOVAL_CONSEQUENCE: MessageDescriptor = msg`Essa pessoa deixa de ver o caderno e não poderá voltar por um link ou código de convite até que seja convidada de novo.`;
