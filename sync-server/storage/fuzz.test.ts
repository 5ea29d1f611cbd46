/**
 * Generated bad input at /storage/v1, on every route storage-js uses: odd bucket names and keys
 * (dot segments, encoded slashes and NULs, unicode, very long), bodies of the wrong shape or type
 * (null, arrays, strings, wrong field types, invalid JSON, broken multipart, oversized), odd headers
 * (Range, x-upsert, x-metadata, Cache-Control, Content-Type), forged or foreign tokens and random
 * signed-URL tokens. The server never answers 5xx, errors come in Storage's envelope, and it keeps
 * answering. Counts per kind and outcome are printed for the closing note.
 */
import http from 'node:http';
import path from 'node:path';
import fc from 'fast-check';
import { SignJWT } from 'jose';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, TEST_BACKENDS, type TestServer } from '../testing.ts';

const MIGRATIONS = path.join(import.meta.dirname, 'test-fixtures', 'migrations');
const RUNS = Number(process.env.STORAGE_FUZZ_RUNS ?? 800);
const ALICE = '00000000-0000-4000-8000-0000000000a1';

const ODD = ['"', "'", '(', ')', ',', '.', '..', '\\', '{', '}', '*', '%', '%zz', '%00', '%2f', '%2e%2e', ':', ' ', 'é', '𝄞', '\u202e', '\u200b', ';', '//', '?', '#', '&', '+', '='];
const oddString = fc
  .array(fc.oneof(fc.constantFrom(...ODD), fc.string({ maxLength: 6 }), fc.integer().map(String)), { minLength: 1, maxLength: 5 })
  .map((parts) => parts.join(''));
/** A path segment: mostly left as generated (so %zz and %00 stay raw), sometimes encoded. */
const segment = fc.oneof(oddString, oddString.map(encodeURIComponent));
const bucketName = fc.oneof(
  { weight: 6, arbitrary: fc.constantFrom('avatars', 'private') },
  { weight: 2, arbitrary: fc.constantFrom('nope', '.tmp', '%2e%2e', 'a'.repeat(150), 'UPPER', 'with space') },
  { weight: 2, arbitrary: segment },
);
const key = fc.oneof(
  { weight: 5, arbitrary: fc.constantFrom(`${ALICE}/a.png`, `${ALICE}/notes.txt`, `${ALICE}/deep/er/file.bin`, 'someone-else/x.png', `${ALICE}/missing.png`) },
  { weight: 3, arbitrary: fc.array(segment, { minLength: 1, maxLength: 4 }).map((parts) => parts.join('/')) },
  { weight: 1, arbitrary: fc.constantFrom('', '/', 'a//b', '../../etc/passwd', '%2e%2e/%2e%2e/x', 'a/%00/b', 'x'.repeat(2000), `${ALICE}/`) },
);
const headerText = fc.string({ maxLength: 40 }).map((s) => s.replace(/[^\x20-\x7e]/g, '?'));
const anyJson = fc.jsonValue({ maxDepth: 2 });

/** A JSON body with the fields a route reads, given values of any type. */
const fields = (names: string[]) =>
  fc.oneof(
    { weight: 5, arbitrary: fc.dictionary(fc.constantFrom(...names), fc.oneof(anyJson, oddString, key), { maxKeys: names.length }).map((o) => JSON.stringify(o)) },
    { weight: 2, arbitrary: anyJson.map((v) => JSON.stringify(v)) },
    { weight: 1, arbitrary: fc.constantFrom('', 'null', '[]', '"x"', '{', '{"prefix":', 'nul', '\u0000', '{"a":1e999999}', '{"paths":null}', '{"prefixes":"x"}') },
  );

/** Bytes for an upload: raw, a broken or odd multipart form, or text. */
const uploadBody = fc.oneof(
  { weight: 3, arbitrary: fc.uint8Array({ maxLength: 256 }).map((b) => ({ kind: 'raw bytes', body: Buffer.from(b), multipart: false })) },
  {
    weight: 2,
    arbitrary: fc
      .constantFrom(
        '--x\r\nContent-Disposition: form-data; name="file"; filename="a.png"\r\nContent-Type: image/png\r\n\r\nPNG\r\n--x--\r\n',
        '--x\r\nContent-Disposition: form-data; name="cacheControl"\r\n\r\n3600\r\n--x--\r\n',
        '--x\r\nContent-Disposition: form-data; name="file"\r\n\r\nno end',
        '--y\r\nnot the boundary\r\n--y--',
        '',
        'garbage',
        '--x\r\nContent-Disposition: form-data; name="metadata"\r\n\r\n{not json\r\n--x\r\nContent-Disposition: form-data; name="file"; filename="b"\r\n\r\nB\r\n--x--\r\n',
      )
      .map((text) => ({ kind: 'multipart', body: Buffer.from(text), multipart: true })),
  },
  { weight: 1, arbitrary: fc.constant({ kind: 'oversized', body: Buffer.alloc(0), multipart: false }) },
);
/** Stands for 2 MiB, made when sent (a counterexample stays readable). */
const oversized = () => Buffer.alloc(2 * 1024 * 1024, 120);

