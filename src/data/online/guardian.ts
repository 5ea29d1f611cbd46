/**
 * The guardian's confirmation mail (issue 22), sent again or to a corrected address: an online-only
 * call of the edge function guardian-mail (supabase/functions/guardian-mail/handler.ts), answered
 * in codes. The rules (who may, how often, which links still confirm) are the server's.
 *
 * The first mail: the sync-server's sign-up sends it itself; hosted Supabase's GoTrue does not, so
 * after a sign-up or sign-in the app sends it when the account awaits a guardian and was never
 * mailed (ensureGuardianMailed). Both backends look the same from here: one mail after sign-up.
 */
import { FunctionsHttpError, type SupabaseClient } from '@supabase/supabase-js';
import { localeFromPath } from '../../locale/detect.ts';
import { getSupabase } from '../supabase.ts';

export const GUARDIAN_MAIL_FUNCTION = 'guardian-mail';

/** Why the mail did not go out. */
export type GuardianMailProblem =
  /** No connection: nothing was tried. */
  | 'offline'
  /** An adult, or a guardian who already confirmed: nothing to send. */
  | 'guardian_not_pending'
  /** Not an e-mail address. */
  | 'guardian_email'
  /** The minor's own address. */
  | 'guardian_email_own'
  /** One mail a minute, five a day: `retryAfterSeconds` says when. */
  | 'rate_limited'
  /** The guardian's address was named by too many accounts today (five): tomorrow, or the guardian. */
  | 'guardian_address_rate_limited'
  /** The server, the mail service or the connection failed. */
  | 'server';

export type GuardianMailResult =
  | { ok: true; guardianEmail: string }
  | { ok: false; problem: GuardianMailProblem; retryAfterSeconds?: number };

export interface GuardianMailRequest {
  /** A corrected address for the guardian; absent: the same guardian again. */
  guardianEmail?: string;
  /** The link opens the English app (/en/guardian/…); the mail itself is in both languages. */
  english?: boolean;
}

const REFUSALS = new Set<GuardianMailProblem>(['guardian_not_pending', 'guardian_email', 'guardian_email_own']);

async function refusalOf(error: FunctionsHttpError): Promise<GuardianMailResult> {
  const response = error.context as Response;
  const body = (await response.json().catch(() => ({}))) as { code?: string; retry_after_seconds?: number };
  if (response.status === 429 && body.code === 'guardian_address_rate_limited') return { ok: false, problem: body.code };
  if (response.status === 429) {
    return { ok: false, problem: 'rate_limited', retryAfterSeconds: Math.max(1, Number(body.retry_after_seconds) || 60) };
  }
  if (REFUSALS.has(body.code as GuardianMailProblem)) return { ok: false, problem: body.code as GuardianMailProblem };
  return { ok: false, problem: 'server' };
}

/** Sends the guardian's mail (again), optionally to a corrected address. */
export async function sendGuardianMail(request: GuardianMailRequest = {}, client: SupabaseClient = getSupabase()): Promise<GuardianMailResult> {
  if (typeof navigator !== 'undefined' && navigator.onLine === false) return { ok: false, problem: 'offline' };
  const body: Record<string, string> = { language: request.english ? 'en-US' : 'pt-BR' };
  if (request.guardianEmail !== undefined) body.guardianEmail = request.guardianEmail.trim();
  try {
    const { data, error } = await client.functions.invoke<{ guardian_email: string }>(GUARDIAN_MAIL_FUNCTION, { body });
    if (error) return error instanceof FunctionsHttpError ? refusalOf(error) : { ok: false, problem: 'server' };
    return { ok: true, guardianEmail: data?.guardian_email ?? request.guardianEmail ?? '' };
  } catch {
    return { ok: false, problem: 'server' };
  }
}

/**
 * After a sign-up or sign-in: sends the guardian's first mail when the account awaits a guardian
 * and none was sent (hosted Supabase). A sync-server sign-up has sent it already, so nothing
 * happens there — unless the sync-server's sign-up sent nothing because the guardian's address had
 * been named by too many accounts today: asked here, that answer (guardian_address_rate_limited)
 * is returned for the sign-up to say. Other failures are quiet: the settings show the guardian's
 * state and a "send again".
 */
export async function ensureGuardianMailed(
  options: { english?: boolean } = {},
  client: SupabaseClient = getSupabase(),
): Promise<'guardian_address_rate_limited' | undefined> {
  if (typeof navigator !== 'undefined' && navigator.onLine === false) return undefined;
  try {
    const { data } = await client
      .from('account_safety')
      .select('guardian_email, guardian_confirmed_at, guardian_mailed_at')
      .maybeSingle<{ guardian_email: string | null; guardian_confirmed_at: string | null; guardian_mailed_at: string | null }>();
    if (!data?.guardian_email || data.guardian_confirmed_at || data.guardian_mailed_at) return undefined;
    const sent = await sendGuardianMail({ english: options.english }, client);
    return !sent.ok && sent.problem === 'guardian_address_rate_limited' ? sent.problem : undefined;
  } catch {
    // Nothing to do: the settings offer to send it.
    return undefined;
  }
}

/** Whether a page address (the sign-up's redirect) is in the English app: /en, /en/…. */
export function isEnglishAppUrl(url: string): boolean {
  try {
    return localeFromPath(new URL(url).pathname) === 'en-US';
  } catch {
    return false;
  }
}
