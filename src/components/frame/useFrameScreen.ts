import { useEffect } from 'react';
import { matchRoute, useLocation, useRouter } from 'wouter';
import { allRoutes } from '../../navigation/pages.ts';
import { FRAME_SCREENS, UNKNOWN_SCREEN, fillPattern, type FrameScreen } from './screens.ts';

export interface CurrentScreen extends FrameScreen {
  /** `parent` with this route's parameters filled in. */
  parentHref?: string;
}

/** The frame's view of the route being shown (the first route that matches, as the router does). */
export function useFrameScreen(): CurrentScreen {
  const [location] = useLocation();
  const { parser } = useRouter();
  for (const route of allRoutes()) {
    const [matches, params] = matchRoute(parser, route.path, location);
    if (!matches) continue;
    const screen = FRAME_SCREENS[route.path] ?? UNKNOWN_SCREEN;
    return { ...screen, parentHref: screen.parent && fillPattern(screen.parent, params ?? {}) };
  }
  return UNKNOWN_SCREEN;
}

/**
 * How many pages deep the person went inside the app since it opened: back returns to the previous
 * page as the browser's back would, and to the screen's parent when the app was opened right on
 * this page (a shared link), instead of leaving the app.
 */
let depth = -1;
let popped = false;

export function useTrackDepth(): void {
  const [location] = useLocation();
  useEffect(() => {
    const onPop = () => {
      popped = true;
    };
    window.addEventListener('popstate', onPop);
    return () => window.removeEventListener('popstate', onPop);
  }, []);
  useEffect(() => {
    depth = popped ? Math.max(depth - 1, 0) : depth + 1;
    popped = false;
  }, [location]);
}

export function canGoBackInApp(): boolean {
  return depth > 0;
}
