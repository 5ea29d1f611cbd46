/**
 * achievement-manager (spec §7): POST { action }.
 *   'check_sharing_achievements'                          after a share: the caller's achievements
 *   'check_answer_achievements', notebookId, answerId     after an approved answer or an approval:
 *                                                         the answerer's and the notebook owner's
 * Needs a signed-in caller. The evaluation and the award are public.check_achievements (SQL,
 * service role only: nobody awards themselves). Answers { awarded: [{ user_id, id, name_pt,
 * name_en, rarity, points, level }] } — only what was earned by this call.
 */
import { caller, json, preflight, rpc, UUID, UpstreamError, bearer, type FunctionEnv } from '../_shared/http.ts';

interface Achievement {
  id: string;
  name_pt: string;
  name_en: string;
  rarity: string;
  points: number;
  level: number;
}

async function award(env: FunctionEnv, userId: string, kind: 'sharing' | 'answer') {
  const earned = await rpc<Achievement[]>(env, env.serviceRoleKey, 'check_achievements', { p_user_id: userId, p_kind: kind });
  return earned.map((a) => ({ user_id: userId, id: a.id, name_pt: a.name_pt, name_en: a.name_en, rarity: a.rarity, points: a.points, level: a.level }));
}

export default async function handler(req: Request, env: FunctionEnv): Promise<Response> {
  if (req.method === 'OPTIONS') return preflight();
  if (req.method !== 'POST') return json({ error: 'Method not allowed' }, 405);
  const me = await caller(req, env);
  if (!me) return json({ error: 'Usuário não autenticado' }, 401);
  let body: { action?: unknown; notebookId?: unknown; answerId?: unknown };
  try {
    body = await req.json();
  } catch {
    return json({ error: 'The body must be JSON' }, 400);
  }

  try {
    if (body.action === 'check_sharing_achievements') {
      return json({ awarded: await award(env, me.id, 'sharing') });
    }
    if (body.action === 'check_answer_achievements') {
      const { notebookId, answerId } = body;
      if (typeof notebookId !== 'string' || !UUID.test(notebookId) || typeof answerId !== 'string' || !UUID.test(answerId)) {
        return json({ error: 'notebookId and answerId are required' }, 400);
      }
      const [people] = await rpc<{ answerer: string; owner: string; notebook_id: string }[]>(env, env.serviceRoleKey, 'answer_people', {
        p_answer_id: answerId,
      });
      if (!people || people.notebook_id !== notebookId) return json({ error: 'Answer not found' }, 404);
      if (me.id !== people.answerer && me.id !== people.owner) {
        const role = await rpc<string>(env, bearer(req)!, 'notebook_role', { p_notebook_id: notebookId });
        if (!['editor', 'collaborator'].includes(role)) return json({ error: 'permission denied' }, 403);
      }
      const awarded = [...(await award(env, people.answerer, 'answer'))];
      if (people.owner !== people.answerer) awarded.push(...(await award(env, people.owner, 'answer')));
      return json({ awarded });
    }
    return json({ error: `Unknown action: ${String(body.action)}` }, 400);
  } catch (error) {
    if (error instanceof UpstreamError) return json({ error: error.message }, error.status >= 500 ? 502 : error.status);
    throw error;
  }
}
