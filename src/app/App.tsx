import { lazy, Suspense, useEffect } from 'react';
import { I18nProvider } from '@lingui/react';
import { Router, useLocation } from 'wouter';
import { activateLocale, i18n } from '../locale/i18n.ts';
import { DEFAULT_LOCALE, localeInfo, type Locale } from '../locale/locales.ts';
import { track } from '../analytics/analytics.ts';
import { SiteHeader } from '../components/SiteHeader.tsx';
import { SiteFooter } from '../components/SiteFooter.tsx';
import { OfflineBanner } from '../components/OfflineBanner.tsx';
import { PendingWritesIndicator } from '../components/PendingWritesIndicator.tsx';
import { Toaster } from '../components/Toaster.tsx';
import { ErrorBoundary } from './ErrorBoundary.tsx';
import { AppRoutes, forgetFailedPages } from './AppRoutes.tsx';
import { SessionManager } from './SessionManager.tsx';
import { useLocaleFromUrl } from './locale-routing.ts';
import * as s from './App.css.ts';

const DeferredOverlays = lazy(() => import('./overlays-lazy.tsx'));

const manifestHref = (locale: Locale) =>
  locale === DEFAULT_LOCALE ? '/manifest.webmanifest' : `/manifest.${locale}.webmanifest`;

/** Spec §2: a page-view event on every route change. */
function PageViews() {
  const [location] = useLocation();
  useEffect(() => {
    track('page_view', { path: location, locale: i18n.locale });
  }, [location]);
  return null;
}

function Shell() {
  const [location] = useLocation();
  return (
    <div className={s.shell}>
      <OfflineBanner />
      <SiteHeader />
      <main id="main" className={s.main} tabIndex={-1}>
        {/* Keyed by location so an error on one page does not stick to the next. */}
        <ErrorBoundary key={location} onReset={forgetFailedPages}>
          <AppRoutes />
        </ErrorBoundary>
      </main>
      <SiteFooter />
      <PageViews />
      <SessionManager />
      <Toaster />
      <PendingWritesIndicator />
      <Suspense fallback={null}>
        <DeferredOverlays />
      </Suspense>
    </div>
  );
}

export function App() {
  const locale = useLocaleFromUrl();
  // Back/forward across a language prefix: follow the URL.
  useEffect(() => {
    void activateLocale(locale);
    // Installing from an English page starts the installed app in English.
    document.querySelector<HTMLLinkElement>('link[rel="manifest"]')?.setAttribute('href', manifestHref(locale));
  }, [locale]);
  return (
    <I18nProvider i18n={i18n}>
      <Router base={localeInfo(locale).prefix}>
        <Shell />
      </Router>
    </I18nProvider>
  );
}
