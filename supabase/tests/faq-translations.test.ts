/**
 * Issue 36, the content admins change without a release, on PGlite and Postgres through the
 * sync-server in this process:
 * - translations-manager (spec §7): the list kept in memory 5 minutes (a row written behind the
 *   function's back shows only after a write through it or after the 5 minutes), admin-only
 *   writes (the function's 403 and the table's RLS), codes for bad input (400, never a 500);
 * - the FAQ (spec §2, §5, §9): faq_items read by everyone, written by admins alone (RLS), its
 *   checks; the faq-images bucket: 5 MB, PNG / JPG / WebP, admins alone upload.
 */
import type { SupabaseClient } from '@supabase/supabase-js';
import { afterAll, beforeAll, describe, expect, test, vi } from 'vitest';
import { startTestServer, TEST_BACKENDS, type TestServer } from '../../sync-server/testing.ts';
import { signUpAdult } from '../../sync-server/test-people.ts';

interface Person {
  id: string;
  token: string;
  client: SupabaseClient;
}

describe.each(TEST_BACKENDS)('dynamic content on $name', (backend) => {
  let server: TestServer;
  let service: SupabaseClient;
  let admin: Person;
  let user: Person;

  async function signUp(username: string): Promise<Person> {
    const client = server.anonClient();
    const { data, error } = await signUpAdult(client, { email: `${username}@example.test`, password: 'Senha-forte-1', username });
    if (error || !data.session || !data.user) throw error ?? new Error('no session after sign-up');
    return { id: data.user.id, token: data.session.access_token, client };
  }

  async function call(token: string | undefined, init: { method?: string; body?: unknown; path?: string; raw?: string } = {}) {
    const res = await fetch(`${server.url}/functions/v1/translations-manager${init.path ?? ''}`, {
      method: init.method ?? 'POST',
      headers: {
        apikey: server.ctx.config.anonKey,
        Authorization: `Bearer ${token ?? server.ctx.config.anonKey}`,
        'Content-Type': 'application/json',
      },
      body: init.raw ?? (init.body === undefined ? undefined : JSON.stringify(init.body)),
    });
    const text = await res.text();
    return { status: res.status, body: text ? JSON.parse(text) : null };
  }
  const keys = async () => ((await call(undefined, { method: 'GET' })).body as { key: string }[]).map((x) => x.key);

  beforeAll(async () => {
    server = await startTestServer(backend.postgresServerUrl ? { postgresServerUrl: backend.postgresServerUrl } : {});
    service = server.serviceClient();
    admin = await signUp(`adm_${backend.name}`);
    user = await signUp(`gente_${backend.name}`);
    await service.from('user_roles').insert({ user_id: admin.id, role: 'admin' });
  });
  afterAll(async () => server?.close());

  test('translations-manager keeps its list 5 minutes; a write through it shows at once', async () => {
    expect(await keys()).toContain('home.announcement');
    // behind the function's back: the cached list does not know it yet
    expect((await service.from('translations').insert({ key: 'atras.das.costas', pt_br: 'a', en_us: 'b' })).error).toBeNull();
    expect(await keys()).not.toContain('atras.das.costas');
    const now = Date.now();
    const clock = vi.spyOn(Date, 'now').mockReturnValue(now + 5 * 60 * 1000 + 1);
    try {
      expect(await keys()).toContain('atras.das.costas');
    } finally {
      clock.mockRestore();
    }
    await service.from('translations').delete().eq('key', 'atras.das.costas');
    const created = await call(admin.token, { body: { key: 'anuncio.natal', pt_br: 'Feliz Natal', en_us: 'Merry Christmas' } });
    expect(created.status).toBe(201);
    expect(await keys()).toContain('anuncio.natal'); // the write forgot the cached list
    expect(await keys()).not.toContain('atras.das.costas');
    const updated = await call(admin.token, { path: `/${created.body.id}`, body: { pt_br: 'Boas festas' } });
    expect(updated).toMatchObject({ status: 200, body: { key: 'anuncio.natal', pt_br: 'Boas festas', en_us: 'Merry Christmas' } });
    const list = (await call(undefined, { method: 'GET' })).body as { key: string; pt_br: string }[];
    expect(list.find((x) => x.key === 'anuncio.natal')?.pt_br).toBe('Boas festas');
    expect(await call(admin.token, { path: `/${created.body.id}`, body: { method: 'DELETE' } })).toEqual({ status: 200, body: { deleted: created.body.id } });
    expect(await keys()).not.toContain('anuncio.natal');
  });

  test('translations-manager: only admins write (the function and RLS), bad input is a 4xx with a code', async () => {
    expect((await call(undefined, { body: { key: 'x.y', pt_br: 'a', en_us: 'b' } })).status).toBe(401);
    expect((await call(user.token, { body: { key: 'x.y', pt_br: 'a', en_us: 'b' } })).status).toBe(403);
    // the table itself refuses a non-admin, whatever calls it
    const direct = await user.client.from('translations').insert({ key: 'x.direto', pt_br: 'a', en_us: 'b' });
    expect(direct.error?.code).toBe('42501');
    const seeded = await service.from('translations').select('id').eq('key', 'home.announcement').single();
    const edit = await user.client.from('translations').update({ pt_br: 'hack' }).eq('id', seeded.data!.id).select();
    expect(edit.data).toEqual([]);
    expect((await user.client.from('translations').delete().eq('id', seeded.data!.id).select()).data).toEqual([]);

    expect(await call(admin.token, { body: { key: 'tem espaço', pt_br: 'a' } })).toEqual({ status: 400, body: { error: 'key_invalid' } });
    expect(await call(admin.token, { body: { pt_br: 'a' } })).toMatchObject({ status: 400 });
    expect(await call(admin.token, { body: { key: 'a.b', pt_br: 42 } })).toMatchObject({ status: 400 });
    expect(await call(admin.token, { body: { key: 'a.b', pt_br: 'x'.repeat(4001) } })).toEqual({ status: 400, body: { error: 'text_too_long' } });
    expect((await call(admin.token, { raw: '{not json' })).status).toBe(400);
    expect((await call(admin.token, { path: '/nao-e-um-id', body: { pt_br: 'x' } })).status).toBe(404);
    expect((await call(admin.token, { path: `/${crypto.randomUUID()}`, body: { pt_br: 'x' } })).status).toBe(404);
    expect((await call(admin.token, { path: `/${crypto.randomUUID()}`, body: { method: 'DELETE' } })).status).toBe(404);
  });

  const item = {
    group_position: 1,
    group_pt_br: 'Cadernos',
    group_en_us: 'Notebooks',
    position: 2,
    question_pt_br: 'Posso imprimir um caderno?',
    question_en_us: 'Can I print a notebook?',
    answer_pt_br: 'Ainda não.',
    answer_en_us: 'Not yet.',
  };

  test('faq_items: everyone reads, admins alone write, the checks refuse bad rows', async () => {
    const refused = await user.client.from('faq_items').insert(item);
    expect(refused.error?.code).toBe('42501');
    const added = await admin.client.from('faq_items').insert(item).select().single();
    expect(added.error).toBeNull();
    const visitor = await server.anonClient().from('faq_items').select('question_pt_br, question_en_us').eq('id', added.data!.id);
    expect(visitor.data).toEqual([{ question_pt_br: item.question_pt_br, question_en_us: item.question_en_us }]);
    expect((await user.client.from('faq_items').update({ answer_pt_br: 'hack' }).eq('id', added.data!.id).select()).data).toEqual([]);
    expect((await user.client.from('faq_items').delete().eq('id', added.data!.id).select()).data).toEqual([]);
    expect((await server.anonClient().from('faq_items').insert(item)).error?.code).toBe('42501');

    for (const bad of [{ question_pt_br: '  ' }, { answer_en_us: '' }, { image_path: '../outro/arquivo.png' }, { image_path: 'x.gif' }, { position: -1 }]) {
      const { error } = await admin.client.from('faq_items').insert({ ...item, ...bad });
      expect(error?.code, JSON.stringify(bad)).toBe('23514');
    }
    const edited = await admin.client.from('faq_items').update({ answer_en_us: 'Soon.', image_path: 'abc_123.webp' }).eq('id', added.data!.id).select().single();
    expect(edited.data).toMatchObject({ answer_en_us: 'Soon.', image_path: 'abc_123.webp' });
    expect((await admin.client.from('faq_items').delete().eq('id', added.data!.id).select()).data).toHaveLength(1);
  });

  test('faq-images: admins upload PNG / JPG / WebP up to 5 MB; others and other files are refused', async () => {
    const png = new Blob([new Uint8Array([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 1, 2, 3])], { type: 'image/png' });
    const bucket = (p: Person) => p.client.storage.from('faq-images');
    expect((await bucket(user).upload('intruso.png', png, { contentType: 'image/png' })).error).not.toBeNull();
    const ok = await bucket(admin).upload('pergunta_1.png', png, { contentType: 'image/png' });
    expect(ok.error).toBeNull();
    const pub = await fetch(`${server.url}/storage/v1/object/public/faq-images/pergunta_1.png`);
    expect(pub.status).toBe(200);
    const gif = await bucket(admin).upload('animado.gif', new Blob(['GIF89a'], { type: 'image/gif' }), { contentType: 'image/gif' });
    expect(gif.error).not.toBeNull();
    const big = new Blob([new Uint8Array(5 * 1024 * 1024 + 1)], { type: 'image/jpeg' });
    const tooBig = await bucket(admin).upload('grande.jpg', big, { contentType: 'image/jpeg' });
    expect(tooBig.error).not.toBeNull();
    expect((await bucket(user).remove(['pergunta_1.png'])).data ?? []).toEqual([]);
    expect((await bucket(admin).remove(['pergunta_1.png'])).data).toHaveLength(1);
  });
});
