import { useEffect, useMemo, useRef, useState } from 'react';
import { Plural, Trans, useLingui } from '@lingui/react/macro';
import { Link } from 'wouter';
import type { DataLayer } from '../../data/data-layer.ts';
import type { NotificationItem } from '../../data/queries/notifications.ts';
import { useObservable } from '../../state/data-layer.ts';
import { toast } from '../../state/toast.ts';
import { Icon } from '../../components/Icon.tsx';
import { LoadMore } from '../../components/LoadMore.tsx';
import { VirtualList, type ListPosition } from '../../components/VirtualList.tsx';
import { button, page, visuallyHidden } from '../../components/ui.css.ts';
import { StatePanel } from '../notebooks/common/StatePanel.tsx';
import { SignedInData } from '../notebooks/common/SignedInData.tsx';
import { NOTIFICATION_ICONS, NotificationSentence, notificationHref } from './messages.tsx';
import * as css from './Notifications.css.ts';

/** Spec: lists page 20–50 items; the device's own data, so each page is a longer local query. */
export const PAGE_SIZE = 30;

/**
 * /notificacoes (issue 31, spec §4 and §7): the person's notifications, newest first, paged; mark
 * one or all as read — on this device at once, sent when there is a connection —; new ones appear
 * as replication brings them. Each opens what it is about.
 */
export default function NotificationsScreen() {
  const failed = (
    <StatePanel title={<Trans>Erro ao carregar notificações</Trans>}>
      <p>
        <Trans>Não foi possível abrir as notificações neste aparelho.</Trans>
      </p>
    </StatePanel>
  );
  return (
    <SignedInData loginNext="/notificacoes" failed={failed} loading={<Loading />}>
      {(layer) => <NotificationsBody layer={layer} />}
    </SignedInData>
  );
}

function Loading() {
  return (
    <div className={page} aria-busy="true">
      <p role="status">
        <Trans>Carregando notificações…</Trans>
      </p>
    </div>
  );
}

export function NotificationsBody({ layer }: { layer: DataLayer }) {
  const { t } = useLingui();
  const { api } = layer;
  const [limit, setLimit] = useState(PAGE_SIZE);
  const next = useObservable(useMemo(() => api.queries.notificationPage(limit), [api, limit]));
  // the page shown stays while the longer one loads (no flash, the scroll stays where it is)
  const shown = useRef(next);
  if (next !== undefined) shown.current = next;
  const data = shown.current;
  const loadingMore = next === undefined && data !== undefined;
  const names = useServerNames(layer, data?.items);

  async function markRead(ids: string[] | 'all') {
    const result = ids === 'all' ? await api.notifications.markAllRead() : await api.notifications.markRead(ids);
    if (!result.ok) toast({ title: t`Erro ao marcar como lida`, description: t`Tente de novo em alguns segundos.`, variant: 'destructive' });
  }

  if (!data) return <Loading />;
  return (
    <div className={page}>
      <header className={css.header}>
        <h1 className={css.title}>
          <Trans>Notificações</Trans>
        </h1>
        <button type="button" className={button.secondary} onClick={() => void markRead('all')} disabled={data.unread === 0}>
          <Icon name="check" />
          <Trans>Marcar todas como lidas</Trans>
        </button>
      </header>
      <p role="status" className={visuallyHidden}>
        {data.unread === 0 ? <Trans>Nenhuma não lida</Trans> : <Plural value={data.unread} one="# não lida" other="# não lidas" />}
      </p>
      {data.items.length === 0 ? (
        <p className={css.empty}>
          <Trans>Nenhuma notificação por enquanto. Quando alguém responder aos seus cadernos, você fica sabendo aqui.</Trans>
        </p>
      ) : (
        // a person who keeps loading reaches hundreds: only the rows near the screen are drawn
        <VirtualList
          items={data.items}
          getKey={(item) => item.id}
          gapRem={0.5}
          estimatedRowHeight={72}
          label={t`Notificações, mais recentes primeiro`}
          className={css.list}
          testId="notifications"
          renderItem={(item, position) => (
            <NotificationRow
              item={item.actorName || !item.actorId ? item : { ...item, actorName: names.get(item.actorId) ?? null }}
              position={position}
              onRead={() => void markRead([item.id])}
            />
          )}
        />
      )}
      {data.items.length > 0 && (
        <LoadMore
          hasMore={data.hasMore}
          loading={loadingMore}
          onLoadMore={() => setLimit((n) => n + PAGE_SIZE)}
          status={<Plural value={data.items.length} one="# notificação" other="# notificações" />}
          label={<Trans>Mostrar mais</Trans>}
          loadingLabel={<Trans>Carregando…</Trans>}
        />
      )}
    </div>
  );
}

