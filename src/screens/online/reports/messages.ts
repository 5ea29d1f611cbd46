/**
 * The words of reports (issue 33), by code: what was reported, why, and what became of it. The
 * data layer and the server speak in codes (src/data/schemas/reports.ts); these are the sentences.
 */
import { msg } from '@lingui/core/macro';
import type { MessageDescriptor } from '@lingui/core';
import type { ProblemCode } from '../../../data/problems.ts';
import type { ReportDecision, ReportKind, ReportReason, ReportStatus } from '../../../data/schemas/index.ts';

/** The dialog's title: what is being reported. */
export function reportTitle(kind: ReportKind): MessageDescriptor {
  switch (kind) {
    case 'question':
      return msg`Denunciar pergunta`;
    case 'answer':
      return msg`Denunciar resposta`;
    case 'guestbook_message':
      return msg`Denunciar mensagem do mural`;
    case 'poll':
      return msg`Denunciar enquete`;
    case 'profile':
      return msg`Denunciar perfil`;
  }
}

/** What a report was about, in "Minhas denúncias". */
export function reportKindLabel(kind: ReportKind): MessageDescriptor {
  switch (kind) {
    case 'question':
      return msg`Pergunta de um caderno`;
    case 'answer':
      return msg`Resposta em um caderno`;
    case 'guestbook_message':
      return msg`Mensagem de um mural`;
    case 'poll':
      return msg`Enquete de um perfil`;
    case 'profile':
      return msg`Perfil`;
  }
}

export const REASON_LABELS: Record<ReportReason, MessageDescriptor> = {
  bullying: msg`Bullying ou assédio`,
  sexual: msg`Conteúdo sexual`,
  self_harm: msg`Automutilação ou suicídio`,
  hate: msg`Discurso de ódio`,
  spam: msg`Spam ou golpe`,
  other: msg`Outro motivo`,
};

/** A report's state as the person reads it; `sync` is this device's: not sent yet, or refused. */
export function reportStateLabel(status: ReportStatus, sync: 'pending' | 'rejected' | null): MessageDescriptor {
  if (sync === 'rejected') return msg`Não enviada`;
  if (sync === 'pending') return msg`Aguardando envio`;
  switch (status) {
    case 'open':
      return msg`Em análise`;
    case 'dismissed':
      return msg`Analisada`;
    case 'actioned':
      return msg`Analisada: medida tomada`;
  }
}

/** What the moderation decided, in plain words. */
export function decisionLabel(decision: ReportDecision): MessageDescriptor {
  switch (decision) {
    case 'dismiss':
      return msg`Nada foi alterado: o conteúdo não viola as regras.`;
    case 'hide':
      return msg`O conteúdo foi ocultado.`;
    case 'restore':
      return msg`O conteúdo foi ocultado e depois restaurado, após nova análise.`;
    case 'delete':
      return msg`O conteúdo foi removido.`;
    case 'warn':
      return msg`Quem publicou recebeu um aviso.`;
    case 'ban':
      return msg`A conta de quem publicou foi banida.`;
    case 'actioned':
      return msg`A moderação tomou uma medida.`;
  }
}

/** Why a report could not be saved or sent. */
export function reportProblemMessage(code: ProblemCode | string): MessageDescriptor {
  switch (code) {
    case 'validation':
      return msg`Os detalhes podem ter até 500 caracteres.`;
    case 'not_found':
    case 'not_allowed':
      return msg`Este conteúdo não existe mais ou você não tem mais acesso a ele.`;
    case 'account_banned':
      return msg`Sua conta foi banida. Entre em contato com o suporte se achar que isso é um engano.`;
    case 'account_deleted':
      return msg`Sua conta foi removida.`;
    case 'not_authenticated':
      return msg`Entre na sua conta para denunciar.`;
    default:
      return msg`Não foi possível salvar a denúncia neste aparelho. Tente de novo.`;
  }
}
