import { StrictMode } from 'react';
import './styles/global.css.ts';
import { App } from './app/App.tsx';
import { detectLocale, localizePath, stripLocalePrefix } from './locale/detect.ts';
import { activateLocale, readStoredLocale } from './locale/i18n.ts';
import { syncThemeToDocument } from './state/theme.ts';
import { startAnalytics } from './analytics/analytics.ts';
import { captureInstallPrompt } from './state/install-prompt.ts';
import './app/routes.ts'; // registers the pages before anything preloads one
import { preloadPage } from './navigation/pages.ts';
import { prepareTakeover, renderApp } from './app/takeover.ts';

async function start() {
  const { pathname, search, hash } = window.location;
  const locale = detectLocale({ pathname, stored: readStoredLocale(), browserLanguages: navigator.languages ?? [] });
  // Make the URL carry the language from here on (an English visitor on `/faq` is on `/en/faq`).
  const localized = localizePath(pathname, locale);
  if (localized !== pathname) history.replaceState(history.state, '', localized + search + hash);

  // The page's chunks download with the catalog, not after it (one round trip less on a slow network).
  const pageArrival = preloadPage(stripLocalePrefix(localized));
  syncThemeToDocument();
  startAnalytics();
  captureInstallPrompt();
  await activateLocale(locale);

  const root = document.getElementById('root')!;
  await prepareTakeover(root, pageArrival);
  renderApp(
    <StrictMode>
      <App />
    </StrictMode>,
    root,
  );
  // Once the page has loaded: the worker, its update card and its precache (the whole app) are
  // not needed to show the page, and on a slow network they would compete with what is.
  afterLoad(() => void import('./state/service-worker.ts').then((m) => m.registerServiceWorker()));
}

function afterLoad(run: () => void): void {
  const whenIdle = () => ('requestIdleCallback' in window ? requestIdleCallback(run, { timeout: 2000 }) : setTimeout(run, 0));
  if (document.readyState === 'complete') whenIdle();
  else window.addEventListener('load', whenIdle, { once: true });
}

void start();
