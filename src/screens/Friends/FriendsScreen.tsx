import { useId, useState, type ReactNode } from 'react';
import { Plural, Trans, useLingui } from '@lingui/react/macro';
import { Redirect } from 'wouter';
import { LoadMore } from '../../components/LoadMore.tsx';
import { PageSkeleton } from '../../components/PageSkeleton.tsx';
import { useTabFromAddress, useTabKeys } from '../../components/tabs.ts';
import { useOnline } from '../../components/frame/useOnline.ts';
import type { Friend, FriendRequest, Suggestion } from '../../data/online/friends.ts';
import { button, visuallyHidden } from '../../components/ui.css.ts';
import { backTo } from '../../navigation/links.ts';
import { useSessionStore } from '../../state/session.ts';
import { OfflineCopyNote, OnlineData } from '../online/OnlineData.tsx';
import { useFriendRequests, useFriendSuggestions, useLiveFriends, useMyFriends } from '../online/hooks/friends.ts';
import { ActionButton } from '../online/friends/ActionButton.tsx';
import { PersonItem } from '../online/friends/PersonItem.tsx';
import * as css from '../online/friends/friends.css.ts';

type Tab = 'friends' | 'requests' | 'suggestions';
const TABS: readonly Tab[] = ['friends', 'requests', 'suggestions'];

/**
 * /amigos (/friends in English; spec §2 "Friends page: my friends, suggestions, requests received
 * and sent"; issue 31): three tabs. Online-only (ARCHITECTURE §2): the last copy reads offline,
 * and the actions wait for the connection.
 */
export default function FriendsScreen() {
  const status = useSessionStore((s) => s.status);
  const userId = useSessionStore((s) => s.userId);
  if (status === 'signed-out') return <Redirect to={backTo('/login', '/amigos')} replace />;
  if (status === 'loading' || !userId) return <PageSkeleton />;
  return (
    <OnlineData>
      <Friends userId={userId} />
    </OnlineData>
  );
}

function Friends({ userId }: { userId: string }) {
  const { t } = useLingui();
  const [tab, setTab] = useState<Tab>(useTabFromAddress(TABS, 'friends'));
  const { onKeyDown, tabRef } = useTabKeys(TABS, tab, setTab);
  useLiveFriends(userId);
  const received = useFriendRequests(userId, 'received');
  const waiting = received.data?.pages[0]?.length ?? 0;
  const base = useId();
  const names: Record<Tab, string> = { friends: t`Amigos`, requests: t`Pedidos`, suggestions: t`Sugestões` };

  return (
    <div className={css.page}>
      <h1 className={css.heading}>
        <Trans>Amigos</Trans>
      </h1>
      <div role="tablist" aria-label={t`Amigos`} className={css.tabs} onKeyDown={onKeyDown}>
        {TABS.map((id) => (
          <button
            key={id}
            ref={tabRef(id)}
            type="button"
            role="tab"
            id={`${base}-${id}-tab`}
            aria-selected={tab === id}
            aria-controls={`${base}-${id}-panel`}
            tabIndex={tab === id ? 0 : -1}
            className={css.tab}
            onClick={() => setTab(id)}
            data-testid={`friends-tab-${id}`}
          >
            {names[id]}
            {id === 'requests' && waiting > 0 && (
              <span className={css.count}>
                <span aria-hidden="true">{waiting}</span>
                <span className={visuallyHidden}>
                  {' '}
                  <Plural value={waiting} one="(# pedido recebido)" other="(# pedidos recebidos)" />
                </span>
              </span>
            )}
          </button>
        ))}
      </div>
      <div role="tabpanel" id={`${base}-${tab}-panel`} aria-labelledby={`${base}-${tab}-tab`} className={css.panel} tabIndex={0}>
        {tab === 'friends' && <FriendsPanel userId={userId} />}
        {tab === 'requests' && <RequestsPanel userId={userId} />}
        {tab === 'suggestions' && <SuggestionsPanel userId={userId} />}
      </div>
    </div>
  );
}

