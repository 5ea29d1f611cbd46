/**
 * The data layer speaks the spec's Portuguese sentences (spec §5, §8); the screens show them in
 * the person's language. This adds the notebook and question sentences to the view screen's
 * list (answers, moderation); anything unknown (a server's own words) is shown as it came.
 */
import { msg } from '@lingui/core/macro';
import type { I18n, MessageDescriptor } from '@lingui/core';
import { sentence as answerSentence } from './answer-sentences.ts';

const NOTEBOOK_SENTENCES: Record<string, MessageDescriptor> = {
  'Caderno criado!': msg`Caderno criado!`,
  'Caderno atualizado': msg`Caderno atualizado`,
  'Caderno excluído': msg`Caderno excluído`,
  'Pergunta adicionada': msg`Pergunta adicionada`,
  'Pergunta atualizada': msg`Pergunta atualizada`,
  'Pergunta removida': msg`Pergunta removida`,
  'Erro ao criar caderno': msg`Erro ao criar caderno`,
  'Não foi possível criar o caderno': msg`Não foi possível criar o caderno`,
  'Erro ao atualizar caderno': msg`Erro ao atualizar caderno`,
  'Não foi possível salvar as alterações': msg`Não foi possível salvar as alterações`,
  'Erro ao excluir caderno': msg`Erro ao excluir caderno`,
  'Não foi possível excluir o caderno': msg`Não foi possível excluir o caderno`,
  'Erro ao buscar cadernos': msg`Erro ao buscar cadernos`,
  'Não foi possível carregar seus cadernos': msg`Não foi possível carregar seus cadernos`,
  'Erro ao carregar caderno': msg`Erro ao carregar caderno`,
  'Não foi possível carregar os detalhes do caderno': msg`Não foi possível carregar os detalhes do caderno`,
  'Erro ao adicionar pergunta': msg`Erro ao adicionar pergunta`,
  'Erro ao remover pergunta': msg`Erro ao remover pergunta`,
  'Erro ao atualizar pergunta': msg`Erro ao atualizar pergunta`,
  'O título deve ter pelo menos 3 caracteres.': msg`O título deve ter pelo menos 3 caracteres.`,
  'A pergunta deve ter pelo menos 3 caracteres.': msg`A pergunta deve ter pelo menos 3 caracteres.`,
  'Remove prohibited words': msg`Remova as palavras proibidas`,
  'Only the owner and editors can block questions.': msg`Só o dono e os editores podem bloquear perguntas.`,
  'Usuário não autenticado': msg`Usuário não autenticado`,
};

export function notebookSentence(text: string): MessageDescriptor | string {
  return NOTEBOOK_SENTENCES[text] ?? answerSentence(text);
}

/** The sentence in the person's language. */
export function say(i18n: I18n, text: string): string {
  const known = notebookSentence(text);
  return typeof known === 'string' ? known : i18n._(known);
}
