import type { MessageDescriptor } from '@lingui/core';
import { msg } from '@lingui/core/macro';
import type { AdminProblem } from '../../data/online/admin.ts';

/**
 * The admin panel's words for its codes (spec §8 "Admin load and save errors"): a refused or
 * failed call, and each action of the audit log. One home for the three sections.
 */
export const LOAD_ERROR_TITLE = msg`Erro ao carregar`;
export const LOAD_ERROR = msg`Não foi possível carregar os dados do painel. Verifique sua conexão e tente de novo.`;
export const SAVE_ERROR_TITLE = msg`Erro ao salvar`;

const PROBLEMS: Record<AdminProblem, MessageDescriptor> = {
  offline: msg`Você está sem internet. Conecte-se para salvar.`,
  not_allowed: msg`Apenas administradores podem fazer isso.`,
  reason_required: msg`Escreva o motivo.`,
  reason_too_long: msg`O motivo pode ter até 1000 caracteres.`,
  own_account: msg`Você não pode banir a sua própria conta.`,
  last_admin: msg`Você é o último administrador: promova outra pessoa antes de deixar de ser administrador.`,
  not_active: msg`Só uma conta ativa pode ser administradora.`,
  not_found: msg`Esta conta não existe mais.`,
  word_exists: msg`Esta palavra já está na lista.`,
  validation: msg`Escreva uma palavra.`,
  server: msg`Não foi possível salvar. Tente de novo em alguns segundos.`,
};

export function problemMessage(problem: AdminProblem): MessageDescriptor {
  return PROBLEMS[problem];
}

/** What each action code of the audit log says (an unknown code shows as itself). */
export const ACTIONS: Record<string, MessageDescriptor> = {
  ban: msg`Baniu a conta`,
  unban: msg`Reativou a conta`,
  role_granted: msg`Deu o papel de administrador`,
  role_revoked: msg`Tirou o papel de administrador`,
  forbidden_word_added: msg`Adicionou uma palavra proibida`,
  forbidden_word_removed: msg`Removeu uma palavra proibida`,
  forbidden_word_changed: msg`Alterou uma palavra proibida`,
  dismiss: msg`Descartou denúncias`,
  hide: msg`Ocultou um conteúdo`,
  restore: msg`Restaurou um conteúdo`,
  delete: msg`Excluiu um conteúdo`,
  warn: msg`Advertiu o autor`,
  contact_new: msg`Marcou uma mensagem de contato como nova`,
  contact_answered: msg`Marcou uma mensagem de contato como respondida`,
  contact_closed: msg`Fechou uma mensagem de contato`,
};

/** What an audit entry acted on, when it is content (a person and a word show themselves). */
export const TARGET_KINDS: Record<string, MessageDescriptor> = {
  question: msg`uma pergunta`,
  answer: msg`uma resposta`,
  guestbook_message: msg`um recado do mural`,
  poll: msg`uma enquete`,
  contact_message: msg`uma mensagem de contato`,
};
