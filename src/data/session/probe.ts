import { kvStore } from '../kv-store.ts';

/** Must match AUTH_STORAGE_KEY in supabase.ts (not imported from there: that would load supabase-js). */
const AUTH_STORAGE_KEY = 'cadernos-auth';

/**
 * Whether this start needs the auth layer at once: a session is stored on the device, or the page
 * was opened from an auth link (confirmation, recovery, or its error). Cheap: no supabase-js, so
 * a visitor's header says "Entrar" right away.
 */
export async function needsAuthAtStart(hash: string = window.location.hash): Promise<boolean> {
  if (/(^|[#&])(access_token|error_code|error_description)=/.test(hash)) return true;
  try {
    return (await kvStore.getItem(AUTH_STORAGE_KEY)) !== null;
  } catch {
    return true;
  }
}
