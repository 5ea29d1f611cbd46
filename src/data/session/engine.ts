/**
 * The session engine (spec §4): restore on start (also offline), password recovery, banned or
 * removed accounts signed out, the account checked on load, on every token refresh and when the
 * network returns; the local database follows from the first sign-in (data.ts). It emits
 * `session$` and `sessionNotices$`; the app binds them to its store and turns notices into toasts
 * and navigation (src/state/session-actions.ts). Loaded lazily (it brings supabase-js), started once.
 */
import { BehaviorSubject, Subject, filter, type Observable, type Subscription } from 'rxjs';
import {
  getAccountStatus,
  getCurrentUserId,
  onAuthEvent,
  readCachedAccount,
  refreshIfNeeded,
  signOut,
  startAuth,
  type AccountSummary,
  type AuthEvent,
  type AuthUser,
} from '../auth.ts';
import { profileChanges } from '../online/live.ts';
import { SESSION_LOADING, SIGNED_OUT, type SessionNotice, type SessionState } from './state.ts';

const RECOVERY_FLAG = 'cadernos-recovery';

const state = new BehaviorSubject<SessionState | null>(null);
const notices = new Subject<SessionNotice>();

/** Who is signed in: nothing until the engine starts, then the state and every change. */
export const session$: Observable<SessionState> = state.pipe(filter((value): value is SessionState => value !== null));
/** What the person must be told of, as codes (see SessionNotice). */
export const sessionNotices$: Observable<SessionNotice> = notices.asObservable();

function current(): SessionState {
  return state.getValue() ?? SESSION_LOADING;
}

function update(change: Partial<SessionState>): void {
  state.next({ ...current(), ...change });
  followOwnProfile(current().userId);
}

let ownProfile: { userId: string; subscription: Subscription } | null = null;

/**
 * While someone is signed in, a change of their own profile on the server (a new avatar, from
 * this phone or another: the profile_notices of the live updates) reads the account again, so
 * what the session shows of it (the top bar's picture) follows at once, not at the next reload.
 */
function followOwnProfile(userId: string | null): void {
  if ((ownProfile?.userId ?? null) === userId) return;
  ownProfile?.subscription.unsubscribe();
  ownProfile = null;
  if (!userId) return;
  const subscription = profileChanges(userId)
    .pipe(filter((signal) => signal === 'changed'))
    .subscribe(() => void recheckAccount());
  ownProfile = { userId, subscription };
}

let starting: Promise<void> | undefined;

export function ensureSessionEngine(): Promise<void> {
  starting ??= start();
  return starting;
}

async function start(): Promise<void> {
  onAuthEvent(handleEvent);
  window.addEventListener('online', () => void onOnline());

  const initial = await startAuth();
  const recovery = initial.recovery || readRecoveryFlag();
  if (initial.linkError) update({ linkError: initial.linkError });
  if (!initial.user) {
    update({ ...SIGNED_OUT });
    return;
  }
  await signedIn(initial.user, { unverified: initial.unverified, recovery });
  // Offline, nobody can tell more about the role than the device remembers.
  if (initial.unverified && !navigator.onLine) roleAsLastKnown();
  // Opened from the recovery link itself (a reload of the reset page just keeps the state).
  if (initial.recovery) notices.next({ type: 'recovery' });
  // The server's view comes when supabase-js has started (at once online; offline it keeps trying).
  void initial.settled.then(async (check) => {
    if (!check.user || current().userId !== check.user.id) return;
    update({ unverified: check.unverified });
    if (check.unverified) roleAsLastKnown();
    else await checkAccount();
  });
}

/**
 * The local database follows the session from the first sign-in on (issue 5). Loaded only then:
 * RxDB is the largest part of the app and a visitor who never signs in does not need it.
 */
let dataLayerInstalled: Promise<void> | undefined;
function ensureDataLayer(): Promise<void> {
  dataLayerInstalled ??= import('./data.ts')
    .then(({ installDataLayer }) => installDataLayer())
    .catch((error) => {
      dataLayerInstalled = undefined;
      console.error('[session] the local database could not be started', error);
    });
  return dataLayerInstalled;
}

