import { createClient, type SupabaseClient } from '@supabase/supabase-js';
import { kvStore } from './kv-store.ts';

/**
 * The one supabase-js client of the app. Nothing else creates one.
 *
 * URL and key: a Supabase project when VITE_SUPABASE_URL / VITE_SUPABASE_ANON_KEY are set at
 * build time; otherwise the page's own origin, where `npm start` serves the sync-server, with the
 * anon key the server wrote into the page (on loopback, the Supabase CLI's well-known demo key).
 *
 * This module (and supabase-js with it) is loaded lazily: never import it from code that the
 * landing page loads up front.
 */

/** The Supabase CLI's demo anon key: public by design, signed with the well-known local JWT secret. */
export const SUPABASE_DEMO_ANON_KEY =
  'eyJhbGciOiJIUzI1NiIsInR5cCI6IkpXVCJ9.eyJpc3MiOiJzdXBhYmFzZS1kZW1vIiwicm9sZSI6ImFub24iLCJleHAiOjE5ODM4MTI5OTZ9.CRXP1A7WOeoJeXxjNni43kdQwgnWNReilDMblYTn_I0';

/** Where the session lives in the kv-store (the service worker reads it there, see kv-store.ts). */
export const AUTH_STORAGE_KEY = 'cadernos-auth';

export const supabaseUrl: string =
  import.meta.env.VITE_SUPABASE_URL || (typeof window === 'undefined' ? 'http://127.0.0.1:54321' : window.location.origin);
export const supabaseAnonKey: string = import.meta.env.VITE_SUPABASE_ANON_KEY || servedAnonKey() || SUPABASE_DEMO_ANON_KEY;

/**
 * The sync-server writes its anon key into the pages it serves (sync-server/static.ts): on a
 * school's network that is the install's own key. The service worker precaches the page as the
 * server served it, so the key is there offline too.
 */
function servedAnonKey(): string | undefined {
  if (typeof document === 'undefined') return undefined;
  return document.querySelector<HTMLMetaElement>('meta[name="cadernos-anon-key"]')?.content || undefined;
}

/**
 * While on, auth requests that would need the server during a local sign-out are answered here:
 * logout (the server was already asked, with its own timeout) and refresh (an expired session
 * being thrown away needs no new tokens). It lets supabase-js clear its own state with no network.
 */
let localOnlyAuth = false;

export async function withLocalOnlyAuth<T>(action: () => Promise<T>): Promise<T> {
  localOnlyAuth = true;
  try {
    return await action();
  } finally {
    localOnlyAuth = false;
  }
}

function requestUrl(input: RequestInfo | URL): string {
  if (typeof input === 'string') return input;
  if (input instanceof URL) return input.href;
  return input.url;
}

const appFetch: typeof fetch = (input, init) => {
  if (localOnlyAuth) {
    const url = requestUrl(input);
    if (/\/auth\/v1\/logout(\?|$)/.test(url)) return Promise.resolve(new Response(null, { status: 204 }));
    if (/\/auth\/v1\/token\?grant_type=refresh_token/.test(url)) {
      return Promise.resolve(
        Response.json(
          { code: 'session_not_found', message: 'Signed out on this device' },
          { status: 400, headers: { 'x-sb-error-code': 'session_not_found' } },
        ),
      );
    }
  }
  return fetch(input, init);
};

let client: SupabaseClient | undefined;

export function getSupabase(): SupabaseClient {
  client ??= createClient(supabaseUrl, supabaseAnonKey, {
    auth: {
      storage: kvStore,
      storageKey: AUTH_STORAGE_KEY,
      persistSession: true,
      autoRefreshToken: true,
      // Recovery and confirmation links land with the session in the URL fragment; reading it
      // emits PASSWORD_RECOVERY (or SIGNED_IN) — spec §4, §7.
      detectSessionInUrl: true,
      flowType: 'implicit',
    },
    global: { fetch: appFetch },
  });
  return client;
}

/** The headers every direct call to the backend carries (spec §7). */
export function apiHeaders(accessToken?: string): Record<string, string> {
  return {
    apikey: supabaseAnonKey,
    authorization: `Bearer ${accessToken ?? supabaseAnonKey}`,
    'content-type': 'application/json',
    'x-supabase-api-version': '2024-01-01',
  };
}
