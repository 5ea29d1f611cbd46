import type { Observable } from 'rxjs';
import { create } from 'zustand';
import { SESSION_LOADING, type SessionState } from '../data/session/state.ts';

export { SIGNED_OUT, type SessionState } from '../data/session/state.ts';

/**
 * Who is signed in (spec §4: signed out, loading, signed in), for screens, the header and the
 * route guards: the UI's copy of the session engine's `session$` (src/data/session/engine.ts),
 * bound by src/app/session.ts. Until the engine starts, the app itself says "signed out" for a
 * visitor (src/app/SessionManager.tsx), without loading the auth layer.
 */
export const useSessionStore = create<SessionState>(() => ({ ...SESSION_LOADING }));

/** Keeps the store in step with the engine; returns the function that stops it. */
export function followSession(source: Observable<SessionState>): () => void {
  const subscription = source.subscribe((session) => useSessionStore.setState(session));
  return () => subscription.unsubscribe();
}