async function signedIn(user: AuthUser, extra: { unverified?: boolean; recovery?: boolean } = {}): Promise<void> {
  void ensureDataLayer();
  const before = current();
  const sameUser = before.status === 'signed-in' && before.userId === user.id;
  const cached = sameUser ? null : await readCachedAccount(user.id);
  // Signed out while the cache was read — typically a ban found by the account check that ran
  // meanwhile: a late sign-in event must not bring the person back (nor end the session twice).
  if (getCurrentUserId() !== user.id) return;
  update({
    status: 'signed-in',
    userId: user.id,
    email: user.email,
    username: sameUser ? before.username : (cached?.username ?? null),
    avatarUrl: sameUser ? before.avatarUrl : (cached?.avatarUrl ?? null),
    isAdmin: sameUser ? before.isAdmin : (cached?.isAdmin ?? false),
    // A cached flag may be stale (a role granted or taken since): the account check settles it.
    roleKnown: sameUser ? before.roleKnown : false,
    unverified: extra.unverified ?? (sameUser ? before.unverified : false),
    recovery: extra.recovery ?? (sameUser ? before.recovery : false),
  });
}

function handleEvent(event: AuthEvent): void {
  switch (event.type) {
    case 'signed-in': {
      const known = current().userId === event.user.id;
      void signedIn(event.user).then(() => {
        if (!known) void checkAccount();
      });
      return;
    }
    case 'token-refreshed':
      update({ unverified: false });
      void checkAccount();
      return;
    case 'user-updated':
      update({ email: event.user.email });
      return;
    case 'password-recovery':
      writeRecoveryFlag(true);
      void signedIn(event.user, { recovery: true }).then(() => notices.next({ type: 'recovery' }));
      return;
    case 'signed-out':
      writeRecoveryFlag(false);
      update({ ...SIGNED_OUT });
      if (event.reason === 'ended') notices.next({ type: 'ended' });
      return;
  }
}

let checking: Promise<void> | undefined;

/** Asks the server about the account; signs out a banned or removed one (spec §4, §8). */
function checkAccount(): Promise<void> {
  checking ??= (async () => {
    try {
      if (current().status !== 'signed-in') return;
      const result = await getAccountStatus();
      switch (result.status) {
        case 'active':
          applyAccount(result.account!);
          return;
        case 'banned':
        case 'deleted': {
          // Told at once; the app leaves the page once the device is signed out.
          let signedOut!: () => void;
          notices.next({ type: result.status, signedOut: new Promise<void>((resolve) => (signedOut = resolve)) });
          await forcedSignOut(result.status);
          signedOut();
          return;
        }
        case 'ended':
          await forcedSignOut('ended');
          return;
        case 'unknown':
          roleAsLastKnown();
          return;
      }
    } catch (error) {
      console.error('[session] account check failed', error);
      roleAsLastKnown();
    } finally {
      checking = undefined;
    }
  })();
  return checking;
}

/** Checks the account again once a check already under way (which may have read before the change) is done. */
async function recheckAccount(): Promise<void> {
  await checking?.catch(() => undefined);
  await checkAccount();
}

async function forcedSignOut(reason: 'banned' | 'deleted' | 'ended'): Promise<void> {
  await signOut({ reason, scope: 'local' });
}

function applyAccount(account: AccountSummary): void {
  if (current().userId !== account.userId) return;
  update({
    email: account.email,
    username: account.username,
    avatarUrl: account.avatarUrl ?? null,
    isAdmin: account.isAdmin,
    roleKnown: true,
    unverified: false,
  });
}

/** The server could not be asked: the admin flag the device last knew is the answer for now. */
function roleAsLastKnown(): void {
  if (current().status === 'signed-in') update({ roleKnown: true });
}

/** Back online after an offline start: refresh the tokens if they expired, then check the account. */
async function onOnline(): Promise<void> {
  if (current().status !== 'signed-in') return;
  await refreshIfNeeded().catch(() => null);
  await checkAccount();
}

/** The new password is set: the page is no longer in recovery mode. */
export function endRecovery(): void {
  writeRecoveryFlag(false);
  if (state.getValue()) update({ recovery: false });
}

/** The recovery state survives a reload of the reset page (same tab only). */
function readRecoveryFlag(): boolean {
  try {
    return sessionStorage.getItem(RECOVERY_FLAG) === '1';
  } catch {
    return false;
  }
}

function writeRecoveryFlag(on: boolean): void {
  try {
    if (on) sessionStorage.setItem(RECOVERY_FLAG, '1');
    else sessionStorage.removeItem(RECOVERY_FLAG);
  } catch {
    // Storage blocked: the recovery state lasts as long as the page.
  }
}
