import { Suspense, useEffect } from 'react';
import { lazyPart } from '../components/lazy-part.ts';
import { I18nProvider } from '@lingui/react';
import { Router, useLocation } from 'wouter';
import { activateLocale, i18n } from '../locale/i18n.ts';
import { DEFAULT_LOCALE, localeInfo, type Locale } from '../locale/locales.ts';
import { track } from '../analytics/analytics.ts';
import { SiteFooter } from '../components/SiteFooter.tsx';
import { TopBar } from '../components/frame/TopBar.tsx';
import { useTrackDepth } from '../components/frame/useFrameScreen.ts';
import * as frame from '../components/frame/frame.css.ts';
import { useSessionStore } from '../state/session.ts';
import { useRoundStore } from '../state/round.ts';
import { ErrorBoundary } from './ErrorBoundary.tsx';
import { AppRoutes, forgetFailedPages } from './AppRoutes.tsx';
import { SessionManager } from './SessionManager.tsx';
import { RoundGuard, useActiveRound } from './RoundGuard.tsx';
import { useLocaleFromUrl } from '../navigation/locale-routing.ts';
import { ROUTES } from './routes.ts';

const DeferredOverlays = lazyPart(() => import('./overlays-lazy.tsx'));
// Only the signed-in app has places to go: a visitor's landing page does not download them.
const PlacesNav = lazyPart(() => import('../components/frame/PlacesNav.tsx'));
// The signed-in person's new achievements as toasts, and their visit (issue 31).
const AchievementToasts = lazyPart(() => import('../screens/Profile/AchievementToasts.tsx'));

const manifestHref = (locale: Locale) =>
  locale === DEFAULT_LOCALE ? '/manifest.webmanifest' : `/manifest.${locale}.webmanifest`;

/** The landing and the static content pages (no parameters: their paths are their patterns). */
const STATIC_PATHS = new Set(ROUTES.filter((route) => route.static).map((route) => route.path));
const isStaticPage = (location: string) => STATIC_PATHS.has(location);

/** Spec §2: a page-view event on every route change. */
function PageViews() {
  const [location] = useLocation();
  useEffect(() => {
    track('page_view', { path: location, locale: i18n.locale === 'en-US' ? 'en-US' : 'pt-BR' }); // sent as its route pattern
  }, [location]);
  return null;
}

function Shell() {
  const [location] = useLocation();
  const signedIn = useSessionStore((st) => st.status === 'signed-in');
  // A round of "Passar o caderno" keeps the phone in the round: no places, footer or account menu.
  useActiveRound();
  const inRound = useRoundStore((st) => st.active !== null);
  useTrackDepth();
  return (
    <div className={signedIn && !inRound ? `${frame.shell} ${frame.shellWithPlaces}` : frame.shell}>
      <TopBar locked={inRound} />
      <main id="main" className={frame.main} tabIndex={-1}>
        <RoundGuard />
        {/* Keyed by location so an error on one page does not stick to the next. */}
        <ErrorBoundary key={location} onReset={forgetFailedPages}>
          <AppRoutes />
        </ErrorBoundary>
      </main>
      {/* The footer belongs to the landing and the static pages, and to visitors (no bottom
          navigation); the signed-in app has those links in its account menu (issue 29). */}
      {!inRound && (!signedIn || isStaticPage(location)) && <SiteFooter />}
      {signedIn && !inRound && (
        <Suspense fallback={null}>
          <PlacesNav />
        </Suspense>
      )}
      <PageViews />
      <SessionManager />
      {/* not during a round: the phone is in a friend's hands; announced once it ends */}
      {signedIn && !inRound && (
        <Suspense fallback={null}>
          <AchievementToasts />
        </Suspense>
      )}
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
  return <LocalizedApp locale={locale} />;
}

/**
 * The app in a language, at the browser's address — or at `ssrPath`: the build prerenders the
 * landing pages with it (src/prerender/landing.tsx), the same tree the app then takes over.
 */
export function LocalizedApp({ locale, ssrPath }: { locale: Locale; ssrPath?: string }) {
  return (
    <I18nProvider i18n={i18n}>
      <Router base={localeInfo(locale).prefix} ssrPath={ssrPath}>
        <Shell />
      </Router>
    </I18nProvider>
  );
}
