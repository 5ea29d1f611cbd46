import type { ComponentType } from 'react';

/**
 * The app's pages as the layers below the shell know them. The shell (src/app/routes.ts) owns the
 * route table — it names every screen — and registers it here when it loads; a component or a
 * screen that asks about pages (is this one worth returning to? preload the next one) reads it
 * here, so nothing below the shell imports the shell, and the table never imports back the
 * screens that preload through it.
 */
export type PageModule = { default: ComponentType };
export type PageLoader = () => Promise<PageModule>;

export interface RouteDef {
  /** wouter pattern, relative to the locale prefix (the English router has base /en). */
  path: string;
  load: PageLoader;
  /**
   * What the route needs, seen to by the one guard in app/guards.tsx: 'session' starts the auth
   * layer as the route opens (the account forms and the invitation page work with supabase-js);
   * 'admin' lets only an admin in.
   */
  needs?: 'session' | 'admin';
  /** Static content pages: no data, checked for accessibility on every build. */
  static?: boolean;
}

let registered: { routes: readonly RouteDef[]; notFound: PageLoader; patterns: { pattern: RegExp; load: PageLoader }[] } | null = null;

/** A wouter pattern as a regular expression (`/notebook/:id` → one segment per parameter). */
const patternOf = (path: string) => new RegExp(`^${path.replace(/:\w+/g, '[^/]+')}/?$`);

/** Called once by the shell's route table. */
export function registerPages(routes: readonly RouteDef[], notFound: PageLoader): void {
  registered = { routes, notFound, patterns: routes.map((route) => ({ pattern: patternOf(route.path), load: route.load })) };
}

function pages() {
  if (!registered) throw new Error('no pages registered: import src/app/routes.ts first');
  return registered;
}

/** Every route, in the table's order. */
export function allRoutes(): readonly RouteDef[] {
  return pages().routes;
}

/** The loader of the page at `path` (without the language prefix), as the router will pick it. */
export function pageLoaderFor(path: string): PageLoader {
  const { patterns, notFound } = pages();
  return patterns.find(({ pattern }) => pattern.test(path))?.load ?? notFound;
}

/** Pages preloaded and arrived: the router renders them at once, without suspending (app/AppRoutes.tsx). */
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
