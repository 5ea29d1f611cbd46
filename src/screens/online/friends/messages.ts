import { useLingui } from '@lingui/react/macro';
import { FriendsError } from '../../../data/online/friends.ts';
import type { FriendAction } from '../hooks/friends.ts';

/**
 * The words for the friends area's problems (src/data/online/friends.ts FriendsProblem). Spec §8
 * names the errors (add, remove, send, accept, decline) without their words: each says what
 * failed in the catalogue's form ('Erro ao …'), then why when the code says more.
 */
export function useFriendsProblem() {
  const { t } = useLingui();
  const title = (action: FriendAction['kind']): string => {
    switch (action) {
      case 'send':
        return t`Erro ao enviar pedido de amizade`;
      case 'accept':
        return t`Erro ao aceitar pedido de amizade`;
      case 'decline':
        return t`Erro ao recusar pedido de amizade`;
      case 'cancel':
        return t`Erro ao cancelar pedido de amizade`;
      case 'remove':
        return t`Erro ao remover amigo`;
    }
  };
  const reason = (error: unknown): string => {
    const problem = error instanceof FriendsError ? error.problem : 'server';
    switch (problem) {
      case 'offline':
        return t`Você está sem internet. Isto precisa de conexão: tente de novo quando ela voltar.`;
      case 'friend_self':
        return t`Você não pode adicionar a si mesmo.`;
      case 'not_found':
        return t`Esta pessoa ou este pedido não está mais disponível.`;
      case 'blocked':
        return t`Você bloqueou esta pessoa. Desbloqueie nas configurações para adicioná-la.`;
      case 'friend_requests_closed':
        return t`Esta pessoa não recebe pedidos de amizade de você.`;
      case 'already_friends':
        return t`Vocês já são amigos.`;
      case 'friend_request_exists':
        return t`Você já enviou um pedido para esta pessoa.`;
      case 'friend_request_not_pending':
        return t`Este pedido já foi respondido ou cancelado.`;
      case 'not_friends':
        return t`Vocês não são mais amigos.`;
      case 'not_authenticated':
        return t`Usuário não autenticado`;
      case 'account_banned':
        return t`Sua conta foi banida. Entre em contato com o suporte se achar que isso é um engano.`;
      case 'account_deleted':
        return t`Sua conta foi removida.`;
      default:
        return t`Não foi possível concluir. Tente de novo em alguns segundos.`;
    }
  };
  return (action: FriendAction['kind'], error: unknown): string => `${title(action)}: ${reason(error)}`;
}
