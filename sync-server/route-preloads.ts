import fs from 'node:fs';
import path from 'node:path';
import { detectLocale, stripLocalePrefix } from '../src/locale/detect.ts';

/**
 * Preload hints for the page a link from outside lands on (issue 20). The app's entry asks for
 * the page's chunk and its catalogs only once it has arrived and run: on a phone with 400 ms round
 * trips that is a whole round trip (and the entry's parsing) spent waiting. Named in the HTML, the
 * page's files download alongside the entry instead. The server knows the route from the address
 * and the language as the app will pick it on a first visit (src/locale/detect.ts: the path's
 * prefix, else the browser's languages); a returning visitor with another stored language only
 * downloads a catalog they will not use. The file names come from the build's manifest.
 */

interface ManifestChunk {
  file: string;
  imports?: string[];
  css?: string[];
}
type Manifest = Record<string, ManifestChunk>;

/**
 * The landing pages and the catalogs each needs: the same page and catalog area as its route in
 * src/app/routes.ts (route-preloads.test.ts checks that they agree). Only pages people arrive on
 * from a link: an invitation, the site's own address.
 */
export const LANDING_PAGES = [
  { route: '/n/:code', page: 'src/screens/Invite/InviteScreen.tsx', catalogs: ['src/screens/Invite/locales'] },
  { route: '/', page: 'src/screens/Home/HomeScreen.tsx', catalogs: [] },
] as const;

/** The app's own catalog, which every page needs (main.tsx activates it before the first render). */
const APP_CATALOGS = 'src/locale/locales';
const ENTRY = 'index.html';

const patternOf = (route: string) => new RegExp(`^${route.replace(/:\w+/g, '[^/]+')}/?$`);

/**
 * The hints (`<link>` tags) for a request's path and Accept-Language, or '' for any other page.
 * Without a manifest (a build without one) there are none. `styles: false` leaves the styles out
 * (a prerendered page has them inline: prerendered.ts).
 */
export function routePreloads(root: string): (urlPath: string, acceptLanguage: string, options?: { styles?: boolean }) => string {
  const manifest = readManifest(root);
  if (!manifest) return () => '';
  const alreadyInHtml = staticClosure(manifest, [ENTRY]);
  const landings = LANDING_PAGES.map((landing) => ({ ...landing, pattern: patternOf(landing.route) }));
  const cache = new Map<string, string>();
  return (urlPath, acceptLanguage, { styles = true } = {}) => {
    const locale = detectLocale({ pathname: urlPath, stored: null, browserLanguages: browserLanguages(acceptLanguage) });
    const landing = landings.find(({ pattern }) => pattern.test(stripLocalePrefix(urlPath)));
    if (!landing) return '';
    const key = `${landing.route} ${locale} ${styles}`;
    let hints = cache.get(key);
    if (hints === undefined) {
      const sources = [landing.page, ...[APP_CATALOGS, ...landing.catalogs].map((folder) => `${folder}/${locale}/messages.po`)];
      hints = hintsFor(manifest, sources.filter((source) => manifest[source]), alreadyInHtml, styles);
      cache.set(key, hints);
    }
    return hints;
  };
}

/**
 * The stylesheets a landing page shows with, in the order the app applies them: the entry's (in
 * index.html), then the page's and what it imports. Paths as served (`/assets/…`); [] without a
 * manifest or for a route that is not a landing page.
 */
export function landingStylesheets(root: string): (route: string) => { entry: string[]; page: string[] } {
  const manifest = readManifest(root);
  return (route) => {
    const landing = LANDING_PAGES.find((candidate) => candidate.route === route);
    if (!manifest || !landing) return { entry: [], page: [] };
    const alreadyInHtml = staticClosure(manifest, [ENTRY]);
    // What a chunk imports is applied before the chunk's own styles, as Vite's loader does.
    const chunks: string[] = [];
    const seen = new Set(alreadyInHtml);
    const visit = (key: string) => {
      if (seen.has(key) || !manifest[key]) return;
      seen.add(key);
      for (const dependency of manifest[key].imports ?? []) visit(dependency);
      chunks.push(key);
    };
    visit(landing.page);
    const asServed = (files: string[]) => files.map((file) => `/${file}`);
    return { entry: asServed(manifest[ENTRY]?.css ?? []), page: asServed(stylesOf(manifest, chunks)) };
  };
}

function readManifest(root: string): Manifest | null {
  try {
    return JSON.parse(fs.readFileSync(path.join(root, '.vite', 'manifest.json'), 'utf8')) as Manifest;
  } catch {
    return null;
  }
}

/** A chunk and every chunk it imports statically (what loading it fetches before it runs). */
function staticClosure(manifest: Manifest, keys: readonly string[]): Set<string> {
  const seen = new Set<string>();
  const visit = (key: string) => {
    if (seen.has(key) || !manifest[key]) return;
    seen.add(key);
    for (const dependency of manifest[key].imports ?? []) visit(dependency);
  };
  keys.forEach(visit);
  return seen;
}

/** modulepreload for the scripts, preload for the styles; `crossorigin` as Vite's own loader asks for them. */
function hintsFor(manifest: Manifest, sources: string[], alreadyInHtml: Set<string>, withStyles: boolean): string {
  const chunks = [...staticClosure(manifest, sources)].filter((key) => !alreadyInHtml.has(key));
  const scripts = chunks.map((key) => `<link rel="modulepreload" crossorigin href="/${manifest[key].file}">`);
  const styles = withStyles ? stylesOf(manifest, chunks).map((file) => `<link rel="preload" as="style" crossorigin href="/${file}">`) : [];
  return [...scripts, ...styles].join('\n    ');
}

/** The CSS files of these chunks, each once. */
function stylesOf(manifest: Manifest, chunks: string[]): string[] {
  return [...new Set(chunks.flatMap((key) => manifest[key].css ?? []))];
}

/** Accept-Language's languages, most wanted first (`pt-BR,pt;q=0.9,en;q=0.8`). */
export function browserLanguages(acceptLanguage: string): string[] {
  return acceptLanguage
    .split(',')
    .map((part) => {
      const [tag, ...params] = part.trim().split(';');
      const q = Number(params.find((param) => param.trim().startsWith('q='))?.trim().slice(2) ?? 1);
      return { tag: tag.trim(), q: Number.isFinite(q) ? q : 0 };
    })
    .filter(({ tag, q }) => tag && tag !== '*' && q > 0)
    .sort((a, b) => b.q - a.q)
    .map(({ tag }) => tag);
}
