import { lazy, Suspense, type ComponentType, type LazyExoticComponent } from 'react';
import { Route, Switch } from 'wouter';
import { PageSkeleton } from '../components/PageSkeleton.tsx';
import { RouteGuard } from './guards.tsx';
import { loadNotFound, ROUTES, type PageLoader } from './routes.ts';

/**
 * One lazy component per page, kept outside React: a component that suspends on its first render
 * keeps no hooks state, so a lazy() made inside it would be remade (and re-suspend) forever.
 * A page whose chunk failed to download is dropped from the cache, so the error card's retry
 * requests it again instead of rethrowing React.lazy's remembered failure.
 */
const lazyPages = new Map<PageLoader, LazyExoticComponent<ComponentType>>();

function lazyPage(load: PageLoader) {
  let page = lazyPages.get(load);
  if (!page) {
    page = lazy(() =>
      load().catch((error: unknown) => {
        lazyPages.delete(load);
        throw error;
      }),
    );
    lazyPages.set(load, page);
  }
  return page;
}

function LazyPage({ load }: { load: PageLoader }) {
  const Page = lazyPage(load);
  return <Page />;
}

export function AppRoutes() {
  return (
    <Suspense fallback={<PageSkeleton />}>
      <Switch>
        {ROUTES.map((route) => (
          <Route key={route.path} path={route.path}>
            <RouteGuard guard={route.guard}>
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
