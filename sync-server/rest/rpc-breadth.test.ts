import path from 'node:path';
import { createClient, type SupabaseClient } from '@supabase/supabase-js';
import WebSocket from 'ws';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, TEST_BACKENDS, type TestServer } from '../testing.ts';
import { fuzzyBest } from './fuzzy.ts';

/**
 * Issue 37: RPC as PostgREST resolves it — a single unnamed parameter (`{'': value}`, or a raw
 * text/xml/bytea body), overloads chosen by argument names, PGRST203 with PostgREST's candidate
 * order instead of Postgres's 42725, PGRST202 with its details and "Perhaps you meant" hint.
 * The fixture (test-fixtures/migrations/20240103000000_rpc_breadth.sql) follows postgrest-js's tests.
 */

const MIGRATIONS = path.join(import.meta.dirname, 'test-fixtures', 'migrations');
const ANA = '00000000-0000-4000-8000-00000000000a';
const HINT_203 = 'Try renaming the parameters or the function itself in the database so function overloading can be resolved';

describe('the "Perhaps you meant" fuzzy match (PostgREST noRpcHint examples)', () => {
  const params = (names: string[]) => `(${[...names].sort().join(', ')})`;
  const overloads = [params(['val', 'param', 'name']), params(['id', 'attr'])];

  it('suggests a function name at 0.75 or more', () => {
    expect(fuzzyBest(['test', 'another'], 'testt', 0.75)).toBe('test');
    expect(fuzzyBest(['test', 'another'], 'other', 0.75)).toBeUndefined();
    expect(fuzzyBest(['test', 'another'], 'noclosealternative', 0.75)).toBeUndefined();
    const postgrestJs = ['polymorphic_function_with_unnamed_text', 'polymorphic_function_with_unnamed_json', 'polymorphic_function_with_unnamed_jsonb'];
    expect(fuzzyBest(postgrestJs, 'polymorphic_function_with_unnamed_integer', 0.75)).toBe('polymorphic_function_with_unnamed_text');
  });

  it('suggests the overload whose parameters are closest', () => {
    expect(fuzzyBest(overloads, params(['vall', 'pqaram', 'nam']))).toBe('(name, param, val)');
    expect(fuzzyBest(overloads, params(['val', 'param']))).toBe('(name, param, val)');
    expect(fuzzyBest(overloads, params(['id', 'attrs']))).toBe('(attr, id)');
    expect(fuzzyBest(overloads, params(['id']))).toBe('(attr, id)');
    expect(fuzzyBest(overloads, params(['noclosealternative']))).toBeUndefined();
  });
});

