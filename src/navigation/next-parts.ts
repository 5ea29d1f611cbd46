import { useEffect } from 'react';
import { preloadPage } from './pages.ts';

/**
 * The parts a screen leads to that work offline (issue 29), downloaded with the screen while it is
 * online — as the invitation does with its next steps (screens/Invite/next-steps.ts). A first
 * visit has no service worker yet, or one still filling its precache (over a minute on a weak
 * network): a notebook opened online and then taken to a party with no signal must still open the
 * round, and a friend's answers, the edit, the moderation and the claim must come up. A module
 * once loaded stays in the page's module map and its styles in the document, so these work
 * offline for the rest of the visit, with or without a service worker.
 */
export const notebookNextParts = (notebookId: string): string[] => [
  `/notebook/${notebookId}/rodada`,
  `/notebook/${notebookId}/edit`,
  `/moderation/answers/${notebookId}`,
  '/claim',
];

/** From the dashboard: a new notebook, and the notebook page a card opens. */
export const DASHBOARD_NEXT_PARTS: readonly string[] = ['/create', '/notebook/next'];

/**
 * Preloads `paths` when the browser is next idle (the screen itself comes first), and again when
 * the network returns if it was offline then. Failures are for the router to show, later.
 */
export function usePreloadNextParts(paths: readonly string[]): void {
  const key = paths.join(' ');
  useEffect(() => {
    let cancelled = false;
    const preload = () => {
      if (!cancelled) whenIdle(() => Promise.all(paths.map(preloadPage)));
    };
    if (navigator.onLine) preload();
    else window.addEventListener('online', preload, { once: true });
    return () => {
      cancelled = true;
      window.removeEventListener('online', preload);
    };
    // The paths are compared by their text (a new array on every render).
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [key]);
}

function whenIdle(step: () => Promise<unknown>): void {
  if ('requestIdleCallback' in window) requestIdleCallback(() => void step(), { timeout: 500 });
  else setTimeout(() => void step(), 0);
}