interface Generated {
  kind: string;
  method: string;
  path: string;
  query?: string;
  body?: string | Buffer;
  multipart?: boolean;
}

function requestArbitrary(): fc.Arbitrary<Generated> {
  const at = (b: string, k: string) => `${b}/${k}`;
  return fc.oneof(
    fc.record({ q: fc.constantFrom('', '?limit=2', '?limit=-1', '?limit=abc', '?offset=9999999999999', '?search=%zz', '?sortColumn=nope&sortOrder=sideways') }).map(({ q }) => ({ kind: 'list buckets', method: 'GET', path: '/bucket', query: q })),
    bucketName.map((b) => ({ kind: 'get bucket', method: 'GET', path: `/bucket/${b}` })),
    fields(['id', 'name', 'public', 'file_size_limit', 'allowed_mime_types']).map((body) => ({ kind: 'create bucket', method: 'POST', path: '/bucket', body })),
    fc.tuple(bucketName, fields(['public', 'file_size_limit', 'allowed_mime_types'])).map(([b, body]) => ({ kind: 'update bucket', method: 'PUT', path: `/bucket/${b}`, body })),
    bucketName.map((b) => ({ kind: 'empty bucket', method: 'POST', path: `/bucket/${b}/empty` })),
    bucketName.map((b) => ({ kind: 'delete bucket', method: 'DELETE', path: `/bucket/${b}` })),
    fc.tuple(bucketName, key, uploadBody, fc.constantFrom('POST', 'PUT')).map(([b, k, u, method]) => ({
      kind: `upload (${u.kind})`, method, path: `/object/${at(b, k)}`, body: u.kind === 'oversized' ? OVERSIZED_MARK : u.body, multipart: u.multipart,
    })),
    fc.tuple(fc.constantFrom('', 'public/', 'authenticated/', 'info/', 'info/public/', 'info/authenticated/'), bucketName, key, fc.constantFrom('GET', 'HEAD'), fc.constantFrom('', '?download', '?download=a%22b.txt', '?download=%zz')).map(([prefix, b, k, method, q]) => ({
      kind: `read ${prefix || 'object/'}`.trim(), method, path: `/object/${prefix}${at(b, k)}`, query: q,
    })),
    fc.tuple(bucketName, fields(['prefix', 'limit', 'offset', 'sortBy', 'search'])).map(([b, body]) => ({ kind: 'list objects', method: 'POST', path: `/object/list/${b}`, body })),
    fc.tuple(fc.constantFrom('move', 'copy'), fields(['bucketId', 'sourceKey', 'destinationKey', 'destinationBucket'])).map(([op, body]) => ({ kind: op, method: 'POST', path: `/object/${op}`, body })),
    fc.tuple(bucketName, key, fields(['expiresIn', 'paths', 'download'])).map(([b, k, body]) => ({ kind: 'sign URL', method: 'POST', path: `/object/sign/${at(b, k)}`, body })),
    fc.tuple(bucketName, fields(['expiresIn', 'paths'])).map(([b, body]) => ({ kind: 'sign URLs', method: 'POST', path: `/object/sign/${b}`, body })),
    fc.tuple(bucketName, key, fc.oneof(headerText, fc.constantFrom('', 'a.b.c', 'eyJ.eyJ.x'))).map(([b, k, t]) => ({ kind: 'signed download', method: 'GET', path: `/object/sign/${at(b, k)}`, query: `?token=${encodeURIComponent(t)}` })),
    fc.tuple(bucketName, key).map(([b, k]) => ({ kind: 'sign upload URL', method: 'POST', path: `/object/upload/sign/${at(b, k)}` })),
    fc.tuple(bucketName, key, fc.oneof(headerText, fc.constant('')), uploadBody).map(([b, k, t, u]) => ({
      kind: 'signed upload', method: 'PUT', path: `/object/upload/sign/${at(b, k)}`, query: `?token=${encodeURIComponent(t)}`, body: u.kind === 'oversized' ? OVERSIZED_MARK : u.body, multipart: u.multipart,
    })),
    fc.tuple(bucketName, key).map(([b, k]) => ({ kind: 'remove one', method: 'DELETE', path: `/object/${at(b, k)}` })),
    fc.tuple(bucketName, fields(['prefixes'])).map(([b, body]) => ({ kind: 'remove many', method: 'DELETE', path: `/object/${b}`, body })),
    fc.tuple(fc.array(segment, { maxLength: 4 }), fc.constantFrom('GET', 'POST', 'PUT', 'PATCH', 'DELETE', 'PROPFIND')).map(([parts, method]) => ({ kind: 'other path', method, path: `/${parts.join('/')}` })),
  );
}
const OVERSIZED_MARK = '<2 MiB>';
const RESTORE_BUCKETS = `insert into storage.buckets (id, name, public, file_size_limit, allowed_mime_types)
  values ('avatars', 'avatars', true, 65536, array['image/*']), ('private', 'private', false, null, null)
  on conflict (id) do update set public = excluded.public, file_size_limit = excluded.file_size_limit, allowed_mime_types = excluded.allowed_mime_types`;

