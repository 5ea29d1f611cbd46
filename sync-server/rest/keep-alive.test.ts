import http from 'node:http';
import net from 'node:net';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { KEEP_ALIVE_TIMEOUT_MS } from '../config.ts';
import { startTestServer, TEST_BACKENDS, type TestServer } from '../testing.ts';

/**
 * Issue 37: a client reusing an idle keep-alive connection got "other side closed" on a POST —
 * Node's default keepAliveTimeout (5 s) closed the socket just as the client reused it. The server
 * keeps idle connections for 65 s (above the 60 s load balancers and clients assume) and says so
 * in `Keep-Alive: timeout=65`; the mechanism is shown with a 1 s timeout (no long sleeps here).
 */

const MIGRATIONS = path.join(import.meta.dirname, 'test-fixtures', 'migrations');

interface Answer {
  status: number;
  keepAlive: string | undefined;
  reused: boolean;
  body: string;
  socket: import('node:net').Socket;
}

function post(server: TestServer, agent: http.Agent, body: string): Promise<Answer> {
  return new Promise((resolve, reject) => {
    const req = http.request(
      `${server.url}/rest/v1/rpc/add_numbers`,
      { method: 'POST', agent, headers: { apikey: server.ctx.config.anonKey, 'Content-Type': 'application/json' } },
      (res) => {
        let text = '';
        res.setEncoding('utf8');
        res.on('data', (chunk: string) => (text += chunk));
        res.on('end', () =>
          resolve({ status: res.statusCode ?? 0, keepAlive: res.headers['keep-alive'] as string | undefined, reused: req.reusedSocket, body: text, socket: req.socket! }),
        );
      },
    );
    req.on('error', reject);
    req.end(body);
  });
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

let servers: TestServer[] = [];
afterEach(async () => {
  for (const server of servers) await server.close();
  servers = [];
});

describe.each(TEST_BACKENDS)('HTTP keep-alive on $name', ({ postgresServerUrl }) => {
  it('keeps idle connections 65 s by default and says so (Node alone: 5 s)', async () => {
    const server = await startTestServer({ migrationsDir: MIGRATIONS, postgresServerUrl });
    servers.push(server);
    expect(server.ctx.config.keepAliveTimeoutMs).toBe(KEEP_ALIVE_TIMEOUT_MS);
    expect(KEEP_ALIVE_TIMEOUT_MS).toBeGreaterThan(60_000);
    const agent = new http.Agent({ keepAlive: true, maxSockets: 1 });
    try {
      const first = await post(server, agent, '{"a": 1, "b": 2}');
      expect(first).toMatchObject({ status: 200, body: '3', keepAlive: 'timeout=65' });
    } finally {
      agent.destroy();
    }
  });

  it('a POST on a connection idle for most of the timeout is answered on that connection, which closes only after the timeout', async () => {
    const timeout = 1000;
    const server = await startTestServer({ migrationsDir: MIGRATIONS, postgresServerUrl, keepAliveTimeoutMs: timeout });
    servers.push(server);
    // A raw connection: Node's own Agent would drop a socket whose Keep-Alive hint is this short.
    const { port } = new URL(server.url);
    const socket = net.connect(Number(port), '127.0.0.1');
    let closedAt: number | undefined;
    const closed = new Promise<void>((resolve) => socket.once('close', () => ((closedAt = Date.now()), resolve())));
    let buffer = '';
    socket.setEncoding('utf8');
    socket.on('data', (chunk: string) => (buffer += chunk));
    const rawPost = async (body: string) => {
      buffer = '';
      socket.write(
        `POST /rest/v1/rpc/add_numbers HTTP/1.1\r\nHost: 127.0.0.1\r\nConnection: keep-alive\r\napikey: ${server.ctx.config.anonKey}\r\n` +
          `Content-Type: application/json\r\nContent-Length: ${Buffer.byteLength(body)}\r\n\r\n${body}`,
      );
      for (;;) {
        const end = buffer.indexOf('\r\n\r\n');
        const length = /content-length: (\d+)/i.exec(buffer)?.[1];
        if (end >= 0 && length !== undefined && buffer.length >= end + 4 + Number(length)) {
          return { head: buffer.slice(0, end), body: buffer.slice(end + 4, end + 4 + Number(length)) };
        }
        if (closedAt !== undefined) throw new Error(`the server closed the connection (got: ${JSON.stringify(buffer)})`);
        await sleep(5);
      }
    };
    try {
      const first = await rawPost('{"a": 1, "b": 2}');
      expect(first.head).toMatch(/^HTTP\/1\.1 200/);
      expect(first.head).toMatch(/\r\nKeep-Alive: timeout=1(\r\n|$)/i);
      expect(first.body).toBe('3');
      // Idle for 80% of the timeout (as a client with a 4 s pool timeout reused Node's 5 s sockets).
      await sleep(timeout * 0.8);
      const second = await rawPost('{"a": 40, "b": 2}');
      expect(second.head).toMatch(/^HTTP\/1\.1 200/);
      expect(second.body).toBe('42');
      // The server, not the client, ends the idle connection — after the configured time, not before.
      const idleSince = Date.now();
      await closed;
      expect(closedAt! - idleSince).toBeGreaterThanOrEqual(timeout * 0.9);
    } finally {
      socket.destroy();
    }
  });

  it('close() does not wait for the keep-alive timeout: a connection that sent nothing (a browser preconnects) or half its headers is cut', async () => {
    // Ten minutes: a close that waited for the timeout would outlast the test.
    const server = await startTestServer({ migrationsDir: MIGRATIONS, postgresServerUrl, keepAliveTimeoutMs: 600_000 });
    const { port } = new URL(server.url);
    const silent = net.connect(Number(port), '127.0.0.1');
    const halfway = net.connect(Number(port), '127.0.0.1');
    const ended = [silent, halfway].map((socket) => new Promise<void>((resolve) => socket.on('error', () => {}).once('close', () => resolve())));
    await Promise.all([silent, halfway].map((socket) => new Promise((resolve) => socket.once('connect', resolve))));
    halfway.write('GET /rest/v1/ HTTP/1.1\r\nHost: 127.0.0.1\r\n');
    try {
      await server.close();
      await Promise.all(ended);
    } finally {
      silent.destroy();
      halfway.destroy();
    }
  }, 20_000);
});
