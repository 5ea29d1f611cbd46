import { plural } from '@lingui/core/macro';
import { Plural, Trans, useLingui } from '@lingui/react/macro';
import type { NotificationItem } from '../../data/queries/notifications.ts';
import type { NotificationType } from '../../data/schemas/notifications.ts';
import type { IconName } from '../../components/Icon.tsx';
import { UserText, isolate } from '../../components/UserText.tsx';

/**
 * The notifications' words (issue 31): the sentence of each type, written here from the server's
 * codes (a type, ids and a count; private.notify_event). People's own words — names, notebook
 * titles — are isolated (UserText) inside the app's sentences. A name this device does not hold,
 * or an anonymous answerer's, is "someone"; a grouped notification says how many.
 */
export function NotificationSentence({ item }: { item: NotificationItem }) {
  const title = item.notebookTitle ? <UserText>{item.notebookTitle}</UserText> : null;
  const name = item.actorName ? <UserText>{item.actorName}</UserText> : null;
  const { t } = useLingui();
  const count = item.count;
  // the plural sentences are one message each, the title inside (isolated as UserText does)
  const notebook = item.notebookTitle ? isolate(item.notebookTitle) : '';
  switch (item.type) {
    case 'new_answer':
      if (count > 1) {
        return title ? (
          <>{t({ message: plural(count, { one: `# pessoa respondeu ${notebook}`, other: `# pessoas responderam ${notebook}` }) })}</>
        ) : (
          <Plural value={count} one="# pessoa respondeu um caderno seu" other="# pessoas responderam um caderno seu" />
        );
      }
      if (name && title) return <Trans>{name} respondeu {title}</Trans>;
      if (title) return <Trans>Alguém respondeu {title}</Trans>;
      return name ? <Trans>{name} respondeu um caderno seu</Trans> : <Trans>Alguém respondeu um caderno seu</Trans>;
    case 'answer_pending':
      return title ? (
        <>{t({ message: plural(count, { one: `Uma resposta em ${notebook} aguarda moderação`, other: `# respostas em ${notebook} aguardam moderação` }) })}</>
      ) : (
        <Plural value={count} one="Uma resposta aguarda moderação" other="# respostas aguardam moderação" />
      );
    case 'answer_approved':
      return title ? (
        <>{t({ message: plural(count, { one: `Sua resposta em ${notebook} foi aprovada`, other: `# respostas suas em ${notebook} foram aprovadas` }) })}</>
      ) : (
        <Plural value={count} one="Sua resposta foi aprovada" other="# respostas suas foram aprovadas" />
      );
    case 'answer_rejected':
      return title ? (
        <>{t({ message: plural(count, { one: `Sua resposta em ${notebook} não foi aprovada`, other: `# respostas suas em ${notebook} não foram aprovadas` }) })}</>
      ) : (
        <Plural value={count} one="Sua resposta não foi aprovada" other="# respostas suas não foram aprovadas" />
      );
    case 'notebook_shared':
      if (name && title) return <Trans>{name} compartilhou {title} com você</Trans>;
      if (title) return <Trans>O caderno {title} foi compartilhado com você</Trans>;
      return <Trans>Um caderno foi compartilhado com você</Trans>;
    case 'collaboration_invite':
      if (name && title) return <Trans>{name} convidou você para colaborar em {title}</Trans>;
      if (title) return <Trans>Você foi convidado para colaborar em {title}</Trans>;
      return <Trans>Você foi convidado para colaborar em um caderno</Trans>;
    case 'collaboration_accepted':
      if (name && title) return <Trans>{name} aceitou colaborar em {title}</Trans>;
      if (title) return <Trans>Seu convite para colaborar em {title} foi aceito</Trans>;
      return <Trans>Seu convite para colaborar foi aceito</Trans>;
    case 'friend_request':
      if (count > 1) return <Plural value={count} one="# pedido de amizade" other="# pedidos de amizade" />;
      return name ? <Trans>{name} enviou um pedido de amizade</Trans> : <Trans>Você recebeu um pedido de amizade</Trans>;
    case 'friend_accepted':
      return name ? <Trans>{name} aceitou seu pedido de amizade</Trans> : <Trans>Seu pedido de amizade foi aceito</Trans>;
    case 'friendship_started':
      return name ? <Trans>Você e {name} agora são amigos</Trans> : <Trans>Você tem uma nova amizade</Trans>;
    case 'guestbook_message':
      if (count > 1) return <Plural value={count} one="# recado novo no seu mural" other="# recados novos no seu mural" />;
      return name ? <Trans>{name} deixou um recado no seu mural</Trans> : <Trans>Alguém deixou um recado no seu mural</Trans>;
    case 'poll_vote':
      return <Plural value={count} one="# pessoa votou na sua enquete" other="# pessoas votaram na sua enquete" />;
    case 'achievement_earned':
      return <Trans>Você ganhou uma conquista</Trans>;
    // the moderation (issue 33): never who wrote what was reported
    case 'report_handled':
      switch (item.text) {
        case 'dismiss':
          return <Trans>Sua denúncia foi analisada: o conteúdo não viola as regras</Trans>;
        case 'hide':
          return <Trans>Sua denúncia foi analisada: o conteúdo foi ocultado</Trans>;
        case 'delete':
          return <Trans>Sua denúncia foi analisada: o conteúdo foi excluído</Trans>;
        case 'warn':
          return <Trans>Sua denúncia foi analisada: o autor foi advertido</Trans>;
        case 'ban':
          return <Trans>Sua denúncia foi analisada: a conta do autor foi banida</Trans>;
        // a warning or ban of an anonymous author (the decision would name them)
        case 'actioned':
          return <Trans>Sua denúncia foi analisada: a moderação tomou uma medida</Trans>;
        default:
          return <Trans>Sua denúncia foi analisada</Trans>;
      }
    case 'content_hidden':
      return item.text ? (
        <Trans>A moderação ocultou um conteúdo seu. Motivo: {reason(item.text)}</Trans>
      ) : (
        <Trans>A moderação ocultou um conteúdo seu</Trans>
      );
    case 'content_removed':
      return item.text ? (
        <Trans>A moderação excluiu um conteúdo seu. Motivo: {reason(item.text)}</Trans>
      ) : (
        <Trans>A moderação excluiu um conteúdo seu</Trans>
      );
    case 'content_restored':
      return item.text ? (
        <Trans>A moderação restaurou um conteúdo seu que estava oculto. Nota: {reason(item.text)}</Trans>
      ) : (
        <Trans>A moderação restaurou um conteúdo seu que estava oculto</Trans>
      );
    case 'warning':
      return item.text ? (
        <Trans>Você recebeu uma advertência da moderação. Motivo: {reason(item.text)}</Trans>
      ) : (
        <Trans>Você recebeu uma advertência da moderação</Trans>
      );
    default:
      return <Trans>Nova notificação</Trans>;
  }
}

