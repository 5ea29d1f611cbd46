import type { ReactElement } from 'react';
import type { VNode } from 'preact';
import { renderToString } from 'preact-render-to-string';
import { LocalizedApp } from '../app/App.tsx';
import '../app/routes.ts'; // registers the pages
import { pageLoaderFor, preloadPage } from '../navigation/pages.ts';
import { localizePath } from '../locale/detect.ts';
import { activateLocale } from '../locale/i18n.ts';
import { LOCALE_CODES, type Locale } from '../locale/locales.ts';
import { useSessionStore } from '../state/session.ts';

/**
 * The landing pages as the app renders them for a visitor, rendered at build time (issue 20):
 * the server puts this markup in the page it answers a first visit with (sync-server/prerendered.ts),
 * so a phone on a slow network shows the invitation as soon as the HTML (and its CSS) arrive,
 * not after the JavaScript; the app then takes the same markup over (src/app/takeover.ts).
 * Built by scripts/build.ts as an SSR bundle of this file, with the app's own Vite config: the
 * same components, texts and class names.
 *
 * Only the invitation for now: it shows nothing from the server, only the code in its links.
 * The code is a placeholder here, replaced by the server with the validated code from the address.
 */

/** Stands for the invite code: letters only, so no escaping or URL encoding changes it. */
export const CODE_PLACEHOLDER = 'PRERENDEREDINVITECODE';

export interface PrerenderedPage {
  /** The route, as in src/app/routes.ts. */
  route: string;
  locale: Locale;
  /** The inside of `<div id="root">`, with CODE_PLACEHOLDER where the code goes. */
  markup: string;
}

const INVITE_ROUTE = '/n/:code';

export async function prerenderLandings(): Promise<PrerenderedPage[]> {
  // A visitor, as a first visit from an invite link is: the session store starts signed out in an
  // SSR build (a server render reads a store's initial state). A device where someone is signed
  // in hides the prerendered page (sync-server/prerendered.ts).
  if (useSessionStore.getInitialState().status !== 'signed-out') throw new Error('prerender: the session store must start signed out');
  const invitePath = `/n/${CODE_PLACEHOLDER}`;
  // The page's module and its catalog (a failure fails the build); preloaded, the router renders it
  // without suspending, as the app's first render over this markup does (src/app/takeover.ts).
  await pageLoaderFor(invitePath)();
  await preloadPage(invitePath);
  const pages: PrerenderedPage[] = [];
  for (const locale of LOCALE_CODES) {
    await activateLocale(locale);
    const markup = render(<LocalizedApp locale={locale} ssrPath={localizePath(invitePath, locale)} />);
    if (!markup.includes('data-testid="invite-login"')) throw new Error(`prerender: ${locale} ${invitePath} rendered without its invitation`);
    pages.push({ route: INVITE_ROUTE, locale, markup });
  }
  return pages;
}

type ErrorHandler = (error: unknown, vnode: VNode, renderChild: (child: unknown, parent: VNode) => string) => string;
/** renderToString's third argument (its error handler) is in its code but not in its published types. */
const renderWithHandler = renderToString as unknown as (element: ReactElement, context: object, renderer: { onError: ErrorHandler }) => string;
const render = (element: ReactElement) => renderWithHandler(element, {}, { onError: firstFrameOfSuspense });

/**
 * What the app's first frame shows where a part is still downloading (the deferred overlays):
 * its Suspense fallback. Such parts are not even bundled for the prerender (scripts/build.ts), so
 * their import fails here; the page itself must render (prerenderLandings checks it did).
 */
function firstFrameOfSuspense(error: unknown, vnode: VNode, renderChild: (child: unknown, parent: VNode) => string): string {
  const props = vnode.props as { fallback?: unknown };
  if ('fallback' in props) return renderChild(props.fallback ?? null, vnode);
  throw error;
}
