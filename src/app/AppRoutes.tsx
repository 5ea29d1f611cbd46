import { lazy, Suspense, useMemo } from 'react';
import { Route, Switch } from 'wouter';
import { PageSkeleton } from '../components/PageSkeleton.tsx';
import { useRetryAttempt } from './ErrorBoundary.tsx';
import { RouteGuard } from './guards.tsx';
import { loadNotFound, ROUTES, type PageLoader } from './routes.ts';

/** A lazily loaded page. A retry from the error card creates a fresh lazy wrapper, so a chunk that failed to download is requested again. */
function LazyPage({ load }: { load: PageLoader }) {
  const attempt = useRetryAttempt();
  const Page = useMemo(() => lazy(load), [load, attempt]);
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
