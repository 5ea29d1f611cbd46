import { Hono } from 'hono';
import type { ServerContext } from '../context.ts';
import type { Queryable } from '../db/types.ts';
import { createContactLimit } from '../auth/rate-limit.ts';
import {
  EVENT_PARAMS,
  MAX_BATCH_BYTES,
  MAX_EVENTS_PER_BATCH,
  paramProblem,
  type AnalyticsEventName,
  type ParamRule,
} from '../../src/analytics/events.ts';

/**
 * The analytics collector (issue 36; spec §3, §9): POST /__analytics takes one batch
 * `{ visitor, events: [{ name, props, at }] }` from a device whose person consented (the app's
 * VITE_ANALYTICS_ENDPOINT), checks it strictly against src/analytics/events.ts EVENT_PARAMS and
 * stores each event's day, name, parameters and the batch's visitor value in
 * public.analytics_events (supabase/schemas/analytics.sql). Nothing else of the request is kept:
 * no address, no account (an Authorization header is not even read), no time finer than the day.
 *
 * Answers: 202 `{ stored }`; 400 `{ code, message, index?, param? }` for anything not in the
 * list (codes: bad_json, bad_batch, bad_visitor, unknown_event, unknown_param, bad_param, bad_at);
 * 413 `request_too_large` (over 16 kB or 50 events); 415 for a body that is not JSON; 429
 * `too_many_requests` with Retry-After per client address (the auth endpoints' token buckets,
 * `SYNC_RATE_LIMIT_ANALYTICS` per 5 minutes, default 120).
 *
 * Events dated more than 7 days ago or more than a day ahead (a wrong clock, a phone offline for
 * weeks) are dropped, not refused: the answer's `stored` says how many were kept. Rows older than
 * the retention (400 days) are deleted by private.analytics_purge, run at most hourly on arrival.
 */
export const ANALYTICS_RETENTION_DAYS = 400;
const DEFAULT_RATE_PER_5_MINUTES = 120;
const PURGE_EVERY_MS = 60 * 60 * 1000;
const OLDEST_MS = 7 * 24 * 60 * 60 * 1000;
const NEWEST_MS = 24 * 60 * 60 * 1000;
const VISITOR = /^[0-9a-f]{16}$/;

export interface AnalyticsAppOptions {
  ratePer5Minutes?: number;
  now?: () => number;
}

export class BatchProblem extends Error {
  constructor(
    readonly status: 400 | 413,
    readonly code: string,
    message: string,
    readonly where: { index?: number; param?: string } = {},
  ) {
    super(message);
  }
}

export interface StoredEvent {
  day: string;
  name: AnalyticsEventName;
  props: Record<string, string | number | boolean>;
}

const isObject = (v: unknown): v is Record<string, unknown> => typeof v === 'object' && v !== null && !Array.isArray(v);

/** Checks one parsed batch; answers the rows to store (dropping stale ones) or throws BatchProblem. */
export function readBatch(body: unknown, now = Date.now()): { visitor: string; events: StoredEvent[] } {
  if (!isObject(body)) throw new BatchProblem(400, 'bad_batch', 'Expected an object { visitor, events }.');
  for (const key of Object.keys(body)) {
    if (key !== 'visitor' && key !== 'events') throw new BatchProblem(400, 'bad_batch', `Unknown field "${key.slice(0, 40)}".`);
  }
  const { visitor, events } = body;
  if (typeof visitor !== 'string' || !VISITOR.test(visitor)) {
    throw new BatchProblem(400, 'bad_visitor', 'visitor must be 16 lower-case hex digits.');
  }
  if (!Array.isArray(events) || events.length === 0) throw new BatchProblem(400, 'bad_batch', 'events must be a non-empty array.');
  if (events.length > MAX_EVENTS_PER_BATCH) {
    throw new BatchProblem(413, 'request_too_large', `At most ${MAX_EVENTS_PER_BATCH} events per batch.`);
  }
  const kept: StoredEvent[] = [];
  events.forEach((event: unknown, index) => {
    if (!isObject(event)) throw new BatchProblem(400, 'bad_batch', 'Each event is an object { name, props, at }.', { index });
    for (const key of Object.keys(event)) {
      if (key !== 'name' && key !== 'props' && key !== 'at') {
        throw new BatchProblem(400, 'bad_batch', `Unknown field "${key.slice(0, 40)}" in an event.`, { index });
      }
    }
    const { name, props = {}, at } = event;
    if (typeof name !== 'string' || !Object.hasOwn(EVENT_PARAMS, name)) {
      throw new BatchProblem(400, 'unknown_event', 'Unknown event name.', { index });
    }
    const rules = EVENT_PARAMS[name as AnalyticsEventName] as Record<string, ParamRule>;
    if (!isObject(props)) throw new BatchProblem(400, 'bad_batch', 'props must be an object.', { index });
    for (const [param, value] of Object.entries(props)) {
      if (!Object.hasOwn(rules, param)) {
        throw new BatchProblem(400, 'unknown_param', `Unknown parameter for ${name}.`, { index, param: param.slice(0, 40) });
      }
      if (paramProblem(rules[param], value)) {
        throw new BatchProblem(400, 'bad_param', `Parameter "${param}" of ${name} is not an allowed value.`, { index, param });
      }
    }
    const time = typeof at === 'string' && /^\d{4}-\d{2}-\d{2}T/.test(at) ? Date.parse(at) : NaN;
    if (!Number.isFinite(time)) throw new BatchProblem(400, 'bad_at', 'at must be an ISO 8601 date and time.', { index });
    if (time < now - OLDEST_MS || time > now + NEWEST_MS) return;
    kept.push({ day: new Date(time).toISOString().slice(0, 10), name: name as AnalyticsEventName, props: props as StoredEvent['props'] });
  });
  return { visitor, events: kept };
}

