/**
 * The data layer speaks the spec's Portuguese sentences (spec §5, §8); the screens show them in
 * the person's language. Known sentences map to catalog messages; anything else (a server's own
 * words) is shown as it came.
 */
import { msg } from '@lingui/core/macro';
import type { MessageDescriptor } from '@lingui/core';
import type { AnswerOutcome } from '../../../data/repositories/answers.ts';

const KNOWN: Record<string, MessageDescriptor> = {
  'Resposta enviada': msg`Resposta enviada`,
  'Resposta atualizada': msg`Resposta atualizada`,
  'Resposta moderada': msg`Resposta moderada`,
  'Sua resposta foi enviada e aguarda aprovação do dono do caderno.': msg`Sua resposta foi enviada e aguarda aprovação do dono do caderno.`,
  'Suas alterações foram enviadas e aguardam nova aprovação do dono do caderno.': msg`Suas alterações foram enviadas e aguardam nova aprovação do dono do caderno.`,
  'Sua resposta contém palavras proibidas e não pode ser salva.': msg`Sua resposta contém palavras proibidas e não pode ser salva.`,
  'Remove prohibited words': msg`Remova as palavras proibidas`,
  'A resposta não pode ficar vazia.': msg`A resposta não pode ficar vazia.`,
  'Usuário não autenticado': msg`Usuário não autenticado`,
  'Erro ao enviar resposta': msg`Erro ao enviar resposta`,
  'Não foi possível salvar sua resposta': msg`Não foi possível salvar sua resposta`,
  'Erro ao moderar': msg`Erro ao moderar`,
  'Não foi possível atualizar o status da resposta.': msg`Não foi possível atualizar o status da resposta.`,
  'Erro ao excluir resposta': msg`Erro ao excluir resposta`,
  'Ocorreu um erro ao excluir a resposta': msg`Ocorreu um erro ao excluir a resposta`,
  'Erro ao atualizar caderno': msg`Erro ao atualizar caderno`,
  'Não foi possível salvar as alterações': msg`Não foi possível salvar as alterações`,
  'Caderno atualizado': msg`Caderno atualizado`,
  'Aviso': msg`Aviso`,
  'Sua conta foi banida. Entre em contato com o suporte se achar que isso é um engano.': msg`Sua conta foi banida. Entre em contato com o suporte se achar que isso é um engano.`,
  'Sua conta foi removida.': msg`Sua conta foi removida.`,
};

/** The sentence as a descriptor when it is one of ours, else the text as it came. */
export function sentence(text: string): MessageDescriptor | string {
  return KNOWN[text] ?? text;
}

/**
 * The success toast after saving an answer (spec §8): 'Resposta enviada' or 'Resposta atualizada',
 * and with pre-moderation the sentence saying it waits for the owner's approval.
 */
export function answerSavedNotice(outcome: Pick<AnswerOutcome, 'created' | 'awaitingApproval'>): {
  title: MessageDescriptor;
  description: MessageDescriptor | null;
} {
  const title = outcome.created ? msg`Resposta enviada` : msg`Resposta atualizada`;
  if (!outcome.awaitingApproval) return { title, description: null };
  return {
    title,
    description: outcome.created
      ? msg`Sua resposta foi enviada e aguarda aprovação do dono do caderno.`
      : msg`Suas alterações foram enviadas e aguardam nova aprovação do dono do caderno.`,
  };
}
