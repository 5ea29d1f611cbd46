/**
 * What the dashboard decides, apart from how it looks: which tab holds what, what a search
 * finds, how a card is marked and which actions a person's role allows (spec §2, §6). The
 * server enforces the roles; this only spares buttons that would be refused.
 */
import type { Dashboard, NotebookCard } from '../../data/queries/dashboard.ts';
import { normalizeText } from '../../data/content-rules.ts';

export const TABS = ['mine', 'sharedWithMe', 'favorites', 'collaborations'] as const;
export type DashboardTab = (typeof TABS)[number];

export function isTab(value: string | null): value is DashboardTab {
  return (TABS as readonly string[]).includes(value ?? '');
}

/**
 * The tab shown when the person has not chosen one: their own notebooks, unless they have none and
 * others shared some with them (a friend who joined from an invitation finds it at once).
 */
export function defaultTab(dashboard: Pick<Dashboard, 'mine' | 'sharedWithMe'> | undefined): DashboardTab {
  return dashboard && dashboard.mine.length === 0 && dashboard.sharedWithMe.length > 0 ? 'sharedWithMe' : 'mine';
}

/** Cards whose title, description or author label contain every word typed (accents and case ignored). */
export function searchCards(cards: NotebookCard[], query: string): NotebookCard[] {
  const words = normalizeText(query).split(' ').filter(Boolean);
  if (words.length === 0) return cards;
  return cards.filter(({ notebook }) => {
    const haystack = ` ${normalizeText([notebook.title, notebook.description, notebook.author, notebook.cover?.title, notebook.cover?.subtitle].filter(Boolean).join(' '))} `;
    return words.every((word) => haystack.includes(word));
  });
}

export function cardsOfTab(dashboard: Dashboard, tab: DashboardTab): NotebookCard[] {
  return dashboard[tab];
}

/** How a card says whose it is (spec §2: shared, created by you, shared by someone). */
export type CardMark = 'created-by-you' | 'shared' | 'shared-by' | 'invited';

export function cardMarks(card: NotebookCard): CardMark[] {
  if (card.role === 'owner') return card.notebook.is_shared ? ['created-by-you', 'shared'] : ['created-by-you'];
  if (card.role === 'invited') return ['invited'];
  return ['shared-by'];
}

export type CardAction = 'view' | 'answer' | 'edit' | 'share' | 'answers' | 'delete';

/**
 * The actions a role allows on a card, the most used first. Owners do everything; editors and
 * collaborators edit (collaborators add questions) and see answers awaiting moderation; viewers
 * read and answer; a pending invitation is accepted or declined first.
 */
export function cardActions(card: Pick<NotebookCard, 'role'>): CardAction[] {
  switch (card.role) {
    case 'owner':
      return ['view', 'answer', 'edit', 'share', 'answers', 'delete'];
    case 'editor':
    case 'collaborator':
      return ['view', 'answer', 'edit', 'answers'];
    case 'viewer':
      return ['view', 'answer', 'answers'];
    default:
      return [];
  }
}

/** How many actions a card shows before "more options". */
export const PRIMARY_ACTION_COUNT = 3;

export function visibleActions(actions: CardAction[], expanded: boolean): { shown: CardAction[]; hasMore: boolean } {
  const hasMore = actions.length > PRIMARY_ACTION_COUNT;
  return { shown: expanded || !hasMore ? actions : actions.slice(0, PRIMARY_ACTION_COUNT), hasMore };
}

/** Where "view answers" leads: moderators to the moderation screen, others to the answers list. */
export function answersHref(card: Pick<NotebookCard, 'role' | 'notebook'>): string {
  return card.role === 'owner' || card.role === 'editor' || card.role === 'collaborator'
    ? `/moderation/answers/${card.notebook.id}`
    : `/notebook/${card.notebook.id}#answers-heading`;
}

/** The person's layout choices, kept on the device. */
export interface DashboardPrefs {
  layout: 'grid' | 'list';
  showStats: boolean;
}

export const PREFS_KEY = 'dashboard-view';
export const DEFAULT_PREFS: DashboardPrefs = { layout: 'grid', showStats: false };

export function readPrefs(storage: Pick<Storage, 'getItem'> | undefined): DashboardPrefs {
  try {
    const stored = JSON.parse(storage?.getItem(PREFS_KEY) ?? 'null') as Partial<DashboardPrefs> | null;
    return {
      layout: stored?.layout === 'list' ? 'list' : 'grid',
      showStats: stored?.showStats === true,
    };
  } catch {
    return DEFAULT_PREFS;
  }
}

export function writePrefs(storage: Pick<Storage, 'setItem'> | undefined, prefs: DashboardPrefs): void {
  try {
    storage?.setItem(PREFS_KEY, JSON.stringify(prefs));
  } catch {
    // A full or blocked storage only loses the preference.
  }
}
