/**
 * translations-manager (spec §7), the dynamic texts (key, pt_br, en_us):
 *   GET                                   → [{ id, key, pt_br, en_us }] ordered by key (anyone)
 *   POST { key, pt_br, en_us }            → 201 the new item                     (admins)
 *   POST|PUT|PATCH /{id} { key?, pt_br?, en_us? } → the updated item            (admins)
 *   POST /{id} { method: 'DELETE' }, or DELETE /{id} → { deleted: id }          (admins)
 * Writes run with the caller's own token, so the table's RLS (admins only) decides too; a
 * non-admin gets 403 before that.
 */
import { bearer, caller, json, jsonObjectBody, preflight, rest, rpc, UUID, UpstreamError, type FunctionEnv } from '../_shared/http.ts';

interface Translation {
  id: string;
  key: string;
  pt_br: string;
  en_us: string;
}

const FIELDS = ['key', 'pt_br', 'en_us'] as const;

function pick(body: Record<string, unknown>): Partial<Translation> | string {
  const out: Record<string, string> = {};
  for (const field of FIELDS) {
    if (body[field] === undefined) continue;
    if (typeof body[field] !== 'string') return `${field} must be a string`;
    out[field] = body[field] as string;
  }
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
      const filter = id ? `&id=eq.${id}` : '';
      const items = await rest<Translation[]>(env, token, `translations?select=id,key,pt_br,en_us&order=key.asc${filter}`);
      if (id) return items[0] ? json(items[0]) : json({ error: 'Not found' }, 404);
      return json(items);
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
  }
}
