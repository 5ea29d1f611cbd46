/**
 * The API's JSON goes compressed to clients that accept it (issue 20: a replication page on a
 * phone's 400 kbit/s). Through the real server: a pull of a notebook's questions, asked with and
 * without `Accept-Encoding: gzip`, gives the same rows; compressed it is a fraction of the bytes.
 * supabase-js (every other server test) reads both.
 */
import { gunzipSync } from 'node:zlib';
import http from 'node:http';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { startTestServer, TEST_BACKENDS, type TestServer } from '../testing.ts';
import { signUpAdult } from '../test-people.ts';

/** The raw answer (Node's http: no automatic decompression), as a phone's browser receives it. */
function rawPost(url: string, headers: Record<string, string>, body: string): Promise<{ status: number; headers: http.IncomingHttpHeaders; bytes: Buffer }> {
  return new Promise((resolve, reject) => {
    const request = http.request(url, { method: 'POST', headers: { 'content-type': 'application/json', ...headers } }, (response) => {
      const chunks: Buffer[] = [];
      response.on('data', (chunk: Buffer) => chunks.push(chunk));
      response.on('end', () => resolve({ status: response.statusCode ?? 0, headers: response.headers, bytes: Buffer.concat(chunks) }));
      response.on('error', reject);
    });
    request.on('error', reject);
    request.end(body);
  });
}

describe.each(TEST_BACKENDS)('compressed API answers on $name', ({ postgresServerUrl }) => {
  let server: TestServer;
  let headers: Record<string, string>;

  beforeAll(async () => {
    server = await startTestServer({ postgresServerUrl });
    const client = server.anonClient();
    const { data, error } = await signUpAdult(client, { email: `compressao-${Date.now()}@example.test`, password: 'Senha-forte-1', username: `compressao_${Date.now() % 100000}` });
    expect(error).toBeNull();
    const notebook = await client.from('notebooks').insert({ title: 'Caderno grande', user_id: data.user!.id }).select('id').single();
    expect(notebook.error).toBeNull();
    const questions = Array.from({ length: 40 }, (_, i) => ({ notebook_id: notebook.data!.id, text: `Pergunta ${i + 1}: qual é a sua lembrança favorita da escola?`, order_index: i }));
    expect((await client.from('questions').insert(questions)).error).toBeNull();
    headers = { apikey: server.ctx.config.anonKey, authorization: `Bearer ${data.session!.access_token}` };
  });
  afterAll(async () => server?.close());

  const pull = JSON.stringify({ p_collection: 'questions', p_checkpoint: null, p_limit: 1000 });

  test('a pull asked with gzip comes gzipped, the same rows in a fraction of the bytes', async () => {
    const plain = await rawPost(`${server.url}/rest/v1/rpc/replication_pull`, { ...headers, 'accept-encoding': 'identity' }, pull);
    const zipped = await rawPost(`${server.url}/rest/v1/rpc/replication_pull`, { ...headers, 'accept-encoding': 'gzip, deflate, br' }, pull);
    expect(plain.status).toBe(200);
    expect(zipped.status).toBe(200);
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(zipped.headers['content-encoding']).toBe('gzip');
    expect(zipped.headers.vary).toMatch(/accept-encoding/i);
    const rows = (bytes: Buffer) => (JSON.parse(bytes.toString('utf8')) as { documents: { id: string }[] }).documents.map((d) => d.id);
    expect(rows(gunzipSync(zipped.bytes))).toEqual(rows(plain.bytes));
    expect(rows(plain.bytes)).toHaveLength(40);
    expect(zipped.bytes.length).toBeLessThan(plain.bytes.length / 3);
  });

  test('small answers and errors are sent as they are, and errors keep their status', async () => {
    const small = await rawPost(`${server.url}/rest/v1/rpc/username_available`, { apikey: server.ctx.config.anonKey, 'accept-encoding': 'gzip' }, JSON.stringify({ p_username: 'ninguem_ainda' }));
    expect(small.status).toBe(200);
    expect(small.headers['content-encoding']).toBeUndefined();
    const refused = await rawPost(`${server.url}/rest/v1/rpc/replication_pull`, { apikey: server.ctx.config.anonKey, 'accept-encoding': 'gzip' }, pull);
    expect(refused.status).toBeGreaterThanOrEqual(400);
    expect(refused.status).toBeLessThan(500);
  });
});
