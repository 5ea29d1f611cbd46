import {
  isAuthApiError,
  isAuthRetryableFetchError,
  type AuthChangeEvent,
  type Session,
  type SupabaseClient,
  type User,
} from '@supabase/supabase-js';
import {
  isSessionNotFound,
  mapLoginError,
  mapRegistrationError,
  refused,
  signUpOutcome,
  type AuthErrorLike,
  type AuthResult,
  type LoginCode,
  type PasswordActionCode,
  type RegistrationError,
  type SignUpResult,
} from './auth-errors.ts';
import { kvStore } from './kv-store.ts';
import { inviteForSignUp, signedUpWithInvite } from './invite-intent.ts';
import {
  runAfterSignOut,
  runBeforeSignOut,
  runSignOutDecided,
  type SignOutContext,
  type SignOutReason,
  type UnsyncedChoice,
  type UnsyncedItem,
} from './session/lifecycle.ts';
import { AUTH_STORAGE_KEY, apiHeaders, getSupabase, supabaseUrl, withLocalOnlyAuth } from './supabase.ts';
import { ensureGuardianMailed, isEnglishAppUrl } from './online/guardian.ts';
import { profileImageUrl } from './online/profile-images.ts';
import { validateUsername } from './validation.ts';
import { track } from '../analytics/analytics.ts';

/**
 * Accounts and the session (spec §4, §7): the typed functions screens call. No React here; the
 * session engine (session/engine.ts) follows `onAuthEvent` and the app binds it to its store.
 *
 * The session is kept in IndexedDB (kv-store.ts) and refreshed automatically by supabase-js.
 * Offline, an expired session cannot be refreshed, but it is NOT thrown away: the person stays
 * signed in on this device with what they have locally, and the refresh happens when the
 * network returns. Only the server saying "no" (banned, removed, session ended) signs them out.
 */

/** Spec §7, §9: the server's logout gets 5 seconds; after that the local session is cleared anyway. */
export const SERVER_LOGOUT_TIMEOUT_MS = 5000;
/** Clearing supabase-js's own state never needs the network; this bounds it if its lock is busy. */
const LOCAL_CLEAR_TIMEOUT_MS = 1500;
/** The last known account of this device (username, admin flag), so offline starts show them. */
export const ACCOUNT_CACHE_KEY = 'cadernos-account';

export interface AuthUser {
  id: string;
  email: string | null;
}

export interface AccountSummary {
  userId: string;
  email: string | null;
  username: string | null;
  /** The address of the person's avatar (profiles.avatar_url made a URL), null without one: the top bar's picture (absent in a device's older cache). */
  avatarUrl?: string | null;
  isAdmin: boolean;
}

export type AccountStatus = 'active' | 'banned' | 'deleted' | 'ended' | 'unknown';

/** Raised by actions that need a signed-in person when there is none: code 'not_authenticated' (the screens have the words). */
export class NotAuthenticatedError extends Error {
  readonly code = 'not_authenticated';
  constructor() {
    super('not authenticated');
    this.name = 'NotAuthenticatedError';
  }
}

// ---------------------------------------------------------------------------------------------
// Events
// ---------------------------------------------------------------------------------------------

export type AuthEvent =
  | { type: 'signed-in'; user: AuthUser }
  | { type: 'signed-out'; reason: SignOutReason }
  | { type: 'token-refreshed'; user: AuthUser }
  | { type: 'user-updated'; user: AuthUser }
  | { type: 'password-recovery'; user: AuthUser };

type Listener<T> = (value: T) => void;
const eventListeners = new Set<Listener<AuthEvent>>();
const userListeners = new Set<(userId: string | null, previous: string | null) => void>();

/** Session events, normalised. A sign-out made by `signOut` is reported once, by `signOut`. */
export function onAuthEvent(listener: Listener<AuthEvent>): () => void {
  eventListeners.add(listener);
  return () => eventListeners.delete(listener);
}

/** Called whenever the signed-in person changes (sign-in, sign-out, another account): the data refreshes. */
export function onUserChange(listener: (userId: string | null, previous: string | null) => void): () => void {
  userListeners.add(listener);
  return () => userListeners.delete(listener);
}

