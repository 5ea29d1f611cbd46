import { useEffect } from 'react';
import { useLocation } from 'wouter';
import { useSessionStore, SIGNED_OUT } from '../state/session.ts';
import { setAppNavigator } from './navigator.ts';

/** How long a visitor's page waits before the auth layer loads in the background (for a quick login). */
const IDLE_START_MS = 3000;

/**
 * Starts the session after the first render, without putting supabase-js in the landing page's
 * JavaScript: a device with a stored session (or a page opened from an auth link) loads the auth
 * layer at once; a visitor is "signed out" at once and the auth layer loads a little later.
 */
export function SessionManager() {
  const [, navigate] = useLocation();

  useEffect(() => {
    setAppNavigator(navigate);
  }, [navigate]);

  useEffect(() => {
    let cancelled = false;
    let timer: ReturnType<typeof setTimeout> | undefined;
    const startController = () =>
      import('./session-controller.ts')
        .then((m) => m.ensureSessionController())
        .catch((error: unknown) => {
          // A failed start (a chunk missing offline): the app stays usable as a visitor.
          console.error('[session] could not start', error);
          if (useSessionStore.getState().status === 'loading') useSessionStore.setState({ ...SIGNED_OUT });
        });
    void import('../data/session-probe.ts')
      .then((m) => m.needsAuthAtStart())
      .catch(() => true)
      .then((needed) => {
        if (cancelled) return;
        if (needed) return void startController();
        if (useSessionStore.getState().status === 'loading') useSessionStore.setState({ ...SIGNED_OUT });
        timer = setTimeout(() => void startController(), IDLE_START_MS);
      });
    return () => {
      cancelled = true;
      clearTimeout(timer);
    };
  }, []);

  return null;
}
