/**
 * What every benchmark page shares: a supabase-js client signed in as a person, on the page's
 * own origin (the sync-server serves the bench pages, so there is no CORS in the way).
 */
import { createClient, type SupabaseClient } from '@supabase/supabase-js';

export interface Account {
  userId: string;
  email: string;
  password: string;
  anonKey: string;
}

/** Signing in is not part of any measured sync: callers do it before starting their clocks. */
export async function signedIn(account: Account, fetchImpl?: typeof fetch): Promise<SupabaseClient> {
  const client = createClient(location.origin, account.anonKey, {
    auth: { persistSession: false, autoRefreshToken: false, detectSessionInUrl: false },
    ...(fetchImpl ? { global: { fetch: fetchImpl } } : {}),
  });
  const { error } = await client.auth.signInWithPassword({ email: account.email, password: account.password });
  if (error) throw new Error(`sign-in failed: ${error.message}`);
  return client;
}

/**
 * The moment the browser came back online (Playwright's setOffline(false) fires `online`): the
 * push benchmarks measure from here.
 */
export function nextOnline(): Promise<number> {
  return new Promise((resolve) => window.addEventListener('online', () => resolve(performance.now()), { once: true }));
}