/** A paged list's states: loading, could not load (offline says so plainly), empty, the items, the next page. */
function Paged<T>({
  query,
  empty,
  items,
  count,
  label,
}: {
  query: {
    data?: { pages: T[][] };
    dataUpdatedAt: number;
    isError: boolean;
    fetchStatus: string;
    hasNextPage: boolean;
    isFetchingNextPage: boolean;
    fetchNextPage: () => unknown;
    refetch: () => unknown;
  };
  empty: ReactNode;
  items: (rows: T[]) => ReactNode;
  count: (n: number) => ReactNode;
  label: ReactNode;
}) {
  const online = useOnline();
  const rows = query.data?.pages.flat() ?? [];
  if (!query.data) {
    if (!online && query.fetchStatus !== 'fetching') {
      return (
        <p className={css.muted} role="status">
          <Trans>Você está sem internet. Os amigos aparecem aqui quando a conexão voltar.</Trans>
        </p>
      );
    }
    if (query.isError) {
      return (
        <div className={css.inline} role="alert">
          <p className={css.error}>
            <Trans>Não foi possível carregar. Verifique sua conexão e tente de novo.</Trans>
          </p>
          <button type="button" className={button.secondary} onClick={() => void query.refetch()}>
            <Trans>Tentar de novo</Trans>
          </button>
        </div>
      );
    }
    return (
      <p className={css.muted} role="status">
        <Trans>Carregando…</Trans>
      </p>
    );
  }
  return (
    <>
      <OfflineCopyNote updatedAt={query.dataUpdatedAt}>
        <Trans>Conecte-se para adicionar, aceitar ou remover amigos.</Trans>
      </OfflineCopyNote>
      {rows.length === 0 ? <p className={css.muted}>{empty}</p> : items(rows)}
      {rows.length > 0 && (
        <LoadMore
          hasMore={query.hasNextPage}
          loading={query.isFetchingNextPage}
          onLoadMore={() => void query.fetchNextPage()}
          enabled={online}
          status={count(rows.length)}
          label={label}
          loadingLabel={<Trans>Carregando…</Trans>}
        />
      )}
    </>
  );
}

function FriendsPanel({ userId }: { userId: string }) {
  const query = useMyFriends(userId);
  return (
    <section className={css.section} aria-labelledby="friends-mine">
      <h2 id="friends-mine" className={css.sectionTitle}>
        <Trans>Meus amigos</Trans>
      </h2>
      <Paged<Friend>
        query={query}
        empty={<Trans>Você ainda não tem amigos aqui. Responda cadernos ou veja as sugestões.</Trans>}
        count={(n) => <Plural value={n} one="# amigo" other="# amigos" />}
        label={<Trans>Carregar mais amigos</Trans>}
        items={(rows) => (
          <ul className={css.list} data-testid="friends-list">
            {rows.map((friend) => (
              <FriendItem key={friend.user_id} friend={friend} />
            ))}
          </ul>
        )}
      />
    </section>
  );
}

function FriendItem({ friend }: { friend: Friend }) {
  const { t, i18n } = useLingui();
  const [confirming, setConfirming] = useState(false);
  const name = friend.display_name || friend.username;
  const since = new Intl.DateTimeFormat(i18n.locale, { dateStyle: 'medium' }).format(new Date(friend.since));
  const shared = friend.shared_notebooks;
  return (
    <PersonItem
      person={friend}
      testId="friend"
      detail={
        <>
          <span data-testid="friend-origin">
            {friend.origin === 'request' ? (
              <Trans>Amigos desde {since}, por um pedido de amizade.</Trans>
            ) : friend.answered_by_me ? (
              <Trans>Amigos desde {since}, quando você respondeu um caderno de {name}.</Trans>
            ) : (
              <Trans>Amigos desde {since}, quando {name} respondeu um caderno seu.</Trans>
            )}
          </span>{' '}
          <span data-testid="friend-shared">
            <Plural value={shared} _0="Nenhum caderno em comum." one="# caderno em comum." other="# cadernos em comum." />
          </span>
        </>
      }
    >
      {confirming ? (
        <>
          <ActionButton action={{ kind: 'remove', userId: friend.user_id }} variant="danger" label={t`Confirmar: remover ${name} dos amigos`}>
            <Trans>Confirmar remoção</Trans>
          </ActionButton>
          <button type="button" className={button.ghost} onClick={() => setConfirming(false)}>
            <Trans>Manter</Trans>
          </button>
        </>
      ) : (
        <button type="button" className={button.secondary} aria-label={t`Remover ${name} dos amigos`} onClick={() => setConfirming(true)}>
          <Trans>Remover amigo</Trans>
        </button>
      )}
    </PersonItem>
  );
}

