/**
 * Profiles, settings and profile images (issue 22), per role, through supabase-js on the real
 * sync-server (PGlite, and Postgres when TEST_DATABASE_URL is set): what public.profile_view
 * shows a visitor, a stranger, a notebook companion, the person and an admin; what the profiles
 * and user_settings tables let each of them read and write; and the avatars / covers buckets
 * (size and type limits, each person writes only their own folder, images read without a token).
 *
 * Friendships do not exist yet (the friends issue): "friends" connections visibility is tested
 * as what it gives today — nobody but the person and admins.
 */
import { randomUUID } from 'node:crypto';
import WebSocket from 'ws';
import { createClient, type SupabaseClient } from '@supabase/supabase-js';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { startTestServer, TEST_BACKENDS, type TestServer } from '../../sync-server/testing.ts';
import { adultSignUpData } from '../../sync-server/test-people.ts';

interface Person {
  id: string;
  username: string;
  client: SupabaseClient;
}

// A tiny valid PNG (1x1): the bucket checks the declared type, the first bytes and the size, not the pixels.
const PNG = Buffer.from('iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8BQDwAEhQGAhKmMIQAAAABJRU5ErkJggg==', 'base64');

describe.each(TEST_BACKENDS)('profiles on $name', ({ postgresServerUrl }) => {
  let server: TestServer;
  let visitor: SupabaseClient;
  let self: Person, stranger: Person, companion: Person, admin: Person;

  async function person(username: string, options: { admin?: boolean } = {}): Promise<Person> {
    const id = randomUUID();
    await server.ctx.db.query(
      `insert into auth.users (id, email, aud, role, raw_user_meta_data) values ($1, $2, 'authenticated', 'authenticated', $3)`,
      [id, `${username}@example.test`, JSON.stringify(adultSignUpData(username))],
    );
    if (options.admin) await server.ctx.db.query(`insert into public.user_roles (user_id, role) values ($1, 'admin')`, [id]);
    const token = await server.ctx.jwt.sign({ role: 'authenticated', sub: id, aud: 'authenticated' }, 3600);
    const client = createClient(server.url, server.ctx.config.anonKey, {
      auth: { persistSession: false, autoRefreshToken: false },
      realtime: { transport: WebSocket as never },
      global: { headers: { Authorization: `Bearer ${token}` } },
    });
    return { id, username, client };
  }

  const view = async (client: SupabaseClient, username: string) => {
    const { data, error } = await client.rpc('profile_view', { p_username: username });
    expect(error).toBeNull();
    return data as Record<string, unknown> | null;
  };

  async function setVisibility(visibility: 'public' | 'private', connections: 'public' | 'friends' | 'private' = 'public') {
    const { error } = await self.client
      .from('profiles')
      .update({ visibility, connections_visibility: connections, bio: 'Oi, eu sou a Ana', status_message: 'de férias' })
      .eq('id', self.id);
    expect(error).toBeNull();
  }

  beforeAll(async () => {
    server = await startTestServer({ postgresServerUrl });
    visitor = server.anonClient();
    self = await person('ana_perfil');
    stranger = await person('estranho');
    companion = await person('colega');
    admin = await person('admin_perfil', { admin: true });
    // the companion is in one of Ana's notebooks
    const [{ id: notebookId }] = (await server.ctx.db.query<{ id: string }>(
      `insert into notebooks (title, user_id) values ('Caderno da Ana', $1) returning id`,
      [self.id],
    )).rows;
    await server.ctx.db.query(
      `insert into notebook_shares (notebook_id, created_by, shared_with, access_level) values ($1, $2, $3, 'viewer')`,
      [notebookId, self.id, companion.id],
    );
    await server.ctx.db.query(
      // first_notebook came with the notebook (issue 31): moved two days back
      `insert into user_achievements (user_id, achievement_id, earned_at) values ($1, 'first_notebook', now() - interval '2 days'), ($1, 'first_visit', now())
       on conflict (user_id, achievement_id) do update set earned_at = excluded.earned_at`,
      [self.id],
    );
  });
  afterAll(async () => server?.close());

  describe('profile_view', () => {
    test('a public profile: everyone sees every public field; others see an award from the next day on', async () => {
      await setVisibility('public');
      for (const client of [visitor, stranger.client, companion.client, admin.client, self.client]) {
        const profile = await view(client, 'ANA_PERFIL');
        expect(profile).toMatchObject({ reach: 'full', username: 'ana_perfil', bio: 'Oi, eu sou a Ana', status_message: 'de férias' });
      }
      const seenByStranger = await view(stranger.client, 'ana_perfil');
      expect((seenByStranger!.achievements as { id: string }[]).map((a) => a.id)).toEqual(['first_notebook']);
      const seenBySelf = await view(self.client, 'ana_perfil');
      expect((seenBySelf!.achievements as { id: string }[]).map((a) => a.id).sort()).toEqual(['first_notebook', 'first_visit']);
      expect(seenBySelf!.is_self).toBe(true);
      expect(seenByStranger!.is_self).toBe(false);
      expect(Object.keys(seenBySelf!)).not.toContain('email');
    });

    test('a private profile: a stranger sees only name and avatar, a visitor nothing; companions, the person and admins everything', async () => {
      await setVisibility('private');
      expect(await view(visitor, 'ana_perfil')).toBeNull();
      const card = await view(stranger.client, 'ana_perfil');
      expect(card).toEqual({ id: self.id, username: 'ana_perfil', display_name: 'ana_perfil', avatar_url: null, reach: 'card', is_self: false });
      for (const client of [companion.client, self.client, admin.client]) {
        expect(await view(client, 'ana_perfil')).toMatchObject({ reach: 'full', bio: 'Oi, eu sou a Ana' });
      }
    });

    test('the table itself: a stranger and a visitor do not read a private profile row; a companion does', async () => {
      await setVisibility('private');
      for (const client of [visitor, stranger.client]) {
        const { data, error } = await client.from('profiles').select('id, bio').eq('id', self.id);
        expect(error).toBeNull();
        expect(data).toEqual([]);
      }
      const { data } = await companion.client.from('profiles').select('bio').eq('id', self.id);
      expect(data).toEqual([{ bio: 'Oi, eu sou a Ana' }]);
    });

    test('connections visibility: public → whoever sees the profile; friends → nobody else yet; private → the person (and admins)', async () => {
      await setVisibility('public', 'public');
      expect((await view(stranger.client, 'ana_perfil'))!.connections_visible).toBe(true);
      expect((await view(visitor, 'ana_perfil'))!.connections_visible).toBe(true);
      for (const level of ['friends', 'private'] as const) {
        await setVisibility('public', level);
        for (const client of [visitor, stranger.client, companion.client]) {
          expect((await view(client, 'ana_perfil'))!.connections_visible).toBe(false);
        }
        expect((await view(self.client, 'ana_perfil'))!.connections_visible).toBe(true);
        expect((await view(admin.client, 'ana_perfil'))!.connections_visible).toBe(true);
      }
    });

    test('an unknown username, and a banned account, show nothing to others', async () => {
      await setVisibility('public');
      expect(await view(stranger.client, 'ninguem_aqui')).toBeNull();
      const banned = await person('banida');
      await server.ctx.db.query(`update profiles set account_status = 'banned' where id = $1`, [banned.id]);
      expect(await view(visitor, 'banida')).toBeNull();
      expect(await view(stranger.client, 'banida')).toBeNull();
      expect(await view(admin.client, 'banida')).toMatchObject({ reach: 'full' });
    });
  });

  describe('profile and settings writes', () => {
    test('a person edits their own profile and settings; a stranger and a visitor change nothing', async () => {
      const { error } = await self.client.from('user_settings')
        .update({ friend_requests_from: 'companions', notebook_theme: 'teal', notebook_pre_moderation: true, notebook_author: ' Ana ' })
        .eq('user_id', self.id);
      expect(error).toBeNull();
      const { data: mine } = await self.client.from('user_settings')
        .select('friend_requests_from, notebook_theme, notebook_pre_moderation, notebook_author').eq('user_id', self.id);
      expect(mine).toEqual([{ friend_requests_from: 'companions', notebook_theme: 'teal', notebook_pre_moderation: true, notebook_author: 'Ana' }]);

      const { data: theirs } = await stranger.client.from('user_settings').select('notebook_theme').eq('user_id', self.id);
      expect(theirs).toEqual([]);
      await stranger.client.from('user_settings').update({ notebook_theme: 'pink' }).eq('user_id', self.id);
      await stranger.client.from('profiles').update({ bio: 'hackeado' }).eq('id', self.id);
      await visitor.from('profiles').update({ bio: 'hackeado' }).eq('id', self.id);
      const rows = await server.ctx.db.query<{ bio: string; notebook_theme: string }>(
        `select p.bio, s.notebook_theme from profiles p join user_settings s on s.user_id = p.id where p.id = $1`, [self.id]);
      expect(rows.rows).toEqual([{ bio: 'Oi, eu sou a Ana', notebook_theme: 'teal' }]);
    });

    test("admins: read no one's private settings and edit no one's profile (unaudited: issue 33 security review)", async () => {
      const { data: settings } = await admin.client.from('user_settings').select('notebook_theme').eq('user_id', self.id);
      expect(settings).toEqual([]);
      await server.ctx.db.query(`update profiles set avatar_url = $2 where id = $1`, [self.id, `${self.id}/avatar-old.webp`]);
      const elsewhere = await admin.client.from('profiles').update({ avatar_url: `${admin.id}/avatar-x.webp` }).eq('id', self.id).select('avatar_url');
      expect(elsewhere.data ?? []).toEqual([]);
      const cleared = await admin.client.from('profiles').update({ avatar_url: null }).eq('id', self.id).select('avatar_url');
      expect(cleared.data ?? []).toEqual([]);
      const rows = await server.ctx.db.query<{ avatar_url: string }>(`select avatar_url from profiles where id = $1`, [self.id]);
      expect(rows.rows).toEqual([{ avatar_url: `${self.id}/avatar-old.webp` }]);
    });

    test('bad values are refused with a 4xx: unknown choices, too long texts, forbidden words, an outside image address', async () => {
      const refusals = [
        await self.client.from('user_settings').update({ friend_requests_from: 'strangers' }).eq('user_id', self.id),
        await self.client.from('user_settings').update({ notebook_theme: 'neon' }).eq('user_id', self.id),
        await self.client.from('profiles').update({ bio: 'x'.repeat(301) }).eq('id', self.id),
        await self.client.from('profiles').update({ display_name: 'x'.repeat(51) }).eq('id', self.id),
        await self.client.from('profiles').update({ status_message: 'x'.repeat(81) }).eq('id', self.id),
        await self.client.from('profiles').update({ avatar_url: 'https://tracker.example/pixel.png' }).eq('id', self.id),
        await self.client.from('profiles').update({ cover_url: `${stranger.id}/cover-abc.webp` }).eq('id', self.id),
      ];
      for (const { error, status } of refusals) {
        expect(error).not.toBeNull();
        expect(status).toBeGreaterThanOrEqual(400);
        expect(status).toBeLessThan(500);
      }
      const words = await server.ctx.db.query<{ word: string }>(`select word from forbidden_words order by word limit 1`);
      const forbidden = await self.client.from('profiles').update({ status_message: `oi ${words.rows[0].word}` }).eq('id', self.id);
      expect(forbidden.error?.hint).toBe('forbidden_words');
      const authorForbidden = await self.client.from('user_settings').update({ notebook_author: words.rows[0].word }).eq('user_id', self.id);
      expect(authorForbidden.error?.hint).toBe('forbidden_words');
      const ok = await self.client.from('profiles').update({ avatar_url: `${self.id}/avatar-abc123.webp`, cover_url: null }).eq('id', self.id);
      expect(ok.error).toBeNull();
    });
  });

  describe('avatars and covers buckets', () => {
    test('a person uploads into their own folder; the image is read by anyone without a token, cached', async () => {
      const { error } = await self.client.storage.from('avatars').upload(`${self.id}/avatar-1.png`, PNG, { contentType: 'image/png' });
      expect(error).toBeNull();
      const response = await fetch(`${server.url}/storage/v1/object/public/avatars/${self.id}/avatar-1.png`);
      expect(response.status).toBe(200);
      expect(response.headers.get('cache-control')).toContain('max-age=3600');
      expect(Buffer.from(await response.arrayBuffer())).toEqual(PNG);
    });

    test("nobody writes into another person's folder: stranger, admin, visitor", async () => {
      for (const client of [stranger.client, admin.client, visitor]) {
        const { error } = await client.storage.from('avatars').upload(`${self.id}/avatar-evil.png`, PNG, { contentType: 'image/png' });
        expect(error).not.toBeNull();
        expect(String((error as { statusCode?: string }).statusCode)).toMatch(/^4/);
      }
      const { error: replace } = await stranger.client.storage.from('avatars')
        .upload(`${self.id}/avatar-1.png`, Buffer.from('x'), { contentType: 'image/png', upsert: true });
      expect(replace).not.toBeNull();
      await stranger.client.storage.from('avatars').remove([`${self.id}/avatar-1.png`]);
      const still = await fetch(`${server.url}/storage/v1/object/public/avatars/${self.id}/avatar-1.png`);
      expect(still.status).toBe(200);
    });

    test('a person lists only their own folder, and removes their own files', async () => {
      const { data: theirs } = await stranger.client.storage.from('avatars').list(self.id);
      expect(theirs ?? []).toEqual([]);
      const { data: mine } = await self.client.storage.from('avatars').list(self.id);
      expect(mine!.map((f) => f.name)).toContain('avatar-1.png');
      const { error } = await self.client.storage.from('avatars').remove([`${self.id}/avatar-1.png`]);
      expect(error).toBeNull();
      const gone = await fetch(`${server.url}/storage/v1/object/public/avatars/${self.id}/avatar-1.png`);
      expect(gone.status).toBe(400);
    });

    test('size and type limits (spec §5): avatar 2 MB, cover 5 MB, JPG/PNG/WebP only', async () => {
      const big = Buffer.concat([PNG, Buffer.alloc(2 * 1024 * 1024 + 1 - PNG.length)]);
      const tooBig = await self.client.storage.from('avatars').upload(`${self.id}/avatar-big.png`, big, { contentType: 'image/png' });
      expect(String((tooBig.error as { statusCode?: string }).statusCode)).toBe('413');
      const coverOk = await self.client.storage.from('covers').upload(`${self.id}/cover-big.png`, big, { contentType: 'image/png' });
      expect(coverOk.error).toBeNull();
      const coverTooBig = await self.client.storage.from('covers')
        .upload(`${self.id}/cover-huge.png`, Buffer.concat([PNG, Buffer.alloc(5 * 1024 * 1024 + 1)]), { contentType: 'image/png' });
      expect(String((coverTooBig.error as { statusCode?: string }).statusCode)).toBe('413');
      for (const type of ['image/gif', 'image/svg+xml', 'text/html']) {
        const wrong = await self.client.storage.from('avatars').upload(`${self.id}/avatar-x.png`, PNG, { contentType: type });
        expect(String((wrong.error as { statusCode?: string }).statusCode)).toBe('415');
      }
      // issue 28: an HTML page declared as a PNG is not a PNG; nothing is stored
      const page = '<html><script>alert(1)</script></html>';
      for (const type of ['image/png', 'image/png;text/html']) {
        const lie = await self.client.storage.from('avatars').upload(`${self.id}/x.png`, page, { contentType: type });
        expect(String((lie.error as { statusCode?: string }).statusCode)).toBe('415');
      }
      expect((await fetch(`${server.url}/storage/v1/object/public/avatars/${self.id}/x.png`)).status).toBe(400);
    });

    test('a banned person uploads nothing', async () => {
      const banned = await person('banido_img');
      await server.ctx.db.query(`update profiles set account_status = 'banned' where id = $1`, [banned.id]);
      const { error } = await banned.client.storage.from('avatars').upload(`${banned.id}/avatar-1.png`, PNG, { contentType: 'image/png' });
      expect(error).not.toBeNull();
    });
  });
});