function emit(event: AuthEvent): void {
  for (const listener of [...eventListeners]) {
    try {
      listener(event);
    } catch (error) {
      console.error('[auth] listener failed', error);
    }
  }
}

let currentUserId: string | null = null;

function setCurrentUser(userId: string | null): void {
  if (userId === currentUserId) return;
  const previous = currentUserId;
  currentUserId = userId;
  for (const listener of [...userListeners]) {
    try {
      listener(userId, previous);
    } catch (error) {
      console.error('[auth] user-change listener failed', error);
    }
  }
}

export function getCurrentUserId(): string | null {
  return currentUserId;
}

/** The signed-in person's id, or NotAuthenticatedError ('not_authenticated'). */
export function requireUserId(): string {
  if (!currentUserId) throw new NotAuthenticatedError();
  return currentUserId;
}

const toAuthUser = (user: Pick<User, 'id' | 'email'>): AuthUser => ({ id: user.id, email: user.email ?? null });

// ---------------------------------------------------------------------------------------------
// Start: restore the session (online or not) and follow supabase-js's events
// ---------------------------------------------------------------------------------------------

/** A problem carried by the link the page was opened from (an expired recovery link …). */
export interface LinkError {
  code: string;
  description: string;
}

export interface SessionCheck {
  user: AuthUser | null;
  /** True when the session could not be checked with the server (offline start, expired token). */
  unverified: boolean;
}

export interface InitialSession extends SessionCheck {
  linkError: LinkError | null;
  /** The page was opened from a password-recovery link. */
  recovery: boolean;
  /**
   * supabase-js's own start (reading the URL, refreshing an expired token). Offline it can take
   * up to 30 s of retries, so the start does not wait for it when a session is stored: the person
   * is signed in at once from the device, and this says later whether the server agreed.
   */
  settled: Promise<SessionCheck>;
}

/** While true, supabase-js's SIGNED_OUT is ours and is not reported as an unexpected sign-out. */
let logoutInProgress = false;
export const isLogoutInProgress = () => logoutInProgress;

let started: Promise<InitialSession> | undefined;

