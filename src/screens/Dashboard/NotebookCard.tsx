import { useState } from 'react';
import { Plural, Trans, useLingui } from '@lingui/react/macro';
import type { MessageDescriptor } from '@lingui/core';
import { msg } from '@lingui/core/macro';
import { Link } from 'wouter';
import { Icon } from '../../components/Icon.tsx';
import type { ListPosition } from '../../components/VirtualList.tsx';
import { UserText } from '../../components/UserText.tsx';
import { button } from '../../components/ui.css.ts';
import type { DataLayer } from '../../data/data-layer.ts';
import type { NotebookCard as Card } from '../../data/queries/dashboard.ts';
import type { ProfileDoc } from '../../data/schemas/index.ts';
import { toast } from '../../state/toast.ts';
import { ConfirmDialog, SyncBadge } from '../notebooks/common/index.ts';
import { problemMessage } from '../notebooks/common/messages.ts';
import { NotebookCover } from '../notebooks/look/index.ts';
import { InvitationActions } from '../notebooks/sharing/InvitationActions.tsx';
import { ShareDialog } from '../notebooks/sharing/ShareDialog.tsx';
import { PersonName } from '../notebooks/sharing/PersonSearch.tsx';
import { answersHref, cardActions, cardMarks, visibleActions, type CardAction, type CardMark } from './dashboard.ts';
import * as css from './Dashboard.css.ts';

const MARK_LABELS: Record<CardMark, MessageDescriptor> = {
  'created-by-you': msg`Criado por você`,
  shared: msg`Compartilhado`,
  'shared-by': msg`Compartilhado por alguém`,
  invited: msg`Convite pendente`,
};

interface Props {
  layer: DataLayer;
  card: Card;
  layout: 'grid' | 'list';
  showStats: boolean;
  profiles: Map<string, ProfileDoc> | undefined;
  /** Its place in the dashboard's list (the list renders only the cards near the screen). */
  position?: ListPosition;
}

