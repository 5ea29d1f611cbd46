import type { ComponentType } from 'react';
import { loadNotFound, ROUTES, type PageLoader } from './routes.ts';

/** A wouter pattern as a regular expression (`/notebook/:id` → one segment per parameter). */
const patternOf = (path: string) => new RegExp(`^${path.replace(/:\w+/g, '[^/]+')}/?$`);
const PATTERNS = ROUTES.map((route) => ({ pattern: patternOf(route.path), load: route.load }));

/** The loader of the page at `path` (without the language prefix), as the router will pick it. */
export function pageLoaderFor(path: string): PageLoader {
  return PATTERNS.find(({ pattern }) => pattern.test(path))?.load ?? loadNotFound;
}

/** Pages preloaded and arrived: the router renders them at once, without suspending (AppRoutes.tsx). */
const arrivedPages = new Map<PageLoader, ComponentType>();

export function arrivedPage(load: PageLoader): ComponentType | undefined {
  return arrivedPages.get(load);
}

/**
 * Starts downloading the page at `path` (its chunk, the chunks it imports, its catalog) before
 * the router asks for it: at start, alongside the app's catalog rather than after it (the page
 * the server prerendered is then taken over with no blank frame); on a screen, the page the
 * person most likely opens next. A failure is the router's to show, later.
 */
export function preloadPage(path: string): Promise<void> {
  const load = pageLoaderFor(path);
  return load().then(
    (page) => void arrivedPages.set(load, page.default),
    () => undefined,
  );
}
