import type { Observable } from 'rxjs';
import { create } from 'zustand';
import type { UnsyncedChoice, UnsyncedItem } from '../data/session/lifecycle.ts';
import { SESSION_LOADING, SIGNED_OUT, type SessionState } from '../data/session/state.ts';

export { SIGNED_OUT, type SessionState } from '../data/session/state.ts';

/**
 * Who is signed in (spec §4: signed out, loading, signed in), for screens, the header and the
 * route guards: the UI's copy of the session engine's `session$` (src/data/session/engine.ts),
 * bound by src/state/session-actions.ts. Until the engine starts, the app itself says "signed out" for a
 * visitor (src/app/SessionManager.tsx), without loading the auth layer. The build's prerender
 * (src/prerender: an SSR build) renders a visitor's pages, and a server render reads a store's
 * initial state.
 */
export const useSessionStore = create<SessionState>(() => (import.meta.env.SSR ? { ...SESSION_LOADING, ...SIGNED_OUT } : { ...SESSION_LOADING }));

/** Keeps the store in step with the engine; returns the function that stops it. */
export function followSession(source: Observable<SessionState>): () => void {
  const subscription = source.subscribe((session) => useSessionStore.setState(session));
  return () => subscription.unsubscribe();
}

interface SignOutConfirmState {
  /** Writes the data layer could not send before a sign-out, waiting for the person's answer; null when nothing is asked. */
  pending: UnsyncedItem[] | null;
  resolve: ((choice: UnsyncedChoice) => void) | null;
  ask(items: UnsyncedItem[]): Promise<UnsyncedChoice>;
  answer(choice: UnsyncedChoice): void;
}

/**
 * "Sign out with unsent work?" — asked when some writes could not be sent (a shared phone at
 * school, a party): stay, keep them on this device for the same person, or discard them (issue 21).
 * The dialog (src/components/SignOutDialog.tsx) shows while `pending` is set; a new question
 * answers the previous one with 'stay'.
 */
export const useSignOutConfirmStore = create<SignOutConfirmState>((set, get) => ({
  pending: null,
  resolve: null,
  ask(items) {
    get().resolve?.('stay');
    return new Promise<UnsyncedChoice>((resolve) => set({ pending: items, resolve }));
  },
  answer(choice) {
    get().resolve?.(choice);
    set({ pending: null, resolve: null });
  },
}));
