import { loadNotFound, ROUTES, type PageLoader } from './routes.ts';

/** A wouter pattern as a regular expression (`/notebook/:id` → one segment per parameter). */
const patternOf = (path: string) => new RegExp(`^${path.replace(/:\w+/g, '[^/]+')}/?$`);
const PATTERNS = ROUTES.map((route) => ({ pattern: patternOf(route.path), load: route.load }));

/** The loader of the page at `path` (without the language prefix), as the router will pick it. */
export function pageLoaderFor(path: string): PageLoader {
  return PATTERNS.find(({ pattern }) => pattern.test(path))?.load ?? loadNotFound;
}

/**
 * Starts downloading the page at `path` (its chunk, the chunks it imports, its catalog) before
 * the router asks for it: at start, alongside the app's catalog rather than after it; on a
 * screen, the page the person most likely opens next. A failure is the router's to show, later.
 */
export function preloadPage(path: string): Promise<void> {
  return pageLoaderFor(path)().then(
    () => undefined,
    () => undefined,
  );
}
