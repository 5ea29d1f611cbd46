/**
 * The edge functions and the live pulse, end to end through the sync-server in this process
 * (the same handler.ts files Supabase runs from their Deno entries): achievement-manager's two
 * actions with the spec's thresholds, translations-manager's list / add / update / delete with
 * admin-only writes, and a pulse reaching a subscriber over Realtime after a write.
 */
import fs from 'node:fs/promises';
import type { SupabaseClient } from '@supabase/supabase-js';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { startTestServer, type TestServer } from '../../sync-server/testing.ts';
import { SEED_FILE } from './harness.ts';

let server: TestServer;
let service: SupabaseClient;

interface Person {
  id: string;
  token: string;
  client: SupabaseClient;
}

async function signUp(username: string): Promise<Person> {
  const client = server.anonClient();
  const { data, error } = await client.auth.signUp({
    email: `${username}@example.test`,
    password: 'Senha-forte-1',
    options: { data: { username } },
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
  server = await startTestServer();
  await server.ctx.db.exec(await fs.readFile(SEED_FILE, 'utf8'));
  service = server.serviceClient();
});
afterAll(async () => server?.close());

describe('achievement-manager', () => {
  test('check_sharing_achievements awards first visit and first notebook once; prolific creator at 5 notebooks', async () => {
    const ana = await signUp('ana_ach');
    const none = await call('achievement-manager', ana.token, { body: { action: 'check_sharing_achievements' } });
    expect(none.status).toBe(200);
    expect(none.body.awarded.map((a: { id: string }) => a.id)).toEqual(['first_visit']);

    for (let i = 1; i <= 5; i++) {
      const { error } = await ana.client.from('notebooks').insert({ title: `Caderno ${i}`, user_id: ana.id });
      expect(error).toBeNull();
      const r = await call('achievement-manager', ana.token, { body: { action: 'check_sharing_achievements' } });
      const ids = r.body.awarded.map((a: { id: string }) => a.id);
      if (i === 1) expect(ids).toEqual(['first_notebook']);
      else if (i === 5) expect(ids).toEqual(['prolific_creator']);
      else expect(ids).toEqual([]);
    }
    const { data } = await ana.client.from('user_achievements').select('achievement_id').order('achievement_id');
    expect(data!.map((r) => r.achievement_id)).toEqual(['first_notebook', 'first_visit', 'prolific_creator']);
  });

  test('check_answer_achievements: participative at 10 approved answers, for the answerer, called by the owner', async () => {
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
    const r = await call('achievement-manager', owner.token, { body: { action: 'check_answer_achievements', notebookId: nb!.id, answerId: lastAnswer } });
    expect(r.status).toBe(200);
    const forBia = r.body.awarded.filter((a: { user_id: string }) => a.user_id === bia.id).map((a: { id: string }) => a.id);
    expect(forBia).toEqual(['first_visit', 'participative']);

    const stranger = await signUp('estranho_ach');
    const denied = await call('achievement-manager', stranger.token, { body: { action: 'check_answer_achievements', notebookId: nb!.id, answerId: lastAnswer } });
    expect(denied.status).toBe(403);
    const wrong = await call('achievement-manager', owner.token, { body: { action: 'check_answer_achievements', notebookId: nb!.id, answerId: crypto.randomUUID() } });
    expect(wrong.status).toBe(404);
  });

  test('needs a signed-in caller and a known action; nobody awards themselves through the API', async () => {
    expect((await call('achievement-manager', undefined, { body: { action: 'check_sharing_achievements' } })).status).toBe(401);
    const eve = await signUp('eve_ach');
    expect((await call('achievement-manager', eve.token, { body: { action: 'grant_everything' } })).status).toBe(400);
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
  test('a write in a shared notebook reaches the sharee as a pulse event within a second or so', async () => {
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
    expect(Object.keys(got[0] as object).sort()).toEqual(['created_at', 'id', 'txid', 'user_id']);
    expect(Date.now() - started).toBeLessThan(2000);
  });
});
