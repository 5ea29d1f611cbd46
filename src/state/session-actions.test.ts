import { beforeEach, describe, expect, it, vi } from 'vitest';
import type { AuthEvent, AccountCheck, InitialSession } from '../data/auth.ts';

/**
 * The session (the engine in src/data/session/engine.ts, bound by src/state/session-actions.ts) against a
 * stand-in auth layer: what the store, the toasts and the navigation do on start, on a token
 * refresh, on the recovery event and on a ban (spec §4, §8).
 */

const user = { id: 'u1', email: 'ana@example.com' };
const auth = {
  listener: null as ((event: AuthEvent) => void) | null,
  initial: null as InitialSession | null,
  /** Who the auth layer has signed in (signOut clears it). */
  current: 'u1' as string | null,
  status: { status: 'active', account: { userId: 'u1', email: user.email, username: 'ana_b', isAdmin: true } } as AccountCheck,
  signOut: vi.fn(async () => {
    auth.current = null;
    auth.listener?.({ type: 'signed-out', reason: 'banned' });
    return { status: 'signed-out' as const, server: 'ok' as const };
  }),
};

vi.mock('../data/auth.ts', () => ({
  startAuth: async () => auth.initial,
  onAuthEvent: (listener: (event: AuthEvent) => void) => {
    auth.listener = listener;
    return () => undefined;
  },
  getAccountStatus: async () => auth.status,
  getCurrentUserId: () => auth.current,
  readCachedAccount: async () => null,
  refreshIfNeeded: async () => null,
  signOut: (...args: unknown[]) => auth.signOut(...(args as [])),
}));
vi.mock('../locale/i18n.ts', () => ({ loadCatalogArea: async () => undefined }));

const navigate = vi.fn();

async function start(initial: Partial<InitialSession>) {
  vi.resetModules();
  const { i18n } = await import('@lingui/core');
  i18n.loadAndActivate({ locale: 'pt-BR', messages: {} });
  const settled = { user: initial.user ?? null, unverified: initial.unverified ?? false };
  auth.initial = { user: null, unverified: false, linkError: null, recovery: false, settled: Promise.resolve(settled), ...initial };
  const { setAppNavigator } = await import('../navigation/navigator.ts');
  setAppNavigator(navigate);
  const { useSessionStore } = await import('./session.ts');
  const { useToastStore } = await import('./toast.ts');
  const session = await import('./session-actions.ts');
  await session.ensureSession();
  return { session: useSessionStore, toasts: useToastStore };
}

beforeEach(() => {
  navigate.mockReset();
  auth.signOut.mockClear();
  auth.current = 'u1';
  auth.status = { status: 'active', account: { userId: 'u1', email: user.email, username: 'ana_b', isAdmin: true } };
  sessionStorage.clear();
});

