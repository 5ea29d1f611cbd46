/**
 * The dashboard's place (tab, search, how far down the list) is kept in the browser's history
 * entry of the dashboard: going back to that entry (the browser's back, the top bar's ←, which
 * goes back in the history) finds it there and shows the same cards again; arriving from a link
 * makes a new entry without one, so it starts at the top. A reload keeps it too.
 */
import { useEffect, useRef } from 'react';
import { isTab, type DashboardTab } from './dashboard.ts';

export interface DashboardPlace {
  tab: DashboardTab | null;
  query: string;
  /** The page's scroll offset. */
  y: number;
  /** The first card below the top bar (its aria-posinset) and its distance from the screen's top. */
  anchor: { position: number; top: number } | null;
}

const STATE_KEY = 'dashboardPlace';
/** Save the scroll position this long after the page stops scrolling. */
const SAVE_DELAY_MS = 150;
/** Restoring gives up after this long (a list that never grows tall enough, a slow device). */
const RESTORE_FOR_MS = 3000;
/** What the person does that ends restoring: they move the page themselves. */
const TAKE_OVER = ['wheel', 'touchstart', 'keydown', 'pointerdown'] as const;

/** The place saved in the current history entry, if the dashboard was shown there before. */
export function savedPlace(): DashboardPlace | null {
  const state: unknown = typeof history === 'undefined' ? null : history.state;
  const place = state && typeof state === 'object' ? (state as Record<string, unknown>)[STATE_KEY] : null;
  if (!place || typeof place !== 'object') return null;
  const { tab, query, y, anchor } = place as Partial<DashboardPlace>;
  return {
    tab: typeof tab === 'string' && isTab(tab) ? tab : null,
    query: typeof query === 'string' ? query : '',
    y: typeof y === 'number' && y > 0 ? y : 0,
    anchor: anchor && typeof anchor.position === 'number' && typeof anchor.top === 'number' ? anchor : null,
  };
}

function firstCardBelowTopBar(list: Element | null): DashboardPlace['anchor'] {
  if (!list) return null;
  const barBottom = document.querySelector('header')?.getBoundingClientRect().bottom ?? 0;
  for (const item of list.querySelectorAll('[aria-posinset]')) {
    const box = item.getBoundingClientRect();
    if (box.bottom > barBottom) return { position: Number(item.getAttribute('aria-posinset')), top: box.top };
  }
  return null;
}

function save(place: Omit<DashboardPlace, 'y' | 'anchor'>, list: Element | null) {
  const state = history.state && typeof history.state === 'object' ? history.state : {};
  const next: DashboardPlace = { ...place, y: window.scrollY, anchor: firstCardBelowTopBar(list) };
  try {
    history.replaceState({ ...state, [STATE_KEY]: next }, '');
  } catch {
    // A browser refusing to record the state only loses the place.
  }
}

/**
 * Keeps the place in the history entry while the dashboard is shown, and puts the page back at
 * `saved` (savedPlace() when the screen mounted) once `ready` (the cards are rendered).
 * `listSelector` finds the cards' list.
 */
export function useDashboardPlace(place: Omit<DashboardPlace, 'y' | 'anchor'>, saved: DashboardPlace | null, ready: boolean, listSelector: string) {
  const restoring = useRef(saved);
  const current = useRef(place);
  current.current = place;
  const saveNow = () => {
    if (!restoring.current) save(current.current, document.querySelector(listSelector));
  };

  // Save while shown: after each scroll, when the tab or search changes, and right before a click
  // leaves (the history entry changes before this screen unmounts, so unmounting is too late).
  useEffect(() => {
    let timer: ReturnType<typeof setTimeout> | undefined;
    const onScroll = () => {
      clearTimeout(timer);
      timer = setTimeout(saveNow, SAVE_DELAY_MS);
    };
    window.addEventListener('scroll', onScroll, { passive: true });
    document.addEventListener('click', saveNow, true);
    window.addEventListener('pagehide', saveNow);
    return () => {
      clearTimeout(timer);
      window.removeEventListener('scroll', onScroll);
      document.removeEventListener('click', saveNow, true);
      window.removeEventListener('pagehide', saveNow);
    };
  }, [listSelector]);
  useEffect(saveNow, [place.tab, place.query]);

  // The person moving the page themselves ends restoring (also while the cards still load, or when
  // there are none to restore to): from then on the place they move to is saved.
  useEffect(() => {
    const takeOver = () => {
      restoring.current = null;
    };
    for (const type of TAKE_OVER) window.addEventListener(type, takeOver, true);
    return () => {
      for (const type of TAKE_OVER) window.removeEventListener(type, takeOver, true);
    };
  }, []);

  useEffect(() => {
    const target = restoring.current;
    if (!ready || !target) return;
    // The list grows as its rows are measured: scroll again each frame until the offset holds,
    // then line the anchor card up where it was.
    let frame = 0;
    let held = 0;
    const started = performance.now();
    const step = () => {
      if (restoring.current !== target) return;
      if (Math.abs(window.scrollY - target.y) > 1) {
        held = 0;
        window.scrollTo(0, target.y);
      } else held++;
      const anchor = target.anchor && document.querySelector(`${listSelector} [aria-posinset="${target.anchor.position}"]`);
      if (held >= 3 && anchor && target.anchor) {
        const off = anchor.getBoundingClientRect().top - target.anchor.top;
        if (Math.abs(off) > 1) {
          target.y = window.scrollY + off;
          held = 0;
        }
      }
      if (held >= 6 || performance.now() - started > RESTORE_FOR_MS) {
        restoring.current = null;
        return;
      }
      frame = requestAnimationFrame(step);
    };
    frame = requestAnimationFrame(step);
    return () => cancelAnimationFrame(frame);
  }, [ready, listSelector]);
}
