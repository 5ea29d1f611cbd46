/**
 * The edge functions and the live pulse, end to end through the sync-server in this process
 * (the same handler.ts files Supabase runs from their Deno entries): achievement-manager's two
 * actions with the spec's thresholds, translations-manager's list / add / update / delete with
 * admin-only writes, and a pulse reaching a subscriber over Realtime after a write.
 */
import type { SupabaseClient } from '@supabase/supabase-js';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { startTestServer, type TestServer } from '../../sync-server/testing.ts';
import { signUpAdult } from '../../sync-server/test-people.ts';

let server: TestServer;
let service: SupabaseClient;

interface Person {
  id: string;
  token: string;
  client: SupabaseClient;
}

async function signUp(username: string): Promise<Person> {
  const client = server.anonClient();
  const { data, error } = await signUpAdult(client, {
    email: `${username}@example.test`,
    password: 'Senha-forte-1',
    username,
  });
  if (error || !data.session || !data.user) throw error ?? new Error('no session after sign-up');
  return { id: data.user.id, token: data.session.access_token, client };
}

async function call(name: string, token: string | undefined, init: { method?: string; body?: unknown; path?: string } = {}) {
  const res = await fetch(`${server.url}/functions/v1/${name}${init.path ?? ''}`, {
    method: init.method ?? 'POST',
    headers: {
      apikey: server.ctx.config.anonKey,
      ...(token ? { Authorization: `Bearer ${token}` } : {}),
      'Content-Type': 'application/json',
    },
    body: init.body === undefined ? undefined : JSON.stringify(init.body),
  });
  const text = await res.text();
  return { status: res.status, body: text ? JSON.parse(text) : null };
}

beforeAll(async () => {
  server = await startTestServer(); // the achievement catalogue comes with the migrations
  service = server.serviceClient();
});
afterAll(async () => server?.close());

