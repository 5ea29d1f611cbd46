import { create } from 'zustand';

/**
 * Who is signed in (spec §4: signed out, loading, signed in). Filled by the session controller
 * (src/app/session-controller.ts) from the auth layer; screens and the header read it.
 * `isAdmin` comes from the user_roles record (spec §6) and opens the /admin guard.
 */
export interface SessionState {
  status: 'signed-out' | 'loading' | 'signed-in';
  userId: string | null;
  isAdmin: boolean;
  /**
   * `isAdmin` is settled for this sign-in: the server answered the account check, or could not
   * be asked (offline) and the device's last known flag stands. Until then a guard waits.
   */
  roleKnown: boolean;
  email: string | null;
  username: string | null;
  /** Signed in from what the device remembers, not yet confirmed by the server (an offline start). */
  unverified: boolean;
  /** The page was opened from a password-recovery link: the reset form may set a new password. */
  recovery: boolean;
  /** A problem carried by the link the page was opened from (an expired or used recovery link). */
  linkError: { code: string; description: string } | null;
}

export const SIGNED_OUT: Omit<SessionState, 'linkError'> = {
  status: 'signed-out',
  userId: null,
  isAdmin: false,
  roleKnown: false,
  email: null,
  username: null,
  unverified: false,
  recovery: false,
};

export const useSessionStore = create<SessionState>(() => ({
  ...SIGNED_OUT,
  // Until the device's stored session has been looked at (right after the first render).
  status: 'loading',
  linkError: null,
}));