/**
 * Names of the people shown whom this device holds no profile of (a stranger's friend request):
 * asked of the server once per person while online; until then, and offline, "someone".
 */
function useServerNames(layer: DataLayer, items: NotificationItem[] | undefined): Map<string, string> {
  const [names, setNames] = useState(() => new Map<string, string>());
  const [asked] = useState(() => new Set<string>());
  const missing = (items ?? []).filter((item) => item.actorId && !item.actorName && !asked.has(item.actorId)).map((item) => item.actorId!);
  const key = [...new Set(missing)].sort().join(',');
  useEffect(() => {
    if (!key) return;
    const ids = key.split(',');
    for (const id of ids) asked.add(id);
    // not cancelled when the list changes meanwhile: each person is asked once
    void layer.api.notifications.actorNames(ids).then((found) => {
      if (found.size > 0) setNames((before) => new Map([...before, ...found]));
    });
  }, [key, layer, asked]);
  return names;
}

function NotificationRow({ item, position, onRead }: { item: NotificationItem; position: ListPosition; onRead: () => void }) {
  const { t, i18n } = useLingui();
  return (
    <div role="listitem" {...position} className={css.item} data-unread={item.isRead ? 'false' : 'true'} data-notification-type={item.type}>
      <span className={css.icon} aria-hidden="true">
        <Icon name={NOTIFICATION_ICONS[item.type] ?? 'bell'} />
      </span>
      <Link href={notificationHref(item)} className={css.link} onClick={() => !item.isRead && onRead()}>
        <span className={css.sentence}>
          {!item.isRead && (
            <span className={visuallyHidden}>
              <Trans>Não lida:</Trans>{' '}
            </span>
          )}
          <NotificationSentence item={item} />
        </span>
        <time className={css.time} dateTime={item.createdAt}>
          {whenText(item.createdAt, i18n.locale)}
        </time>
      </Link>
      {!item.isRead ? (
        <button type="button" className={button.ghost} onClick={onRead} aria-label={t`Marcar como lida`} title={t`Marcar como lida`}>
          <Icon name="check" />
        </button>
      ) : (
        <span aria-hidden="true" />
      )}
    </div>
  );
}

/** "há 5 minutos", "ontem", "3 de nov." — in the person's language. */
function whenText(iso: string, locale: string): string {
  const then = new Date(iso).getTime();
  if (Number.isNaN(then)) return '';
  const seconds = Math.round((then - Date.now()) / 1000);
  const relative = new Intl.RelativeTimeFormat(locale, { numeric: 'auto' });
  const abs = Math.abs(seconds);
  if (abs < 60) return relative.format(0, 'second');
  if (abs < 3600) return relative.format(Math.round(seconds / 60), 'minute');
  if (abs < 86_400) return relative.format(Math.round(seconds / 3600), 'hour');
  if (abs < 7 * 86_400) return relative.format(Math.round(seconds / 86_400), 'day');
  return new Intl.DateTimeFormat(locale, { day: 'numeric', month: 'short' }).format(then);
}
