import { randomBytes, randomUUID } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import WebSocket from 'ws';
import { createClient, type SupabaseClient } from '@supabase/supabase-js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, TEST_BACKENDS, type TestServer } from '../testing.ts';

const MIGRATIONS = path.join(import.meta.dirname, 'test-fixtures', 'migrations');
/** The first bytes of a PNG and a (tiny) WebP: buckets with an allow-list look at them (issue 28). */
const PNG_MAGIC = Buffer.from('89504e470d0a1a0a', 'hex');
const WEBP = Buffer.concat([Buffer.from('RIFF'), Buffer.from([26, 0, 0, 0]), Buffer.from('WEBPVP8L'), randomBytes(18)]);

interface User {
  id: string;
  token: string;
  client: SupabaseClient;
}

describe.each(TEST_BACKENDS)('storage on $name', ({ postgresServerUrl }) => {
  let server: TestServer;
  let alice: User;
  let bob: User;

  /** A user row (the auth module is not needed) and a client carrying that user's access token. */
  async function createUser(email: string): Promise<User> {
    const id = randomUUID();
    await server.ctx.db.query(
      `insert into auth.users (id, email, aud, role) values ($1, $2, 'authenticated', 'authenticated')`,
      [id, email],
    );
    const token = await server.ctx.jwt.sign({ role: 'authenticated', sub: id, aud: 'authenticated' }, 3600);
    const client = createClient(server.url, server.ctx.config.anonKey, {
      auth: { persistSession: false, autoRefreshToken: false },
      realtime: { transport: WebSocket as never },
      global: { headers: { Authorization: `Bearer ${token}` } },
    });
    return { id, token, client };
  }

  async function bytesOf(blob: Blob | null): Promise<Buffer> {
    expect(blob).not.toBeNull();
    return Buffer.from(await blob!.arrayBuffer());
  }

  beforeAll(async () => {
    server = await startTestServer({ migrationsDir: MIGRATIONS, postgresServerUrl });
    alice = await createUser('alice@example.test');
    bob = await createUser('bob@example.test');
  });

  afterAll(async () => {
    await server?.close();
  });

  describe('upload and download', () => {
    it('round-trips bytes exactly, raw body and multipart form alike', async () => {
      const bytes = randomBytes(5000);
      const raw = await alice.client.storage.from('private').upload(`${alice.id}/raw.bin`, bytes, {
        contentType: 'application/octet-stream',
      });
      expect(raw.error).toBeNull();
      expect(raw.data).toMatchObject({ path: `${alice.id}/raw.bin`, fullPath: `private/${alice.id}/raw.bin` });
      expect(raw.data!.id).toMatch(/^[0-9a-f-]{36}$/);

      const form = await alice.client.storage
        .from('private')
        .upload(`${alice.id}/form.bin`, new Blob([bytes], { type: 'application/octet-stream' }));
      expect(form.error).toBeNull();

      for (const name of ['raw.bin', 'form.bin']) {
        const { data, error } = await alice.client.storage.from('private').download(`${alice.id}/${name}`);
        expect(error).toBeNull();
        expect((await bytesOf(data)).equals(bytes)).toBe(true);
      }
    });

    it('refuses to overwrite without x-upsert, overwrites with it, and update() replaces', async () => {
      const key = `${alice.id}/notes.txt`;
      const bucket = alice.client.storage.from('private');
      expect((await bucket.upload(key, 'first')).error).toBeNull();

      const again = await bucket.upload(key, 'second');
      expect(again.error).toMatchObject({ statusCode: '409', message: 'The resource already exists' });
      expect((await bytesOf((await bucket.download(key)).data)).toString()).toBe('first');

      expect((await bucket.upload(key, 'second', { upsert: true })).error).toBeNull();
      expect((await bytesOf((await bucket.download(key)).data)).toString()).toBe('second');

      expect((await bucket.update(key, 'third')).error).toBeNull();
      expect((await bytesOf((await bucket.download(key)).data)).toString()).toBe('third');
    });

    it('answers Content-Type, ETag, Content-Length and Cache-Control max-age=3600 by default', async () => {
      const key = `${alice.id}/plain.txt`;
      // A raw upload without Cache-Control: the server's default applies.
      const response = await fetch(`${server.url}/storage/v1/object/private/${key}`, {
        method: 'POST',
        headers: { authorization: `Bearer ${alice.token}`, 'content-type': 'text/plain' },
        body: 'hello',
      });
      expect(response.status).toBe(200);
      expect(await response.json()).toMatchObject({ Key: `private/${key}` });

      const download = await fetch(`${server.url}/storage/v1/object/authenticated/private/${key}`, {
        headers: { authorization: `Bearer ${alice.token}` },
      });
      expect(download.status).toBe(200);
      expect(download.headers.get('content-type')).toBe('text/plain');
      expect(download.headers.get('cache-control')).toBe('max-age=3600');
      expect(download.headers.get('content-length')).toBe('5');
      expect(download.headers.get('etag')).toBe('"5d41402abc4b2a76b9719d911017c592"'); // md5("hello")
      expect(await download.text()).toBe('hello');

      // storage-js's cacheControl option is stored as max-age=<seconds>.
      await alice.client.storage.from('private').upload(`${alice.id}/short.txt`, 'x', { cacheControl: '60' });
      const short = await fetch(`${server.url}/storage/v1/object/private/${alice.id}/short.txt`, {
        headers: { authorization: `Bearer ${alice.token}` },
      });
      expect(short.headers.get('cache-control')).toBe('max-age=60');
    });

    it('serves a byte range with 206 and answers 304 to a matching If-None-Match', async () => {
      const key = `${alice.id}/digits.txt`;
      await alice.client.storage.from('private').upload(key, '0123456789');
      const url = `${server.url}/storage/v1/object/private/${key}`;
      const ranged = await fetch(url, { headers: { authorization: `Bearer ${alice.token}`, range: 'bytes=2-5' } });
      expect(ranged.status).toBe(206);
      expect(ranged.headers.get('content-range')).toBe('bytes 2-5/10');
      expect(await ranged.text()).toBe('2345');

      const etag = ranged.headers.get('etag')!;
      const cached = await fetch(url, { headers: { authorization: `Bearer ${alice.token}`, 'if-none-match': etag } });
      expect(cached.status).toBe(304);
    });
  });

  describe('authorisation by the RLS policies of storage.objects', () => {
    it('keeps another user out of a private folder: no read, no write, no delete', async () => {
      const key = `${alice.id}/secret.txt`;
      expect((await alice.client.storage.from('private').upload(key, 'mine')).error).toBeNull();

      const read = await bob.client.storage.from('private').download(key);
      expect(read.data).toBeNull();
      expect(read.error).toMatchObject({ status: 400, statusCode: '404' });

      const write = await bob.client.storage.from('private').upload(key, 'overwritten', { upsert: true });
      expect(write.error).toMatchObject({ statusCode: '403', message: expect.stringContaining('row-level security') });

      const intrude = await bob.client.storage.from('private').upload(`${alice.id}/planted.txt`, 'x');
      expect(intrude.error).toMatchObject({ statusCode: '403' });

      const removal = await bob.client.storage.from('private').remove([key]);
      expect(removal).toEqual({ data: [], error: null });

      const signed = await bob.client.storage.from('private').createSignedUrl(key, 60);
      expect(signed.error).toMatchObject({ statusCode: '404' });

      const anon = await server.anonClient().storage.from('private').download(key);
      expect(anon.error).not.toBeNull();

      // Still there, unchanged, for its owner.
      expect((await bytesOf((await alice.client.storage.from('private').download(key)).data)).toString()).toBe('mine');
    });

    it('lets the owner remove their files, which then are gone', async () => {
      const key = `${alice.id}/to-remove.txt`;
      await alice.client.storage.from('private').upload(key, 'bye');
      const { data, error } = await alice.client.storage.from('private').remove([key]);
      expect(error).toBeNull();
      expect(data).toEqual([expect.objectContaining({ name: key, bucket_id: 'private' })]);
      const after = await alice.client.storage.from('private').download(key);
      expect(after.error).toMatchObject({ statusCode: '404' });
    });

    it('reports a missing object as statusCode 404 in the body, HTTP 400 as Supabase does', async () => {
      const response = await fetch(`${server.url}/storage/v1/object/private/${alice.id}/nothing-here`, {
        headers: { authorization: `Bearer ${alice.token}` },
      });
      expect(response.status).toBe(400);
      expect(await response.json()).toEqual({
        statusCode: '404',
        code: 'NoSuchKey',
        error: 'not_found',
        message: 'Object not found',
      });
    });

    it('refuses forged tokens', async () => {
      const forged = alice.token.slice(0, -4) + 'AAAA';
      const response = await fetch(`${server.url}/storage/v1/object/private/${alice.id}/x.txt`, {
        method: 'POST',
        headers: { authorization: `Bearer ${forged}` },
        body: 'x',
      });
      expect(response.status).toBe(400);
      expect(await response.json()).toMatchObject({ statusCode: '403', code: 'AccessDenied' });
    });
  });

  describe('public buckets and signed URLs', () => {
    it('serves a public object at its public URL with no token at all', async () => {
      const png = Buffer.concat([Buffer.from('89504e470d0a1a0a', 'hex'), randomBytes(100)]);
      const key = `${alice.id}/avatar.png`;
      const upload = await alice.client.storage.from('avatars').upload(key, png, { contentType: 'image/png' });
      expect(upload.error).toBeNull();

      const { publicUrl } = alice.client.storage.from('avatars').getPublicUrl(key).data;
      const response = await fetch(publicUrl);
      expect(response.status).toBe(200);
      expect(response.headers.get('content-type')).toBe('image/png');
      expect(response.headers.get('cache-control')).toBe('max-age=3600');
      expect(Buffer.from(await response.arrayBuffer()).equals(png)).toBe(true);

      // The same URL form does not open a private bucket.
      await alice.client.storage.from('private').upload(`${alice.id}/hidden.txt`, 'no');
      const hidden = await fetch(alice.client.storage.from('private').getPublicUrl(`${alice.id}/hidden.txt`).data.publicUrl);
      expect(hidden.status).toBe(400);
      expect(await hidden.json()).toMatchObject({ statusCode: '404', error: 'Bucket not found' });
    });

    it('signs a URL that downloads without a token, and rejects a tampered one', async () => {
      const key = `${alice.id}/signed.txt`;
      await alice.client.storage.from('private').upload(key, 'signed content');
      const { data, error } = await alice.client.storage.from('private').createSignedUrl(key, 60);
      expect(error).toBeNull();
      const response = await fetch(data!.signedUrl);
      expect(response.status).toBe(200);
      expect(response.headers.get('expires')).toBeTruthy();
      expect(await response.text()).toBe('signed content');

      const otherKey = data!.signedUrl.replace('signed.txt', 'secret.txt');
      expect((await fetch(otherKey)).status).toBe(400);

      const many = await alice.client.storage.from('private').createSignedUrls([key, `${bob.id}/nope.txt`], 60);
      expect(many.error).toBeNull();
      expect(many.data![0]).toMatchObject({ path: key, error: null });
      expect(many.data![1]).toMatchObject({ signedUrl: null, error: expect.stringContaining('does not exist') });
    });
    it('hands out a signed upload URL only where the caller may upload, and the token uploads once', async () => {
      const key = `${alice.id}/via-signed-upload.txt`;
      const signed = await alice.client.storage.from('private').createSignedUploadUrl(key);
      expect(signed.error).toBeNull();
      // Anyone holding the token can upload (no Authorization needed), as on Supabase.
      const upload = await server.anonClient().storage.from('private').uploadToSignedUrl(key, signed.data!.token, 'uploaded');
      expect(upload.error).toBeNull();
      expect(upload.data).toMatchObject({ path: key, fullPath: `private/${key}` });
      expect((await bytesOf((await alice.client.storage.from('private').download(key)).data)).toString()).toBe('uploaded');
      // Without upsert the token does not overwrite.
      const again = await server.anonClient().storage.from('private').uploadToSignedUrl(key, signed.data!.token, 'again');
      expect(again.error).toMatchObject({ statusCode: '409' });

      const refused = await bob.client.storage.from('private').createSignedUploadUrl(`${alice.id}/bob-was-here.txt`);
      expect(refused.error).toMatchObject({ statusCode: '403' });
    });

    it('answers exists() with true and false through HEAD', async () => {
      const key = `${alice.id}/exists.txt`;
      await alice.client.storage.from('private').upload(key, 'here');
      expect(await alice.client.storage.from('private').exists(key)).toMatchObject({ data: true, error: null });
      expect((await alice.client.storage.from('private').exists(`${alice.id}/absent.txt`)).data).toBe(false);
      const info = await alice.client.storage.from('private').info(key);
      expect(info.error).toBeNull();
      expect(info.data).toMatchObject({ name: key, bucketId: 'private', size: 4, contentType: 'text/plain;charset=UTF-8' });
    });
  });

  describe('list', () => {
    it('lists one folder level: folders and files, name ascending, limit 100 by default', async () => {
      const bucket = alice.client.storage.from('private');
      for (const name of ['list/b.txt', 'list/A.txt', 'list/sub/deep.txt', 'list/c.txt', 'list/sub2/x/y.txt']) {
        expect((await bucket.upload(`${alice.id}/${name}`, name)).error).toBeNull();
      }
      const { data, error } = await bucket.list(`${alice.id}/list`);
      expect(error).toBeNull();
      expect(data!.map((e) => e.name)).toEqual(['A.txt', 'b.txt', 'c.txt', 'sub', 'sub2']);
      const folder = data!.find((e) => e.name === 'sub')!;
      expect(folder).toEqual({
        name: 'sub',
        id: null,
        updated_at: null,
        created_at: null,
        last_accessed_at: null,
        metadata: null,
      });
      const file = data!.find((e) => e.name === 'b.txt')!;
      expect(file.id).toMatch(/^[0-9a-f-]{36}$/);
      expect(file.metadata).toMatchObject({ size: 10, mimetype: 'text/plain;charset=UTF-8', cacheControl: 'max-age=3600' });
      expect(file.created_at).toMatch(/^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\.\d{3}Z$/);

      const searched = await bucket.list(`${alice.id}/list`, { search: 'su' });
      expect(searched.data!.map((e) => e.name)).toEqual(['sub', 'sub2']);

      const descending = await bucket.list(`${alice.id}/list`, { sortBy: { column: 'name', order: 'desc' } });
      expect(descending.data!.map((e) => e.name)).toEqual(['sub2', 'sub', 'c.txt', 'b.txt', 'A.txt']);
    });

    it('pages 100 entries at a time by default, with offset', async () => {
      // Rows only (list reads metadata, not bytes); written as the database owner.
      await server.ctx.db.query(
        `insert into storage.objects (bucket_id, name, owner_id, metadata)
         select 'private', $1 || '/many/f' || lpad(i::text, 3, '0'), $2, '{}'::jsonb from generate_series(1, 120) i`,
        [alice.id, alice.id],
      );
      const bucket = alice.client.storage.from('private');
      const first = await bucket.list(`${alice.id}/many`);
      expect(first.data).toHaveLength(100);
      expect(first.data![0].name).toBe('f001');
      expect(first.data![99].name).toBe('f100');
      const rest = await bucket.list(`${alice.id}/many`, { offset: 100 });
      expect(rest.data!.map((e) => e.name)).toEqual(Array.from({ length: 20 }, (_, i) => `f${101 + i}`));

      const bobSees = await bob.client.storage.from('private').list(`${alice.id}/many`);
      expect(bobSees).toEqual({ data: [], error: null });
    });
  });

  describe('bucket rules', () => {
    it('refuses a file larger than the bucket limit with 413 Payload too large', async () => {
      const big = Buffer.alloc(70_000, 1);
      const raw = await alice.client.storage
        .from('avatars')
        .upload(`${alice.id}/big.png`, big, { contentType: 'image/png' });
      expect(raw.error).toMatchObject({ statusCode: '413', message: 'The object exceeded the maximum allowed size' });

      const form = await alice.client.storage
        .from('avatars')
        .upload(`${alice.id}/big2.png`, new Blob([big], { type: 'image/png' }));
      expect(form.error).toMatchObject({ statusCode: '413' });

      const response = await fetch(`${server.url}/storage/v1/object/avatars/${alice.id}/big3.png`, {
        method: 'POST',
        headers: { authorization: `Bearer ${alice.token}`, 'content-type': 'image/png' },
        body: big,
      });
      expect(await response.json()).toMatchObject({ statusCode: '413', error: 'Payload too large' });

      const listed = await alice.client.storage.from('avatars').list(alice.id);
      expect(listed.data!.map((e) => e.name)).not.toContain('big.png');
    });

    it('refuses a MIME type the bucket does not allow with 415 invalid_mime_type; image/* allows any image', async () => {
      const text = await alice.client.storage.from('avatars').upload(`${alice.id}/note.txt`, 'text', {
        contentType: 'text/plain',
      });
      expect(text.error).toMatchObject({ statusCode: '415', message: 'mime type text/plain is not supported' });

      const response = await fetch(`${server.url}/storage/v1/object/avatars/${alice.id}/note2.txt`, {
        method: 'POST',
        headers: { authorization: `Bearer ${alice.token}`, 'content-type': 'application/pdf' },
        body: 'x',
      });
      expect(await response.json()).toMatchObject({ statusCode: '415', error: 'invalid_mime_type' });

      const webp = await alice.client.storage
        .from('avatars')
        .upload(`${alice.id}/pic.webp`, new Blob([WEBP], { type: 'image/webp' }));
      expect(webp.error).toBeNull();
    });

    it('refuses, in a bucket that allows only some types, a file whose first bytes are not one of them, however its type is declared (issue 28)', async () => {
      const html = '<!doctype html><html><body><script>alert(document.cookie)</script></body></html>';
      const refused = { statusCode: '415', code: 'InvalidMimeType', error: 'invalid_mime_type' };
      for (const type of ['image/png', 'image/png;text/html', 'image/png; charset=utf-8', 'image/webp']) {
        const response = await fetch(`${server.url}/storage/v1/object/avatars/${alice.id}/lie.png`, {
          method: 'POST',
          headers: { authorization: `Bearer ${alice.token}`, 'content-type': type },
          body: html,
        });
        expect(response.status, type).toBe(400);
        expect(await response.json(), type).toMatchObject(refused);
      }
      // a multipart form whose file part says text/html and whose contentType field says image/png
      const form = new FormData();
      form.append('cacheControl', '3600');
      form.append('contentType', 'image/png');
      form.append('', new Blob([html], { type: 'text/html' }), 'x.png');
      const multipart = await fetch(`${server.url}/storage/v1/object/avatars/${alice.id}/lie.png`, {
        method: 'POST',
        headers: { authorization: `Bearer ${alice.token}` },
        body: form,
      });
      expect(await multipart.json()).toMatchObject(refused);
      // through storage-js too; a WebP's RIFF without its WEBP mark is not a WebP
      const viaClient = await alice.client.storage.from('avatars').upload(`${alice.id}/lie2.png`, html, { contentType: 'image/png' });
      expect(viaClient.error).toMatchObject({ statusCode: '415' });
      const riff = await alice.client.storage.from('avatars').upload(`${alice.id}/lie.webp`, Buffer.from('RIFF0000WAVEfmt '), { contentType: 'image/webp' });
      expect(riff.error).toMatchObject({ statusCode: '415' });
      expect((await alice.client.storage.from('avatars').list(alice.id)).data!.map((e) => e.name)).not.toContain('lie.png');

      // a real PNG declared with a stray parameter is stored and served as what it is
      const png = Buffer.concat([PNG_MAGIC, randomBytes(40)]);
      const ok = await fetch(`${server.url}/storage/v1/object/avatars/${alice.id}/true.png`, {
        method: 'POST',
        headers: { authorization: `Bearer ${alice.token}`, 'content-type': 'image/png;text/html' },
        body: png,
      });
      expect(ok.status).toBe(200);
      const served = await fetch(`${server.url}/storage/v1/object/public/avatars/${alice.id}/true.png`);
      expect(served.headers.get('content-type')).toBe('image/png');
      expect(Buffer.from(await served.arrayBuffer()).equals(png)).toBe(true);
    });

    it('serves every stored object with nosniff and a sandboxing Content-Security-Policy (public, authenticated, signed)', async () => {
      const png = Buffer.concat([PNG_MAGIC, randomBytes(40)]);
      expect((await alice.client.storage.from('avatars').upload(`${alice.id}/headers.png`, png, { contentType: 'image/png' })).error).toBeNull();
      // a bucket without an allow-list keeps what it is given: the headers keep a browser from running it
      expect((await alice.client.storage.from('private').upload(`${alice.id}/page.html`, '<script>alert(1)</script>', { contentType: 'text/html' })).error).toBeNull();
      const signed = await alice.client.storage.from('private').createSignedUrl(`${alice.id}/page.html`, 60);
      const answers = [
        await fetch(`${server.url}/storage/v1/object/public/avatars/${alice.id}/headers.png`),
        await fetch(`${server.url}/storage/v1/object/public/avatars/${alice.id}/headers.png`, { headers: { range: 'bytes=0-3' } }),
        await fetch(`${server.url}/storage/v1/object/authenticated/private/${alice.id}/page.html`, { headers: { authorization: `Bearer ${alice.token}` } }),
        await fetch(signed.data!.signedUrl),
        await fetch(`${server.url}/storage/v1/object/public/avatars/${alice.id}/headers.png`, { method: 'HEAD' }),
      ];
      for (const response of answers) {
        expect(response.status, response.url).toBeLessThan(300);
        expect(response.headers.get('x-content-type-options'), response.url).toBe('nosniff');
        expect(response.headers.get('content-security-policy'), response.url).toBe("default-src 'none'; sandbox");
      }
    });

    it('creates buckets with the service role only (RLS on storage.buckets), and never deletes a non-empty one', async () => {
      const denied = await alice.client.storage.createBucket('alice-bucket', { public: false });
      expect(denied.error).toMatchObject({ statusCode: '403' });

      const service = server.serviceClient();
      const created = await service.storage.createBucket('docs', {
        public: false,
        fileSizeLimit: '1MB',
        allowedMimeTypes: ['application/pdf'],
      });
      expect(created).toEqual({ data: { name: 'docs' }, error: null });
      const bucket = await service.storage.getBucket('docs');
      expect(bucket.data).toMatchObject({ id: 'docs', public: false, file_size_limit: 1_000_000, allowed_mime_types: ['application/pdf'] });
      expect((await service.storage.createBucket('docs')).error).toMatchObject({ statusCode: '409' });

      const listed = await service.storage.listBuckets();
      expect(listed.data!.map((b) => b.id)).toEqual(expect.arrayContaining(['avatars', 'private', 'docs']));

      expect((await service.storage.from('docs').upload('a.pdf', '%PDF-1.4 a', { contentType: 'application/pdf' })).error).toBeNull();
      expect((await service.storage.deleteBucket('docs')).error).toMatchObject({ statusCode: '409' });
      expect((await service.storage.emptyBucket('docs')).error).toBeNull();
      expect((await service.storage.deleteBucket('docs')).data).toEqual({ message: 'Successfully deleted' });
      expect((await service.storage.getBucket('docs')).error).toMatchObject({ statusCode: '404' });
    });
  });

  describe('move and copy', () => {
    it('moves and copies within the caller’s folder; not into someone else’s', async () => {
      const bucket = alice.client.storage.from('private');
      await bucket.upload(`${alice.id}/move-me.txt`, 'payload');
      expect((await bucket.move(`${alice.id}/move-me.txt`, `${alice.id}/moved.txt`)).error).toBeNull();
      expect((await bucket.download(`${alice.id}/move-me.txt`)).error).toMatchObject({ statusCode: '404' });
      expect((await bytesOf((await bucket.download(`${alice.id}/moved.txt`)).data)).toString()).toBe('payload');

      const copy = await bucket.copy(`${alice.id}/moved.txt`, `${alice.id}/copied.txt`);
      expect(copy).toEqual({ data: { path: `private/${alice.id}/copied.txt` }, error: null });
      expect((await bytesOf((await bucket.download(`${alice.id}/copied.txt`)).data)).toString()).toBe('payload');

      const escape = await bucket.move(`${alice.id}/moved.txt`, `${bob.id}/stolen.txt`);
      expect(escape.error).toMatchObject({ statusCode: '403' });
      expect((await bucket.download(`${alice.id}/moved.txt`)).error).toBeNull();
    });
  });

  describe('bad input', () => {
    const traversalKeys = [
      '..%2F..%2Fescape.txt',
      '%2E%2E%2Fescape.txt',
      'a%2F..%2F..%2F..%2Fescape.txt',
      '%2Fetc%2Fescape.txt',
      'nul%00byte.txt',
      'back%5C..%5Cslash.txt',
      'a%2F%2Fdouble.txt',
      '%E0%A4%A',
    ];

    it.each(traversalKeys)('refuses the key %s with 400 InvalidKey and writes nothing outside', async (encoded) => {
      const response = await fetch(`${server.url}/storage/v1/object/private/${alice.id}/${encoded}`, {
        method: 'POST',
        headers: { authorization: `Bearer ${alice.token}`, 'content-type': 'text/plain' },
        body: 'attack',
      });
      expect(response.status).toBe(400);
      expect(await response.json()).toMatchObject({ statusCode: '400', code: 'InvalidKey' });

      const download = await fetch(`${server.url}/storage/v1/object/private/${alice.id}/${encoded}`, {
        headers: { authorization: `Bearer ${alice.token}` },
      });
      expect(download.status).toBe(400);
    });

    it('wrote nothing outside the bucket folders during those attempts', () => {
      // In-memory test servers keep objects in <tmpdir>/cadernos-storage-*/<bucket>/…
      const tmp = os.tmpdir();
      const roots = fs.readdirSync(tmp).filter((d) => d.startsWith('cadernos-storage-'));
      expect(roots.length).toBeGreaterThan(0);
      expect(fs.existsSync(path.join(tmp, 'escape.txt'))).toBe(false);
      for (const root of roots) expect(fs.existsSync(path.join(tmp, root, 'escape.txt'))).toBe(false);
    });

    it('answers malformed JSON and bad list options with 400, never 500', async () => {
      const headers = { authorization: `Bearer ${alice.token}`, 'content-type': 'application/json' };
      const malformed = await fetch(`${server.url}/storage/v1/object/list/private`, { method: 'POST', headers, body: '{' });
      expect(malformed.status).toBe(400);
      const noPrefix = await fetch(`${server.url}/storage/v1/object/list/private`, { method: 'POST', headers, body: '{}' });
      expect(await noPrefix.json()).toMatchObject({ statusCode: '400' });
      const badSort = await alice.client.storage
        .from('private')
        .list(alice.id, { sortBy: { column: 'name; drop table storage.objects', order: 'asc' } });
      expect(badSort.error).toMatchObject({ status: 400 });
      const badRemove = await fetch(`${server.url}/storage/v1/object/private`, {
        method: 'DELETE',
        headers,
        body: JSON.stringify({ prefixes: 'not-an-array' }),
      });
      expect(badRemove.status).toBe(400);
      const unknownBucket = await alice.client.storage.from('nope').upload('x.txt', 'x');
      expect(unknownBucket.error).toMatchObject({ statusCode: '404', message: 'Bucket not found' });
    });
  });
});