describe('achievement-manager', () => {
  test('check_sharing_achievements awards first visit once; first notebook and prolific creator (5) come with the writes, so a call finds nothing more', async () => {
    const ana = await signUp('ana_ach');
    const none = await call('achievement-manager', ana.token, { body: { action: 'check_sharing_achievements' } });
    expect(none.status).toBe(200);
    expect(none.body.awarded.map((a: { id: string }) => a.id)).toEqual(['first_visit']);

    for (let i = 1; i <= 5; i++) {
      const { error } = await ana.client.from('notebooks').insert({ title: `Caderno ${i}`, user_id: ana.id });
      expect(error).toBeNull();
      const r = await call('achievement-manager', ana.token, { body: { action: 'check_sharing_achievements' } });
      expect(r).toEqual({ status: 200, body: { awarded: [] } });
      const { data: mine } = await ana.client.from('user_achievements').select('achievement_id').neq('achievement_id', 'first_visit');
      expect(mine!.map((a) => a.achievement_id).sort()).toEqual(i < 5 ? ['first_notebook'] : ['first_notebook', 'prolific_creator']);
    }
    const { data } = await ana.client.from('user_achievements').select('achievement_id').order('achievement_id');
    expect(data!.map((r) => r.achievement_id)).toEqual(['first_notebook', 'first_visit', 'prolific_creator']);
  });

  test('check_answer_achievements: participative at 10 approved answers is the answerer\'s at the tenth; a call awards the caller only what is left (first visit)', async () => {
    const owner = await signUp('dona_ach');
    const bia = await signUp('bia_ach');
    const { data: nb } = await owner.client.from('notebooks').insert({ title: 'Dez perguntas', user_id: owner.id }).select('id').single();
    await owner.client.from('notebook_shares').insert({ notebook_id: nb!.id, created_by: owner.id, shared_with: bia.id, access_level: 'viewer' });
    let lastAnswer = '';
    for (let i = 0; i < 10; i++) {
      const { data: q } = await owner.client.from('questions').insert({ notebook_id: nb!.id, text: `Pergunta ${i}`, user_id: owner.id, order_index: i }).select('id').single();
      const { data: a, error } = await bia.client
        .from('answers')
        .upsert({ question_id: q!.id, notebook_id: nb!.id, user_id: bia.id, text: `Resposta ${i}`, is_anonymous: false, responder_name: 'Bia' }, { onConflict: 'question_id,user_id' })
        .select('id')
        .single();
      expect(error).toBeNull();
      lastAnswer = a!.id;
    }
    const byOwner = await call('achievement-manager', owner.token, { body: { action: 'check_answer_achievements', notebookId: nb!.id, answerId: lastAnswer } });
    expect(byOwner).toEqual({ status: 200, body: { awarded: [expect.objectContaining({ id: 'first_visit' })] } });
    const byBia = await call('achievement-manager', bia.token, { body: { action: 'check_answer_achievements', notebookId: nb!.id, answerId: lastAnswer } });
    expect(byBia.status).toBe(200);
    expect(byBia.body.awarded).toEqual([{ id: 'first_visit', name_pt: expect.any(String), name_en: expect.any(String), rarity: expect.any(String), points: expect.any(Number), level: expect.any(Number) }]);
    const { data: bias } = await bia.client.from('user_achievements').select('achievement_id').order('achievement_id');
    expect(bias!.map((a) => a.achievement_id)).toEqual(['first_visit', 'participative']);

    // A stranger learns nothing about the answer: the same 404 as for an answer that does not exist.
    const stranger = await signUp('estranho_ach');
    const denied = await call('achievement-manager', stranger.token, { body: { action: 'check_answer_achievements', notebookId: nb!.id, answerId: lastAnswer } });
    const wrong = await call('achievement-manager', owner.token, { body: { action: 'check_answer_achievements', notebookId: nb!.id, answerId: crypto.randomUUID() } });
    expect(denied).toEqual({ status: 404, body: { code: 'not_found', error: 'Answer not found' } });
    expect(wrong).toEqual(denied);
  });

  test("S5: a collaborator's check about an anonymous answer awards and names only the collaborator", async () => {
    const owner = await signUp('dona_anon_ach');
    const collaborator = await signUp('colab_anon_ach');
    const secret = await signUp('secreta_anon_ach');
    const { data: nb } = await owner.client.from('notebooks').insert({ title: 'Segredos', user_id: owner.id }).select('id').single();
    const { data: q } = await owner.client.from('questions').insert({ notebook_id: nb!.id, text: 'Conte um segredo' }).select('id').single();
    await owner.client.from('notebook_shares').insert({ notebook_id: nb!.id, shared_with: secret.id });
    await owner.client.from('notebook_collaborators').insert({ notebook_id: nb!.id, user_id: collaborator.id, role: 'collaborator' });
    await collaborator.client.from('notebook_collaborators').update({ status: 'accepted' }).eq('user_id', collaborator.id);
    const { data: a } = await secret.client
      .from('answers')
      .insert({ question_id: q!.id, notebook_id: nb!.id, text: 'shh', is_anonymous: true, responder_name: 'Ninguém' })
      .select('id')
      .single();

    const r = await call('achievement-manager', collaborator.token, { body: { action: 'check_answer_achievements', notebookId: nb!.id, answerId: a!.id } });
    expect(r.status).toBe(200);
    expect(JSON.stringify(r.body)).not.toContain(secret.id);
    const { data: secretsAwards } = await service.from('user_achievements').select('achievement_id').eq('user_id', secret.id);
    expect(secretsAwards).toEqual([]);
    const { data: mine } = await collaborator.client.from('user_achievements').select('user_id, achievement_id').order('achievement_id');
    // collaborative came with the acceptance; first visit with the call
    expect(mine).toEqual([
      { user_id: collaborator.id, achievement_id: 'collaborative' },
      { user_id: collaborator.id, achievement_id: 'first_visit' },
    ]);
  });

  test("S5: others see a public profile's achievements by the day only, from the next day; the person sees theirs at once", async () => {
    const ana = await signUp('ana_dia_ach');
    const curious = await signUp('curiosa_dia_ach');
    expect((await call('achievement-manager', ana.token, { body: { action: 'check_sharing_achievements' } })).status).toBe(200);

    const { data: own } = await ana.client.from('user_achievements').select('achievement_id, earned_at').eq('user_id', ana.id);
    expect(own).toHaveLength(1);
    expect(new Date(own![0].earned_at).toISOString()).toMatch(/T00:00:00\.000Z$/);
    const seenBy = async (client: SupabaseClient) => (await client.from('user_achievements').select('achievement_id').eq('user_id', ana.id)).data;
    expect(await seenBy(curious.client)).toEqual([]);
    expect(await seenBy(server.anonClient())).toEqual([]);

    await server.ctx.db.query(`update public.user_achievements set earned_at = earned_at - interval '1 day' where user_id = $1`, [ana.id]);
    expect(await seenBy(curious.client)).toEqual([{ achievement_id: 'first_visit' }]);
    expect(await seenBy(server.anonClient())).toEqual([{ achievement_id: 'first_visit' }]);
    await service.from('profiles').update({ visibility: 'private' }).eq('id', ana.id);
    expect(await seenBy(curious.client)).toEqual([]);
  });

  test('needs a signed-in caller, a JSON object and a known action; nobody awards themselves through the API', async () => {
    expect((await call('achievement-manager', undefined, { body: { action: 'check_sharing_achievements' } })).status).toBe(401);
    // a signed-out app sends the anon key as its bearer: the function itself answers, with a code
    expect((await call('achievement-manager', server.ctx.config.anonKey, { body: { action: 'check_sharing_achievements' } }))).toEqual({
      status: 401,
      body: { code: 'not_authenticated', error: expect.any(String) },
    });
    const eve = await signUp('eve_ach');
    expect((await call('achievement-manager', eve.token, { body: { action: 'grant_everything' } }))).toEqual({
      status: 400,
      body: { code: 'unknown_action', error: expect.any(String) },
    });
    expect((await call('achievement-manager', eve.token, { body: { action: 'check_answer_achievements', notebookId: 'x' } }))).toEqual({
      status: 400,
      body: { code: 'validation', error: expect.any(String) },
    });
    for (const body of [null, [], 'check_sharing_achievements', 42]) {
      expect(await call('achievement-manager', eve.token, { body }), JSON.stringify(body)).toEqual({ status: 400, body: { error: 'The body must be a JSON object' } });
    }
    const { error } = await eve.client.rpc('check_achievements', { p_user_id: eve.id, p_kind: 'all' });
    expect(error?.code).toBe('42501');
    const { error: insertError } = await eve.client.from('user_achievements').insert({ user_id: eve.id, achievement_id: 'veteran' });
    expect(insertError?.code).toBe('42501');
  });
});

