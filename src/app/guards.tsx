import type { ReactNode } from 'react';
import { Redirect } from 'wouter';
import { useSessionStore } from '../state/session.ts';
import type { RouteDef } from './routes.ts';

/**
 * The one place route guards live. `/admin` sends anyone who is not an admin to `/` (spec §2);
 * the database enforces the same rule on every admin call, this only spares a useless page.
 */
export function RouteGuard({ guard, children }: { guard: RouteDef['guard']; children: ReactNode }) {
  const isAdmin = useSessionStore((s) => s.isAdmin);
  if (guard === 'admin' && !isAdmin) return <Redirect to="/" replace />;
  return <>{children}</>;
}
