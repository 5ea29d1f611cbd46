import { useEffect, useRef } from 'react';
import { Plural, Trans, useLingui } from '@lingui/react/macro';
import { Link, Redirect } from 'wouter';
import { Icon } from '../../components/Icon.tsx';
import { LoadMore } from '../../components/LoadMore.tsx';
import { PageSkeleton } from '../../components/PageSkeleton.tsx';
import { button } from '../../components/ui.css.ts';
import { useOnline } from '../../components/frame/useOnline.ts';
import { knownItems, type NewsItem } from '../../data/online/news.ts';
import { backTo } from '../../navigation/links.ts';
import { useSessionStore } from '../../state/session.ts';
import { OfflineCopyNote, OnlineData } from '../online/OnlineData.tsx';
import { Avatar } from '../online/ProfileImage.tsx';
import { useNews } from '../online/hooks/news.ts';
import { NEWS_ICONS, NewsSentence, newsHref } from './messages.tsx';
import * as css from './Timeline.css.ts';

/**
 * News (/timeline, issue 31): what my friends did that I may see — a notebook they created that I
 * am in, an answer to a notebook of mine, an achievement, a new status phrase —, newest first, 20
 * at a time. Chronological and quiet on purpose (EU DSA guidelines for minors): no counters, no
 * streaks, nothing that plays or loads by itself beyond the next page at the list's end.
 * Online-only (public.news); the last pages read stay readable offline.
 */
export default function TimelineScreen() {
  const status = useSessionStore((s) => s.status);
  const userId = useSessionStore((s) => s.userId);
  if (status === 'signed-out') return <Redirect to={backTo('/login', '/timeline')} replace />;
  if (status === 'loading' || !userId) return <PageSkeleton />;
  return (
    <OnlineData>
      <Timeline userId={userId} />
    </OnlineData>
  );
}

function Timeline({ userId }: { userId: string }) {
  const online = useOnline();
  const query = useNews(userId);
  const list = useRef<HTMLOListElement>(null);
  // after "Ver mais antigas", the focus moves to the first item that came (the button may go)
  const focusFrom = useRef<number | null>(null);
  const shown = query.data?.pages.reduce((count, page) => count + knownItems(page).length, 0) ?? 0;
  useEffect(() => {
    if (focusFrom.current === null || query.isFetchingNextPage) return;
    list.current?.querySelectorAll<HTMLAnchorElement>(':scope > li > a')[focusFrom.current]?.focus();
    focusFrom.current = null;
  }, [shown, query.isFetchingNextPage]);

  let body;
  if (query.data === undefined) {
    if (query.isError || (!online && query.fetchStatus === 'paused')) body = <CouldNotLoad online={online} retry={() => void query.refetch()} />;
    else body = <PageSkeleton />;
  } else {
    const items = query.data.pages.flatMap(knownItems);
    body =
      items.length === 0 ? (
        <Empty />
      ) : (
        <>
          <ol className={css.list} data-testid="news-list" ref={list}>
            {items.map((item) => (
              <NewsEntry key={`${item.kind}:${item.id}`} item={item} />
            ))}
          </ol>
          <LoadMore
            hasMore={query.hasNextPage}
            loading={query.isFetchingNextPage}
            enabled={online}
            loadsByItself={false}
            label={<Trans>Ver mais antigas</Trans>}
            loadingLabel={<Trans>Carregando…</Trans>}
            onLoadMore={() => {
              focusFrom.current = items.length;
              void query.fetchNextPage();
            }}
            status={<Plural value={items.length} one="Mostrando # novidade" other="Mostrando # novidades" />}
          />
        </>
      );
  }

  return (
    <div className={css.page}>
      <h1 className={css.title}>
        <Trans>Novidades</Trans>
      </h1>
      <p className={css.muted}>
        <Trans>O que seus amigos fizeram, das mais novas para as mais antigas.</Trans>
      </p>
      {query.data !== undefined && <OfflineCopyNote updatedAt={query.dataUpdatedAt} />}
      {body}
    </div>
  );
}

function NewsEntry({ item }: { item: NewsItem }) {
  const { i18n } = useLingui();
  const name = item.actor_display_name || item.actor_username;
  return (
    <li>
      <Link href={newsHref(item)} className={css.entry}>
        <span className={css.pictures}>
          <Avatar className={css.avatar} value={item.actor_avatar_url} name={name} />
          <span className={css.kindIcon}>
            <Icon name={NEWS_ICONS[item.kind]} />
          </span>
        </span>
        <span className={css.words}>
          <span className={css.sentence}>
            <NewsSentence item={item} />
          </span>
          <time className={css.time} dateTime={item.at}>
            {when(item, i18n.locale)}
          </time>
        </span>
      </Link>
    </li>
  );
}

/** The item's moment in the reader's language: an achievement keeps only its day. */
function when(item: NewsItem, locale: string): string {
  const options: Intl.DateTimeFormatOptions =
    item.kind === 'achievement_earned' ? { dateStyle: 'medium', timeZone: 'UTC' } : { dateStyle: 'medium', timeStyle: 'short' };
  return new Intl.DateTimeFormat(locale, options).format(new Date(item.at));
}

function Empty() {
  return (
    <div className={css.empty} data-testid="news-empty">
      <h2 className={css.emptyTitle}>
        <Trans>Nada por aqui ainda</Trans>
      </h2>
      <p className={css.muted}>
        <Trans>
          As novidades vêm dos seus amigos. Quem responde a um caderno seu vira seu amigo, e você pode pedir amizade a quem
          participa dos mesmos cadernos que você.
        </Trans>
      </p>
      <Link href="/amigos" className={button.primary}>
        <Icon name="users" /> <Trans>Encontrar amigos</Trans>
      </Link>
    </div>
  );
}

function CouldNotLoad({ online, retry }: { online: boolean; retry: () => void }) {
  return (
    <div className={css.empty} role="alert">
      <h2 className={css.emptyTitle}>
        <Trans>Não foi possível carregar as novidades</Trans>
      </h2>
      <p className={css.muted}>
        {online ? (
          <Trans>Verifique sua conexão e tente de novo.</Trans>
        ) : (
          <Trans>Você está sem internet, e as novidades ainda não foram abertas neste aparelho.</Trans>
        )}
      </p>
      <div>
        <button type="button" className={button.secondary} onClick={retry} disabled={!online}>
          <Trans>Tentar de novo</Trans>
        </button>
      </div>
    </div>
  );
}
