import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { AuthRetryableFetchError } from '@supabase/supabase-js';
import type { UnsyncedChoice } from './session/lifecycle.ts';

/**
 * The session rules of spec §4 and §8 against a stand-in supabase-js client: the server's logout
 * gets a time limit and the local session is cleared whatever it says; supabase-js's own
 * SIGNED_OUT is not reported twice; the data layer's hooks run around it; an offline start keeps
 * the stored session.
 */

const STORAGE_KEY = 'cadernos-auth';
type Listener = (event: string, session: unknown) => void;

const fake = {
  listener: null as Listener | null,
  session: null as null | { access_token: string; refresh_token: string; expires_at: number; user: { id: string; email: string } },
  sessionError: null as unknown,
  client: null as unknown,
};

vi.mock('./supabase.ts', () => ({
  AUTH_STORAGE_KEY: 'cadernos-auth',
  supabaseUrl: 'http://backend.test',
  apiHeaders: (token?: string) => ({ apikey: 'anon', authorization: `Bearer ${token ?? 'anon'}` }),
  withLocalOnlyAuth: (action: () => Promise<unknown>) => action(),
  getSupabase: () => fake.client,
}));

function makeClient(kv: { removeItem(key: string): Promise<void> }) {
  return {
    auth: {
      onAuthStateChange(listener: Listener) {
        fake.listener = listener;
        return { data: { subscription: { unsubscribe() {} } } };
      },
      initialize: async () => ({ error: null }),
      getSession: vi.fn(async () =>
        fake.session ? { data: { session: fake.session }, error: null } : { data: { session: null }, error: fake.sessionError },
      ),
      // supabase-js removes its session and emits SIGNED_OUT.
      signOut: vi.fn(async () => {
        await kv.removeItem(STORAGE_KEY);
        fake.listener?.('SIGNED_OUT', null);
        return { error: null };
      }),
      refreshSession: vi.fn(async () => ({ data: { session: null }, error: null })),
      updateUser: vi.fn(async () => ({ data: { user: {} }, error: null })),
    },
  };
}

const user = { id: '11111111-1111-1111-1111-111111111111', email: 'ana@example.com' };
const storedSession = () => ({
  access_token: 'access',
  refresh_token: 'refresh',
  expires_at: Math.floor(Date.now() / 1000) + 3600,
  user,
});

async function load() {
  vi.resetModules();
  const kv = await import('./kv-store.ts');
  fake.client = makeClient(kv.kvStore);
  const auth = await import('./auth.ts');
  const lifecycle = await import('./session/lifecycle.ts');
  return { auth, lifecycle, kv: kv.kvStore };
}

async function signedIn() {
  const modules = await load();
  fake.session = storedSession();
  await modules.kv.setItem(STORAGE_KEY, JSON.stringify(fake.session));
  const events: unknown[] = [];
  modules.auth.onAuthEvent((e) => events.push(e));
  await modules.auth.startAuth();
  return { ...modules, events };
}

const fetchMock = vi.fn<typeof fetch>();

beforeEach(() => {
  fake.session = null;
  fake.sessionError = null;
  fake.listener = null;
  fetchMock.mockReset();
  vi.stubGlobal('fetch', fetchMock);
});
afterEach(() => {
  vi.unstubAllGlobals();
});

