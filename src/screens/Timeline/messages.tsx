import { Trans, useLingui } from '@lingui/react/macro';
import type { NewsItem, NewsKind } from '../../data/online/news.ts';
import { UserText } from '../../components/UserText.tsx';
import type { IconName } from '../../components/Icon.tsx';
import { achievementName } from '../online/achievement-messages.ts';

/**
 * News' words (issue 31): the sentence of each item, written here from the server's codes
 * (public.news answers with kinds, ids and names only). The people's own words — names, notebook
 * titles, a status phrase — are isolated (UserText) inside the app's sentences.
 */
export function NewsSentence({ item }: { item: NewsItem }) {
  const { i18n } = useLingui();
  const name = <UserText>{item.actor_display_name || item.actor_username}</UserText>;
  const title = <UserText>{item.notebook_title ?? ''}</UserText>;
  switch (item.kind) {
    case 'notebook_created':
      return (
        <Trans>
          {name} criou o caderno {title}
        </Trans>
      );
    case 'answered_my_notebook':
      return (
        <Trans>
          {name} respondeu o seu caderno {title}
        </Trans>
      );
    case 'achievement_earned': {
      const id = item.achievement_id ?? '';
      const catalogueName = { pt: item.achievement_name_pt ?? id, en: item.achievement_name_en ?? id };
      const achievement = <UserText>{achievementName(i18n, { id, catalogueName })}</UserText>;
      return (
        <Trans>
          {name} ganhou a conquista {achievement}
        </Trans>
      );
    }
    case 'status_changed': {
      const phrase = <UserText>{item.status_message ?? ''}</UserText>;
      return (
        <Trans>
          {name} mudou a frase de status para “{phrase}”
        </Trans>
      );
    }
  }
}

/** Where each item takes the person: the notebook it is about, or the friend's profile. */
export function newsHref(item: NewsItem): string {
  switch (item.kind) {
    case 'notebook_created':
    case 'answered_my_notebook':
      return `/notebook/${item.notebook_id}`;
    case 'achievement_earned':
    case 'status_changed':
      return `/profile/${encodeURIComponent(item.actor_username)}`;
  }
}

/** The small picture beside each kind (decorative: the sentence says it). */
export const NEWS_ICONS: Record<NewsKind, IconName> = {
  notebook_created: 'notebook',
  answered_my_notebook: 'pencil',
  achievement_earned: 'star',
  status_changed: 'heart',
};