/** One notebook on the dashboard: its cover, whose it is, its numbers and what the person may do with it. */
export function NotebookCard({ layer, card, layout, showStats, profiles, position }: Props) {
  const { t, i18n } = useLingui();
  const { notebook } = card;
  const [expanded, setExpanded] = useState(false);
  const [confirming, setConfirming] = useState(false);
  const [sharing, setSharing] = useState(false);
  const headingId = `card-${notebook.id}`;
  const owner = profiles?.get(notebook.user_id);
  const ownerName = owner ? <PersonName person={owner} /> : null;
  const { shown, hasMore } = visibleActions(cardActions(card), expanded);
  const author = <UserText>{notebook.author}</UserText>;
  const title = <UserText>{notebook.title}</UserText>;

  async function remove() {
    setConfirming(false);
    const result = await layer.api.notebooks.delete(notebook.id);
    if (result.ok) toast({ title: t`Caderno excluído` });
    else toast({ title: t`Erro ao excluir caderno`, description: t`Não foi possível excluir o caderno`, variant: 'destructive' });
  }

  async function toggleFavorite() {
    const result = await layer.api.notebooks.setFavorite(notebook.id, !card.isFavorite);
    if (!result.ok) toast({ title: t`Erro`, description: i18n._(problemMessage(result.problem, 'notebook')), variant: 'destructive' });
  }

  const renderAction = (action: CardAction) => {
    const className = `${action === 'delete' ? button.danger : action === 'view' ? button.primary : button.secondary} ${css.action}`;
    const label = ACTION_LABELS[action];
    switch (action) {
      case 'view':
        return (
          <Link key={action} href={`/notebook/${notebook.id}`} className={className} aria-describedby={headingId}>
            {i18n._(label)}
          </Link>
        );
      case 'answer':
        return (
          <Link key={action} href={`/notebook/${notebook.id}#answer-heading`} className={className} aria-describedby={headingId}>
            {i18n._(label)}
          </Link>
        );
      case 'edit':
        return (
          <Link key={action} href={`/notebook/${notebook.id}/edit`} className={className} aria-describedby={headingId}>
            {i18n._(label)}
          </Link>
        );
      case 'answers':
        return (
          <Link key={action} href={answersHref(card)} className={className} aria-describedby={headingId}>
            {i18n._(label)}
          </Link>
        );
      case 'share':
        return (
          <button key={action} type="button" className={className} aria-describedby={headingId} onClick={() => setSharing(true)}>
            {i18n._(label)}
          </button>
        );
      case 'delete':
        return (
          <button key={action} type="button" className={className} aria-describedby={headingId} onClick={() => setConfirming(true)}>
            {i18n._(label)}
          </button>
        );
    }
  };

  return (
    <div
      role="listitem"
      {...position}
      className={`${css.card} ${layout === 'list' ? css.cardList : ''}`}
      data-testid="notebook-card"
      data-notebook={notebook.id}
      aria-labelledby={headingId}
    >
      {/* The cover is a picture of the title the heading already says. */}
      <div aria-hidden="true">
        <NotebookCover title={notebook.title} theme={notebook.theme} cover={notebook.cover} stickerBorder={notebook.sticker_border} size="compact" titleAs="p" />
      </div>
      <div className={css.cardBody}>
        <h3 className={css.cardTitle} id={headingId}>
          <Link href={`/notebook/${notebook.id}`} className={css.cardTitleLink}>
            {title}
          </Link>
        </h3>
        <ul className={css.marks} aria-label={t`Sobre este caderno`}>
          {cardMarks(card).map((mark) => (
            <li key={mark} className={css.mark}>
              {mark === 'shared-by' && ownerName ? <Trans>Compartilhado por {ownerName}</Trans> : i18n._(MARK_LABELS[mark])}
            </li>
          ))}
          {card.isFavorite ? (
            <li className={css.mark}>
              <Trans>Favorito</Trans>
            </li>
          ) : null}
        </ul>
        <SyncBadge collection="notebooks" id={notebook.id} />
        <p className={css.description}>
          <Trans>por {author}</Trans>
          {notebook.description ? (
            <>
              {' · '}
              <UserText>{notebook.description}</UserText>
            </>
          ) : null}
        </p>
        {showStats ? (
          <ul className={css.stats} aria-label={t`Estatísticas`} data-testid="card-stats">
            <li>
              <Plural value={card.questionCount} _0="Nenhuma pergunta" one="# pergunta" other="# perguntas" />
            </li>
            <li>
              <Plural value={card.answerCount} _0="Nenhuma resposta" one="# resposta" other="# respostas" />
            </li>
            {card.role === 'owner' || card.role === 'editor' || card.role === 'collaborator' ? (
              <li>
                <Plural value={card.awaitingModerationCount} one="# aguardando moderação" other="# aguardando moderação" />
              </li>
            ) : null}
          </ul>
        ) : null}
        {card.role === 'invited' && card.collaboration ? <InvitationActions layer={layer} invitation={card.collaboration} profiles={profiles} /> : null}
        {shown.length > 0 ? (
          <div className={css.actions}>
            {shown.map(renderAction)}
            <button
              type="button"
              className={`${button.ghost} ${css.action}`}
              aria-pressed={card.isFavorite}
              aria-describedby={headingId}
              onClick={() => void toggleFavorite()}
            >
              <Icon name="star" filled={card.isFavorite} />
              <Trans>Favorito</Trans>
            </button>
            {hasMore ? (
              <button
                type="button"
                className={`${button.ghost} ${css.action}`}
                aria-expanded={expanded}
                aria-describedby={headingId}
                onClick={() => setExpanded((e) => !e)}
              >
                {expanded ? <Trans>Menos opções</Trans> : <Trans>Mais opções</Trans>}
              </button>
            ) : null}
          </div>
        ) : null}
      </div>
      {confirming ? (
        <ConfirmDialog
          title={<Trans>Excluir “{title}”?</Trans>}
          confirmLabel={<Trans>Excluir caderno</Trans>}
          onConfirm={() => void remove()}
          onCancel={() => setConfirming(false)}
        >
          <Trans>O caderno, suas perguntas e todas as respostas serão apagados. Isso não pode ser desfeito.</Trans>
        </ConfirmDialog>
      ) : null}
      {sharing ? <ShareDialog notebookId={notebook.id} onClose={() => setSharing(false)} /> : null}
    </div>
  );
}

/**
 * A card's stand-in while the list scrolls past it (VirtualList): the same box and title, none of
 * the cover, links or buttons — it becomes the full card when the scroll stops.
 */
export function NotebookCardPlaceholder({ card, position }: { card: Card; position: ListPosition }) {
  return (
    <div role="listitem" {...position} className={css.card} data-testid="notebook-card-placeholder">
      <p className={css.cardTitle}>
        <UserText>{card.notebook.title}</UserText>
      </p>
    </div>
  );
}

const ACTION_LABELS: Record<CardAction, MessageDescriptor> = {
  view: msg`Ver`,
  answer: msg`Responder`,
  edit: msg`Editar`,
  share: msg`Compartilhar`,
  answers: msg`Ver respostas`,
  delete: msg`Excluir`,
};