describe('signOut', () => {
  it('clears the local session when the server never answers, after the time limit', async () => {
    const { auth, kv, events } = await signedIn();
    fetchMock.mockImplementation(
      (_url, init) =>
        new Promise((_resolve, reject) => {
          init?.signal?.addEventListener('abort', () => reject(new DOMException('aborted', 'AbortError')));
        }),
    );
    const started = Date.now();
    const result = await auth.signOut({ timeoutMs: 100 });
    expect(Date.now() - started).toBeLessThan(2000);
    expect(result).toEqual({ ok: true, server: 'failed' });
    expect(await kv.getItem(STORAGE_KEY)).toBeNull();
    expect(auth.getCurrentUserId()).toBeNull();
    await new Promise((r) => setTimeout(r, 10));
    // One sign-out event: supabase-js's own SIGNED_OUT was suppressed by the logout-in-progress flag.
    expect(events).toEqual([{ type: 'signed-out', reason: 'user' }]);
    expect(auth.isLogoutInProgress()).toBe(false);
  });

  it('uses 5 seconds as the server limit by default', async () => {
    const { auth } = await load();
    expect(auth.SERVER_LOGOUT_TIMEOUT_MS).toBe(5000);
  });

  it('calls the server logout with the access token and the scope', async () => {
    const { auth } = await signedIn();
    fetchMock.mockResolvedValue(new Response(null, { status: 204 }));
    expect(await auth.signOut({ scope: 'global' })).toEqual({ ok: true, server: 'ok' });
    const [url, init] = fetchMock.mock.calls[0];
    expect(String(url)).toBe('http://backend.test/auth/v1/logout?scope=global');
    expect((init?.headers as Record<string, string>).authorization).toBe('Bearer access');
  });

  it('treats a session the server no longer knows as signed out, silently', async () => {
    const { auth } = await signedIn();
    fetchMock.mockResolvedValue(Response.json({ code: 'session_not_found', message: 'Session not found' }, { status: 403 }));
    expect(await auth.signOut()).toEqual({ ok: true, server: 'session-not-found' });
  });

  it('reports an unexpected server error (the UI shows the Aviso toast) and still signs out', async () => {
    const { auth, kv } = await signedIn();
    fetchMock.mockResolvedValue(Response.json({ code: 'unexpected_failure', message: 'boom' }, { status: 500 }));
    expect(await auth.signOut()).toEqual({ ok: true, server: 'failed' });
    expect(await kv.getItem(STORAGE_KEY)).toBeNull();
  });

  it('runs the data layer hooks around it: push before, wipe after', async () => {
    const { auth, lifecycle } = await signedIn();
    const order: string[] = [];
    fetchMock.mockImplementation(async () => {
      order.push('server');
      return new Response(null, { status: 204 });
    });
    lifecycle.onBeforeSignOut((ctx) => {
      order.push(`push ${ctx.userId}`);
    });
    lifecycle.onAfterSignOut((ctx) => {
      order.push(`wipe ${ctx.userId} ${ctx.reason}`);
    });
    await auth.signOut();
    expect(order).toEqual([`push ${user.id}`, 'server', `wipe ${user.id} user`]);
  });

  it('asks before throwing unsynced writes away, and stays signed in when the answer is no', async () => {
    const { auth, lifecycle, kv } = await signedIn();
    fetchMock.mockResolvedValue(new Response(null, { status: 204 }));
    const items = [{ id: 'a1', label: 'Resposta: minha cor favorita…' }];
    lifecycle.onBeforeSignOut(() => items);
    const confirmUnsynced = vi.fn<(items: unknown[]) => Promise<UnsyncedChoice>>(async () => 'stay');
    expect(await auth.signOut({ confirmUnsynced })).toEqual({ ok: false, code: 'unsynced', params: { unsynced: items } });
    expect(confirmUnsynced).toHaveBeenCalledWith(items);
    expect(fetchMock).not.toHaveBeenCalled();
    expect(await kv.getItem(STORAGE_KEY)).not.toBeNull();
    expect(auth.getCurrentUserId()).toBe(user.id);

    confirmUnsynced.mockResolvedValue('discard');
    expect(await auth.signOut({ confirmUnsynced })).toEqual({ ok: true, server: 'ok' });
  });

  it('keeping the unsent work on this device is told to the data layer before the session ends, and after', async () => {
    const { auth, lifecycle, kv } = await signedIn();
    fetchMock.mockResolvedValue(new Response(null, { status: 204 }));
    lifecycle.onBeforeSignOut(() => [{ id: 'notebooks/n1', label: 'Caderno da festa' }]);
    const seen: string[] = [];
    lifecycle.onSignOutDecided(async (ctx) => {
      seen.push(`decided keep=${ctx.keepLocalData} session=${(await kv.getItem(STORAGE_KEY)) !== null}`);
    });
    lifecycle.onAfterSignOut(async (ctx) => {
      seen.push(`after keep=${ctx.keepLocalData} session=${(await kv.getItem(STORAGE_KEY)) !== null}`);
    });
    expect(await auth.signOut({ confirmUnsynced: async () => 'keep' })).toEqual({ ok: true, server: 'ok' });
    expect(seen).toEqual(['decided keep=true session=true', 'after keep=true session=false']);
  });

  it('does not sign out with unsynced writes when nobody can be asked', async () => {
    const { auth, lifecycle } = await signedIn();
    lifecycle.onBeforeSignOut(() => [{ id: 'a1', label: 'x' }]);
    expect(await auth.signOut()).toMatchObject({ ok: false, code: 'unsynced' });
  });

  it('a banned account is signed out without asking', async () => {
    const { auth, lifecycle } = await signedIn();
    fetchMock.mockResolvedValue(new Response(null, { status: 403 }));
    lifecycle.onBeforeSignOut(() => [{ id: 'a1', label: 'x' }]);
    const confirmUnsynced = vi.fn(async (): Promise<UnsyncedChoice> => 'stay');
    expect(await auth.signOut({ reason: 'banned', confirmUnsynced })).toEqual({ ok: true, server: 'session-not-found' });
    expect(confirmUnsynced).not.toHaveBeenCalled();
  });
});

