import { lazy, Suspense, useState, type ComponentType, type LazyExoticComponent } from 'react';
import { Route, Switch } from 'wouter';
import { PageSkeleton } from '../components/PageSkeleton.tsx';
import { RouteGuard } from './guards.tsx';
import { arrivedPage } from '../navigation/pages.ts';
import { loadNotFound, ROUTES, type PageLoader } from './routes.ts';

/**
 * One lazy component per page, kept outside React: a component that suspends on its first render
 * keeps no hooks state, so a lazy() made inside it would be remade (and re-suspend) forever.
 * A page whose chunk failed to download keeps its failed lazy() until forgetFailedPages (the error
 * card's retry, or leaving the page): React renders again after a rejection, and a fresh lazy()
 * on that render would request the chunk again and suspend again, in a loop that never reaches
 * the error card.
 */
const lazyPages = new Map<PageLoader, LazyExoticComponent<ComponentType>>();
const failedPages = new Set<PageLoader>();

function lazyPage(load: PageLoader) {
  let page = lazyPages.get(load);
  if (!page) {
    page = lazy(() =>
      load().catch((error: unknown) => {
        failedPages.add(load);
        throw error;
      }),
    );
    lazyPages.set(load, page);
  }
  return page;
}

/** The next render of a page whose chunk failed requests it again. */
export function forgetFailedPages(): void {
  for (const load of failedPages) lazyPages.delete(load);
  failedPages.clear();
}

/**
 * A page preloaded and arrived renders at once (the page the server prerendered: no skeleton
 * over it); any other suspends until it arrives. Chosen once per visit of the page: switching
 * from the lazy component to the module's would mount the page a second time.
 */
function LazyPage({ load }: { load: PageLoader }) {
  const [Page] = useState<ComponentType>(() => arrivedPage(load) ?? lazyPage(load));
  return <Page />;
}

export function AppRoutes() {
  return (
    <Suspense fallback={<PageSkeleton />}>
      <Switch>
        {ROUTES.map((route) => (
          <Route key={route.path} path={route.path}>
            <RouteGuard needs={route.needs}>
              <LazyPage load={route.load} />
            </RouteGuard>
          </Route>
        ))}
        <Route>
          <LazyPage load={loadNotFound} />
        </Route>
      </Switch>
    </Suspense>
  );
}
