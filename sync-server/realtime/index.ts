import type http from 'node:http';
import { STATUS_CODES } from 'node:http';
import type { Duplex } from 'node:stream';
import { WebSocketServer } from 'ws';
import type { ServerContext } from '../context.ts';
import { priorityLane } from '../db/index.ts';
import { HOLDER_ENDED, holderActive, verifyChannelToken } from './auth.ts';
import { ChangeFeed } from './change-feed.ts';
import { Connection, type RealtimeLimits, type RealtimeServices } from './connection.ts';
import { PostgresChanges } from './postgres-changes.ts';
import { isSupportedVsn } from './protocol.ts';
import { topicsFor } from './http-broadcast.ts';

export { createRealtimeApp } from './http-broadcast.ts';

export interface RealtimeOptions extends RealtimeLimits {
  /** A socket silent for this long (no frame, no pong) is dropped. realtime-js heartbeats every 25 s. */
  heartbeatTimeoutMs: number;
  /** How often the supabase_realtime publication is looked at (the event trigger usually makes it moot). */
  publicationPollMs: number;
}

export const DEFAULT_REALTIME_OPTIONS: RealtimeOptions = {
  heartbeatTimeoutMs: 60_000,
  publicationPollMs: 1_000,
  maxChannelsPerConnection: 100,
  maxEventBytes: 256 * 1024,
  maxBufferedBytes: 16 * 1024 * 1024,
};

const WEBSOCKET_PATH = /^\/realtime\/v1\/websocket\/?$/;

/** Connection-time refusals, worded as RealtimeWeb.UserSocket.handle_error words them. */
const CONNECT_ERRORS: Record<string, string> = {
  MalformedJWT: 'The token provided is not a valid JWT',
  JwtSignatureError: 'Failed to validate JWT signature',
  Unauthorized: 'The token provided is not a valid JWT',
};

/**
 * Supabase Realtime on the sync-server's HTTP server: Phoenix channels at /realtime/v1/websocket
 * (serializers 1.0.0 and 2.0.0) with broadcast, presence and postgres_changes. Other upgrade paths
 * are left to whoever else listens for them.
 */
export function attachRealtime(
  server: http.Server,
  ctx: ServerContext,
  overrides: Partial<RealtimeOptions> = {},
): { close(): Promise<void> } {
  const service = new RealtimeService(ctx, { ...DEFAULT_REALTIME_OPTIONS, ...overrides });
  const onUpgrade = (req: http.IncomingMessage, socket: Duplex, head: Buffer) => {
    const url = new URL(req.url ?? '/', 'http://localhost');
    if (!WEBSOCKET_PATH.test(url.pathname)) {
      // Not ours. With no other upgrade listener, do what Node does when nobody listens: drop it
      // (otherwise the socket would hang, and keep the server from closing).
      if (server.listenerCount('upgrade') === 1) socket.destroy();
      return;
    }
    service.upgrade(req, socket, head, url).catch((error) => {
      console.error('[realtime] upgrade failed:', (error as Error).message);
      socket.destroy();
    });
  };
  server.on('upgrade', onUpgrade);
  return {
    async close() {
      server.off('upgrade', onUpgrade);
      await service.close();
    },
  };
}

class RealtimeService {
  private readonly wss = new WebSocketServer({ noServer: true, maxPayload: 1024 * 1024 });
  private readonly connections = new Set<Connection>();
  private readonly feed: ChangeFeed;
  private readonly services: RealtimeServices;
  private readonly livenessTimer: NodeJS.Timeout;
  private closing = false;

  constructor(
    private readonly ctx: ServerContext,
    private readonly options: RealtimeOptions,
  ) {
    // The feed calls dispatch only once started, by which time `changes` exists.
    let changes: PostgresChanges | undefined;
    // Delivery's queries take the database's priority lane: they never wait behind requests.
    const lane = priorityLane(ctx.db);
    this.feed = new ChangeFeed(ctx.db, async (batch) => changes?.dispatchAll(batch), {
      lane,
      pollMs: options.publicationPollMs,
      overflowRetentionMs: 10 * 60_000,
      onHolderEnded: (userId) => {
        for (const connection of this.connections) connection.holderEnded(userId);
      },
    });
    changes = new PostgresChanges(ctx.db, this.feed, lane);
    this.services = { ctx, topics: topicsFor(ctx), changes, limits: options };
    this.livenessTimer = setInterval(() => this.checkLiveness(), Math.max(50, options.heartbeatTimeoutMs / 4));
    this.livenessTimer.unref();
  }

  async upgrade(req: http.IncomingMessage, socket: Duplex, head: Buffer, url: URL): Promise<void> {
    // The socket may die while the token is checked; an unhandled 'error' would end the process.
    socket.on('error', () => socket.destroy());
    if (this.closing) return reject(socket, 503, 'Realtime is restarting, please standby');
    const vsn = url.searchParams.get('vsn') ?? '1.0.0';
    if (!isSupportedVsn(vsn)) return reject(socket, 400, `Unsupported serializer version "${vsn}"`);
    const header = req.headers['x-api-key'];
    const apiKey = (typeof header === 'string' ? header : undefined) ?? url.searchParams.get('apikey');
    if (!apiKey) return reject(socket, 401, 'API key is missing');
    const verified = await verifyChannelToken(this.ctx.jwt, apiKey);
    if (!verified.ok) {
      const message = verified.message.startsWith('Token has expired') ? 'Token has expired' : (CONNECT_ERRORS[verified.code] ?? verified.message);
      return reject(socket, 401, message);
    }
    // A user's token whose session or account has ended opens nothing (issue 28).
    if (!(await holderActive(this.ctx.db, verified.auth.claims))) return reject(socket, 401, HOLDER_ENDED.message);
    if (this.closing || socket.destroyed) return void socket.destroy();
    this.wss.handleUpgrade(req, socket, head, (ws) => {
      const connection = new Connection(ws, vsn, verified.auth.token, this.services, verified.auth.claims);
      this.connections.add(connection);
      ws.on('close', () => this.connections.delete(connection));
    });
  }

  /** Drops sockets that went silent (no heartbeat, no pong); pings the others. */
  private checkLiveness(): void {
    const deadline = Date.now() - this.options.heartbeatTimeoutMs;
    for (const connection of this.connections) {
      if (connection.lastSeen < deadline) {
        connection.terminate();
        this.connections.delete(connection);
      } else {
        connection.ping();
      }
    }
  }

  async close(): Promise<void> {
    this.closing = true;
    clearInterval(this.livenessTimer);
    const all = [...this.connections];
    for (const connection of all) connection.close(1001, 'server shutting down');
    // Give clients a moment to answer the close handshake, then cut whatever is left.
    await new Promise((resolve) => setTimeout(resolve, all.length > 0 ? 100 : 0));
    for (const connection of all) connection.terminate();
    this.connections.clear();
    await new Promise<void>((resolve) => this.wss.close(() => resolve()));
    await this.feed.close();
  }
}

function reject(socket: Duplex, status: number, message: string): void {
  const body = JSON.stringify({ error: message });
  socket.end(
    `HTTP/1.1 ${status} ${STATUS_CODES[status]}\r\nContent-Type: application/json\r\nContent-Length: ${Buffer.byteLength(body)}\r\nConnection: close\r\n\r\n${body}`,
  );
}
