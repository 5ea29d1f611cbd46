import { useEffect, useRef, type ReactNode } from 'react';
import { button } from './ui.css.ts';

interface Props {
  /** Whether the server has another page. Without one, only the count is shown. */
  hasMore: boolean;
  loading: boolean;
  onLoadMore: () => void;
  /** How many are shown, in the area's words (with its plural): announced politely when it changes. */
  status: ReactNode;
  /** Off while offline: the button stays, disabled, and nothing loads by itself. */
  enabled?: boolean;
  /** The button's words, from the area's catalog ("Carregar mais", "Carregando…"): this component
   * has none of its own, so the landing's catalog does not carry them. */
  label: ReactNode;
  loadingLabel: ReactNode;
  /** Off: the next page loads only when the button is pressed, never by scrolling to it (News:
   * no infinite scroll, EU DSA guidelines for minors). */
  loadsByItself?: boolean;
}

/**
 * The end of a paged online list (issue 22: long lists page 20–50 items). A real button loads the
 * next page — usable by keyboard and screen reader —, and the next page also comes by itself when
 * the button scrolls into view (IntersectionObserver), so a person scrolling never waits at the
 * end — unless `loadsByItself` is off (News: the button alone). The count of shown items sits in a polite live region: a screen reader hears it grow.
 */
export function LoadMore({ hasMore, loading, onLoadMore, status, enabled = true, label, loadingLabel, loadsByItself = true }: Props) {
  const buttonRef = useRef<HTMLButtonElement>(null);
  // The latest callback and state, read by the observer without re-creating it on every render.
  const latest = useRef({ onLoadMore, ready: hasMore && !loading && enabled });
  latest.current = { onLoadMore, ready: hasMore && !loading && enabled };

  useEffect(() => {
    const target = buttonRef.current;
    if (!loadsByItself || !target || typeof IntersectionObserver === 'undefined') return;
    const observer = new IntersectionObserver(
      (seen) => {
        if (seen.some((entry) => entry.isIntersecting) && latest.current.ready) latest.current.onLoadMore();
      },
      { rootMargin: '200px 0px' },
    );
    observer.observe(target);
    return () => observer.disconnect();
  }, [hasMore, loadsByItself]);

  return (
    <div>
      <p role="status" aria-live="polite" style={{ margin: '0.5rem 0' }}>
        {status}
      </p>
      {hasMore && (
        <button
          ref={buttonRef}
          type="button"
          className={button.secondary}
          disabled={loading || !enabled}
          aria-busy={loading}
          onClick={onLoadMore}
        >
          {loading ? loadingLabel : label}
        </button>
      )}
    </div>
  );
}
