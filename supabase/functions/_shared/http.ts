/**
 * What the edge functions share: the handler contract, CORS, JSON responses, and two calls to
 * the project's own APIs (who is calling — auth/v1/user; an RPC — rest/v1/rpc). Plain fetch, no
 * SDK: the same code runs in Deno on Supabase and in Node inside the sync-server.
 */
import type { MailSettings } from './mail.ts';

/** The project's URL and keys (SUPABASE_URL, SUPABASE_ANON_KEY, SUPABASE_SERVICE_ROLE_KEY). */
export interface FunctionEnv {
  supabaseUrl: string;
  anonKey: string;
  serviceRoleKey: string;
  /** How to send mail (mail.ts): the sync-server's mailbox, or the hosted mail API; absent when not configured. */
  mail?: MailSettings;
}

export type FunctionHandler = (req: Request, env: FunctionEnv) => Promise<Response>;

export const corsHeaders: Record<string, string> = {
  'Access-Control-Allow-Origin': '*',
  'Access-Control-Allow-Headers': 'authorization, x-client-info, apikey, content-type',
  'Access-Control-Allow-Methods': 'GET, POST, PUT, PATCH, DELETE, OPTIONS',
};

export function json(body: unknown, status = 200): Response {
  return new Response(JSON.stringify(body), {
    status,
    headers: { ...corsHeaders, 'Content-Type': 'application/json' },
  });
}

export function preflight(): Response {
  return new Response('ok', { headers: corsHeaders });
}

export const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/**
 * The request's body as a JSON object, or the 400 to answer: `null`, an array, a string or
 * anything that is not JSON is the client's mistake, never a crash of the handler.
 */
export async function jsonObjectBody(req: Request): Promise<Record<string, unknown> | Response> {
  let body: unknown;
  try {
    body = await req.json();
  } catch {
    return json({ error: 'The body must be a JSON object' }, 400);
  }
  if (typeof body !== 'object' || body === null || Array.isArray(body)) {
    return json({ error: 'The body must be a JSON object' }, 400);
  }
  return body as Record<string, unknown>;
}

/** The bearer token of the request, if any. */
export function bearer(req: Request): string | undefined {
  const match = /^Bearer\s+(\S+)$/i.exec(req.headers.get('authorization')?.trim() ?? '');
  return match?.[1];
}

/** The signed-in caller ({ id }), or undefined for a visitor or an invalid/expired token. */
export async function caller(req: Request, env: FunctionEnv): Promise<{ id: string } | undefined> {
  const token = bearer(req);
  if (!token || token === env.anonKey) return undefined;
  const res = await fetch(`${env.supabaseUrl}/auth/v1/user`, {
    headers: { apikey: env.anonKey, Authorization: `Bearer ${token}` },
  });
  if (!res.ok) return undefined;
  const user = (await res.json()) as { id?: string };
  return user.id ? { id: user.id } : undefined;
}

export class UpstreamError extends Error {
  constructor(
    readonly status: number,
    readonly body: { code?: string; message?: string; details?: string; hint?: string },
  ) {
    super(body.message ?? `upstream ${status}`);
  }
}

/** A PostgREST call as `token` (the caller's access token, or the service role key). */
export async function rest<T>(
  env: FunctionEnv,
  token: string,
  path: string,
  init: { method?: string; body?: unknown; prefer?: string } = {},
): Promise<T> {
  const res = await fetch(`${env.supabaseUrl}/rest/v1/${path}`, {
    method: init.method ?? 'GET',
    headers: {
      apikey: token === env.serviceRoleKey ? env.serviceRoleKey : env.anonKey,
      Authorization: `Bearer ${token}`,
      'Content-Type': 'application/json',
      ...(init.prefer ? { Prefer: init.prefer } : {}),
    },
    body: init.body === undefined ? undefined : JSON.stringify(init.body),
  });
  const text = await res.text();
  const parsed = text ? JSON.parse(text) : null;
  if (!res.ok) throw new UpstreamError(res.status, parsed ?? {});
  return parsed as T;
}

export function rpc<T>(env: FunctionEnv, token: string, name: string, args: Record<string, unknown>): Promise<T> {
  return rest<T>(env, token, `rpc/${name}`, { method: 'POST', body: args });
}
