import fs from 'node:fs';
import path from 'node:path';
import { PRERENDER_HIDDEN_ATTRIBUTE, PRERENDERED_ATTRIBUTE } from '../src/app/prerendered-page.ts';
import { SIGNED_IN_HINT_KEY } from '../src/state/signed-in-hint.ts';
import { detectLocale, localeFromPath, stripLocalePrefix } from '../src/locale/detect.ts';
import { LANGUAGE_STORAGE_KEY, LOCALE_CODES, type Locale } from '../src/locale/locales.ts';
import type { PrerenderedPage } from '../src/prerender/landing.tsx';
import { browserLanguages, landingStylesheets } from './route-preloads.ts';

/**
 * The first visit from an invite link, shown before the app's JavaScript arrives (issue 20): the
 * build prerenders the invitation per language with the app's own components
 * (src/prerender/landing.tsx → dist/.vite/prerendered.json); this puts it in the page answering
 * `/n/{code}` and `/en/n/{code}`, with the code from the address, the page's styles inline (the
 * first paint waits for nothing else) and a head script that hides it, before the first paint,
 * on a device it is not for (someone signed in there, or another language chosen). The app then
 * takes the markup over (src/app/takeover.ts). Only the server's answer to a first visit: the
 * service worker answers later visits with its own copy of index.html.
 */

/**
 * Where scripts/build.ts writes the prerendered pages: in `.vite/`, next to the manifest — not a
 * page, and not precached by the service worker.
 */
export const PRERENDERED_FILE = path.join('.vite', 'prerendered.json');

/**
 * The code as the address may carry it: an invite code (A–Z, 0–9) or a public notebook's id (a
 * UUID). It goes into the page's links and text as is, so nothing else is let in: for any other
 * address the page is the plain one, and the app says what it says about a bad link.
 */
const CODE = '[A-Za-z0-9-]{1,64}';

/** What scripts/build.ts writes. */
interface PrerenderedFile {
  codePlaceholder: string;
  pages: PrerenderedPage[];
}

export interface PrerenderedAnswer {
  /** index.html with this page in it. */
  into(html: string): string;
  /** The page's language came from Accept-Language (an address without a language prefix). */
  variesByLanguage: boolean;
}

/**
 * The prerendered page for a request's path and Accept-Language, or null (the plain page). Read
 * again when the build changes under a running server (its markup, styles and files go together).
 */
export function prerenderedPages(root: string): (urlPath: string, acceptLanguage: string) => PrerenderedAnswer | null {
  let loaded: { version: string; file: PrerenderedFile | null; landings: Landing[] } | undefined;
  const current = () => {
    const version = fileVersion(path.join(root, PRERENDERED_FILE));
    if (loaded?.version !== version) loaded = { version, ...loadLandings(root) };
    return loaded;
  };
  return (urlPath, acceptLanguage) => {
    const { file, landings } = current();
    if (!file) return null;
    const bare = stripLocalePrefix(urlPath);
    const locale = detectLocale({ pathname: urlPath, stored: null, browserLanguages: browserLanguages(acceptLanguage) });
    for (const landing of landings) {
      const code = landing.locale === locale ? landing.pattern.exec(bare)?.[1] : undefined;
      if (!code || landing.styles === null) continue;
      const variesByLanguage = !localeFromPath(urlPath);
      const markup = landing.markup.replaceAll(file.codePlaceholder, () => code);
      const head = [
        `<style>html[${PRERENDER_HIDDEN_ATTRIBUTE}] #root{display:none}\n${landing.styles}</style>`,
        // Vite's loader adds a chunk's stylesheets (the entry's among them) when it loads the chunk,
        // unless a link to each is there already: these say they are (inline above) and, disabled,
        // download nothing.
        ...[...landing.entryStyles, ...landing.pageStyles].map((href) => `<link rel="stylesheet" crossorigin href="${href}" disabled>`),
        `<script>${hideScript(locale, variesByLanguage)}</script>`,
      ].join('\n    ');
      return { variesByLanguage, into: (html) => withPage(html, { locale, head, markup, entryStyles: landing.entryStyles }) };
    }
    return null;
  };
}

interface Landing extends PrerenderedPage {
  pattern: RegExp;
  /** The entry's and the page's CSS, for a `<style>`; null when it cannot be inlined. */
  styles: string | null;
  entryStyles: string[];
  pageStyles: string[];
}

function loadLandings(root: string): { file: PrerenderedFile | null; landings: Landing[] } {
  const file = readPrerendered(root);
  if (!file) return { file, landings: [] };
  const stylesheets = landingStylesheets(root);
  const landings = file.pages.map((page) => {
    const { entry, page: own } = stylesheets(page.route);
    return {
      ...page,
      pattern: new RegExp(`^${page.route.replace(':code', `(${CODE})`)}$`),
      styles: inlineStyles(root, [...entry, ...own]),
      entryStyles: entry,
      pageStyles: own,
    };
  });
  return { file, landings };
}

function fileVersion(file: string): string {
  try {
    const stat = fs.statSync(file);
    return `${stat.mtimeMs}:${stat.size}`;
  } catch {
    return 'none';
  }
}

function readPrerendered(root: string): PrerenderedFile | null {
  try {
    return JSON.parse(fs.readFileSync(path.join(root, PRERENDERED_FILE), 'utf8')) as PrerenderedFile;
  } catch {
    return null;
  }
}

/** The stylesheets' text, for a `<style>`; null (no prerendered page) if one is missing or could end the element. */
function inlineStyles(root: string, hrefs: string[]): string | null {
  try {
    const css = hrefs.map((href) => fs.readFileSync(path.join(root, href), 'utf8')).join('\n');
    return /<\/style/i.test(css) ? null : css;
  } catch {
    return null;
  }
}

/**
 * Before the first paint: a device where someone is signed in (the app redeems the invitation for
 * them), or whose stored language is not the page's (the app follows the stored one on an address
 * without a prefix, src/locale/detect.ts), does not show the prerendered invitation.
 */
function hideScript(locale: Locale, checkStoredLanguage: boolean): string {
  const otherLanguage = checkStoredLanguage
    ? `||(function(l){return l!==${JSON.stringify(locale)}&&${JSON.stringify(LOCALE_CODES)}.indexOf(l)>=0})(s.getItem(${JSON.stringify(LANGUAGE_STORAGE_KEY)}))`
    : '';
  return `(function(){try{var s=localStorage;if(s.getItem(${JSON.stringify(SIGNED_IN_HINT_KEY)})!==null${otherLanguage})document.documentElement.setAttribute(${JSON.stringify(PRERENDER_HIDDEN_ATTRIBUTE)},"")}catch(e){}})();`;
}

/**
 * index.html with the page in `#root`, its language on `<html>`, and its head: the entry's
 * stylesheet links give way to the inline styles. Any anchor missing (another index.html): the
 * plain page, unchanged.
 */
function withPage(html: string, page: { locale: Locale; head: string; markup: string; entryStyles: string[] }): string {
  const root = '<div id="root"></div>';
  if (!html.includes(root) || !html.includes('</head>') || !/<html lang="[^"]*"/.test(html)) return html;
  let out = html.replace(/<html lang="[^"]*"/, `<html lang="${page.locale}"`);
  for (const href of page.entryStyles) out = out.replace(new RegExp(`\\s*<link rel="stylesheet"[^>]* href="${escapeRegExp(href)}"[^>]*>`), '');
  return out
    .replace('</head>', () => `  ${page.head}\n  </head>`)
    .replace(root, () => `<div id="root" ${PRERENDERED_ATTRIBUTE}>${page.markup}</div>`);
}

const escapeRegExp = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
