/**
 * The notebook screens' words for the codes of the data layer and the server (src/data/problems.ts):
 * spec §5 and §8's sentences, as Lingui descriptors translated where they are shown
 * (`i18n._(problemMessage(problem, 'answer'))`). The sharing parts have theirs in
 * ../sharing/messages.ts. messages.test.ts fails when a code has no message in either language.
 */
import { msg } from '@lingui/core/macro';
import type { I18n, MessageDescriptor } from '@lingui/core';
import type { Problem, ProblemCode } from '../../../data/problems.ts';
import type { AnswerOutcome } from '../../../data/repositories/answers.ts';
import type { RejectedWrite } from '../../../data/sync-status.ts';

/** What the person was doing when the problem came: each has its own general sentence. */
export type ProblemSubject = 'notebook' | 'question' | 'answer' | 'moderation';

export const PROBLEM_SUBJECTS: readonly ProblemSubject[] = ['notebook', 'question', 'answer', 'moderation'];

/** The sentence when nothing more specific is known (spec §8). */
function couldNotSave(subject: ProblemSubject): MessageDescriptor {
  switch (subject) {
    case 'answer':
      return msg`Não foi possível salvar sua resposta`;
    case 'moderation':
      return msg`Não foi possível atualizar o status da resposta.`;
    case 'notebook':
    case 'question':
      return msg`Não foi possível salvar as alterações`;
  }
}

/** The sentence for a problem (a write the data layer refused, or the server's reason). */
export function problemMessage(problem: Pick<Problem, 'code'>, subject: ProblemSubject): MessageDescriptor {
  const code: ProblemCode = problem.code;
  switch (code) {
    case 'forbidden_words':
      return subject === 'answer' ? msg`Sua resposta contém palavras proibidas e não pode ser salva.` : msg`Remova as palavras proibidas`;
    case 'title_too_short':
      return msg`O título deve ter pelo menos 3 caracteres.`;
    case 'question_too_short':
      return msg`A pergunta deve ter pelo menos 3 caracteres.`;
    case 'answer_empty':
      return msg`A resposta não pode ficar vazia.`;
    case 'not_authenticated':
      return msg`Usuário não autenticado`;
    case 'account_banned':
      return msg`Sua conta foi banida. Entre em contato com o suporte se achar que isso é um engano.`;
    case 'account_deleted':
      return msg`Sua conta foi removida.`;
    case 'online_only':
      return msg`Sem conexão: esta ação precisa de internet.`;
    case 'too_many_attempts':
      return msg`Muitos códigos errados em pouco tempo. Espere alguns minutos e tente de novo.`;
    case 'not_allowed':
      // The only question a person may not change on this device is one they cannot block.
      return subject === 'question' ? msg`Só o dono e os editores podem bloquear perguntas.` : couldNotSave(subject);
    case 'look_not_owned':
      // spec §8 "theme apply error" (issue 35): a store theme nobody here owns
      return msg`Não foi possível aplicar o tema: ele é da loja sazonal e ainda não é seu.`;
    case 'paper_not_owned':
      // spec §8 "paper style apply error" (issue 35): a store paper nobody here owns
      return msg`Não foi possível aplicar o estilo de papel: ele é da loja sazonal e ainda não é seu.`;
    case 'sticker_not_owned':
      // like spec §8's apply errors (issue 35): a premium pack's sticker nobody here owns
      return msg`Não foi possível pôr o adesivo na capa: ele é da loja sazonal e ainda não é seu.`;
    case 'cover_style_not_owned':
      // like spec §8's apply errors (issue 35): a store cover style nobody here owns
      return msg`Não foi possível aplicar o estilo de capa: ele é da loja sazonal e ainda não é seu.`;
    case 'not_saved':
      // The local database failed (a thrown write): the same sentence whatever was being saved.
      return msg`Não foi possível salvar as alterações`;
    case 'not_found':
    case 'no_answer_secret':
    case 'server':
    case 'error':
    case 'validation':
    case 'duplicate':
    case 'invalid_id':
    case 'read_only':
    case 'guest_not_synced':
    case 'guest_name_invalid':
    case 'invalid_secret':
    case 'invite_invalid':
    case 'invite_self':
    case 'already_has_access':
    case 'access_removed':
    case 'invite_code_exhausted':
      return couldNotSave(subject);
    default: {
      const unmapped: never = code;
      return unmapped;
    }
  }
}

