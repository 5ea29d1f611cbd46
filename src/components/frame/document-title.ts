import { useEffect, useSyncExternalStore } from 'react';

/**
 * The page's title (the browser's tab, what a screen reader says on arriving; WCAG 2.4.2): the
 * name the top bar shows for the screen, or a more precise one a screen gives (a notebook's own
 * title), then the app's name. The top bar sets it (useDocumentTitle); a screen only names itself.
 */
const APP_NAME = 'Cadernos';

let screenName: string | null = null;
const listeners = new Set<() => void>();

function setScreenName(name: string | null) {
  screenName = name;
  for (const listener of listeners) listener();
}

function subscribe(listener: () => void) {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

/** A screen names what it shows (a notebook's title) while it is shown; nothing: the top bar's name. */
export function useScreenName(name: string | null | undefined): void {
  useEffect(() => {
    if (!name) return;
    setScreenName(name);
    return () => setScreenName(null);
  }, [name]);
}

export function documentTitle(barTitle: string | undefined, name: string | null): string {
  const screen = name ?? barTitle;
  return screen ? `${screen} · ${APP_NAME}` : APP_NAME;
}

/** Keeps document.title on the screen shown; `barTitle` is the top bar's name for it, translated. */
export function useDocumentTitle(barTitle: string | undefined): void {
  const name = useSyncExternalStore(subscribe, () => screenName, () => null);
  useEffect(() => {
    document.title = documentTitle(barTitle, name);
  }, [barTitle, name]);
}
