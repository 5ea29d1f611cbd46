import { randomUUID } from 'node:crypto';
import path from 'node:path';
import WebSocket from 'ws';
import { createClient, type RealtimeChannel, type SupabaseClient } from '@supabase/supabase-js';
import type { TestServer } from '../testing.ts';

/** The realtime tests' own migrations: rt_notes (RLS, owner policy), rt_items (no RLS, replica identity full). */
export const FIXTURE_MIGRATIONS = path.join(import.meta.dirname, 'test-fixtures', 'migrations');

export interface TestUser {
  id: string;
  token: string;
}

/** A row in auth.users and an access token for it, as GoTrue would issue. */
export async function createUser(server: TestServer, expiresIn = 3600): Promise<TestUser> {
  const id = randomUUID();
  await server.ctx.db.query(
    `insert into auth.users (id, email, aud, role) values ($1, $2, 'authenticated', 'authenticated')`,
    [id, `${id}@realtime.test`],
  );
  return { id, token: await server.ctx.jwt.sign({ role: 'authenticated', sub: id, aud: 'authenticated' }, expiresIn) };
}

/** A supabase-js client, optionally signed in as `token`, speaking serializer `vsn`. */
export async function clientFor(server: TestServer, options: { token?: string; vsn?: '1.0.0' | '2.0.0' } = {}): Promise<SupabaseClient> {
  const client = createClient(server.url, server.ctx.config.anonKey, {
    auth: { persistSession: false, autoRefreshToken: false, detectSessionInUrl: false },
    realtime: { transport: WebSocket as never, ...(options.vsn ? { vsn: options.vsn } : {}) },
    // REST calls as the user too (supabase-js sends this header on every request).
    ...(options.token ? { global: { headers: { Authorization: `Bearer ${options.token}` } } } : {}),
  });
  if (options.token) await client.realtime.setAuth(options.token);
  return client;
}

/** Subscribes and resolves once the server confirmed the join (rejects on error or timeout). */
export function subscribed(channel: RealtimeChannel): Promise<RealtimeChannel> {
  return new Promise((resolve, reject) => {
    channel.subscribe((status, error) => {
      if (status === 'SUBSCRIBED') resolve(channel);
      else if (status === 'CHANNEL_ERROR' || status === 'TIMED_OUT') reject(error ?? new Error(status));
    });
  });
}

/** Everything a callback received, with a way to wait for the next matching item. */
export class Inbox<T> {
  readonly items: { value: T; at: number }[] = [];
  private waiters: { match: (value: T) => boolean; resolve: (item: { value: T; at: number }) => void }[] = [];

  readonly push = (value: T): void => {
    const item = { value, at: Date.now() };
    this.items.push(item);
    this.waiters = this.waiters.filter((w) => (w.match(value) ? (w.resolve(item), false) : true));
  };

  /** Resolves with the first item (already received or to come) that matches. */
  next(match: (value: T) => boolean = () => true, timeoutMs = 3000): Promise<{ value: T; at: number }> {
    const found = this.items.find((item) => match(item.value));
    if (found) return Promise.resolve(found);
    return new Promise((resolve, reject) => {
      const timer = setTimeout(() => reject(new Error(`nothing matching arrived within ${timeoutMs} ms`)), timeoutMs);
      this.waiters.push({
        match,
        resolve: (item) => {
          clearTimeout(timer);
          resolve(item);
        },
      });
    });
  }

  get values(): T[] {
    return this.items.map((item) => item.value);
  }
}

/** A bare websocket on the realtime endpoint, for what supabase-js cannot send (malformed frames …). */
export class RawSocket {
  readonly inbox = new Inbox<unknown>();
  readonly closed: Promise<{ code: number }>;

  private constructor(readonly ws: WebSocket) {
    ws.on('message', (data, isBinary) => this.inbox.push(isBinary ? data : JSON.parse(String(data))));
    this.closed = new Promise((resolve) => ws.on('close', (code) => resolve({ code })));
  }

  static open(url: string, options: WebSocket.ClientOptions = {}): Promise<RawSocket> {
    const ws = new WebSocket(url, options);
    return new Promise((resolve, reject) => {
      ws.once('open', () => resolve(new RawSocket(ws)));
      ws.once('error', reject);
      ws.once('unexpected-response', (_req, res) => reject(Object.assign(new Error(`HTTP ${res.statusCode}`), { status: res.statusCode })));
    });
  }

  send(frame: unknown): void {
    this.ws.send(typeof frame === 'string' || Buffer.isBuffer(frame) ? frame : JSON.stringify(frame));
  }

  close(): void {
    this.ws.terminate();
  }
}

export function websocketUrl(baseUrl: string, apikey: string, vsn?: string): string {
  const url = new URL('/realtime/v1/websocket', baseUrl.replace(/^http/, 'ws'));
  url.searchParams.set('apikey', apikey);
  if (vsn) url.searchParams.set('vsn', vsn);
  return url.toString();
}

export const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
