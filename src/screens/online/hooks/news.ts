/**
 * The News area's online data, in one place (the pattern: ../README.md): its key and its one read,
 * a paged list (keyset cursor, ended by components/LoadMore.tsx). The server call is
 * src/data/online/news.ts (no React). Not live on purpose: News is read when opened (and again on
 * focus and reconnect, TanStack's defaults) — nothing moves under the reader's finger.
 */
import { useInfiniteQuery } from '@tanstack/react-query';
import { fetchNews, nextNewsCursor, type NewsCursor } from '../../../data/online/news.ts';

export const newsKeys = {
  timeline: (userId: string) => ['news', 'timeline', userId] as const,
};

/** My News, 20 items a page, newest first. */
export function useNews(userId: string) {
  return useInfiniteQuery({
    queryKey: newsKeys.timeline(userId),
    queryFn: ({ pageParam }) => fetchNews(pageParam),
    initialPageParam: null as NewsCursor | null,
    getNextPageParam: (lastPage) => nextNewsCursor(lastPage),
  });
}
