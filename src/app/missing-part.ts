/**
 * Whether an error is a part of the app that could not be downloaded: a page's or a part's chunk
 * (a dynamic import) or its styles (Vite's CSS preload) — on a first visit that lost its signal
 * before the service worker had saved that part (issue 29). Each browser words it its own way;
 * none of those words is for the person (they see MissingPartCard instead).
 */
const MISSING_PART = [
  // Vite, for a chunk's CSS
  /^Unable to preload CSS for /,
  // Chromium
  /^Failed to fetch dynamically imported module/,
  // Firefox
  /^error loading dynamically imported module/i,
  // Safari
  /^Importing a module script failed/,
];

export function isMissingPart(error: unknown): boolean {
  const message = error instanceof Error ? error.message : typeof error === 'string' ? error : '';
  return MISSING_PART.some((pattern) => pattern.test(message));
}

/**
 * Removes the stylesheets that failed to load. Vite's preload adds a <link> per stylesheet and,
 * on the next try, skips any stylesheet already linked — also one whose download failed — so the
 * part would come back without its styles.
 */
export function forgetFailedStyles(doc: Document = document): void {
  for (const link of doc.querySelectorAll<HTMLLinkElement>('link[rel="stylesheet"]')) {
    if (!link.sheet) link.remove();
  }
}
