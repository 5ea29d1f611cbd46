import { useEffect } from 'react';
import { useLocation } from 'wouter';
import { useSessionStore, SIGNED_OUT } from '../state/session.ts';
// In the first chunk (1 kB): a visitor's screens wait for this answer, and a chunk of its own
// cost a round trip after the first render — 0.6 s on a phone's slow network (issue 20).
import { needsAuthAtStart } from '../data/session/probe.ts';
import { setAppNavigator } from '../navigation/navigator.ts';

/** supabase-js tells its other tabs about sign-ins on a BroadcastChannel named after the storage key. */
const AUTH_CHANNEL = 'cadernos-auth';

/**
 * Starts the session after the first render, without putting supabase-js in the landing page's
 * JavaScript: a device with a stored session (or a page opened from an auth link) loads the auth
 * layer at once; a visitor is "signed out" at once, and the auth layer loads only when needed —
 * an account screen opens, or another tab signs in.
 */
export function SessionManager() {
  const [, navigate] = useLocation();

  useEffect(() => {
    setAppNavigator(navigate);
  }, [navigate]);

  useEffect(() => {
    let cancelled = false;
    let channel: BroadcastChannel | undefined;
    const startController = () =>
      import('../state/session-actions.ts')
        .then((session) => session.ensureSession())
        .catch((error: unknown) => {
          // A failed start (a chunk missing offline): the app stays usable as a visitor.
          console.error('[session] could not start', error);
          if (useSessionStore.getState().status === 'loading') useSessionStore.setState({ ...SIGNED_OUT });
        });
    void needsAuthAtStart()
      .catch(() => true)
      .then((needed) => {
        if (cancelled) return;
        if (needed) return void startController();
        if (useSessionStore.getState().status === 'loading') useSessionStore.setState({ ...SIGNED_OUT });
        if (typeof BroadcastChannel === 'undefined') return;
        channel = new BroadcastChannel(AUTH_CHANNEL);
        channel.onmessage = () => {
          channel?.close();
          void startController();
        };
      });
    return () => {
      cancelled = true;
      channel?.close();
    };
  }, []);

  return null;
}
