/**
 * A minor's purchase, from the guardian's side (issue 35): the app's page /guardian/purchase/{token}
 * reads the request and answers it through the sync-server's payments
 * (sync-server/payments/guardian.ts: the token's hash is compared in the database). No account is
 * needed; answers come back as codes, never as sentences.
 */
import { supabaseAnonKey, supabaseUrl } from '../supabase.ts';

export interface GuardianPurchaseRequest {
  username: string;
  item_name: string;
  category: string;
  amount_cents: number;
  currency: string;
  /** awaiting_guardian (to answer), pending (confirmed), refused, paid, expired … */
  status: string;
}

export type GuardianPurchaseProblem = 'guardian_link_invalid' | 'already_answered' | 'too_many_attempts' | 'offline' | 'server';

export type GuardianPurchaseResult =
  | { ok: true; request: GuardianPurchaseRequest }
  | { ok: false; problem: GuardianPurchaseProblem; request?: GuardianPurchaseRequest };

const KNOWN = new Set<GuardianPurchaseProblem>(['guardian_link_invalid', 'already_answered', 'too_many_attempts']);

async function call(token: string, init?: RequestInit): Promise<GuardianPurchaseResult> {
  let response: Response;
  try {
    response = await fetch(`${supabaseUrl}/payments/v1/guardian-request/${encodeURIComponent(token)}`, {
      ...init,
      headers: { apikey: supabaseAnonKey, ...(init?.body ? { 'content-type': 'application/json' } : {}) },
    });
  } catch {
    return { ok: false, problem: typeof navigator !== 'undefined' && navigator.onLine === false ? 'offline' : 'server' };
  }
  const body = (await response.json().catch(() => null)) as { code?: string; request?: GuardianPurchaseRequest } | null;
  if (response.ok && body?.request) return { ok: true, request: body.request };
  const code = body?.code as GuardianPurchaseProblem | undefined;
  return { ok: false, problem: code && KNOWN.has(code) ? code : 'server', request: body?.request };
}

/** The request behind a link: reading it changes nothing. */
export function readGuardianPurchase(token: string): Promise<GuardianPurchaseResult> {
  return call(token);
}

/** The guardian's answer; a second answer is `already_answered` (with the request as it stands). */
export function answerGuardianPurchase(token: string, confirm: boolean): Promise<GuardianPurchaseResult> {
  return call(token, { method: 'POST', body: JSON.stringify({ decision: confirm ? 'confirm' : 'refuse' }) });
}