/** Stores checked events and keeps the day's counts (private.analytics_store, as the database owner: no API role writes these tables). */
export async function storeEvents(db: Queryable, visitor: string, events: StoredEvent[]): Promise<void> {
  if (events.length === 0) return;
  await db.query(`select private.analytics_store($1::jsonb, $2)`, [JSON.stringify(events), visitor]);
}

/** The retention: deletes the events older than `keepDays` days; answers how many went. */
export async function purgeAnalytics(db: Queryable, keepDays = ANALYTICS_RETENTION_DAYS): Promise<number> {
  const { rows } = await db.query<{ removed: number }>(`select private.analytics_purge($1) as removed`, [keepDays]);
  return rows[0].removed;
}

const problem = (status: number, code: string, message: string, extra: Record<string, unknown> = {}) =>
  new Response(JSON.stringify({ code, message, ...extra }), { status, headers: { 'content-type': 'application/json' } });

export function createAnalyticsApp(ctx: ServerContext, options: AnalyticsAppOptions = {}): Hono {
  const app = new Hono();
  const now = options.now ?? Date.now;
  const rate = options.ratePer5Minutes ?? (Number(process.env.SYNC_RATE_LIMIT_ANALYTICS) || DEFAULT_RATE_PER_5_MINUTES);
  let lastPurge = 0;
  const limit = createContactLimit(rate, (wait) => {
    const res = problem(429, 'too_many_requests', 'Too many analytics batches from this address; try later.');
    res.headers.set('retry-after', String(wait));
    return res;
  });
  app.post('/', limit, async (c) => {
    const type = c.req.header('content-type') ?? '';
    // sendBeacon sends a Blob's type; text/plain is what a beacon without one says.
    if (!/^(application\/json|text\/plain)\b/i.test(type)) return problem(415, 'unsupported_media_type', 'Send JSON.');
    const declared = Number(c.req.header('content-length') ?? 0);
    if (declared > MAX_BATCH_BYTES) return problem(413, 'request_too_large', `At most ${MAX_BATCH_BYTES} bytes.`);
    const buffer = await c.req.arrayBuffer();
    if (buffer.byteLength > MAX_BATCH_BYTES) return problem(413, 'request_too_large', `At most ${MAX_BATCH_BYTES} bytes.`);
    let body: unknown;
    try {
      body = JSON.parse(new TextDecoder().decode(buffer));
    } catch {
      return problem(400, 'bad_json', 'The body is not JSON.');
    }
    let batch: ReturnType<typeof readBatch>;
    try {
      batch = readBatch(body, now());
    } catch (error) {
      if (error instanceof BatchProblem) return problem(error.status, error.code, error.message, error.where);
      throw error;
    }
    await storeEvents(ctx.db, batch.visitor, batch.events);
    if (now() - lastPurge > PURGE_EVERY_MS) {
      lastPurge = now();
      await purgeAnalytics(ctx.db).catch((error: unknown) => console.error('[analytics] purge failed:', (error as Error).message));
    }
    return c.json({ stored: batch.events.length }, 202);
  });
  app.all('/', () => problem(405, 'method_not_allowed', 'POST a batch.'));
  return app;
}
