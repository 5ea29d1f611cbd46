import type { ReactNode } from 'react';
import { render, type ComponentChild } from 'preact';
import { SIGNED_OUT, useSessionStore } from '../state/session.ts';
import { PRERENDERED_ATTRIBUTE, PRERENDER_HIDDEN_ATTRIBUTE } from './prerendered-page.ts';

/**
 * Gets the app's first render ready to take over the page the server prerendered into `root`
 * (an invitation's, issue 20), so that the first frame the app paints is that same page
 * (renderApp reuses the DOM it finds): its first render must not differ — no skeleton while the
 * page's module is on its way (it waits for `pageArrival`), no "Verificando sua conta…" while the
 * stored session is looked for (the head script found no one signed in here: a visitor, as the
 * page was rendered for; a session stored without the hint still starts, SessionManager.tsx). A
 * prerendered page the head script hid (someone signed in, another language) is dropped: the app
 * renders from scratch.
 */
export async function prepareTakeover(root: HTMLElement, pageArrival: Promise<void>): Promise<void> {
  if (!root.hasAttribute(PRERENDERED_ATTRIBUTE)) return;
  root.removeAttribute(PRERENDERED_ATTRIBUTE);
  const html = document.documentElement;
  if (html.hasAttribute(PRERENDER_HIDDEN_ATTRIBUTE)) {
    root.replaceChildren();
    html.removeAttribute(PRERENDER_HIDDEN_ATTRIBUTE);
    return;
  }
  useSessionStore.setState({ ...SIGNED_OUT });
  await pageArrival;
}

/**
 * Renders the app into `root`, reusing the elements found there (a prerendered page: the links
 * keep their focus, nothing is painted twice) and correcting what differs. Not compat's
 * createRoot, which empties the container first as React does; not hydrate, which would read
 * every store's initial state (a server snapshot) and show "Verificando sua conta…".
 */
export function renderApp(app: ReactNode, root: HTMLElement): void {
  render(app as ComponentChild, root);
}
