/**
 * What the session engine (engine.ts) tells the app: who is signed in (spec §4: signed out,
 * loading, signed in) and the moments the person must be told of. No imports: the app's first
 * chunk reads these shapes and SIGNED_OUT without loading supabase-js.
 */

export interface SessionState {
  status: 'signed-out' | 'loading' | 'signed-in';
  userId: string | null;
  /** From the user_roles record (spec §6); opens the /admin guard. */
  isAdmin: boolean;
  /**
   * `isAdmin` is settled for this sign-in: the server answered the account check, or could not
   * be asked (offline) and the device's last known flag stands. Until then a guard waits.
   */
  roleKnown: boolean;
  email: string | null;
  username: string | null;
  /** The person's avatar picture (its address), null without one: the top bar shows their initial then. */
  avatarUrl: string | null;
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
  avatarUrl: null,
  unverified: false,
  recovery: false,
};

/** Before the device's stored session has been looked at. */
export const SESSION_LOADING: SessionState = { ...SIGNED_OUT, status: 'loading', linkError: null };

/**
 * Codes for what the app shows or where it goes (the words are the app's):
 *   ended     the session ended elsewhere (revoked, expired): "Sessão encerrada"
 *   banned / deleted   the account check found it; `signedOut` settles once the device is signed out
 *   recovery  opened from a password-recovery link: the reset form
 */
export type SessionNotice =
  | { type: 'ended' }
  | { type: 'banned' | 'deleted'; signedOut: Promise<void> }
  | { type: 'recovery' };