describe('session events', () => {
  it('a SIGNED_OUT the app did not ask for ends the session and runs the after-hooks', async () => {
    const { auth, lifecycle, events } = await signedIn();
    const wiped = vi.fn();
    lifecycle.onAfterSignOut(wiped);
    const changes: (string | null)[] = [];
    auth.onUserChange((id) => changes.push(id));
    fake.listener?.('SIGNED_OUT', null);
    await vi.waitFor(() => expect(events).toContainEqual({ type: 'signed-out', reason: 'ended' }));
    expect(wiped).toHaveBeenCalledWith({ userId: user.id, reason: 'ended' });
    expect(changes).toEqual([null]);
  });

  it('a SIGNED_IN announced after the sign-out cleared that session does not sign the person back in', async () => {
    const { auth, events } = await signedIn();
    fetchMock.mockResolvedValue(new Response(null, { status: 204 }));
    const late = storedSession(); // read by supabase-js before the sign-out, announced after it
    await auth.signOut({ reason: 'banned' });
    fake.listener?.('SIGNED_IN', late);
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(auth.getCurrentUserId()).toBeNull();
    expect(events).toEqual([{ type: 'signed-out', reason: 'banned' }]);
  });

  it('a SIGNED_IN whose session is stored is reported (a sign-in in another tab)', async () => {
    const { auth, kv } = await load();
    const events: unknown[] = [];
    auth.onAuthEvent((e) => events.push(e));
    await auth.startAuth();
    await kv.setItem(STORAGE_KEY, JSON.stringify(storedSession()));
    fake.listener?.('SIGNED_IN', storedSession());
    await vi.waitFor(() => expect(events).toEqual([{ type: 'signed-in', user: { id: user.id, email: user.email } }]));
    expect(auth.getCurrentUserId()).toBe(user.id);
  });

  it('PASSWORD_RECOVERY is reported (the app sends the person to /reset-password)', async () => {
    const { auth, events } = await signedIn();
    fake.listener?.('PASSWORD_RECOVERY', storedSession());
    await vi.waitFor(() => expect(events).toContainEqual({ type: 'password-recovery', user: { id: user.id, email: user.email } }));
    expect(auth.getCurrentUserId()).toBe(user.id);
  });
});

