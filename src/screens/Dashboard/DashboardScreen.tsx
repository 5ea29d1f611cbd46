import { Suspense, useEffect, useMemo, useState } from 'react';
import { Plural, Trans, useLingui } from '@lingui/react/macro';
import type { MessageDescriptor } from '@lingui/core';
import { msg } from '@lingui/core/macro';
import { Link, useSearch } from 'wouter';
import { Icon } from '../../components/Icon.tsx';
import { lazyPart } from '../../components/lazy-part.ts';
import { useSessionStore } from '../../state/session.ts';
import { VirtualList } from '../../components/VirtualList.tsx';
import { useTabKeys } from '../../components/tabs.ts';
import { button, page, visuallyHidden } from '../../components/ui.css.ts';
import type { DataLayer } from '../../data/data-layer.ts';
import type { Dashboard, NotebookCard as Card } from '../../data/queries/dashboard.ts';
import { SignedInData } from '../notebooks/common/SignedInData.tsx';
import { useObservable } from '../../state/data-layer.ts';
import { NotebookCard, NotebookCardPlaceholder } from './NotebookCard.tsx';
import { RefusedNotebooks } from './RefusedNotebooks.tsx';
import { useDashboardPlace, savedPlace } from './place.ts';
import { TABS, defaultTab, isTab, readPrefs, searchCards, writePrefs, type DashboardPrefs, type DashboardTab } from './dashboard.ts';
import * as css from './Dashboard.css.ts';
import { DASHBOARD_NEXT_PARTS, usePreloadNextParts } from '../../navigation/next-parts.ts';

const StoreEntry = lazyPart(() => import('./StoreEntry.tsx'));

const TAB_LABELS: Record<DashboardTab, MessageDescriptor> = {
  mine: msg`Meus cadernos`,
  sharedWithMe: msg`Compartilhados comigo`,
  favorites: msg`Favoritos`,
  collaborations: msg`Colaborações`,
};

/** A grid column is at least this wide (as many columns as fit: one on a phone, three at 960 px). */
const GRID_MIN_COLUMN_REM = 15;
/** A card with its cover on a phone, px: the first rows rendered use it until measured. */
const ESTIMATED_CARD_HEIGHT = 490;
const cardKey = (card: Card) => card.notebook.id;
const CARDS_TEST_ID = 'notebook-cards';
const CARDS_LIST = `[data-testid="${CARDS_TEST_ID}"]`;

const EMPTY_TEXT: Record<DashboardTab, MessageDescriptor> = {
  mine: msg`Você ainda não criou nenhum caderno.`,
  sharedWithMe: msg`Ninguém compartilhou um caderno com você ainda.`,
  favorites: msg`Marque um caderno como favorito para encontrá-lo aqui.`,
  collaborations: msg`Você ainda não colabora em nenhum caderno.`,
};

/** /meus-cadernos (spec §2): the person's notebooks, read from the device, offline or not. */
export default function DashboardScreen() {
  const { t } = useLingui();
  usePreloadNextParts(DASHBOARD_NEXT_PARTS);
  const failed = (
    <div className={page}>
      <h1 className={css.title}>
        <Trans>Meus cadernos</Trans>
      </h1>
      <div role="alert">
        <p>
          <strong>{t`Erro ao buscar cadernos`}</strong>
        </p>
        <p>{t`Não foi possível carregar seus cadernos`}</p>
      </div>
    </div>
  );
  return (
    <SignedInData loginNext="/meus-cadernos" failed={failed} loading={<Loading />}>
      {(layer) => <DashboardBody layer={layer} />}
    </SignedInData>
  );
}

function Loading() {
  return (
    <div className={page} aria-busy="true">
      <h1 className={css.title}>
        <Trans>Meus cadernos</Trans>
      </h1>
      <p role="status" className={css.muted}>
        <Trans>Carregando cadernos…</Trans>
      </p>
    </div>
  );
}

function usePrefs(): [DashboardPrefs, (change: Partial<DashboardPrefs>) => void] {
  const [prefs, setPrefs] = useState(() => readPrefs(typeof localStorage === 'undefined' ? undefined : localStorage));
  const update = (change: Partial<DashboardPrefs>) =>
    setPrefs((current) => {
      const next = { ...current, ...change };
      writePrefs(typeof localStorage === 'undefined' ? undefined : localStorage, next);
      return next;
    });
  return [prefs, update];
}

