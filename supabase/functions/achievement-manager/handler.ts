/**
 * achievement-manager (spec §7): POST { action }, always about the caller and nobody else.
 *   'check_sharing_achievements'                          after a share
 *   'check_answer_achievements', notebookId, answerId     after an approved answer or an approval
 * Both award the caller the achievements they have reached and answer { awarded: [{ id, name_pt,
 * name_en, rarity, points, level }] } — only what this call earned them; `id` is the achievement's
 * code, the app has the words. Since issue 31 the database awards at the write itself (trigger
 * "achievements are awarded", schemas/achievements_translations.sql), so a call mostly finds the
 * first visit; it stays for the spec's calls. The answer must be one the caller may read (else
 * 404, as for an unknown one); it is looked up with the caller's own token, so the function never
 * learns, and cannot tell, who wrote an anonymous answer (S5).
 * Refusals carry a code beside the developer's sentence: not_authenticated (401), validation,
 * unknown_action (400), not_found (404), method_not_allowed (405).
 * Needs a signed-in caller. The evaluation and the award are public.check_achievements (SQL,
 * service role only: nobody awards themselves).
 */
import { bearer, caller, json, jsonObjectBody, preflight, rest, rpc, UUID, UpstreamError, type FunctionEnv } from '../_shared/http.ts';

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
  return earned.map((a) => ({ id: a.id, name_pt: a.name_pt, name_en: a.name_en, rarity: a.rarity, points: a.points, level: a.level }));
}

/** Whether the caller may read this answer of this notebook (RLS of visible_answers decides). */
async function canSeeAnswer(env: FunctionEnv, token: string, notebookId: string, answerId: string): Promise<boolean> {
  const rows = await rest<unknown[]>(env, token, `visible_answers?select=id&id=eq.${answerId}&notebook_id=eq.${notebookId}`);
  return rows.length > 0;
}

export default async function handler(req: Request, env: FunctionEnv): Promise<Response> {
  if (req.method === 'OPTIONS') return preflight();
  if (req.method !== 'POST') return json({ code: 'method_not_allowed', error: 'Method not allowed' }, 405);
  const me = await caller(req, env);
  if (!me) return json({ code: 'not_authenticated', error: 'Usuário não autenticado' }, 401);
  const body = await jsonObjectBody(req);
  if (body instanceof Response) return body;

  try {
    if (body.action === 'check_sharing_achievements') {
      return json({ awarded: await award(env, me.id, 'sharing') });
    }
    if (body.action === 'check_answer_achievements') {
      const { notebookId, answerId } = body;
      if (typeof notebookId !== 'string' || !UUID.test(notebookId) || typeof answerId !== 'string' || !UUID.test(answerId)) {
        return json({ code: 'validation', error: 'notebookId and answerId are required' }, 400);
      }
      if (!(await canSeeAnswer(env, bearer(req)!, notebookId, answerId))) return json({ code: 'not_found', error: 'Answer not found' }, 404);
      return json({ awarded: await award(env, me.id, 'answer') });
    }
    return json({ code: 'unknown_action', error: `Unknown action: ${String(body.action)}` }, 400);
  } catch (error) {
    if (error instanceof UpstreamError) return json({ error: error.message }, error.status >= 500 ? 502 : error.status);
    throw error;
  }
}
