/**
 * The admin catalogue's pictures (issue 35), through the sync-server's Storage and REST on PGlite
 * and Postgres: the bucket store-images takes PNG / JPG / WebP up to 5 MB (the profile images'
 * types; the FAQ's limit) from admins alone and anyone reads them; a paper style's image_path is a
 * key of it; only admins write paper styles, and their name is required (spec §5).
 */
import type { SupabaseClient } from '@supabase/supabase-js';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { startTestServer, TEST_BACKENDS, type TestServer } from '../../sync-server/testing.ts';
import { signUpAdult } from '../../sync-server/test-people.ts';

interface Person {
  id: string;
  client: SupabaseClient;
}

describe.each(TEST_BACKENDS)('store images on $name', (backend) => {
  let server: TestServer;
  let admin: Person;
  let user: Person;

  async function signUp(username: string): Promise<Person> {
    const client = server.anonClient();
    const { data, error } = await signUpAdult(client, { email: `${username}@example.test`, password: 'Senha-forte-1', username });
    if (error || !data.session || !data.user) throw error ?? new Error('no session after sign-up');
    return { id: data.user.id, client };
  }

  beforeAll(async () => {
    server = await startTestServer(backend.postgresServerUrl ? { postgresServerUrl: backend.postgresServerUrl } : {});
    admin = await signUp(`imgadm_${backend.name}`);
    user = await signUp(`imggente_${backend.name}`);
    await server.serviceClient().from('user_roles').insert({ user_id: admin.id, role: 'admin' });
  });
  afterAll(async () => server?.close());

  test('store-images: admins upload PNG / JPG / WebP up to 5 MB; others and other files are refused; anyone reads', async () => {
    const png = new Blob([new Uint8Array([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 1, 2, 3])], { type: 'image/png' });
    const bucket = (p: Person) => p.client.storage.from('store-images');
    expect((await bucket(user).upload('intruso.png', png, { contentType: 'image/png' })).error).not.toBeNull();
    expect((await bucket(admin).upload('papel_1.png', png, { contentType: 'image/png' })).error).toBeNull();
    expect((await fetch(`${server.url}/storage/v1/object/public/store-images/papel_1.png`)).status).toBe(200);
    const gif = await bucket(admin).upload('animado.gif', new Blob(['GIF89a'], { type: 'image/gif' }), { contentType: 'image/gif' });
    expect(gif.error).not.toBeNull();
    const big = new Blob([new Uint8Array(5 * 1024 * 1024 + 1)], { type: 'image/jpeg' });
    expect((await bucket(admin).upload('grande.jpg', big, { contentType: 'image/jpeg' })).error).not.toBeNull();
    expect((await bucket(user).remove(['papel_1.png'])).data ?? []).toEqual([]);
    expect((await bucket(admin).remove(['papel_1.png'])).data).toHaveLength(1);
  });

  test('paper styles: admins create one with its picture, edit and disable it; a person cannot; name required; lined-blue stays enabled', async () => {
    const row = { id: `papel-${backend.name}`, name: 'Papel da estação', is_premium: true, image_path: 'abc123.png' };
    expect((await user.client.from('paper_styles').insert(row)).error?.code).toBe('42501');
    expect((await admin.client.from('paper_styles').insert({ ...row, name: '  ' })).error?.code).toBe('23514');
    expect((await admin.client.from('paper_styles').insert({ ...row, image_path: 'https://example.test/x.png' })).error?.code).toBe('23514');
    expect((await admin.client.from('paper_styles').insert(row)).error).toBeNull();
    expect((await user.client.from('paper_styles').update({ is_active: false }).eq('id', row.id).select()).data).toEqual([]);
    const disabled = await admin.client.from('paper_styles').update({ is_active: false }).eq('id', row.id).select('id, is_active');
    expect(disabled.data).toEqual([{ id: row.id, is_active: false }]);
    expect((await admin.client.from('paper_styles').update({ is_active: false }).eq('id', 'lined-blue')).error?.code).toBe('23514');
    const read = await server.anonClient().from('paper_styles').select('id, image_path').eq('id', row.id);
    expect(read.data).toEqual([{ id: row.id, image_path: 'abc123.png' }]);
  });

  test("a seasonal item's main and preview images are files of store-images, not any address", async () => {
    const item = { name: `Tema ${backend.name}`, category: 'theme', season_id: 'verao-2026', season_name: 'Verão 2026', item_type: 'free' };
    const path = '/storage/v1/object/public/store-images/0123abcd.png';
    for (const image_url of ['https://example.test/tema.png', '/qualquer/coisa.png', `${path}?x=1`, '/storage/v1/object/public/avatars/0123abcd.png']) {
      expect((await admin.client.from('seasonal_items').insert({ ...item, image_url })).error?.code, image_url).toBe('23514');
      expect((await admin.client.from('seasonal_items').insert({ ...item, preview_url: image_url })).error?.code, image_url).toBe('23514');
    }
    const saved = await admin.client
      .from('seasonal_items')
      .insert({ ...item, image_url: path, preview_url: `https://projeto.supabase.co${path.replace('.png', '.webp')}` })
      .select('image_url, preview_url')
      .single();
    expect(saved.error).toBeNull();
    expect(saved.data).toEqual({ image_url: path, preview_url: 'https://projeto.supabase.co/storage/v1/object/public/store-images/0123abcd.webp' });
  });
});