export function DashboardBody({ layer }: { layer: DataLayer }) {
  const { t, i18n } = useLingui();
  const search = useSearch();
  const requestedTab = new URLSearchParams(search).get('tab');
  const [saved] = useState(savedPlace);
  // A tab the person chose (here, in the address, or before going back to this page) stays.
  const [chosenTab, setTab] = useState<DashboardTab | null>(saved?.tab ?? (isTab(requestedTab) ? requestedTab : null));
  const [query, setQuery] = useState(saved?.query ?? '');
  const [prefs, setPrefs] = usePrefs();
  const dashboard = useObservable(useMemo(() => layer.api.queries.dashboard(), [layer]));
  const profiles = useObservable(useMemo(() => layer.api.queries.profiles(), [layer]));
  const userId = useSessionStore((st) => st.userId);
  const tab = chosenTab ?? defaultTab(dashboard);
  const cards = useMemo(() => (dashboard ? searchCards(dashboard[tab], query) : []), [dashboard, tab, query]);

  useEffect(() => markFirstRender(dashboard), [dashboard]);
  useDashboardPlace({ tab: chosenTab, query }, saved, cards.length > 0, CARDS_LIST);

  const { onKeyDown: onTabKey, tabRef } = useTabKeys(TABS, tab, setTab);

  return (
    <div className={page}>
      {/* The top bar already shows the page's name (issue 29: it was said twice): the heading is for the outline. */}
      <h1 className={visuallyHidden}>
        <Trans>Meus cadernos</Trans>
      </h1>
      {/* filled after first paint by src/components/announcement/AnnouncementHost.tsx (issue 36) */}
      <div id="cadernos-announcement" data-announcement="announcement.dashboard" />
      {/* the seasonal store's place (issue 35), for the people in its beta: its own chunk */}
      {userId && (
        <Suspense fallback={null}>
          <StoreEntry userId={userId} />
        </Suspense>
      )}
      <div role="tablist" aria-label={t`Cadernos`} className={css.tabs}>
        {TABS.map((id) => (
          <button
            key={id}
            ref={tabRef(id)}
            type="button"
            role="tab"
            id={`tab-${id}`}
            aria-selected={tab === id}
            aria-controls="dashboard-panel"
            tabIndex={tab === id ? 0 : -1}
            className={css.tab}
            onClick={() => setTab(id)}
            onKeyDown={onTabKey}
          >
            {i18n._(TAB_LABELS[id])}
            {dashboard ? ` (${dashboard[id].length})` : ''}
          </button>
        ))}
      </div>
      <div role="tabpanel" id="dashboard-panel" aria-labelledby={`tab-${tab}`}>
        <div className={css.toolbar}>
          <label htmlFor="dashboard-search" className={visuallyHidden}>
            <Trans>Buscar cadernos</Trans>
          </label>
          <input
            id="dashboard-search"
            type="search"
            dir="auto"
            className={css.search}
            placeholder={t`Buscar`}
            value={query}
            onChange={(event) => setQuery(event.target.value)}
          />
          {/* On a phone the grid is one column, as the list: only the statistics' switch, as an icon (issue 29). */}
          <div className={css.toggles} role="group" aria-label={t`Exibição`}>
            <button
              type="button"
              className={`${button.secondary} ${css.wideOnly}`}
              aria-pressed={prefs.layout === 'grid'}
              onClick={() => setPrefs({ layout: 'grid' })}
            >
              <Trans>Grade</Trans>
            </button>
            <button
              type="button"
              className={`${button.secondary} ${css.wideOnly}`}
              aria-pressed={prefs.layout === 'list'}
              onClick={() => setPrefs({ layout: 'list' })}
            >
              <Trans>Lista</Trans>
            </button>
            <button
              type="button"
              className={`${button.secondary} ${css.toolButton}`}
              aria-pressed={prefs.showStats}
              aria-label={t`Estatísticas`}
              onClick={() => setPrefs({ showStats: !prefs.showStats })}
            >
              <Icon name="bar-chart" />
              <span className={css.wideLabel}>
                <Trans>Estatísticas</Trans>
              </span>
            </button>
          </div>
          <Link href="/create" className={`${button.primary} ${css.toolButton}`} aria-label={t`Criar caderno`}>
            <Icon name="plus" />
            <span className={css.phoneLabel}>
              <Trans>Criar</Trans>
            </span>
            <span className={css.wideLabel}>
              <Trans>Criar caderno</Trans>
            </span>
          </Link>
        </div>
        {tab === 'mine' ? <RefusedNotebooks layer={layer} /> : null}
        {dashboard === undefined ? (
          <p role="status" className={css.muted}>
            <Trans>Carregando cadernos…</Trans>
          </p>
        ) : cards.length === 0 ? (
          <EmptyTab tab={tab} searching={query.trim() !== '' && dashboard[tab].length > 0} />
        ) : (
          <VirtualList
            key={prefs.layout}
            items={cards}
            getKey={cardKey}
            minColumnRem={prefs.layout === 'grid' ? GRID_MIN_COLUMN_REM : undefined}
            gapRem={prefs.layout === 'grid' ? 1 : 0.75}
            estimatedRowHeight={ESTIMATED_CARD_HEIGHT}
            label={i18n._(TAB_LABELS[tab])}
            testId={CARDS_TEST_ID}
            renderItem={(card, position) => (
              <NotebookCard layer={layer} card={card} layout={prefs.layout} showStats={prefs.showStats} profiles={profiles} position={position} />
            )}
            renderPlaceholder={(card, position) => <NotebookCardPlaceholder card={card} position={position} />}
          />
        )}
        <p className={visuallyHidden} role="status">
          {dashboard && query.trim() ? (
            <Plural value={cards.length} _0="Nenhum caderno encontrado" one="# caderno encontrado" other="# cadernos encontrados" />
          ) : null}
        </p>
      </div>
    </div>
  );
}

function EmptyTab({ tab, searching }: { tab: DashboardTab; searching: boolean }) {
  const { i18n } = useLingui();
  return (
    <div className={css.empty} data-testid="dashboard-empty">
      <p className={css.muted}>{searching ? <Trans>Nenhum caderno encontrado para essa busca.</Trans> : i18n._(EMPTY_TEXT[tab])}</p>
      {tab === 'mine' && !searching ? (
        <Link href="/create" className={button.primary}>
          <Trans>Criar meu primeiro caderno</Trans>
        </Link>
      ) : null}
    </div>
  );
}

/**
 * Marks the first render with notebooks on screen (a performance mark the cold-start benchmark
 * reads: tests/bench/dashboard-cold-start.ts).
 */
function markFirstRender(dashboard: Dashboard | undefined) {
  if (!dashboard || typeof performance === 'undefined' || performance.getEntriesByName('dashboard-rendered').length > 0) return;
  performance.mark('dashboard-rendered', { detail: { notebooks: dashboard.mine.length } });
}