/** The problem's sentence in the person's language, with the forbidden words after it. */
export function problemText(i18n: I18n, problem: Pick<Problem, 'code' | 'words'>, subject: ProblemSubject): string {
  const sentence = i18n._(problemMessage(problem, subject));
  const words = problem.words?.join(', ');
  return words ? `${sentence}: ${words}` : sentence;
}

/** What a refused write was about (S8), from its collection and whether it moderated an answer. */
export function refusalSubject(rejection: Pick<RejectedWrite, 'collection' | 'moderation'>): ProblemSubject {
  if (rejection.collection === 'answers') return rejection.moderation ? 'moderation' : 'answer';
  return rejection.collection === 'questions' ? 'question' : 'notebook';
}

/** Spec §8's title of a refused write, by what was attempted. */
export function refusalTitle(rejection: Pick<RejectedWrite, 'collection' | 'operation' | 'moderation'>): MessageDescriptor {
  const { collection, operation } = rejection;
  switch (collection) {
    case 'notebooks':
      if (operation === 'insert') return msg`Erro ao criar caderno`;
      return operation === 'delete' ? msg`Erro ao excluir caderno` : msg`Erro ao atualizar caderno`;
    case 'questions':
      if (operation === 'insert') return msg`Erro ao adicionar pergunta`;
      return operation === 'delete' ? msg`Erro ao remover pergunta` : msg`Erro ao atualizar pergunta`;
    case 'answers':
      if (rejection.moderation) return msg`Erro ao moderar`;
      return operation === 'delete' ? msg`Erro ao excluir resposta` : msg`Erro ao enviar resposta`;
    case 'guests':
      return msg`Erro ao enviar participante da rodada`;
    default:
      return msg`Aviso`;
  }
}

/**
 * Spec §8's sentence of a refused write: forbidden words and the account's state say so; other
 * reasons give the general sentence of what was attempted (a question, which has none, says why).
 */
export function refusalMessage(rejection: Pick<RejectedWrite, 'collection' | 'operation' | 'moderation' | 'reason'>): MessageDescriptor {
  const subject = refusalSubject(rejection);
  switch (rejection.reason) {
    case 'forbidden_words':
    case 'account_banned':
    case 'account_deleted':
    case 'not_authenticated':
      return problemMessage({ code: rejection.reason }, subject);
    default:
      break;
  }
  switch (rejection.collection) {
    case 'notebooks':
      if (rejection.operation === 'insert') return msg`Não foi possível criar o caderno`;
      return rejection.operation === 'delete' ? msg`Não foi possível excluir o caderno` : couldNotSave('notebook');
    case 'answers':
      return rejection.operation === 'delete' && !rejection.moderation ? msg`Ocorreu um erro ao excluir a resposta` : couldNotSave(subject);
    case 'questions':
      return rejection.reason === 'not_allowed' ? msg`Permissão negada.` : problemMessage({ code: rejection.reason }, 'question');
    default:
      return couldNotSave('notebook');
  }
}

/**
 * The success toast after saving an answer (spec §8): 'Resposta enviada' or 'Resposta atualizada',
 * and with pre-moderation the sentence saying it waits for the owner's approval. Offline nothing
 * was sent yet, and the toast says where the answer is instead.
 */
export function answerSavedNotice(
  outcome: Pick<AnswerOutcome, 'created' | 'awaitingApproval'>,
  online = true,
): {
  title: MessageDescriptor;
  description: MessageDescriptor | null;
} {
  if (!online) return { title: msg`Resposta salva neste aparelho`, description: msg`Ela será enviada quando houver internet.` };
  const title = outcome.created ? msg`Resposta enviada` : msg`Resposta atualizada`;
  if (!outcome.awaitingApproval) return { title, description: null };
  return {
    title,
    description: outcome.created
      ? msg`Sua resposta foi enviada e aguarda aprovação do dono do caderno.`
      : msg`Suas alterações foram enviadas e aguardam nova aprovação do dono do caderno.`,
  };
}
