import { useLingui } from '@lingui/react/macro';
import { SocialError } from '../../../data/online/guestbook.ts';

/**
 * The words for the guestbook's and the poll's problem codes (src/data/online/guestbook.ts
 * SocialProblem). `fallback` says what failed (spec §8: guestbook delete, moderation, poll load,
 * save and remove errors) when the code names nothing more precise.
 */
export function useSocialProblem() {
  const { t } = useLingui();
  return (error: unknown, fallback: string): string => {
    const problem = error instanceof SocialError ? error.problem : 'server';
    switch (problem) {
      case 'offline':
        return t`Você está sem internet. Isto precisa de conexão: tente de novo quando ela voltar.`;
      case 'forbidden_words': {
        const words = (error as SocialError).words.join(', ');
        return t`Remova as palavras proibidas: ${words}`;
      }
      case 'validation':
        return t`O texto está vazio ou longo demais.`;
      case 'guestbook_friends_only':
        return t`Este mural só recebe mensagens de amigos.`;
      case 'not_allowed':
        return t`Você não pode fazer isso aqui.`;
      case 'not_authenticated':
        return t`Usuário não autenticado`;
      case 'not_found':
        return t`Isto não existe mais. A página foi atualizada.`;
      case 'poll_options':
        return t`Uma enquete precisa de 2 a 10 opções, cada uma com até 80 caracteres.`;
      case 'question_too_short':
        return t`A pergunta precisa de pelo menos 3 caracteres.`;
      case 'guardian_pending':
        return t`Enquanto seu responsável não confirmar, seu mural aceita só amigos.`;
      case 'account_banned':
        return t`Sua conta foi banida. Entre em contato com o suporte se achar que isso é um engano.`;
      case 'account_deleted':
        return t`Sua conta foi removida.`;
      default:
        return fallback;
    }
  };
}
