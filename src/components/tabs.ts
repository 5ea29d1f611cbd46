import { useRef, type KeyboardEvent } from 'react';
import { useSearch } from 'wouter';

/**
 * The keyboard of a row of tabs (WAI-ARIA tabs pattern, automatic activation): arrows move to the
 * next or previous tab and select it, Home and End go to the first and last. One home for the
 * dashboard's and the settings' tab rows.
 */
export function useTabKeys<Tab extends string>(tabs: readonly Tab[], current: Tab, select: (tab: Tab) => void) {
  const refs = useRef<Partial<Record<Tab, HTMLElement | null>>>({});
  const onKeyDown = (event: KeyboardEvent<HTMLElement>) => {
    const index = tabs.indexOf(current);
    const next =
      event.key === 'ArrowRight' ? tabs[(index + 1) % tabs.length]
      : event.key === 'ArrowLeft' ? tabs[(index - 1 + tabs.length) % tabs.length]
      : event.key === 'Home' ? tabs[0]
      : event.key === 'End' ? tabs[tabs.length - 1]
      : undefined;
    if (!next) return;
    event.preventDefault();
    select(next);
    refs.current[next]?.focus();
  };
  const tabRef = (tab: Tab) => (element: HTMLElement | null) => {
    refs.current[tab] = element;
  };
  return { onKeyDown, tabRef };
}

/** The tab an address asks for (`?tab=poll`: a notification about a vote opens the poll), or the fallback. */
export function useTabFromAddress<Tab extends string>(tabs: readonly Tab[], fallback: Tab): Tab {
  const asked = new URLSearchParams(useSearch()).get('tab');
  return tabs.find((tab) => tab === asked) ?? fallback;
}
