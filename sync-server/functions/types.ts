/**
 * The contract of a function handler, shared by the sync-server (which imports handler.ts in
 * process) and Supabase Edge Functions (where a thin `index.ts` calls it from Deno.serve).
 */
import type { MailSettings } from '../../supabase/functions/_shared/mail.ts';

/** What Supabase Edge Functions read from Deno.env, given to the handler explicitly. */
export interface FunctionEnv {
  /** The project URL (SUPABASE_URL): what a handler passes to createClient. */
  supabaseUrl: string;
  /** SUPABASE_ANON_KEY. */
  anonKey: string;
  /** SUPABASE_SERVICE_ROLE_KEY: bypasses RLS; never send it to a client. */
  serviceRoleKey: string;
  /**
   * How a function sends mail: on this server, into the local mailbox, with links to the app the
   * request came from (as the auth mails choose it). On Supabase, index.ts builds it from secrets.
   */
  mail?: MailSettings;
}

/**
 * `export default async function handler(req, env)`. The request's path starts at the function
 * name (`/<name>/…`), as on Supabase; the caller's Authorization header is on the request.
 */
export type FunctionHandler = (req: Request, env: FunctionEnv) => Response | Promise<Response>;