/** Reads GoTrue's error fragment (`#error=…&error_code=…&error_description=…`) before supabase-js clears it. */
export function readLinkError(hash: string): LinkError | null {
  const params = new URLSearchParams(hash.replace(/^#/, ''));
  const code = params.get('error_code') ?? params.get('error');
  if (!code) return null;
  return { code, description: params.get('error_description') ?? code };
}

export function startAuth(): Promise<InitialSession> {
  started ??= (async () => {
    const hash = typeof window === 'undefined' ? '' : window.location.hash;
    const linkError = readLinkError(hash);
    const recovery = /(^|[#&])type=recovery(&|$)/.test(hash) && !linkError;
    const fromLink = /(^|[#&])access_token=/.test(hash);
    const client = getSupabase();
    client.auth.onAuthStateChange((event, session) => {
      // Deferred: supabase-js holds its lock while notifying; calling it back here would wait on itself.
      setTimeout(() => handleClientEvent(event, session), 0);
    });
    const settled = (async (): Promise<SessionCheck> => {
      await client.auth.initialize();
      const { data, error } = await client.auth.getSession();
      if (data.session) return { user: toAuthUser(data.session.user), unverified: false };
      if (error && isAuthRetryableFetchError(error)) {
        // Offline with an expired access token: keep the person signed in on this device.
        const stored = await readStoredSession();
        if (stored) return { user: stored, unverified: true };
      }
      return { user: null, unverified: false };
    })();
    // A session stored on the device signs the person in at once (a link's session wins over it).
    const stored = fromLink ? null : await readStoredSession();
    if (stored) {
      setCurrentUser(stored.id);
      void settled.then((check) => {
        // supabase-js found no session after all: its SIGNED_OUT (or this) ends ours.
        if (!check.user && currentUserId === stored.id && !logoutInProgress) void endedElsewhere();
      });
      return { user: stored, unverified: true, linkError, recovery, settled };
    }
    const check = await settled;
    setCurrentUser(check.user?.id ?? null);
    // Signed in by a confirmation link (hosted Supabase): the guardian's first mail, if owed.
    if (fromLink && check.user && !recovery) void ensureGuardianMailed();
    return { ...check, linkError, recovery, settled };
  })();
  return started;
}

/** The session as stored on the device, whatever its expiry (for offline starts). */
async function readStoredSession(): Promise<AuthUser | null> {
  try {
    const raw = await kvStore.getItem(AUTH_STORAGE_KEY);
    if (!raw) return null;
    const stored = JSON.parse(raw) as Partial<Session> | null;
    if (!stored?.refresh_token || !stored.user?.id) return null;
    return toAuthUser(stored.user);
  } catch {
    return null;
  }
}

function handleClientEvent(event: AuthChangeEvent, session: Session | null): void {
  switch (event) {
    case 'SIGNED_IN':
      if (session) void acceptSignIn(session);
      return;
    case 'TOKEN_REFRESHED':
      if (session) emit({ type: 'token-refreshed', user: toAuthUser(session.user) });
      return;
    case 'USER_UPDATED':
      if (session) emit({ type: 'user-updated', user: toAuthUser(session.user) });
      return;
    case 'PASSWORD_RECOVERY':
      if (session) {
        setCurrentUser(session.user.id);
        emit({ type: 'password-recovery', user: toAuthUser(session.user) });
      }
      return;
    case 'SIGNED_OUT':
      // Ours (signOut below) — it reports the sign-out itself, after the hooks have run.
      if (logoutInProgress || currentUserId === null) return;
      void endedElsewhere();
      return;
    default:
      return;
  }
}

/**
 * supabase-js can announce a session it read from storage before our sign-out cleared it (say,
 * re-reading it when the page became visible while a banned account was being signed out): that
 * late SIGNED_IN must not sign the person back in. A real sign-in is saved before it is announced,
 * so the stored session tells the two apart.
 */
async function acceptSignIn(session: Session): Promise<void> {
  if (logoutInProgress) return;
  const stored = await readStoredSession();
  if (logoutInProgress || stored?.id !== session.user.id) return;
  setCurrentUser(session.user.id);
  emit({ type: 'signed-in', user: toAuthUser(session.user) });
}

/** The session ended without us (revoked, refresh token refused, another tab signed out). */
async function endedElsewhere(): Promise<void> {
  const context: SignOutContext = { userId: currentUserId, reason: 'ended' };
  setCurrentUser(null);
  await kvStore.removeItem(ACCOUNT_CACHE_KEY).catch(() => undefined);
  await runAfterSignOut(context);
  emit({ type: 'signed-out', reason: 'ended' });
}

// ---------------------------------------------------------------------------------------------
// Sign up, sign in
// ---------------------------------------------------------------------------------------------

export interface SignUpInput {
  username: string;
  email: string;
  password: string;
  /** Where the confirmation link leads (the site root in the page's language). */
  redirectTo: string;
  /** yyyy-mm-dd (issue 22): kept private by the server; 13–17 also name a guardian. */
  birthDate?: string;
  guardianEmail?: string;
  guardianAcknowledged?: boolean;
}

/**
 * The sign-up metadata: the username, the age and guardian the server checks (safety migration),
 * and the invitation the visitor came from, which the server redeems with the sign-up.
 */
function signUpData(input: SignUpInput, inviteCode: string | null): Record<string, unknown> {
  const data: Record<string, unknown> = { username: input.username.trim() };
  if (inviteCode) data.invite_code = inviteCode;
  if (input.birthDate) data.birth_date = input.birthDate;
  if (input.guardianEmail) {
    data.guardian_email = input.guardianEmail.trim();
    data.guardian_acknowledged = input.guardianAcknowledged === true;
  }
  return data;
}

export async function signUp(input: SignUpInput, client: SupabaseClient = getSupabase()): Promise<SignUpResult> {
  const email = input.email.trim();
  const inviteCode = inviteForSignUp();
  let outcome: SignUpResult;
  try {
    const { data, error } = await client.auth.signUp({
      email,
      password: input.password,
      options: { data: signUpData(input, inviteCode), emailRedirectTo: input.redirectTo },
    });
    outcome = signUpOutcome(data, error as AuthErrorLike | null, email);
  } catch (error) {
    outcome = mapRegistrationError(error as AuthErrorLike);
  }
  if (outcome.ok) track('sign_up');
  if (outcome.ok && outcome.status === 'signed-in') {
    if (inviteCode) signedUpWithInvite(inviteCode);
    setCurrentUser(outcome.userId);
    // A minor's guardian is mailed at sign-up: by the sync-server itself, or now (hosted Supabase).
    // Not mailed because the address had enough today: the account stays, and the screen says so.
    if (input.guardianEmail) {
      const notMailed = await ensureGuardianMailed({ english: isEnglishAppUrl(input.redirectTo) });
      if (notMailed) outcome = { ...outcome, guardianNotMailed: notMailed };
    }
  }
  if (!outcome.ok && (outcome.code === 'server' || outcome.code === 'generic')) {
    return (await usernameRefusal(input.username, client)) ?? outcome;
  }
  return outcome;
}

/**
 * Why a sign-up failed when the auth server did not say: the database's sign-up trigger refused
 * the username, which GoTrue reports only as a 500 "Database error saving new user" (the name was
 * free when the form checked it, and taken or refused by the time the account was saved). Asked
 * again after the failure; undefined when the name is not the reason (or the server cannot say).
 */
async function usernameRefusal(username: string, client: SupabaseClient): Promise<RegistrationError | undefined> {
  if (validateUsername(username)) return undefined; // the form refuses malformed names before signing up
  const availability = await checkUsernameAvailability(username, client);
  if (availability === 'taken') return refused('usernameTaken');
  if (availability === 'forbidden') return refused('usernameForbidden');
  return undefined;
}

/** A failed login says what went wrong as a code (auth-errors.ts); the screen has the words. */
export type SignInResult = AuthResult<LoginCode, { user: AuthUser }>;

export async function signIn(email: string, password: string): Promise<SignInResult> {
  try {
    const { data, error } = await getSupabase().auth.signInWithPassword({ email: email.trim(), password });
    if (error || !data.session) return mapLoginError(error);
    setCurrentUser(data.session.user.id);
    track('login', { method: 'password' });
    // The first sign-in after a hosted sign-up with e-mail confirmation: the guardian's mail, if owed.
    void ensureGuardianMailed();
    return { ok: true, user: toAuthUser(data.session.user) };
  } catch (error) {
    return mapLoginError(error as AuthErrorLike);
  }
}

// ---------------------------------------------------------------------------------------------
// Sign out
// ---------------------------------------------------------------------------------------------

export type ServerLogoutOutcome = 'ok' | 'session-not-found' | 'failed';

/** Signed out (and how the server took it), or not: 'unsynced' when the person chose to stay. */
export type SignOutResult = AuthResult<'unsynced', { server: ServerLogoutOutcome }, { unsynced: UnsyncedItem[] }>;

export interface SignOutOptions {
  /** 'local' (this device), 'global' (every device, spec "sign out of all devices"). */
  scope?: 'local' | 'global';
  reason?: SignOutReason;
  /**
   * Asked when the data layer reports writes that could not be sent: 'keep' signs out keeping the
   * person's local database on this device (sent at their next sign-in here), 'discard' signs out
   * losing them, 'stay' stays signed in. Without it a person's sign-out with unsynced writes is
   * cancelled, so nothing typed is thrown away silently. Banned and removed accounts are not asked.
   */
  confirmUnsynced?: (items: UnsyncedItem[]) => Promise<UnsyncedChoice>;
  /** For tests: the server's time limit. */
  timeoutMs?: number;
}

/**
 * Signs out: the data layer's before-hooks (push pending writes), the person's choice when some
 * could not be sent (stay, keep them on this device, discard them) and the decided-hooks, the
 * server's logout with a 5-second limit, the local session cleared whatever the server said, then
 * the after-hooks (wipe local data, or close it when kept). The logout-in-progress flag keeps
 * supabase-js's own SIGNED_OUT from being handled as an unexpected sign-out meanwhile.
 */
export async function signOut(options: SignOutOptions = {}): Promise<SignOutResult> {
  const reason = options.reason ?? 'user';
  const context: SignOutContext = { userId: currentUserId, reason };
  logoutInProgress = true;
  try {
    const unsynced = await runBeforeSignOut(context);
    if (unsynced.length > 0 && reason === 'user') {
      const choice = options.confirmUnsynced ? await options.confirmUnsynced(unsynced) : 'stay';
      if (choice === 'stay') return { ok: false, code: 'unsynced', params: { unsynced } };
      context.keepLocalData = choice === 'keep';
    }
    await runSignOutDecided(context);
    const server = await serverLogout(options.scope ?? 'local', options.timeoutMs ?? SERVER_LOGOUT_TIMEOUT_MS);
    await clearLocalSession();
    setCurrentUser(null);
    await runAfterSignOut(context);
    emit({ type: 'signed-out', reason });
    return { ok: true, server };
  } finally {
    logoutInProgress = false;
  }
}

/** Ends every other session of this person (security section); this device stays signed in. */
export async function signOutOtherDevices(timeoutMs = SERVER_LOGOUT_TIMEOUT_MS): Promise<ServerLogoutOutcome> {
  if (!currentUserId) throw new NotAuthenticatedError();
  const session = await readSessionTokens();
  if (!session) throw new NotAuthenticatedError();
  return postLogout(session.access_token, 'others', timeoutMs);
}

async function readSessionTokens(): Promise<Pick<Session, 'access_token' | 'refresh_token' | 'expires_at'> | null> {
  try {
    const raw = await kvStore.getItem(AUTH_STORAGE_KEY);
    const stored = raw ? (JSON.parse(raw) as Session) : null;
    return stored?.access_token ? stored : null;
  } catch {
    return null;
  }
}

/** POST /auth/v1/logout with the time limit. 401/403/404 mean the session is already gone. */
async function postLogout(accessToken: string, scope: 'local' | 'global' | 'others', timeoutMs: number): Promise<ServerLogoutOutcome> {
  const controller = new AbortController();
  const timer = setTimeout(() => controller.abort(), timeoutMs);
  try {
    const response = await fetch(`${supabaseUrl}/auth/v1/logout?scope=${scope}`, {
      method: 'POST',
      headers: apiHeaders(accessToken),
      signal: controller.signal,
    });
    if (response.ok) return 'ok';
    const body = (await response.json().catch(() => ({}))) as { code?: string; error_code?: string; msg?: string; message?: string };
    const error: AuthErrorLike = { status: response.status, code: body.code ?? body.error_code, message: body.message ?? body.msg };
    return isSessionNotFound(error) ? 'session-not-found' : 'failed';
  } catch {
    return 'failed';
  } finally {
    clearTimeout(timer);
  }
}

async function serverLogout(scope: 'local' | 'global', timeoutMs: number): Promise<ServerLogoutOutcome> {
  const deadline = Date.now() + timeoutMs;
  let session = await readSessionTokens();
  if (!session) return 'session-not-found';
  // An expired access token cannot end the server session; a refresh (within the same limit) can.
  if (session.expires_at && session.expires_at * 1000 < Date.now() + 10_000) {
    const refreshed = await withTimeout(getSupabase().auth.refreshSession(), deadline - Date.now()).catch(() => null);
    if (refreshed?.data.session) session = refreshed.data.session;
  }
  const remaining = deadline - Date.now();
  if (remaining <= 0) return 'failed';
  return postLogout(session.access_token, scope, remaining);
}

/** Clears the session on this device with no network: supabase-js's state first, then the storage itself. */
async function clearLocalSession(): Promise<void> {
  await withTimeout(
    withLocalOnlyAuth(() => getSupabase().auth.signOut({ scope: 'local' })),
    LOCAL_CLEAR_TIMEOUT_MS,
  ).catch(() => undefined);
  for (const key of [AUTH_STORAGE_KEY, `${AUTH_STORAGE_KEY}-user`, `${AUTH_STORAGE_KEY}-code-verifier`, ACCOUNT_CACHE_KEY]) {
    await kvStore.removeItem(key).catch(() => undefined);
  }
}

function withTimeout<T>(promise: Promise<T>, ms: number): Promise<T> {
  return new Promise<T>((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error('timeout')), Math.max(0, ms));
    promise.then(
      (value) => {
        clearTimeout(timer);
        resolve(value);
      },
      (error: unknown) => {
        clearTimeout(timer);
        reject(error);
      },
    );
  });
}

// ---------------------------------------------------------------------------------------------
// Passwords
// ---------------------------------------------------------------------------------------------

export type ActionResult<Code extends PasswordActionCode = never> = AuthResult<Code | 'not_authenticated' | 'server'>;

/** Sends the recovery e-mail; its link leads to `redirectTo` (the reset page) with a recovery session. */
export async function requestPasswordReset(email: string, redirectTo: string): Promise<ActionResult> {
  try {
    const { error } = await getSupabase().auth.resetPasswordForEmail(email.trim(), { redirectTo });
    return error ? refused('server', error.message) : { ok: true };
  } catch (error) {
    return refused('server', (error as Error).message);
  }
}

/** Sets a new password for the signed-in person (the reset page, after the recovery link). */
export async function updatePassword(password: string): Promise<ActionResult<'same_password'>> {
  if (!currentUserId) return { ok: false, code: 'not_authenticated' };
  try {
    const { error } = await getSupabase().auth.updateUser({ password });
    if (!error) return { ok: true };
    if ((error as AuthErrorLike).code === 'same_password') return refused('same_password', error.message);
    if (error.name === 'AuthSessionMissingError') return { ok: false, code: 'not_authenticated' };
    return refused('server', error.message);
  } catch (error) {
    return refused('server', (error as Error).message);
  }
}

/**
 * Is this the signed-in person's password? Asked of the server with a password grant whose session
 * is ended at once, so the app's own session is untouched. Settings → account checks it before a
 * change; a party round locked with the account's password checks it when it starts (issue 21).
 */
export async function checkCurrentPassword(current: string): Promise<ActionResult<'current_password_incorrect' | 'no_email' | 'network'>> {
  if (!currentUserId) return { ok: false, code: 'not_authenticated' };
  const { data } = await getSupabase().auth.getSession();
  const email = data.session?.user.email;
  if (!data.session) return { ok: false, code: 'not_authenticated' };
  if (!email) return { ok: false, code: 'no_email' };

  let response: Response;
  try {
    response = await fetch(`${supabaseUrl}/auth/v1/token?grant_type=password`, {
      method: 'POST',
      headers: apiHeaders(),
      body: JSON.stringify({ email, password: current }),
    });
  } catch (error) {
    return refused('network', (error as Error).message);
  }
  if (!response.ok) {
    const body = (await response.json().catch(() => ({}))) as { code?: string; error_code?: string; message?: string; msg?: string };
    const code = body.code ?? body.error_code;
    if (response.status === 400 && (code === 'invalid_credentials' || code === 'invalid_grant' || !code)) {
      return { ok: false, code: 'current_password_incorrect' };
    }
    return refused('server', body.message ?? body.msg);
  }
  const check = (await response.json().catch(() => null)) as { access_token?: string } | null;
  if (check?.access_token) void postLogout(check.access_token, 'local', SERVER_LOGOUT_TIMEOUT_MS);
  return { ok: true };
}

/** Settings → account: the current password is checked with the server first, then the new one is set. */
export async function changePassword(
  current: string,
  next: string,
): Promise<ActionResult<'current_password_incorrect' | 'no_email' | 'same_password' | 'network'>> {
  const check = await checkCurrentPassword(current);
  return check.ok ? updatePassword(next) : check;
}

// ---------------------------------------------------------------------------------------------
// Account: status, username, admin flag
// ---------------------------------------------------------------------------------------------

export interface AccountCheck {
  status: AccountStatus;
  account?: AccountSummary;
}

/**
 * Asks the server who this person is now (spec §4, §8): a banned auth user or a profile marked
 * banned / deleted signs out; a session the server no longer knows has ended; no answer (offline)
 * changes nothing.
 */
export async function getAccountStatus(client: SupabaseClient = getSupabase()): Promise<AccountCheck> {
  const { data, error } = await client.auth.getUser();
  if (error || !data.user) {
    if (isAuthRetryableFetchError(error)) return { status: 'unknown' };
    const code = (error as AuthErrorLike | null)?.code;
    if (code === 'user_banned') return { status: 'banned' };
    if (code === 'user_not_found') return { status: 'deleted' };
    if (code === 'session_not_found' || error?.name === 'AuthSessionMissingError') return { status: 'ended' };
    if (isAuthApiError(error) && (error.status === 401 || error.status === 403)) return { status: 'ended' };
    return { status: 'unknown' };
  }
  const user = data.user;
  const [profile, roles] = await Promise.all([
    client.from('profiles').select('username, avatar_url, account_status').eq('id', user.id).maybeSingle(),
    client.from('user_roles').select('role').eq('user_id', user.id).eq('role', 'admin'),
  ]);
  // No answer from the database (the network dropped between the calls): nothing is known.
  if (profile.error && !profile.status) return { status: 'unknown' };
  const accountStatus = (profile.data as { account_status?: string } | null)?.account_status;
  if (accountStatus === 'banned') return { status: 'banned' };
  if (accountStatus === 'deleted') return { status: 'deleted' };
  const account: AccountSummary = {
    userId: user.id,
    email: user.email ?? null,
    username:
      (profile.data as { username?: string } | null)?.username ??
      (typeof user.user_metadata?.username === 'string' ? user.user_metadata.username : null),
    avatarUrl: profileImageUrl('avatar', (profile.data as { avatar_url?: string | null } | null)?.avatar_url),
    // A role that could not be read keeps the device's last known flag: reading it as "not an
    // admin" would send a real admin away from /admin over one failed request.
    isAdmin: roles.error ? ((await readCachedAccount(user.id))?.isAdmin ?? false) : (roles.data ?? []).length > 0,
  };
  await writeCachedAccount(account);
  return { status: 'active', account };
}

export async function readCachedAccount(userId: string): Promise<AccountSummary | null> {
  try {
    const raw = await kvStore.getItem(ACCOUNT_CACHE_KEY);
    const cached = raw ? (JSON.parse(raw) as AccountSummary) : null;
    return cached?.userId === userId ? cached : null;
  } catch {
    return null;
  }
}

async function writeCachedAccount(account: AccountSummary): Promise<void> {
  await kvStore.setItem(ACCOUNT_CACHE_KEY, JSON.stringify(account)).catch(() => undefined);
}

/** Refreshes an expired session when the network comes back (the offline start's deferred refresh). */
export async function refreshIfNeeded(): Promise<AuthUser | null> {
  const { data } = await getSupabase().auth.getSession();
  return data.session ? toAuthUser(data.session.user) : null;
}

// ---------------------------------------------------------------------------------------------
// Username availability (registration)
// ---------------------------------------------------------------------------------------------

export type UsernameAvailability = 'available' | 'taken' | 'forbidden' | 'unknown';

/**
 * 'Username is available' / 'Username is already taken' (spec §5), through the database's
 * `username_available` RPC; a name refused for a forbidden word says so. 'unknown' when the
 * server cannot answer (offline): the sign-up itself then has the last word.
 */
export async function checkUsernameAvailability(username: string, client: SupabaseClient = getSupabase()): Promise<UsernameAvailability> {
  try {
    // Both questions at once: a name nobody has may still be one the sign-up refuses (issue 29: a
    // forbidden word was said only on submit, while "já está em uso" showed as it was typed).
    const [available, forbidden] = await Promise.all([
      client.rpc('username_available', { p_username: username.trim() }),
      client.rpc('find_forbidden_words', { p_text: username.trim() }),
    ]);
    if (!forbidden.error && Array.isArray(forbidden.data) && forbidden.data.length > 0) return 'forbidden';
    if (available.error || typeof available.data !== 'boolean') return 'unknown';
    return available.data ? 'available' : 'taken';
  } catch {
    return 'unknown';
  }
}
