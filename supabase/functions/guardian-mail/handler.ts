/**
 * guardian-mail (issue 22): POST { guardianEmail?, language? } by a signed-in 13–17-year-old whose
 * guardian has not confirmed yet. Sends the guardian's confirmation mail again — to a corrected
 * address when `guardianEmail` is given — with a fresh link; the older links stop confirming.
 * Also how the first mail goes out on hosted Supabase, where GoTrue does not call us: the app
 * sends it when the account awaits a guardian and was never mailed (account_safety.guardian_mailed_at).
 *
 * Always about the caller; the database holds the rules (service role only:
 * public.change_guardian_email, public.issue_guardian_link in 20261124120100_guardian_mail.sql).
 * Answers { guardian_email, mailed_at } or { code, error } with:
 *   400 bad_body                      not { guardianEmail?: string, language?: 'pt-BR' | 'en-US' }
 *   401 not_signed_in                 a visitor or an expired session
 *   409 guardian_not_pending          an adult, or a guardian who already confirmed
 *   422 guardian_email                not an e-mail address
 *   422 guardian_email_own            the minor's own address
 *   429 guardian_mail_rate_limited    one mail a minute, five a day: retry_after_seconds (and Retry-After)
 *   429 guardian_address_rate_limited the guardian's address was named by five accounts today: tomorrow
 *   502 mail_failed                   the mail service refused or could not be reached
 *   503 mail_not_configured           no mail sender (hosted: the MAIL_* secrets are missing)
 * Whether the phone is online is the app's business.
 */
import { caller, json, jsonObjectBody, preflight, rpc, UpstreamError, type FunctionEnv } from '../_shared/http.ts';
import { guardianMail, MailDeliveryError } from '../_shared/mail.ts';

const LANGUAGES = ['pt-BR', 'en-US'] as const;
const KNOWN_FIELDS = new Set(['guardianEmail', 'language']);
/** The longest address SMTP carries (RFC 5321). */
const MAX_EMAIL_LENGTH = 254;

interface MailRequest {
  guardianEmail?: string;
  english: boolean;
}

function refusal(status: number, code: string, error: string, extra: Record<string, unknown> = {}): Response {
  const response = json({ code, error, ...extra }, status);
  if (typeof extra.retry_after_seconds === 'number') response.headers.set('Retry-After', String(extra.retry_after_seconds));
  return response;
}

/** The JSON object sent, `{}` for no body at all (a plain "send it again"), or undefined. */
async function readBody(req: Request): Promise<Record<string, unknown> | undefined> {
  const text = await req.text();
  if (text.trim() === '') return {};
  const body = await jsonObjectBody(new Request(req.url, { method: 'POST', body: text }));
  return body instanceof Response ? undefined : body;
}

function readRequest(body: Record<string, unknown>): MailRequest | Response {
  const unknown = Object.keys(body).filter((key) => !KNOWN_FIELDS.has(key));
  if (unknown.length > 0) return refusal(400, 'bad_body', `Unknown field: ${unknown.join(', ')}`);
  const { guardianEmail, language } = body;
  if (guardianEmail !== undefined && (typeof guardianEmail !== 'string' || guardianEmail.length > MAX_EMAIL_LENGTH)) {
    return refusal(400, 'bad_body', 'guardianEmail must be a string (an e-mail address)');
  }
  if (language !== undefined && !LANGUAGES.includes(language as (typeof LANGUAGES)[number])) {
    return refusal(400, 'bad_body', `language must be one of ${LANGUAGES.join(', ')}`);
  }
  return { guardianEmail: guardianEmail?.trim() || undefined, english: language === 'en-US' };
}

/** The database's refusals (their hints), as the function's answers. */
function fromDatabase(error: UpstreamError): Response {
  const { hint, message = 'Refused', details } = error.body;
  if (hint === 'guardian_not_pending') return refusal(409, hint, message);
  if (hint === 'guardian_email' || hint === 'guardian_email_own') return refusal(422, hint, message);
  if (hint === 'guardian_mail_rate_limited') {
    const seconds = Math.max(1, Number(details) || 60);
    return refusal(429, hint, message, { retry_after_seconds: seconds });
  }
  if (hint === 'guardian_address_rate_limited') return refusal(429, hint, message);
  return refusal(502, 'server', message);
}

interface IssuedLink {
  guardian_email: string;
  username: string;
  token: string;
}

export default async function handler(req: Request, env: FunctionEnv): Promise<Response> {
  if (req.method === 'OPTIONS') return preflight();
  if (req.method !== 'POST') return refusal(405, 'method_not_allowed', 'Method not allowed');
  const me = await caller(req, env);
  if (!me) return refusal(401, 'not_signed_in', 'Sign in to send the guardian’s mail');
  const body = await readBody(req);
  if (!body) return refusal(400, 'bad_body', 'The body must be a JSON object');
  const request = readRequest(body);
  if (request instanceof Response) return request;
  if (!env.mail) return refusal(503, 'mail_not_configured', 'This server cannot send mail');

  let issued: IssuedLink | undefined;
  try {
    if (request.guardianEmail !== undefined) {
      await rpc(env, env.serviceRoleKey, 'change_guardian_email', { p_user_id: me.id, p_guardian_email: request.guardianEmail });
    }
    [issued] = await rpc<IssuedLink[]>(env, env.serviceRoleKey, 'issue_guardian_link', { p_user_id: me.id });
  } catch (error) {
    if (error instanceof UpstreamError) return fromDatabase(error);
    throw error;
  }
  if (!issued) return refusal(409, 'guardian_not_pending', 'No guardian confirmation is pending for this account');

  try {
    await env.mail.sender.send(
      guardianMail({
        to: issued.guardian_email,
        userId: me.id,
        username: issued.username,
        appUrl: env.mail.appUrl,
        token: issued.token,
        english: request.english,
      }),
    );
  } catch (error) {
    if (error instanceof MailDeliveryError) return refusal(502, 'mail_failed', 'The mail could not be sent; try again later');
    throw error;
  }
  return json({ guardian_email: issued.guardian_email, mailed_at: new Date().toISOString() });
}