describe('translations-manager', () => {
  test('anyone lists (key, pt_br, en_us); admins add, update and delete; others get 403', async () => {
    const list = await call('translations-manager', undefined, { method: 'GET' });
    expect(list.status).toBe(200);
    expect(list.body.find((x: { key: string }) => x.key === 'store.banner.title')).toMatchObject({ pt_br: 'Loja sazonal', en_us: 'Seasonal store' });

    const user = await signUp('nao_admin');
    expect((await call('translations-manager', user.token, { body: { key: 'x.y', pt_br: 'a', en_us: 'b' } })).status).toBe(403);

    const admin = await signUp('admin_tr');
    await service.from('user_roles').insert({ user_id: admin.id, role: 'admin' });
    const created = await call('translations-manager', admin.token, { body: { key: 'faq.title', pt_br: 'Perguntas frequentes', en_us: 'FAQ' } });
    expect(created.status).toBe(201);
    expect(created.body).toMatchObject({ key: 'faq.title', pt_br: 'Perguntas frequentes', en_us: 'FAQ' });
    const id = created.body.id as string;

    const dup = await call('translations-manager', admin.token, { body: { key: 'faq.title', pt_br: 'x', en_us: 'y' } });
    expect(dup.status).toBe(409);
    expect((await call('translations-manager', user.token, { path: `/${id}`, body: { pt_br: 'hack' } })).status).toBe(403);

    const updated = await call('translations-manager', admin.token, { path: `/${id}`, body: { en_us: 'Frequently asked questions' } });
    expect(updated.status).toBe(200);
    expect(updated.body).toMatchObject({ id, en_us: 'Frequently asked questions', pt_br: 'Perguntas frequentes' });

    const removed = await call('translations-manager', admin.token, { path: `/${id}`, body: { method: 'DELETE' } });
    expect(removed).toEqual({ status: 200, body: { deleted: id } });
    const after = await call('translations-manager', undefined, { method: 'GET' });
    expect(after.body.some((x: { key: string }) => x.key === 'faq.title')).toBe(false);
  });
});

describe('the pulse over Realtime (sync-server)', () => {
  // How fast it arrives is measured by tests/bench/live-update.ts, not asserted here.
  test('a write in a shared notebook reaches the sharee as a pulse event naming what changed, and nothing more', async () => {
    const owner = await signUp('dona_pulse');
    const reader = await signUp('leitor_pulse');
    const { data: nb } = await owner.client.from('notebooks').insert({ title: 'Ao vivo', user_id: owner.id }).select('id').single();
    await owner.client.from('notebook_shares').insert({ notebook_id: nb!.id, created_by: owner.id, shared_with: reader.id });

    const got: unknown[] = [];
    const channel = reader.client
      .channel('pulse-test')
      .on('postgres_changes', { event: 'INSERT', schema: 'public', table: 'replication_pulses', filter: `user_id=eq.${reader.id}` }, (p) => got.push(p.new));
    await new Promise<void>((resolve, reject) => {
      channel.subscribe((status) => (status === 'SUBSCRIBED' ? resolve() : status === 'CHANNEL_ERROR' ? reject(new Error(status)) : undefined));
    });
    const started = Date.now();
    await owner.client.from('questions').insert({ notebook_id: nb!.id, text: 'Chegou?', user_id: owner.id, order_index: 0 });
    while (got.length === 0 && Date.now() - started < 5000) await new Promise((r) => setTimeout(r, 25));
    await reader.client.removeChannel(channel);
    expect(got.length).toBeGreaterThan(0);
    expect(Object.keys(got[0] as object).sort()).toEqual(['collections', 'created_at', 'id', 'txid', 'user_id']);
    expect((got[0] as { collections: string[] }).collections).toEqual(['questions']);
  });
});
