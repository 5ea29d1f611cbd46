/**
 * translations-manager (spec §7), the dynamic texts (key, pt_br, en_us):
 *   GET                                   → [{ id, key, pt_br, en_us }] ordered by key (anyone)
 *   POST { key, pt_br, en_us }            → 201 the new item                     (admins)
 *   POST|PUT|PATCH /{id} { key?, pt_br?, en_us? } → the updated item            (admins)
 *   POST /{id} { method: 'DELETE' }, or DELETE /{id} → { deleted: id }          (admins)
 * Writes run with the caller's own token, so the table's RLS (admins only) decides too; a
 * non-admin gets 403 before that. The list is kept in memory 5 minutes (spec §7, §9), per
 * backend address; a write through this function forgets it at once.
 */
import { bearer, caller, json, jsonObjectBody, preflight, rest, rpc, UUID, UpstreamError, type FunctionEnv } from '../_shared/http.ts';

interface Translation {
  id: string;
  key: string;
  pt_br: string;
  en_us: string;
}

const FIELDS = ['key', 'pt_br', 'en_us'] as const;
const KEY = /^[A-Za-z0-9_.:-]{1,200}$/;
const MAX_TEXT = 4000;
export const LIST_CACHE_MS = 5 * 60 * 1000;

/** The list as last read, per backend (one process may serve several: tests, PGlite and Postgres). */
const listCache = new Map<string, { at: number; items: Translation[] }>();

function pick(body: Record<string, unknown>): Partial<Translation> | string {
  const out: Record<string, string> = {};
  for (const field of FIELDS) {
    if (body[field] === undefined) continue;
    if (typeof body[field] !== 'string') return `${field} must be a string`;
    out[field] = body[field] as string;
  }
  if (out.key !== undefined && !KEY.test(out.key)) return 'key_invalid';
  if ((out.pt_br?.length ?? 0) > MAX_TEXT || (out.en_us?.length ?? 0) > MAX_TEXT) return 'text_too_long';
  return out;
}

export default async function handler(req: Request, env: FunctionEnv): Promise<Response> {
  if (req.method === 'OPTIONS') return preflight();
  const segments = new URL(req.url).pathname.split('/').filter(Boolean);
  const at = segments.indexOf('translations-manager');
  const id = at >= 0 ? segments[at + 1] : undefined;
  if (id !== undefined && !UUID.test(id)) return json({ error: 'Not found' }, 404);

  try {
    if (req.method === 'GET') {
      const token = bearer(req) ?? env.anonKey;
      if (!id) {
        const cached = listCache.get(env.supabaseUrl);
        if (cached && Date.now() - cached.at < LIST_CACHE_MS) return json(cached.items);
        const items = await rest<Translation[]>(env, token, 'translations?select=id,key,pt_br,en_us&order=key.asc');
        listCache.set(env.supabaseUrl, { at: Date.now(), items });
        return json(items);
      }
      const items = await rest<Translation[]>(env, token, `translations?select=id,key,pt_br,en_us&id=eq.${id}`);
      return items[0] ? json(items[0]) : json({ error: 'Not found' }, 404);
    }

    const me = await caller(req, env);
    if (!me) return json({ error: 'Usuário não autenticado' }, 401);
    const token = bearer(req)!;
    if (!(await rpc<boolean>(env, token, 'is_admin', {}))) return json({ error: 'permission denied' }, 403);

    let body: Record<string, unknown> = {};
    if (req.method !== 'DELETE') {
      const read = await jsonObjectBody(req);
      if (read instanceof Response) return read;
      body = read;
    }
    const method = req.method === 'DELETE' || body.method === 'DELETE' ? 'DELETE' : req.method;
    // Whatever follows may change the list: the next GET reads it again.
    listCache.delete(env.supabaseUrl);

    if (!id) {
      if (method !== 'POST') return json({ error: 'Method not allowed' }, 405);
      const fields = pick(body);
      if (typeof fields === 'string') return json({ error: fields }, 400);
      if (!fields.key) return json({ error: 'key is required' }, 400);
      const [created] = await rest<Translation[]>(env, token, 'translations?select=id,key,pt_br,en_us', {
        method: 'POST',
        body: { pt_br: '', en_us: '', ...fields },
        prefer: 'return=representation',
      });
      return json(created, 201);
    }

    if (method === 'DELETE') {
      const gone = await rest<Translation[]>(env, token, `translations?id=eq.${id}&select=id`, {
        method: 'DELETE',
        prefer: 'return=representation',
      });
      return gone.length ? json({ deleted: id }) : json({ error: 'Not found' }, 404);
    }
    if (!['POST', 'PUT', 'PATCH'].includes(method)) return json({ error: 'Method not allowed' }, 405);
    const fields = pick(body);
    if (typeof fields === 'string') return json({ error: fields }, 400);
    const [updated] = await rest<Translation[]>(env, token, `translations?id=eq.${id}&select=id,key,pt_br,en_us`, {
      method: 'PATCH',
      body: fields,
      prefer: 'return=representation',
    });
    return updated ? json(updated) : json({ error: 'Not found' }, 404);
  } catch (error) {
    if (error instanceof UpstreamError) {
      const status = error.body.code === '23505' ? 409 : error.status >= 500 ? 502 : error.status;
      return json({ error: error.message }, status);
    }
    throw error;
  } finally {
    // A write that ended (or failed) while a GET read the list must not leave that read cached.
    if (req.method !== 'GET') listCache.delete(env.supabaseUrl);
  }
}
