import { Hono, type Context } from 'hono';
import { bodyLimit } from 'hono/body-limit';
import type { ServerContext } from '../context.ts';
import { bearerToken } from '../jwt.ts';
import { verifyChannelToken, type ChannelAuth } from './auth.ts';
import { writeRights } from './private-channels.ts';
import { topicKey, Topics } from './topics.ts';

/**
 * The topics of a server are shared by its websocket side (attachRealtime) and this HTTP side,
 * whichever is created first.
 */
const topicsByServer = new WeakMap<ServerContext, Topics>();

export function topicsFor(ctx: ServerContext): Topics {
  let topics = topicsByServer.get(ctx);
  if (!topics) topicsByServer.set(ctx, (topics = new Topics()));
  return topics;
}

/** Largest broadcast payload the HTTP API accepts (Realtime's default tenant limit is 256 kB). */
const MAX_PAYLOAD_BYTES = 256 * 1024;

/**
 * Realtime's broadcast REST API, mounted at /realtime/v1:
 * - POST /api/broadcast {messages: [{topic, event, payload, private?}]} (what realtime-js send()
 *   falls back to when the channel is not joined);
 * - POST /api/broadcast/:topic/events/:event with a JSON or application/octet-stream body
 *   (channel.httpSend()).
 * Both answer 202 with no body. Private topics need an INSERT right on realtime.messages, as on
 * Supabase; messages to private topics the caller may not write are dropped silently.
 */
export function createRealtimeApp(ctx: ServerContext): Hono {
  const app = new Hono();
  const topics = topicsFor(ctx);
  app.use('*', bodyLimit({ maxSize: ctx.config.maxBodyBytes, onError: (c) => c.json({ message: 'Payload Too Large' }, 413) }));

  app.post('/api/broadcast', async (c) => {
    const auth = await authenticate(c, ctx);
    if (!auth) return c.json({ message: 'Unauthorized' }, 401);
    const body = await readJson(c);
    const messages = body && typeof body === 'object' ? (body as { messages?: unknown }).messages : undefined;
    const errors = validateMessages(messages);
    if (errors) return c.json({ errors }, 422);
    const allowed = new Map<string, boolean>();
    for (const message of messages as BatchMessage[]) {
      const isPrivate = message.private === true;
      if (isPrivate) {
        if (!allowed.has(message.topic)) allowed.set(message.topic, (await writeRights(ctx.db, auth.claims, message.topic)).broadcast);
        if (!allowed.get(message.topic)) continue;
      }
      topics.broadcastJson(undefined, topicKey(message.topic, isPrivate), { type: 'broadcast', event: message.event, payload: message.payload });
    }
    return c.body(null, 202);
  });

  app.post('/api/broadcast/:topic/events/:event', async (c) => {
    const auth = await authenticate(c, ctx);
    if (!auth) return c.json({ message: 'Unauthorized' }, 401);
    const { topic, event } = c.req.param();
    const isPrivate = c.req.query('private') === 'true';
    const binary = (c.req.header('content-type') ?? '').startsWith('application/octet-stream');
    const bytes = Buffer.from(await c.req.arrayBuffer());
    if (bytes.length > MAX_PAYLOAD_BYTES) return c.json({ errors: { payload: ['Payload size exceeds tenant limit'] } }, 422);
    let payload: unknown;
    if (!binary) {
      try {
        payload = JSON.parse(bytes.toString('utf8'));
      } catch {
        return c.json({ errors: { payload: ['is invalid'] } }, 422);
      }
    }
    if (isPrivate && !(await writeRights(ctx.db, auth.claims, topic)).broadcast) return c.body(null, 202);
    const key = topicKey(topic, isPrivate);
    if (binary) topics.broadcastUser(undefined, key, { userEvent: event, encoding: 'binary', data: bytes });
    else topics.broadcastJson(undefined, key, { type: 'broadcast', event, payload });
    return c.body(null, 202);
  });

  return app;
}

interface BatchMessage {
  topic: string;
  event: string;
  payload: Record<string, unknown>;
  private?: boolean;
}

/** Ecto-changeset-like errors for the batch body, or undefined when it is valid. */
function validateMessages(messages: unknown): Record<string, unknown> | undefined {
  if (!Array.isArray(messages) || messages.length === 0) return { messages: ["can't be blank"] };
  const perMessage = messages.map((m) => {
    const errors: Record<string, string[]> = {};
    const message = (m && typeof m === 'object' ? m : {}) as Record<string, unknown>;
    if (typeof message.topic !== 'string' || message.topic === '') errors.topic = ["can't be blank"];
    if (typeof message.event !== 'string' || message.event === '') errors.event = ["can't be blank"];
    const payload = message.payload;
    if (!payload || typeof payload !== 'object' || Array.isArray(payload)) errors.payload = ["can't be blank"];
    else if (JSON.stringify(payload).length > MAX_PAYLOAD_BYTES) errors.payload = ['Payload size exceeds tenant limit'];
    if (message.private !== undefined && typeof message.private !== 'boolean') errors.private = ['is invalid'];
    return errors;
  });
  return perMessage.some((e) => Object.keys(e).length > 0) ? { messages: perMessage } : undefined;
}

async function authenticate(c: Context, ctx: ServerContext): Promise<ChannelAuth | undefined> {
  const verified = await verifyChannelToken(ctx.jwt, bearerToken(c.req.raw.headers));
  return verified.ok ? verified.auth : undefined;
}

async function readJson(c: Context): Promise<unknown> {
  try {
    return await c.req.json();
  } catch {
    return undefined;
  }
}