/** One request on a connection of its own (node:http): a 2 MiB upload may be answered before it is read. */
function send(url: string, method: string, headers: Record<string, string>, body?: string | Buffer): Promise<{ status: number; text: string }> {
  return new Promise((resolve, reject) => {
    const payload = body === undefined ? undefined : Buffer.isBuffer(body) ? body : Buffer.from(body);
    const req = http.request(url, { method, agent: false, headers: payload ? { ...headers, 'content-length': String(payload.length) } : headers }, (res) => {
      const chunks: Buffer[] = [];
      res.on('data', (c: Buffer) => chunks.push(c));
      res.on('end', () => resolve({ status: res.statusCode ?? 0, text: Buffer.concat(chunks).toString('utf8') }));
    });
    // A server that answers a 2 MiB upload early may close before it is all sent.
    req.on('error', (error) => (payload && payload.length > 1024 * 1024 ? resolve({ status: 0, text: String(error) }) : reject(error)));
    req.end(payload);
  });
}

describe.each(TEST_BACKENDS)('storage/v1 under generated bad input on $name', ({ postgresServerUrl }) => {
  let server: TestServer;
  let tokens: { name: string; value: string }[];

  beforeAll(async () => {
    server = await startTestServer({ migrationsDir: MIGRATIONS, postgresServerUrl });
    const { jwt, config } = server.ctx;
    await server.ctx.db.query(`insert into auth.users (id, email, aud, role) values ($1, 'alice-fuzz@example.test', 'authenticated', 'authenticated')`, [ALICE]);
    const alice = await jwt.sign({ role: 'authenticated', sub: ALICE, aud: 'authenticated' }, 3600);
    for (const [bucket, name, type, bytes] of [['avatars', 'a.png', 'image/png', Buffer.from('89504e470d0a1a0a00', 'hex')], ['private', 'notes.txt', 'text/plain', 'hello']] as const) {
      const res = await fetch(`${server.url}/storage/v1/object/${bucket}/${ALICE}/${name}`, { method: 'POST', headers: { authorization: `Bearer ${alice}`, 'content-type': type }, body: bytes });
      expect(res.status).toBe(200);
    }
    const [header, payload, signature] = alice.split('.');
    const b64 = (o: object) => Buffer.from(JSON.stringify(o)).toString('base64url');
    const now = Math.floor(Date.now() / 1000);
    tokens = [
      { name: 'alice', value: alice },
      { name: 'service key', value: config.serviceRoleKey },
      { name: 'anon key', value: config.anonKey },
      { name: 'someone else', value: await jwt.sign({ role: 'authenticated', sub: crypto.randomUUID(), aud: 'authenticated' }, 3600) },
      { name: 'expired', value: await jwt.sign({ role: 'authenticated', sub: ALICE }, -60) },
      { name: 'forged', value: `${header}.${b64({ role: 'service_role', exp: now + 3600 })}.${signature}` },
      { name: 'alg none', value: `${b64({ alg: 'none', typ: 'JWT' })}.${payload}.` },
      { name: 'other secret', value: await new SignJWT({ role: 'service_role' }).setProtectedHeader({ alg: 'HS256' }).setExpirationTime(now + 60).sign(new TextEncoder().encode('z'.repeat(40))) },
      { name: 'postgres role', value: await jwt.sign({ role: 'postgres' }, 3600) },
      { name: 'no sub', value: await jwt.sign({ role: 'authenticated' }, 3600) },
      { name: 'garbage', value: 'not.a.jwt' },
    ];
  }, 60_000);
  afterAll(async () => server?.close());

  it(`never answers 5xx to ${RUNS} generated requests; errors come in Storage's envelope`, async () => {
    const request = fc.record({
      generated: requestArbitrary(),
      token: fc.oneof(
        { weight: 2, arbitrary: fc.constant(-1) },
        { weight: 10, arbitrary: fc.integer({ min: 0, max: 2 }) },
        { weight: 5, arbitrary: fc.integer({ min: 3, max: 10 }) },
      ),
      odd: fc.record(
        {
          contentType: fc.oneof(fc.constantFrom('application/json', 'image/png', 'image/svg+xml', 'text/plain', 'application/octet-stream', 'multipart/form-data', 'multipart/form-data; boundary=', ''), headerText),
          range: fc.oneof(fc.constantFrom('bytes=0-1', 'bytes=5-2', 'bytes=-1', 'bytes=0-', 'bytes=99999-', 'bytes=a-b', 'items=0-1', 'bytes=0-1,3-4'), headerText),
          upsert: fc.constantFrom('true', 'false', 'TRUE', '1', ''),
          metadata: fc.oneof(fc.constantFrom('e30=', 'not base64!', 'bnVsbA==', 'W10=', Buffer.from('{"a":'.repeat(50)).toString('base64')), headerText),
          cacheControl: fc.oneof(fc.constantFrom('max-age=60', 'no-cache', '', 'max-age=-1'), headerText),
        },
        { requiredKeys: [] },
      ),
    });

    const kinds = new Map<string, number>();
    const outcomes = new Map<string, number>();
    const count = (map: Map<string, number>, k: string) => map.set(k, (map.get(k) ?? 0) + 1);
    await fc.assert(
      fc.asyncProperty(request, async ({ generated: g, token, odd }) => {
        // Generated requests may delete the fixture's buckets: put them back, so object routes stay reachable.
        await server.ctx.db.query(RESTORE_BUCKETS);
        const headers: Record<string, string> = {};
        if (token >= 0) headers.authorization = `Bearer ${tokens[token].value}`;
        headers.apikey = server.ctx.config.anonKey;
        if (g.multipart) headers['content-type'] = 'multipart/form-data; boundary=x';
        else if (typeof g.body === 'string' && g.body !== OVERSIZED_MARK) headers['content-type'] = 'application/json';
        if (odd.contentType !== undefined && !g.multipart) headers['content-type'] = odd.contentType;
        if (odd.range !== undefined) headers.range = odd.range;
        if (odd.upsert !== undefined) headers['x-upsert'] = odd.upsert;
        if (odd.metadata !== undefined) headers['x-metadata'] = odd.metadata;
        if (odd.cacheControl !== undefined) headers['cache-control'] = odd.cacheControl;
        const body = g.body === OVERSIZED_MARK ? oversized() : g.body;
        const url = `${server.url}/storage/v1${g.path}${g.query ?? ''}`;
        const { status, text } = await send(url, g.method, headers, ['GET', 'HEAD'].includes(g.method) ? undefined : body);
        count(kinds, g.kind);
        const code = status >= 400 && text.startsWith('{') ? ` ${(JSON.parse(text) as { statusCode?: string; error?: string }).statusCode} ${(JSON.parse(text) as { error?: string }).error}` : '';
        count(outcomes, `${status}${code}`);
        const shown = typeof body === 'string' ? body.slice(0, 120) : `<${body?.length ?? 0} bytes>`;
        const where = `${g.method} ${g.path}${g.query ?? ''} [${token >= 0 ? tokens[token].name : 'no token'}] ${JSON.stringify(odd)} ${shown} → ${status} ${text.slice(0, 300)}`;
        if (status === 0) return; // the connection closed while a 2 MiB upload was still being sent (see send)
        expect(status, where).toBeLessThan(500);
        // Dot segments ('..', '%2e%2e') are resolved when the server parses the URL: such a request is not for /storage/v1.
        const reachesStorage = new URL(url).pathname.startsWith('/storage/v1/');
        if (status >= 400 && g.method !== 'HEAD' && reachesStorage) {
          const parsed = JSON.parse(text) as Record<string, unknown>;
          expect(typeof parsed.message, where).toBe('string');
          expect(typeof parsed.statusCode, where).toBe('string');
        }
      }),
      { numRuns: RUNS, seed: process.env.STORAGE_FUZZ_SEED ? Number(process.env.STORAGE_FUZZ_SEED) : undefined },
    );

    const sorted = (map: Map<string, number>) => Object.fromEntries([...map].sort((a, b) => b[1] - a[1]));
    console.info(`[storage fuzz] ${RUNS} requests by kind:`, sorted(kinds));
    console.info('[storage fuzz] outcomes:', sorted(outcomes));
    const after = await fetch(`${server.url}/storage/v1/bucket`, { headers: { authorization: `Bearer ${server.ctx.config.serviceRoleKey}` } });
    expect(after.status).toBe(200);
    expect(Array.isArray(await after.json())).toBe(true);
  }, 300_000);
});
