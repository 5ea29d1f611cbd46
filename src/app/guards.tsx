import { useEffect, type ReactNode } from 'react';
import { Redirect } from 'wouter';
import { PageSkeleton } from '../components/PageSkeleton.tsx';
import { useSessionStore, type SessionState } from '../state/session.ts';
import type { RouteDef } from './routes.ts';

type GuardDecision = 'allow' | 'redirect' | 'wait';

/**
 * `/admin` lets an admin in and sends anyone else to `/` (spec §2) — but only once the role is
 * known: on a typed URL or a reload the session and the user_roles record arrive after the
 * first render, and deciding then would send a real admin away.
 */
export function adminDecision(session: Pick<SessionState, 'status' | 'isAdmin' | 'roleKnown'>): GuardDecision {
  if (session.status === 'signed-in' && session.isAdmin) return 'allow';
  if (session.status === 'signed-out') return 'redirect';
  if (session.status === 'signed-in' && session.roleKnown) return 'redirect';
  return 'wait';
}

/** Starts the auth layer (loaded lazily: it brings supabase-js) once, for the routes that need it. */
function useSessionStart(needed: boolean): void {
  useEffect(() => {
    if (!needed) return;
    import('../state/session-actions.ts')
      .then((session) => session.ensureSession())
      .catch((error: unknown) => console.error('[session] could not start', error));
  }, [needed]);
}

/**
 * The one place route guards live: it starts what a route needs (the session for the account
 * forms and invitations) and keeps people out of routes that need a role. The database enforces
 * the same rule on every admin call; this only spares a useless page.
 */
export function RouteGuard({ needs, children }: { needs: RouteDef['needs']; children: ReactNode }) {
  const status = useSessionStore((s) => s.status);
  const isAdmin = useSessionStore((s) => s.isAdmin);
  const roleKnown = useSessionStore((s) => s.roleKnown);
  useSessionStart(needs === 'session');
  if (needs !== 'admin') return <>{children}</>;
  switch (adminDecision({ status, isAdmin, roleKnown })) {
    case 'allow':
      return <>{children}</>;
    case 'redirect':
      return <Redirect to="/" replace />;
    case 'wait':
      return <PageSkeleton />;
  }
}
