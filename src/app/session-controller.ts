import { t } from '@lingui/core/macro';
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
} from '../data/auth.ts';
import { loadCatalogArea } from '../locale/i18n.ts';
import { SIGNED_OUT, useSessionStore } from '../state/session.ts';
import { followSyncStatus } from '../state/sync-status.ts';
import { toast } from '../state/toast.ts';
import { appNavigate } from './navigator.ts';

/**
 * Keeps the session store in step with the auth layer (spec §4): restore on start (also
 * offline), password recovery → /reset-password, banned or removed accounts signed out with the
 * messages of spec §8 and sent to /, the account checked on load, on every token refresh and
 * when the network returns. Loaded lazily (it brings supabase-js), started once.
 */

const RECOVERY_FLAG = 'cadernos-recovery';

let starting: Promise<void> | undefined;

export function ensureSessionController(): Promise<void> {
  starting ??= start();
  return starting;
}

async function start(): Promise<void> {
  // The texts of the session's toasts, the account menu and the sign-out dialog. Not fatal:
  // offline without the chunk the person stays signed in, with the Portuguese source texts.
  await loadCatalogArea('accounts').catch(() => undefined);
  onAuthEvent(handleEvent);
  window.addEventListener('online', () => void onOnline());

  const initial = await startAuth();
  const recovery = initial.recovery || readRecoveryFlag();
  if (initial.linkError) useSessionStore.setState({ linkError: initial.linkError });
  if (!initial.user) {
    useSessionStore.setState({ ...SIGNED_OUT });
    return;
  }
  await signedIn(initial.user, { unverified: initial.unverified, recovery });
  // Offline, nobody can tell more about the role than the device remembers.
  if (initial.unverified && !navigator.onLine) roleAsLastKnown();
  // Opened from the recovery link itself (a reload of the reset page just keeps the state).
  if (initial.recovery) goToReset();
  // The server's view comes when supabase-js has started (at once online; offline it keeps trying).
  void initial.settled.then(async (check) => {
    if (!check.user || useSessionStore.getState().userId !== check.user.id) return;
    useSessionStore.setState({ unverified: check.unverified });
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
  dataLayerInstalled ??= import('../data/session/data.ts')
    .then(({ installDataLayer, syncStatus$ }) => {
      followSyncStatus(syncStatus$);
      installDataLayer();
    })
    .catch((error) => {
      dataLayerInstalled = undefined;
      console.error('[session] the local database could not be started', error);
    });
  return dataLayerInstalled;
}

async function signedIn(user: AuthUser, extra: { unverified?: boolean; recovery?: boolean } = {}): Promise<void> {
  void ensureDataLayer();
  const state = useSessionStore.getState();
  const sameUser = state.status === 'signed-in' && state.userId === user.id;
  const cached = sameUser ? null : await readCachedAccount(user.id);
  // Signed out while the cache was read — typically a ban found by the account check that ran
  // meanwhile: a late sign-in event must not bring the person back (nor end the session twice).
  if (getCurrentUserId() !== user.id) return;
  useSessionStore.setState({
    status: 'signed-in',
    userId: user.id,
    email: user.email,
    username: sameUser ? state.username : (cached?.username ?? null),
    isAdmin: sameUser ? state.isAdmin : (cached?.isAdmin ?? false),
    // A cached flag may be stale (a role granted or taken since): the account check settles it.
    roleKnown: sameUser ? state.roleKnown : false,
    unverified: extra.unverified ?? (sameUser ? state.unverified : false),
    recovery: extra.recovery ?? (sameUser ? state.recovery : false),
  });
}

function handleEvent(event: AuthEvent): void {
  switch (event.type) {
    case 'signed-in': {
      const known = useSessionStore.getState().userId === event.user.id;
      void signedIn(event.user).then(() => {
        if (!known) void checkAccount();
      });
      return;
    }
    case 'token-refreshed':
      useSessionStore.setState({ unverified: false });
      void checkAccount();
      return;
    case 'user-updated':
      useSessionStore.setState({ email: event.user.email });
      return;
    case 'password-recovery':
      writeRecoveryFlag(true);
      void signedIn(event.user, { recovery: true }).then(goToReset);
      return;
    case 'signed-out':
      writeRecoveryFlag(false);
      useSessionStore.setState({ ...SIGNED_OUT });
      if (event.reason === 'ended') {
        toast({ title: t`Sessão encerrada`, description: t`Entre novamente para continuar.` });
      }
      return;
  }
}

let checking: Promise<void> | undefined;

/** Asks the server about the account; signs out a banned or removed one (spec §4, §8). */
function checkAccount(): Promise<void> {
  checking ??= (async () => {
    try {
      if (useSessionStore.getState().status !== 'signed-in') return;
      const result = await getAccountStatus();
      switch (result.status) {
        case 'active':
          applyAccount(result.account!);
          return;
        case 'banned':
          toast({
            title: t`Conta banida`,
            description: t`Sua conta foi banida. Entre em contato com o suporte se achar que isso é um engano.`,
            variant: 'destructive',
          });
          await forcedSignOut('banned');
          appNavigate('/', { replace: true });
          return;
        case 'deleted':
          toast({ title: t`Conta removida`, description: t`Sua conta foi removida.`, variant: 'destructive' });
          await forcedSignOut('deleted');
          appNavigate('/', { replace: true });
          return;
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

async function forcedSignOut(reason: 'banned' | 'deleted' | 'ended'): Promise<void> {
  await signOut({ reason, scope: 'local' });
}

function applyAccount(account: AccountSummary): void {
  if (useSessionStore.getState().userId !== account.userId) return;
  useSessionStore.setState({
    email: account.email,
    username: account.username,
    isAdmin: account.isAdmin,
    roleKnown: true,
    unverified: false,
  });
}

/** The server could not be asked: the admin flag the device last knew is the answer for now. */
function roleAsLastKnown(): void {
  if (useSessionStore.getState().status === 'signed-in') useSessionStore.setState({ roleKnown: true });
}

/** Back online after an offline start: refresh the tokens if they expired, then check the account. */
async function onOnline(): Promise<void> {
  if (useSessionStore.getState().status !== 'signed-in') return;
  await refreshIfNeeded().catch(() => null);
  await checkAccount();
}

function goToReset(): void {
  appNavigate('/reset-password', { replace: true });
}

/** The recovery state survives a reload of the reset page (same tab only). */
function readRecoveryFlag(): boolean {
  try {
    return sessionStorage.getItem(RECOVERY_FLAG) === '1';
  } catch {
    return false;
  }
}

export function writeRecoveryFlag(on: boolean): void {
  try {
    if (on) sessionStorage.setItem(RECOVERY_FLAG, '1');
    else sessionStorage.removeItem(RECOVERY_FLAG);
  } catch {
    // Storage blocked: the recovery state lasts as long as the page.
  }
}