function RequestsPanel({ userId }: { userId: string }) {
  const { t } = useLingui();
  const received = useFriendRequests(userId, 'received');
  const sent = useFriendRequests(userId, 'sent');
  return (
    <>
      <section className={css.section} aria-labelledby="friends-received">
        <h2 id="friends-received" className={css.sectionTitle}>
          <Trans>Pedidos recebidos</Trans>
        </h2>
        <Paged<FriendRequest>
          query={received}
          empty={<Trans>Nenhum pedido esperando sua resposta.</Trans>}
          count={(n) => <Plural value={n} one="# pedido recebido" other="# pedidos recebidos" />}
          label={<Trans>Carregar mais pedidos</Trans>}
          items={(rows) => (
            <ul className={css.list} data-testid="requests-received">
              {rows.map((request) => {
                const name = request.display_name || request.username;
                return (
                  <PersonItem key={request.request_id} person={request} testId="request-received" detail={<Trans>Quer ser seu amigo.</Trans>}>
                    <ActionButton action={{ kind: 'accept', requestId: request.request_id }} variant="primary" label={t`Aceitar o pedido de ${name}`}>
                      <Trans>Aceitar</Trans>
                    </ActionButton>
                    <ActionButton action={{ kind: 'decline', requestId: request.request_id }} label={t`Recusar o pedido de ${name}`}>
                      <Trans>Recusar</Trans>
                    </ActionButton>
                  </PersonItem>
                );
              })}
            </ul>
          )}
        />
      </section>
      <section className={css.section} aria-labelledby="friends-sent">
        <h2 id="friends-sent" className={css.sectionTitle}>
          <Trans>Pedidos enviados</Trans>
        </h2>
        <Paged<FriendRequest>
          query={sent}
          empty={<Trans>Nenhum pedido enviado esperando resposta.</Trans>}
          count={(n) => <Plural value={n} one="# pedido enviado" other="# pedidos enviados" />}
          label={<Trans>Carregar mais pedidos</Trans>}
          items={(rows) => (
            <ul className={css.list} data-testid="requests-sent">
              {rows.map((request) => {
                const name = request.display_name || request.username;
                return (
                  <PersonItem key={request.request_id} person={request} testId="request-sent" detail={<Trans>Esperando a resposta.</Trans>}>
                    <ActionButton action={{ kind: 'cancel', requestId: request.request_id }} label={t`Cancelar o pedido para ${name}`}>
                      <Trans>Cancelar pedido</Trans>
                    </ActionButton>
                  </PersonItem>
                );
              })}
            </ul>
          )}
        />
      </section>
    </>
  );
}

function SuggestionsPanel({ userId }: { userId: string }) {
  const { t } = useLingui();
  const query = useFriendSuggestions(userId);
  return (
    <section className={css.section} aria-labelledby="friends-suggested">
      <h2 id="friends-suggested" className={css.sectionTitle}>
        <Trans>Pessoas que você talvez conheça</Trans>
      </h2>
      <Paged<Suggestion>
        query={query}
        empty={<Trans>Nenhuma sugestão agora. Quem participa dos mesmos cadernos que você aparece aqui.</Trans>}
        count={(n) => <Plural value={n} one="# sugestão" other="# sugestões" />}
        label={<Trans>Carregar mais sugestões</Trans>}
        items={(rows) => (
          <ul className={css.list} data-testid="suggestions">
            {rows.map((person) => {
              const name = person.display_name || person.username;
              return (
                <PersonItem
                  key={person.user_id}
                  person={person}
                  testId="suggestion"
                  detail={
                    <>
                      {person.shared_notebooks > 0 && (
                        <Plural value={person.shared_notebooks} one="# caderno em comum." other="# cadernos em comum." />
                      )}{' '}
                      {person.mutual_friends > 0 && <Plural value={person.mutual_friends} one="# amigo em comum." other="# amigos em comum." />}
                    </>
                  }
                >
                  <ActionButton action={{ kind: 'send', userId: person.user_id }} variant="primary" label={t`Adicionar ${name} como amigo`}>
                    <Trans>Adicionar amigo</Trans>
                  </ActionButton>
                </PersonItem>
              );
            })}
          </ul>
        )}
      />
    </section>
  );
}