/** A moderator's words inside the app's sentence, isolated as people's words are. */
function reason(text: string) {
  return <UserText>{text}</UserText>;
}

/** Where each notification takes the person: what it is about. */
export function notificationHref(item: NotificationItem): string {
  switch (item.type) {
    case 'answer_pending':
      return item.notebookId ? `/moderation/answers/${item.notebookId}` : '/meus-cadernos';
    case 'new_answer':
    case 'answer_approved':
    case 'answer_rejected':
    case 'notebook_shared':
    case 'collaboration_accepted':
      return item.notebookId ? `/notebook/${item.notebookId}` : '/meus-cadernos';
    case 'collaboration_invite':
      // accepted or declined on the dashboard's card, among the collaborations
      return '/meus-cadernos?tab=collaborations';
    case 'friend_request':
      return '/amigos?tab=requests';
    case 'friend_accepted':
    case 'friendship_started':
      return '/amigos';
    case 'guestbook_message':
      return '/manage-profile?tab=guestbook';
    case 'poll_vote':
      return '/manage-profile?tab=poll';
    case 'achievement_earned':
      return '/profile';
    default:
      return '/notificacoes';
  }
}

/** The small picture beside each type (decorative: the sentence says it). */
export const NOTIFICATION_ICONS: Record<NotificationType, IconName> = {
  new_answer: 'pencil',
  answer_pending: 'hourglass',
  answer_approved: 'check',
  answer_rejected: 'close',
  notebook_shared: 'notebook',
  collaboration_invite: 'users',
  collaboration_accepted: 'users',
  friend_request: 'user',
  friend_accepted: 'users',
  friendship_started: 'heart',
  guestbook_message: 'pencil',
  poll_vote: 'bar-chart',
  achievement_earned: 'star',
  report_handled: 'check',
  content_hidden: 'eye-off',
  content_removed: 'close',
  warning: 'bell',
  content_restored: 'check',
};
