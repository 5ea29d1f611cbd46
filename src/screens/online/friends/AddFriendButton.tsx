import { Trans, useLingui } from '@lingui/react/macro';
import type { ProfileView } from '../../../data/online/profile.ts';
import { useSessionStore } from '../../../state/session.ts';
import { useLiveFriends, useRelationship } from '../hooks/friends.ts';
import { ActionButton } from './ActionButton.tsx';
import * as css from './friends.css.ts';

/**
 * "Adicionar amigo" on someone's profile (issue 31), or what stands between us instead: a request
 * I sent (cancel it), one I received (accept or decline), or that we are friends. Only for a
 * signed-in person, and only where a request would be taken (friend_relationship's may_ask).
 */
export default function AddFriendButton({ profile }: { profile: ProfileView }) {
  const { t } = useLingui();
  const myId = useSessionStore((s) => s.userId);
  useLiveFriends(myId);
  const relationship = useRelationship(myId, profile.id).data;
  if (!myId || !relationship || relationship.state === 'self') return null;
  const name = profile.display_name || profile.username;
  switch (relationship.state) {
    case 'friends':
      return (
        <p className={css.done} data-testid="friend-state">
          <Trans>Vocês são amigos.</Trans>
        </p>
      );
    case 'sent':
      return (
        <>
          <p className={css.muted} data-testid="friend-state">
            <Trans>Pedido de amizade enviado.</Trans>
          </p>
          <ActionButton action={{ kind: 'cancel', requestId: relationship.request_id }} label={t`Cancelar o pedido para ${name}`}>
            <Trans>Cancelar pedido</Trans>
          </ActionButton>
        </>
      );
    case 'received':
      return (
        <>
          <p className={css.muted} data-testid="friend-state">
            <Trans>{name} quer ser seu amigo.</Trans>
          </p>
          <ActionButton action={{ kind: 'accept', requestId: relationship.request_id }} variant="primary">
            <Trans>Aceitar pedido</Trans>
          </ActionButton>
          <ActionButton action={{ kind: 'decline', requestId: relationship.request_id }}>
            <Trans>Recusar</Trans>
          </ActionButton>
        </>
      );
    default:
      // never offered where the answer would be no (a minor's adult stranger, no requests taken, a block)
      if (!relationship.may_ask) return null;
      return (
        <ActionButton action={{ kind: 'send', userId: profile.id }} variant="primary">
          <Trans>Adicionar amigo</Trans>
        </ActionButton>
      );
  }
}
