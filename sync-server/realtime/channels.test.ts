import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import type { SupabaseClient } from '@supabase/supabase-js';
import { startTestServer, TEST_BACKENDS, type TestServer } from '../testing.ts';
import { attachRealtime } from './index.ts';
import { clientFor, createUser, FIXTURE_MIGRATIONS, Inbox, RawSocket, sleep, subscribed, websocketUrl, type TestUser } from './test-helpers.ts';

type Broadcast = { type: string; event: string; payload: Record<string, unknown> };

describe.each(TEST_BACKENDS)('realtime channels on $name', ({ postgresServerUrl }) => {
  let server: TestServer;
  let alice: TestUser;
  const clients: SupabaseClient[] = [];
  const sockets: RawSocket[] = [];

  beforeAll(async () => {
    server = await startTestServer({ postgresServerUrl, migrationsDir: FIXTURE_MIGRATIONS });
    alice = await createUser(server);
  });

  afterEach(async () => {
    sockets.splice(0).forEach((s) => s.close());
    await Promise.all(clients.splice(0).map((c) => c.removeAllChannels()));
  });

  afterAll(async () => {
    await server?.close();
  });

  async function client(options: Parameters<typeof clientFor>[1] = {}) {
    const c = await clientFor(server, options);
    clients.push(c);
    return c;
  }

  async function raw(vsn?: string, apikey = server.ctx.config.anonKey, options = {}) {
    const socket = await RawSocket.open(websocketUrl(server.url, apikey, vsn), options);
    sockets.push(socket);
    return socket;
  }

  describe('broadcast', () => {
    it('reaches the other clients on the topic, not the sender unless `self`', async () => {
      const sender = await client();
      const receiver = await client();
      const got = new Inbox<Broadcast>();
      const echoed = new Inbox<Broadcast>();
      const out = await subscribed(sender.channel('room-1').on('broadcast', { event: 'cursor' }, echoed.push));
      await subscribed(receiver.channel('room-1').on('broadcast', { event: 'cursor' }, got.push));
      await subscribed(receiver.channel('room-2').on('broadcast', { event: 'cursor' }, () => expect.unreachable('other topic')));

      expect(await out.send({ type: 'broadcast', event: 'cursor', payload: { x: 1 } })).toBe('ok');
      expect((await got.next()).value).toMatchObject({ type: 'broadcast', event: 'cursor', payload: { x: 1 } });
      await sleep(100);
      expect(echoed.values).toEqual([]);

      const selfish = await client();
      const mine = new Inbox<Broadcast>();
      const ch = await subscribed(selfish.channel('room-3', { config: { broadcast: { self: true } } }).on('broadcast', { event: '*' }, mine.push));
      await ch.send({ type: 'broadcast', event: 'hello', payload: { n: 2 } });
      expect((await mine.next()).value).toMatchObject({ event: 'hello', payload: { n: 2 } });
    });

    it('acknowledges a broadcast when the channel asks for `ack`', async () => {
      const c = await client();
      const ch = await subscribed(c.channel('acked', { config: { broadcast: { ack: true } } }));
      expect(await ch.send({ type: 'broadcast', event: 'ping', payload: {} })).toBe('ok');
    });

    it('crosses serializers: a 2.0.0 binary broadcast reaches a 1.0.0 client as JSON and back', async () => {
      const v2 = await client({ vsn: '2.0.0' });
      const v1 = await client({ vsn: '1.0.0' });
      const atV1 = new Inbox<Broadcast>();
      const atV2 = new Inbox<Broadcast>();
      const chV2 = await subscribed(v2.channel('mixed').on('broadcast', { event: '*' }, atV2.push));
      const chV1 = await subscribed(v1.channel('mixed').on('broadcast', { event: '*' }, atV1.push));
      await chV2.send({ type: 'broadcast', event: 'from-v2', payload: { text: 'olá' } });
      expect((await atV1.next()).value).toMatchObject({ event: 'from-v2', payload: { text: 'olá' } });
      await chV1.send({ type: 'broadcast', event: 'from-v1', payload: { list: [1, 2] } });
      expect((await atV2.next()).value).toMatchObject({ event: 'from-v1', payload: { list: [1, 2] } });
    });
  });

  describe('broadcast over HTTP', () => {
    it('httpSend() and POST /api/broadcast reach the subscribers of the topic', async () => {
      const listener = await client();
      const got = new Inbox<Broadcast>();
      await subscribed(listener.channel('http-room').on('broadcast', { event: '*' }, got.push));

      const sender = await client({ token: alice.token });
      expect(await sender.channel('http-room').httpSend('single', { n: 1 })).toEqual({ success: true });
      expect((await got.next((b) => b.event === 'single')).value.payload).toEqual({ n: 1 });

      const post = (body: unknown, headers: Record<string, string> = { apikey: server.ctx.config.anonKey }) =>
        fetch(`${server.url}/realtime/v1/api/broadcast`, { method: 'POST', headers: { 'content-type': 'application/json', ...headers }, body: JSON.stringify(body) });
      const batch = await post({ messages: [{ topic: 'http-room', event: 'batch', payload: { n: 2 } }, { topic: 'elsewhere', event: 'x', payload: {} }] });
      expect(batch.status).toBe(202);
      expect((await got.next((b) => b.event === 'batch')).value.payload).toEqual({ n: 2 });

      expect((await post({ messages: [{ topic: 'http-room' }] })).status).toBe(422);
      expect((await post({ messages: [] })).status).toBe(422);
      const refused = await post({ messages: [{ topic: 'http-room', event: 'e', payload: {} }] }, { apikey: 'forged' });
      expect(refused.status).toBe(401);
      expect(await refused.json()).toEqual({ message: 'Unauthorized' });
    });
  });

  describe('presence', () => {
    it('sends presence_state on join and a diff on track and untrack', async () => {
      const a = await client();
      const b = await client();
      const chA = await subscribed(a.channel('lobby', { config: { presence: { key: 'alice' } } }).on('presence', { event: 'sync' }, () => {}));
      await chA.track({ name: 'Alice' });
      const joins = new Inbox<{ key: string; newPresences: Record<string, unknown>[] }>();
      const leaves = new Inbox<{ key: string }>();
      const chB = b
        .channel('lobby', { config: { presence: { key: 'bob' } } })
        .on('presence', { event: 'join' }, joins.push)
        .on('presence', { event: 'leave' }, leaves.push);
      await subscribed(chB);
      expect((await joins.next((j) => j.key === 'alice')).value.newPresences[0]).toMatchObject({ name: 'Alice' });
      expect(Object.keys(chB.presenceState())).toEqual(['alice']);
      await chA.untrack();
      expect((await leaves.next()).value.key).toBe('alice');
      expect(chB.presenceState()).toEqual({});
    });
  });

  describe('private channels', () => {
    it('lets only roles the realtime.messages policies allow join, and broadcasts among them', async () => {
      const anon = await client();
      await expect(subscribed(anon.channel('private-room', { config: { private: true } }))).rejects.toThrow(
        /Unauthorized: You do not have permissions to read from this Channel topic: private-room/,
      );
      const signedIn = await client({ token: alice.token });
      await expect(subscribed(signedIn.channel('other-room', { config: { private: true } }))).rejects.toThrow(/Unauthorized/);

      const peer = await client({ token: (await createUser(server)).token });
      const got = new Inbox<Broadcast>();
      const sender = await subscribed(signedIn.channel('private-room', { config: { private: true } }));
      await subscribed(peer.channel('private-room', { config: { private: true } }).on('broadcast', { event: '*' }, got.push));
      // A public channel of the same name is another topic.
      const outsider = await client();
      await subscribed(outsider.channel('private-room').on('broadcast', { event: '*' }, () => expect.unreachable('public topic')));
      await sender.send({ type: 'broadcast', event: 'secret', payload: { ok: true } });
      expect((await got.next()).value.payload).toEqual({ ok: true });
      await sleep(100);
    });
  });

  describe('wire protocol', () => {
    for (const vsn of ['1.0.0', '2.0.0']) {
      const frame = (joinRef: string | null, ref: string | null, topic: string, event: string, payload: unknown) =>
        vsn === '2.0.0' ? [joinRef, ref, topic, event, payload] : { topic, event, payload, ref, join_ref: joinRef };
      const read = (msg: unknown) =>
        Array.isArray(msg) ? { join_ref: msg[0], ref: msg[1], topic: msg[2], event: msg[3], payload: msg[4] } : (msg as Record<string, unknown>);

      it(`answers heartbeats and joins in serializer ${vsn}, ignores malformed frames`, async () => {
        const socket = await raw(vsn);
        socket.send('not json at all');
        socket.send('{"half": ');
        socket.send(vsn === '2.0.0' ? { topic: 'x' } : ['1', '1', 'phoenix', 'heartbeat', {}]);
        socket.send(Buffer.from([3, 200, 1, 2]));
        socket.send(frame(null, '7', 'phoenix', 'heartbeat', {}));
        const heartbeat = read((await socket.inbox.next((m) => read(m).ref === '7')).value);
        expect(heartbeat).toMatchObject({ topic: 'phoenix', event: 'phx_reply', payload: { status: 'ok', response: {} } });

        socket.send(frame('1', '1', 'realtime:wire', 'phx_join', { config: { broadcast: { self: true } } }));
        const join = read((await socket.inbox.next((m) => read(m).ref === '1')).value);
        expect(join).toMatchObject({ topic: 'realtime:wire', event: 'phx_reply', payload: { status: 'ok', response: { postgres_changes: [] } } });
        expect('join_ref' in join).toBe(vsn === '2.0.0');

        socket.send(frame('1', '2', 'realtime:wire', 'broadcast', { type: 'broadcast', event: 'e', payload: { a: 1 } }));
        const echoed = read((await socket.inbox.next((m) => read(m).event === 'broadcast')).value);
        expect(echoed).toMatchObject({ topic: 'realtime:wire', ref: null, payload: { type: 'broadcast', event: 'e', payload: { a: 1 } } });

        socket.send(frame(null, '3', 'realtime:never-joined', 'broadcast', {}));
        const unmatched = read((await socket.inbox.next((m) => read(m).ref === '3')).value);
        expect(unmatched.payload).toEqual({ status: 'error', response: { reason: 'unmatched topic' } });

        socket.send(frame('1', '4', 'realtime:wire', 'phx_leave', {}));
        expect(read((await socket.inbox.next((m) => read(m).ref === '4')).value).payload).toEqual({ status: 'ok', response: {} });
      });
    }

    it('replies to a join with the postgres_changes ids the change messages carry', async () => {
      const socket = await raw('2.0.0');
      const binding = { event: 'INSERT', schema: 'public', table: 'rt_items', filter: 'id=eq.4242' };
      socket.send(['1', '1', 'realtime:ids', 'phx_join', { config: { postgres_changes: [binding] } }]);
      const reply = (await socket.inbox.next((m) => (m as unknown[])[1] === '1')).value as unknown[];
      const [{ id }] = (reply[4] as { response: { postgres_changes: { id: number }[] } }).response.postgres_changes;
      expect(reply[4]).toEqual({ status: 'ok', response: { postgres_changes: [{ ...binding, id }] } });
      const system = (await socket.inbox.next((m) => (m as unknown[])[3] === 'system')).value as unknown[];
      expect(system).toEqual(['1', null, 'realtime:ids', 'system', { extension: 'postgres_changes', status: 'ok', message: 'Subscribed to PostgreSQL', channel: 'ids' }]);
      await server.ctx.db.query(`insert into rt_items (id, kind, qty) values (4242, 'wire', 3)`);
      const change = (await socket.inbox.next((m) => (m as unknown[])[3] === 'postgres_changes')).value as unknown[];
      expect(change.slice(0, 4)).toEqual([null, null, 'realtime:ids', 'postgres_changes']);
      expect(change[4]).toMatchObject({
        ids: [id],
        data: {
          schema: 'public',
          table: 'rt_items',
          type: 'INSERT',
          record: { id: 4242, kind: 'wire', qty: 3, payload: null },
          columns: [
            { name: 'id', type: 'int4' },
            { name: 'kind', type: 'text' },
            { name: 'qty', type: 'int4' },
            { name: 'payload', type: 'jsonb' },
          ],
          errors: null,
        },
      });
    });

    it('refuses a socket without a valid apikey, and an unknown serializer', async () => {
      await expect(raw('2.0.0', 'garbage')).rejects.toMatchObject({ status: 401 });
      await expect(raw('2.0.0', alice.token.slice(0, -3) + 'abc')).rejects.toMatchObject({ status: 401 });
      await expect(RawSocket.open(websocketUrl(server.url, '', '2.0.0').replace('apikey=&', ''))).rejects.toMatchObject({ status: 401 });
      await expect(raw('3.0.0')).rejects.toMatchObject({ status: 400 });
    });

    it('leaves other upgrade paths alone', async () => {
      const url = new URL('/not-realtime', server.url.replace(/^http/, 'ws')).toString();
      await expect(RawSocket.open(url, { handshakeTimeout: 2000 })).rejects.toThrow(/socket hang up/);
      // The realtime endpoint still works afterwards.
      expect(await raw('2.0.0')).toBeTruthy();
    });
  });

  describe('lifecycle', () => {
    async function ownRealtime(options: Parameters<typeof attachRealtime>[2]) {
      const httpServer = http.createServer((_req, res) => res.end());
      const realtime = attachRealtime(httpServer, server.ctx, options);
      await new Promise<void>((resolve) => httpServer.listen(0, '127.0.0.1', resolve));
      const url = `http://127.0.0.1:${(httpServer.address() as AddressInfo).port}`;
      return {
        url,
        realtime,
        async stop() {
          await realtime.close();
          httpServer.closeAllConnections();
          await new Promise((resolve) => httpServer.close(resolve));
        },
      };
    }

    it('drops a socket that stops answering (no heartbeat, no pong)', async () => {
      const own = await ownRealtime({ heartbeatTimeoutMs: 400 });
      try {
        const silent = await RawSocket.open(websocketUrl(own.url, server.ctx.config.anonKey, '2.0.0'), { autoPong: false });
        const alive = await RawSocket.open(websocketUrl(own.url, server.ctx.config.anonKey, '2.0.0'));
        const started = Date.now();
        await silent.closed;
        expect(Date.now() - started).toBeLessThan(2000);
        alive.send([null, '1', 'phoenix', 'heartbeat', {}]);
        expect((await alive.inbox.next()).value).toEqual([null, '1', 'phoenix', 'phx_reply', { status: 'ok', response: {} }]);
        alive.close();
      } finally {
        await own.stop();
      }
    });

    it('close() closes every socket', async () => {
      const own = await ownRealtime({});
      const a = await RawSocket.open(websocketUrl(own.url, server.ctx.config.anonKey, '2.0.0'));
      const b = await RawSocket.open(websocketUrl(own.url, server.ctx.config.anonKey, '1.0.0'));
      await own.stop();
      await Promise.all([a.closed, b.closed]);
    });
  });
});