describe('starting offline', () => {
  it('keeps the stored session when it cannot be refreshed for lack of network', async () => {
    const { auth, kv } = await load();
    await kv.setItem(STORAGE_KEY, JSON.stringify({ ...storedSession(), expires_at: Math.floor(Date.now() / 1000) - 60 }));
    fake.sessionError = new AuthRetryableFetchError('Failed to fetch', 0);
    const initial = await auth.startAuth();
    expect(initial.user).toEqual({ id: user.id, email: user.email });
    expect(initial.unverified).toBe(true);
    expect(auth.getCurrentUserId()).toBe(user.id);
  });

  it('signs in from the device at once, and ends the session when the server then refuses it', async () => {
    const { auth, kv } = await load();
    await kv.setItem(STORAGE_KEY, JSON.stringify(storedSession()));
    fake.sessionError = null; // supabase-js found the refresh token revoked and dropped the session
    const events: unknown[] = [];
    auth.onAuthEvent((e) => events.push(e));
    const initial = await auth.startAuth();
    expect(initial.user?.id).toBe(user.id);
    expect(initial.unverified).toBe(true);
    expect(await initial.settled).toEqual({ user: null, unverified: false });
    await vi.waitFor(() => expect(events).toEqual([{ type: 'signed-out', reason: 'ended' }]));
    expect(auth.getCurrentUserId()).toBeNull();
  });

  it('is signed out when nothing is stored', async () => {
    const { auth } = await load();
    const initial = await auth.startAuth();
    expect(initial.user).toBeNull();
  });

  it('reads an error carried by a recovery link', async () => {
    const { auth } = await load();
    expect(auth.readLinkError('#error=access_denied&error_code=otp_expired&error_description=Email+link+is+invalid+or+has+expired')).toEqual({
      code: 'otp_expired',
      description: 'Email link is invalid or has expired',
    });
    expect(auth.readLinkError('#access_token=x&type=recovery')).toBeNull();
  });
});

describe('actions that need a user', () => {
  it("say 'not_authenticated' when nobody is signed in", async () => {
    const { auth } = await load();
    expect(() => auth.requireUserId()).toThrow(expect.objectContaining({ code: 'not_authenticated' }));
    expect(await auth.updatePassword('abcdef')).toEqual({ ok: false, code: 'not_authenticated' });
    expect(await auth.changePassword('a', 'b')).toEqual({ ok: false, code: 'not_authenticated' });
  });
});

describe('changePassword', () => {
  it("says 'current password incorrect' when the server refuses the current password", async () => {
    const { auth } = await signedIn();
    fetchMock.mockResolvedValue(Response.json({ code: 'invalid_credentials', message: 'Invalid login credentials' }, { status: 400 }));
    expect(await auth.changePassword('wrong', 'Newpass123')).toEqual({ ok: false, code: 'current_password_incorrect' });
    const client = fake.client as ReturnType<typeof makeClient>;
    expect(client.auth.updateUser).not.toHaveBeenCalled();
  });

  it('sets the new password once the current one checks out, and ends the checking session', async () => {
    const { auth } = await signedIn();
    fetchMock.mockImplementation(async (url) =>
      String(url).includes('/token') ? Response.json({ access_token: 'check' }) : new Response(null, { status: 204 }),
    );
    expect(await auth.changePassword('Current1', 'Newpass123')).toEqual({ ok: true });
    const client = fake.client as ReturnType<typeof makeClient>;
    expect(client.auth.updateUser).toHaveBeenCalledWith({ password: 'Newpass123' });
    const [tokenUrl, tokenInit] = fetchMock.mock.calls[0];
    expect(String(tokenUrl)).toBe('http://backend.test/auth/v1/token?grant_type=password');
    expect(JSON.parse(String(tokenInit?.body))).toEqual({ email: user.email, password: 'Current1' });
    await vi.waitFor(() => expect(fetchMock.mock.calls.some(([u]) => String(u).includes('/logout?scope=local'))).toBe(true));
  });
});
