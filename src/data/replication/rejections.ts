/**
 * A refused write as the person sees it (S8): the spec's title and sentence for what they tried
 * (spec §8), the forbidden words when that was the reason, and what they typed.
 */
import type { RejectedWrite } from '../sync-status.ts';
import { MESSAGES } from '../content-rules.ts';
import type { CollectionName } from '../schemas/index.ts';
import { MODERATION_FIELDS, deepEqual } from './conflicts.ts';
import { documentKey } from './ledger.ts';
import type { PushRejection, PushRow } from './transport.ts';

type Operation = RejectedWrite['operation'];

interface Wording {
  title: string;
  message: string;
}

/** Spec §8 (title, generic sentence) per collection and operation. */
function wordingFor(collection: CollectionName, operation: Operation, isModeration: boolean): Wording {
  switch (collection) {
    case 'notebooks':
      if (operation === 'insert') return { title: 'Erro ao criar caderno', message: 'Não foi possível criar o caderno' };
      if (operation === 'delete') return { title: 'Erro ao excluir caderno', message: 'Não foi possível excluir o caderno' };
      return { title: 'Erro ao atualizar caderno', message: 'Não foi possível salvar as alterações' };
    case 'questions': {
      const verb = operation === 'insert' ? 'adicionar' : operation === 'delete' ? 'remover' : 'atualizar';
      return { title: `Erro ao ${verb} pergunta`, message: '' };
    }
    case 'answers':
      if (isModeration) return { title: 'Erro ao moderar', message: 'Não foi possível atualizar o status da resposta.' };
      if (operation === 'delete') return { title: 'Erro ao excluir resposta', message: 'Ocorreu um erro ao excluir a resposta' };
      return { title: 'Erro ao enviar resposta', message: 'Não foi possível salvar sua resposta' };
    case 'notebook_shares':
      return operation === 'delete'
        ? { title: 'Erro ao remover acesso', message: '' }
        : { title: 'Erro ao compartilhar caderno', message: '' };
    default:
      return { title: 'Aviso', message: 'Não foi possível salvar as alterações' };
  }
}

function operationOf(row: PushRow): Operation {
  if (row.newDocumentState._deleted) return 'delete';
  return row.assumedMasterState && !row.assumedMasterState._deleted ? 'update' : 'insert';
}

function isModerationChange(row: PushRow): boolean {
  const assumed = row.assumedMasterState;
  return !!assumed && MODERATION_FIELDS.some((field) => !deepEqual(row.newDocumentState[field], assumed[field]));
}

/** The words of the server's "O texto contém palavras proibidas: a, b". */
export function wordsOfMessage(message: string): string[] {
  const list = /palavras proibidas:\s*(.+)$/i.exec(message)?.[1];
  return list ? list.split(',').map((word) => word.trim()).filter(Boolean) : [];
}

/** Reasons whose server message is already the sentence for the person (spec §8). */
const SERVER_SENTENCES = new Set(['account_banned', 'account_deleted', 'invite_self', 'already_has_access', 'not_authenticated']);

export function describeRejection(collection: CollectionName, row: PushRow, rejection: PushRejection, at: number): RejectedWrite {
  const operation = operationOf(row);
  const wording = wordingFor(collection, operation, collection === 'answers' && isModerationChange(row));
  const words = rejection.reason === 'forbidden_words' ? wordsOfMessage(rejection.message) : [];
  let message = wording.message || rejection.message;
  if (rejection.reason === 'forbidden_words') {
    message = collection === 'answers' ? MESSAGES.answerForbiddenWords : MESSAGES.forbiddenWords;
  } else if (SERVER_SENTENCES.has(rejection.reason)) {
    message = rejection.message;
  }
  return {
    key: documentKey(collection, rejection.id),
    collection,
    id: rejection.id,
    reason: rejection.reason,
    title: wording.title,
    message,
    words,
    operation,
    attempted: row.newDocumentState,
    at,
  };
}
