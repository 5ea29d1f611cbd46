/**
 * What the server's prerendered landing pages (sync-server/prerendered.ts, markup from
 * src/prerender/landing.tsx) and the app agree on. No imports: the server reads it too.
 */

/** On `#root` when it holds a page the server prerendered for a visitor; the app takes it over (takeover.ts). */
export const PRERENDERED_ATTRIBUTE = 'data-prerendered';

/**
 * On `<html>`, set by the page's head script before the first paint when the prerendered page is
 * not this device's: someone is signed in here, or chose another language. The page's own style
 * hides `#root` then, and the app renders into it from scratch. (The signed-in hint it reads:
 * signed-in-hint.ts.)
 */
export const PRERENDER_HIDDEN_ATTRIBUTE = 'data-prerender-hidden';