describe.each(TEST_BACKENDS)('RPC resolution as PostgREST on $name', (backend) => {
  let server: TestServer;
  let anon: SupabaseClient;
  let ana: SupabaseClient;

  const post = (fn: string, body: BodyInit, contentType: string, token?: string) =>
    fetch(`${server.url}/rest/v1/rpc/${fn}`, {
      method: 'POST',
      headers: { apikey: server.ctx.config.anonKey, 'Content-Type': contentType, ...(token ? { Authorization: `Bearer ${token}` } : {}) },
      body,
    });

  beforeAll(async () => {
    server = await startTestServer({ migrationsDir: MIGRATIONS, postgresServerUrl: backend.postgresServerUrl });
    await server.ctx.db.exec(`insert into auth.users (id, email, aud, role) values ('${ANA}', 'ana@example.com', 'authenticated', 'authenticated')`);
    const token = await server.ctx.jwt.sign({ role: 'authenticated', sub: ANA, aud: 'authenticated' }, 3600);
    anon = server.anonClient();
    ana = createClient(server.url, server.ctx.config.anonKey, {
      auth: { persistSession: false, autoRefreshToken: false },
      realtime: { transport: WebSocket as never },
      global: { headers: { Authorization: `Bearer ${token}` } },
    });
  });

  afterAll(async () => {
    await server?.close();
  });

  describe('a single unnamed parameter', () => {
    it("takes the whole JSON body, called with {'': value}", async () => {
      expect(await anon.rpc('unnamed_json', { '': { test: 'value' } })).toMatchObject({ status: 200, data: { '': { test: 'value' } } });
      expect(await anon.rpc('unnamed_jsonb', { '': { test: 'value' } })).toMatchObject({ status: 200, data: { '': { test: 'value' } } });
      expect(await anon.rpc('unnamed_text', { '': 'test' })).toMatchObject({ status: 200, data: '{"":"test"}' });
      // and with any other keys, as the json/jsonb fallback
      expect(await anon.rpc('unnamed_jsonb', { a: 1, b: [2] })).toMatchObject({ status: 200, data: { a: 1, b: [2] } });
    });

    it('takes a raw body by its Content-Type: text/plain, text/xml, application/octet-stream', async () => {
      const text = await post('unnamed_text', 'plain words, é', 'text/plain');
      expect(text.status).toBe(200);
      expect(await text.json()).toBe('plain words, é');
      const xml = await post('unnamed_xml', '<a>1</a>', 'text/xml');
      expect(await xml.json()).toBe('<a>1</a>');
      const bytes = await post('unnamed_bytea', new Uint8Array([0, 1, 0xfe, 0xff]), 'application/octet-stream');
      expect(bytes.status).toBe(200);
      expect(await bytes.json()).toBe('0001feff');
    });

    it('a raw body no function takes is PGRST202 for that kind, with no hint; a table refuses it (PGRST102)', async () => {
      const res = await post('add_numbers', '1', 'text/plain');
      expect(res.status).toBe(404);
      expect(await res.json()).toEqual({
        code: 'PGRST202',
        message: 'Could not find the function public.add_numbers in the schema cache',
        details: 'Searched for the function public.add_numbers with a single unnamed text parameter, but no matches were found in the schema cache.',
        hint: null,
      });
      const bytea = await post('unnamed_text', new Uint8Array([1]), 'application/octet-stream');
      expect((await bytea.json()).details).toBe(
        'Searched for the function public.unnamed_text with a single unnamed bytea parameter, but no matches were found in the schema cache.',
      );
      const table = await fetch(`${server.url}/rest/v1/labels`, {
        method: 'POST',
        headers: { apikey: server.ctx.config.anonKey, 'Content-Type': 'text/plain' },
        body: 'x',
      });
      expect(table.status).toBe(400);
      expect(await table.json()).toMatchObject({ code: 'PGRST102' });
    });

    it('an unnamed parameter of another type is not callable: PGRST202 as PostgREST words it', async () => {
      const { error, status } = await anon.rpc('unnamed_integer', { '': 1 });
      expect(status).toBe(404);
      expect(error).toEqual({
        code: 'PGRST202',
        message: 'Could not find the function public.unnamed_integer() in the schema cache',
        details: 'Searched for the function public.unnamed_integer with parameter  or with a single unnamed json/jsonb parameter, but no matches were found in the schema cache.',
        hint: null,
      });
    });

    it('no parameters, or one unnamed: chosen by whether {"": …} is sent', async () => {
      expect(await anon.rpc('no_params_or_unnamed')).toMatchObject({ status: 200, data: 1 });
      expect(await anon.rpc('no_params_or_unnamed', { '': '' })).toMatchObject({ status: 200, data: 'foo' });
      expect(await anon.rpc('unnamed_default', { '': 'custom text' })).toMatchObject({ status: 200, data: '{"":"custom text"}' });
    });

    it('a named overload first, the unnamed json one as the fallback', async () => {
      expect(await anon.rpc('named_or_json', { x: 1 })).toMatchObject({ status: 200, data: 'named 1' });
      expect(await anon.rpc('named_or_json', { y: 'z' })).toMatchObject({ status: 200, data: 'json z' });
    });
  });

  describe('overloads', () => {
    it('are chosen by argument names', async () => {
      expect(await anon.rpc('resolvable')).toMatchObject({ status: 204, data: null, error: null });
      expect(await anon.rpc('resolvable', { a: 'test' })).toMatchObject({ status: 200, data: 1 });
      expect(await anon.rpc('resolvable', { b: 1 })).toMatchObject({ status: 200, data: 'foo' });
      expect(await anon.rpc('resolvable', { first_name: 'ana' })).toMatchObject({ status: 200, data: 'ana x' });
      expect(await anon.rpc('resolvable', { first_name: 'ana', last_name: 'lima' })).toMatchObject({ status: 200, data: 'ana lima' });
      expect(await anon.rpc('resolvable', { b: 2 }, { get: true })).toMatchObject({ status: 200, data: 'foo' });
    });

    it('that the names cannot tell apart are PGRST203 (300) with the candidates in PostgREST\'s order', async () => {
      for (const a of ['test', 1]) {
        const { error, status, data } = await anon.rpc('unresolvable', { a });
        expect(status).toBe(300);
        expect(data).toBeNull();
        expect(error).toEqual({
          code: 'PGRST203',
          details: null,
          hint: HINT_203,
          message: 'Could not choose the best candidate function between: public.unresolvable(a => integer), public.unresolvable(a => text)',
        });
      }
      expect(await anon.rpc('unresolvable')).toMatchObject({ status: 204, error: null });
    });

    it("a function without parameters beside one with an unnamed default is PGRST203, not Postgres's 42725", async () => {
      for (const args of [undefined, {}]) {
        const { error, status } = await anon.rpc('unnamed_default', args);
        expect(status).toBe(300);
        expect(error).toEqual({
          code: 'PGRST203',
          details: null,
          hint: HINT_203,
          message: 'Could not choose the best candidate function between: public.unnamed_default(), public.unnamed_default( => text)',
        });
      }
    });
  });

  describe('PGRST202', () => {
    it('names the parameters searched for and suggests a close function name', async () => {
      const { error, status } = await anon.rpc('unresolvabel', { a: 1, b: 2 });
      expect(status).toBe(404);
      expect(error).toEqual({
        code: 'PGRST202',
        message: 'Could not find the function public.unresolvabel(a, b) in the schema cache',
        details: 'Searched for the function public.unresolvabel with parameters a, b or with a single unnamed json/jsonb parameter, but no matches were found in the schema cache.',
        hint: 'Perhaps you meant to call the function public.unresolvable',
      });
    });

    it('suggests the overload whose parameters are closest; GET searches without the json fallback', async () => {
      const { error } = await anon.rpc('resolvable', { firstname: 'ana' });
      expect(error).toEqual({
        code: 'PGRST202',
        message: 'Could not find the function public.resolvable(firstname) in the schema cache',
        details: 'Searched for the function public.resolvable with parameter firstname or with a single unnamed json/jsonb parameter, but no matches were found in the schema cache.',
        hint: 'Perhaps you meant to call the function public.resolvable(first_name, last_name)',
      });
      const read = await anon.rpc('nope', {}, { get: true });
      expect(read.error).toEqual({
        code: 'PGRST202',
        message: 'Could not find the function public.nope without parameters in the schema cache',
        details: 'Searched for the function public.nope without parameters, but no matches were found in the schema cache.',
        hint: null,
      });
    });
  });

  it('keeps the grants: an unnamed-json function revoked from visitors is refused to them, callable by members', async () => {
    const visitor = await anon.rpc('members_only', { '': 1 });
    expect(visitor.status).toBe(401);
    expect(visitor.error?.code).toBe('42501');
    expect(await ana.rpc('members_only', { '': 1 })).toMatchObject({ status: 200, data: 'secret' });
  });
});