describe('the session', () => {
  it('a visitor is signed out', async () => {
    const { session } = await start({ user: null });
    expect(session.getState()).toMatchObject({ status: 'signed-out', userId: null, isAdmin: false });
  });

  it('a stored session signs in, then the account fills username and the admin flag (user_roles)', async () => {
    const { session } = await start({ user, unverified: true, settled: Promise.resolve({ user, unverified: false }) });
    expect(session.getState()).toMatchObject({ status: 'signed-in', userId: 'u1' });
    await vi.waitFor(() => expect(session.getState()).toMatchObject({ username: 'ana_b', isAdmin: true, unverified: false }));
  });

  it('the admin flag is settled by the account check: until then the /admin guard waits, then decides', async () => {
    const { adminDecision } = await import('../app/guards.tsx');
    let answer!: (check: { user: typeof user; unverified: boolean }) => void;
    const settled = new Promise<{ user: typeof user; unverified: boolean }>((resolve) => (answer = resolve));
    const { session } = await start({ user, unverified: true, settled });
    expect(session.getState()).toMatchObject({ status: 'signed-in', isAdmin: false, roleKnown: false });
    expect(adminDecision(session.getState())).toBe('wait');
    answer({ user, unverified: false });
    await vi.waitFor(() => expect(session.getState()).toMatchObject({ isAdmin: true, roleKnown: true }));
    expect(adminDecision(session.getState())).toBe('allow');
  });

  it('someone who is not an admin is sent away once the server answered', async () => {
    const { adminDecision } = await import('../app/guards.tsx');
    auth.status = { status: 'active', account: { userId: 'u1', email: user.email, username: 'ana_b', isAdmin: false } };
    const { session } = await start({ user, unverified: true, settled: Promise.resolve({ user, unverified: false }) });
    await vi.waitFor(() => expect(session.getState().roleKnown).toBe(true));
    expect(adminDecision(session.getState())).toBe('redirect');
  });

  it('with no answer from the server (offline, or the check failed) the flag the device knew stands', async () => {
    const { adminDecision } = await import('../app/guards.tsx');
    const offline = vi.spyOn(navigator, 'onLine', 'get').mockReturnValue(false);
    try {
      const { session } = await start({ user, unverified: true, settled: new Promise(() => undefined) });
      expect(session.getState()).toMatchObject({ roleKnown: true, isAdmin: false });
      expect(adminDecision(session.getState())).toBe('redirect');
    } finally {
      offline.mockRestore();
    }
    auth.status = { status: 'unknown' };
    const { session } = await start({ user, unverified: true, settled: Promise.resolve({ user, unverified: false }) });
    await vi.waitFor(() => expect(session.getState().roleKnown).toBe(true));
  });

  it('a visitor is sent away from /admin at once; while the session loads, the guard waits', async () => {
    const { adminDecision } = await import('../app/guards.tsx');
    expect(adminDecision({ status: 'loading', isAdmin: false, roleKnown: false })).toBe('wait');
    expect(adminDecision({ status: 'signed-out', isAdmin: false, roleKnown: false })).toBe('redirect');
  });

  it('offline, the person stays signed in and nothing is checked', async () => {
    const { session } = await start({ user, unverified: true, settled: new Promise(() => undefined) });
    expect(session.getState()).toMatchObject({ status: 'signed-in', userId: 'u1', unverified: true });
    expect(auth.signOut).not.toHaveBeenCalled();
  });

  it("a banned account is signed out on load with 'Conta banida' and sent to /", async () => {
    auth.status = { status: 'banned' };
    const { session, toasts } = await start({ user });
    await vi.waitFor(() => expect(navigate).toHaveBeenCalledWith('/', { replace: true }));
    expect(auth.signOut).toHaveBeenCalledWith({ reason: 'banned', scope: 'local' });
    expect(toasts.getState().toasts[0]).toMatchObject({
      title: 'Conta banida',
      description: 'Sua conta foi banida. Entre em contato com o suporte se achar que isso é um engano.',
      variant: 'destructive',
    });
    expect(session.getState().status).toBe('signed-out');
  });

  it('a sign-in event arriving after the ban sign-out does not sign the person back in', async () => {
    auth.status = { status: 'banned' };
    const { session, toasts } = await start({ user });
    await vi.waitFor(() => expect(navigate).toHaveBeenCalledWith('/', { replace: true }));
    // supabase-js's own SIGNED_IN for the restored session, delivered late.
    auth.listener!({ type: 'signed-in', user });
    await new Promise((resolve) => setTimeout(resolve, 20));
    expect(session.getState().status).toBe('signed-out');
    expect(auth.signOut).toHaveBeenCalledTimes(1);
    expect(toasts.getState().toasts.map((shown) => shown.title)).toEqual(['Conta banida']);
  });

  it("a removed account found on a token refresh gets 'Conta removida'", async () => {
    const { toasts } = await start({ user });
    await vi.waitFor(() => expect(auth.listener).not.toBeNull());
    auth.status = { status: 'deleted' };
    auth.listener!({ type: 'token-refreshed', user });
    await vi.waitFor(() => expect(navigate).toHaveBeenCalledWith('/', { replace: true }));
    expect(toasts.getState().toasts[0]).toMatchObject({ title: 'Conta removida', description: 'Sua conta foi removida.' });
  });

  it('the password-recovery event leads to /reset-password in recovery mode', async () => {
    const { session } = await start({ user: null });
    auth.listener!({ type: 'password-recovery', user });
    await vi.waitFor(() => expect(navigate).toHaveBeenCalledWith('/reset-password', { replace: true }));
    expect(session.getState()).toMatchObject({ status: 'signed-in', recovery: true });
  });

  it('a link error is kept for the reset page', async () => {
    const { session } = await start({ user: null, linkError: { code: 'otp_expired', description: 'Email link is invalid or has expired' } });
    expect(session.getState().linkError).toEqual({ code: 'otp_expired', description: 'Email link is invalid or has expired' });
  });
});
