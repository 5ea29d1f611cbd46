/**
 * News (/timeline, issue 31): what my friends did that I may see, newest first — online-only,
 * through supabase-js (public.news, supabase/schemas/news.sql). Items are codes, ids and names; the
 * screen writes the sentences (src/screens/Timeline/messages.ts). Failures are `OnlineError`s.
 */
import { getSupabase } from '../supabase.ts';
import { serverRefusalCode } from '../problems.ts';
import { OnlineError } from './profile.ts';

/** What a friend did: the codes public.news answers with. */
export const NEWS_KINDS = ['notebook_created', 'answered_my_notebook', 'achievement_earned', 'status_changed'] as const;
export type NewsKind = (typeof NEWS_KINDS)[number];

/** One item of News as the server gives it. */
export interface NewsItem {
  kind: NewsKind;
  /** When it happened (an achievement: its day). */
  at: string;
  /** The item's own id (the page cursor's tiebreak). */
  id: string;
  actor_id: string;
  actor_username: string;
  actor_display_name: string | null;
  actor_avatar_url: string | null;
  /** notebook_created, answered_my_notebook */
  notebook_id: string | null;
  notebook_title: string | null;
  /** achievement_earned */
  achievement_id: string | null;
  achievement_name_pt: string | null;
  achievement_name_en: string | null;
  /** status_changed: the phrase the friend set */
  status_message: string | null;
}

/** How many items one page brings (issue 31's budget: lists page 20–50 at a time). */
export const NEWS_PAGE_SIZE = 20;

/** Where the next page starts: the last item of the page before. */
export interface NewsCursor {
  at: string;
  id: string;
}

/**
 * One page of News: the first without a cursor, then the page after the last item read (keyset:
 * something a friend does meanwhile neither repeats nor skips an item). A kind this app does not
 * know yet (a newer server) is left out.
 */
export async function fetchNews(after: NewsCursor | null = null, limit = NEWS_PAGE_SIZE): Promise<NewsItem[]> {
  let data: unknown;
  try {
    const result = await getSupabase().rpc('news', { p_limit: limit, p_after_at: after?.at ?? null, p_after_id: after?.id ?? null });
    if (result.error) {
      if (!result.error.code) throw new OnlineError('network', result.error.message);
      throw new OnlineError({ code: serverRefusalCode(result.error.hint) }, result.error.message, result.error.hint ?? undefined);
    }
    data = result.data;
  } catch (error) {
    if (error instanceof OnlineError) throw error;
    throw new OnlineError('network', (error as Error).message);
  }
  return data as NewsItem[];
}

/** The items of a page this app can show (a kind it does not know is dropped, not guessed at). */
export function knownItems(page: NewsItem[]): NewsItem[] {
  return page.filter((item) => (NEWS_KINDS as readonly string[]).includes(item.kind));
}

/** The cursor of the page after `page`, or null when `page` was the last (shorter than a full page). */
export function nextNewsCursor(page: NewsItem[], limit = NEWS_PAGE_SIZE): NewsCursor | null {
  const last = page.at(-1);
  return page.length < limit || !last ? null : { at: last.at, id: last.id };
}
