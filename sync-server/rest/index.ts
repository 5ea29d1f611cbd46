/**
 * `/rest/v1`: a PostgREST-compatible API on the server's database. See ARCHITECTURE.md §1, §4.
 *
 * Request flow: authenticate (auth.ts) → choose the schema (Accept-Profile / Content-Profile) →
 * parse the query (query-parser.ts) → plan against the schema cache (plan.ts) → one statement in
 * one transaction as the requester (handlers.ts, sql-builder.ts) → PostgREST's response or error
 * envelope (errors.ts). Exposed schemas: PGRST_DB_SCHEMAS (comma-separated), `public` by default.
 *
 * Settings: PGRST_DB_TX_END (Prefer: tx=…), PGRST_DB_PLAN_ENABLED (EXPLAIN plans) and
 * PGRST_DB_AGGREGATES_ENABLED (aggregates in select), as PostgREST's.
 * Not implemented (PostgREST has them): `or` across embedded columns,
 * CSV and form-urlencoded request bodies, and view relationships for
 * views that rename columns or read several tables. sync-server/README.md lists each with its answer.
 */
import { Hono, type Context } from 'hono';
import type { ServerContext } from '../context.ts';
import { asRequester } from '../db/request-context.ts';
import type { Queryable } from '../db/types.ts';
import { authenticate, type Requester } from './auth.ts';
import { errors, RestError, toRestError, type RpcBodyKind } from './errors.ts';
import {
  prepareCall,
  prepareDelete,
  prepareInsert,
  preparePut,
  prepareRead,
  prepareUpdate,
  PlanAnswer,
  type Prepared,
  type RestRequest,
  type RestResponse,
} from './handlers.ts';
import { NegativeLimitError, parseQueryParams, QueryParseError } from './query-parser.ts';
import { negotiateFormat, negotiatePlan, parsePreferences, readBody, type Preferences } from './request.ts';
import { SchemaCacheHolder, type SchemaCache, type Table } from './schema-cache.ts';
import { openApiDocument } from './openapi.ts';
import { createCodeGuessLimit, createContactLimit } from '../auth/rate-limit.ts';

const METHODS = ['GET', 'HEAD', 'POST', 'PATCH', 'PUT', 'DELETE', 'OPTIONS'];

/** Errors that a fresher schema cache might resolve (the name may have been created since). */
const CACHE_MISS_CODES = new Set(['PGRST200', 'PGRST202', 'PGRST204', 'PGRST205', '42703']);

type Target = { kind: 'relation'; name: string } | { kind: 'rpc'; name: string } | { kind: 'root' };

function exposedSchemas(): string[] {
  const list = (process.env.PGRST_DB_SCHEMAS ?? 'public')
    .split(',')
    .map((s) => s.trim())
    .filter(Boolean);
  return list.length ? list : ['public'];
}

/**
 * PostgREST's db-tx-end (PGRST_DB_TX_END): commit (the default), commit-allow-override,
 * rollback, rollback-allow-override. An override is `Prefer: tx=commit|rollback`.
 */
export interface TxEnd {
  rollbackAll: boolean;
  allowOverride: boolean;
  /** PGRST_DB_PLAN_ENABLED (db-plan-enabled): `Accept: application/vnd.pgrst.plan…` answers EXPLAIN. Off by default. */
  planEnabled?: boolean;
  /** PGRST_DB_AGGREGATES_ENABLED (db-aggregates-enabled): `count()`, `col.sum()` … in `select`. Off by default (PGRST123). */
  aggregatesEnabled?: boolean;
}

export function txEndSetting(value = process.env.PGRST_DB_TX_END ?? 'commit'): TxEnd {
  switch (value.trim()) {
    case 'commit':
      return { rollbackAll: false, allowOverride: false };
    case 'commit-allow-override':
      return { rollbackAll: false, allowOverride: true };
    case 'rollback':
      return { rollbackAll: true, allowOverride: false };
    case 'rollback-allow-override':
      return { rollbackAll: true, allowOverride: true };
  }
  throw new Error(`PGRST_DB_TX_END must be commit, commit-allow-override, rollback or rollback-allow-override (got ${JSON.stringify(value)})`);
}

/** Carries a finished response out of a transaction that must end in ROLLBACK. */
class RolledBack extends Error {
  constructor(readonly response: RestResponse) {
    super('rolled back as asked');
  }
}

function jsonError(error: RestError): Response {
  const body = JSON.stringify(error.body());
  return new Response(body, {
    status: error.status,
    headers: { 'Content-Type': 'application/json; charset=utf-8', 'Content-Length': String(Buffer.byteLength(body)), ...error.headers },
  });
}

/** With its length, so that the compression (app.ts) leaves small answers as they are. */
function toResponse(res: RestResponse, method: string): Response {
  const noBody = method === 'HEAD' || res.status === 204 || res.status === 304;
  const headers = new Headers(res.headers);
  if (!noBody && typeof res.body === 'string') headers.set('Content-Length', String(Buffer.byteLength(res.body)));
  return new Response(noBody ? null : res.body, { status: res.status, headers });
}

function queryEntries(url: URL): { entries: [string, string][]; apikey: string | null } {
  const params = new URLSearchParams(url.search);
  const apikey = params.get('apikey');
  return { entries: [...params].filter(([k]) => k !== 'apikey'), apikey };
}

function chooseSchema(cache: SchemaCacheHolder, method: string, headers: Headers): { schema: string; negotiated: boolean } {
  const header = ['GET', 'HEAD'].includes(method) ? 'accept-profile' : 'content-profile';
  const profile = headers.get(header);
  if (profile === null) return { schema: cache.schemas[0], negotiated: cache.schemas.length > 1 };
  if (!cache.schemas.includes(profile)) throw errors.unacceptableSchema(profile, cache.schemas);
  return { schema: profile, negotiated: true };
}

function parseQuery(entries: [string, string][], isRpcRead: boolean) {
  try {
    return parseQueryParams(entries, isRpcRead);
  } catch (error) {
    if (error instanceof QueryParseError) throw errors.queryParam(error.message, error.details);
    if (error instanceof NegativeLimitError) throw errors.invalidRange('Limit should be greater than or equal to zero.');
    throw error;
  }
}

function plan(cache: SchemaCache, target: Target, req: RestRequest): Prepared {
  if (target.kind === 'rpc') {
    if (!['GET', 'HEAD', 'POST'].includes(req.method)) throw errors.invalidRpcMethod(req.method);
    return prepareCall(cache, target.name, req);
  }
  if (target.kind === 'root') throw errors.invalidPath();
  const table = cache.table(req.schema, target.name);
  if (!table) throw errors.tableNotFound(req.schema, target.name);
  if (writes(table)[req.method] === false) throw errors.readOnlyRelation(table.name, req.method, allowedMethods(table));
  switch (req.method) {
    case 'GET':
    case 'HEAD':
      return prepareRead(cache, table, req);
    case 'POST':
      return prepareInsert(cache, table, req);
    case 'PUT':
      return preparePut(cache, table, req);
    case 'PATCH':
      return prepareUpdate(cache, table, req);
    case 'DELETE':
      return prepareDelete(cache, table, req);
  }
  throw errors.unsupportedMethod(req.method);
}

/** Plans on the current cache; a miss reloads the cache once (a migration may just have run). */
async function planWithReload(holder: SchemaCacheHolder, target: Target, req: RestRequest, role: string): Promise<Prepared> {
  let cache = await holder.get();
  let prepared: Prepared;
  try {
    prepared = plan(cache, target, req);
  } catch (error) {
    if (!(error instanceof RestError) || !CACHE_MISS_CODES.has(error.code)) throw error;
    const fresh = await holder.reloadAfterMiss();
    if (!fresh) throw error;
    cache = fresh;
    prepared = plan(cache, target, req);
  }
  return { ...prepared, roleSettings: cache.roleSettings.get(role) };
}

function requestPath(target: Target): string {
  if (target.kind === 'rpc') return `/rpc/${target.name}`;
  if (target.kind === 'relation') return `/${target.name}`;
  return '/';
}

/** Everything about the request that does not need the schema cache, parsed and checked. */
async function readRequest(
  ctx: ServerContext,
  txEnd: TxEnd,
  holder: SchemaCacheHolder,
  raw: Request,
  target: Target,
  entries: [string, string][],
): Promise<RestRequest> {
  const method = raw.method.toUpperCase();
  const { schema, negotiated } = chooseSchema(holder, method, raw.headers);
  const isRpcRead = target.kind === 'rpc' && (method === 'GET' || method === 'HEAD');
  const query = parseQuery(entries, isRpcRead);
  const prefs = parsePreferences(raw.headers, txEnd.allowOverride);
  if (prefs.handling === 'strict' && prefs.invalid.length) throw errors.invalidPreferences(prefs.invalid);
  const plan = negotiatePlan(raw.headers.get('accept'), txEnd.planEnabled === true);
  // A plan is of the statement that would answer its `for` media type.
  const format = negotiateFormat(plan ? plan.for : raw.headers.get('accept'));
  const hasBody = ['POST', 'PATCH', 'PUT'].includes(method);
  const bytes = hasBody ? await readBody(raw, ctx.config.maxBodyBytes) : undefined;
  const bodyKind = hasBody ? contentKind(raw.headers.get('content-type'), target.kind === 'rpc' && method === 'POST') : undefined;
  return {
    method,
    schema,
    profileNegotiated: negotiated,
    query,
    prefs,
    format,
    ...(plan ? { plan } : {}),
    ...(txEnd.aggregatesEnabled ? { aggregates: true } : {}),
    headers: raw.headers,
    body: bytes ? bytes.toString('utf8') : '',
    bodyKind,
    ...(bodyKind === 'bytea' ? { bodyBytes: bytes } : {}),
  };
}

/** ONE transaction as the requester (role + request.jwt.claims, as PostgREST sets them): RLS decides. */
async function runAsRequester(
  ctx: ServerContext,
  txEnd: TxEnd,
  requester: Requester,
  prepared: Prepared,
  req: RestRequest,
  target: Target,
): Promise<RestResponse> {
  const headers: Record<string, string> = {};
  req.headers.forEach((value, key) => {
    headers[key] = value;
  });
  // PostgREST's optionalRollback: the same statements as the same role under the same RLS, then
  // deferred constraints checked (SET CONSTRAINTS ALL IMMEDIATE) and the transaction rolled back.
  const rollback = req.prefs.tx === 'rollback' || (txEnd.rollbackAll && req.prefs.tx !== 'commit');
  try {
    return await asRequester(
      ctx.db,
      requester.claims,
      async (tx) => {
        if (req.prefs.timezone !== undefined) await applyTimezone(tx, req.prefs);
        let response: RestResponse;
        try {
          response = await prepared.run(tx);
        } catch (error) {
          if (!(error instanceof PlanAnswer)) throw error;
          response = error.response;
        }
        if (!rollback) return response;
        await tx.query('SET CONSTRAINTS ALL IMMEDIATE');
        throw new RolledBack(response);
      },
      // PostgREST applies the impersonated role's settings for the transaction (SET ROLE alone does
      // not), and runs reads READ ONLY: both with the role and claims, in one statement.
      { method: req.method, path: requestPath(target), headers, settings: prepared.roleSettings, readOnly: prepared.readOnly },
    );
  } catch (error) {
    if (error instanceof RolledBack) return error.response;
    throw error;
  }
}

async function handle(ctx: ServerContext, txEnd: TxEnd, holder: SchemaCacheHolder, c: Context, target: Target): Promise<Response> {
  const raw = c.req.raw;
  const method = raw.method.toUpperCase();
  let requester: Requester | undefined;
  try {
    if (!METHODS.includes(method)) throw errors.unsupportedMethod(method);
    const { entries, apikey } = queryEntries(new URL(raw.url));
    requester = await authenticate(ctx, raw.headers, apikey);
    if (method === 'OPTIONS') return optionsResponse(target);
    if (target.kind === 'root') return await rootDocument(holder, chooseSchema(holder, method, raw.headers).schema, method);
    const req = await readRequest(ctx, txEnd, holder, raw, target, entries);
    const prepared = await planWithReload(holder, target, req, requester.role);
    return toResponse(await runAsRequester(ctx, txEnd, requester, prepared, req, target), method);
  } catch (error) {
    const rest = toRestError(error, requester !== undefined && requester.role !== 'anon');
    // Postgres did not know a name the cache knew: the cache is stale (something was dropped).
    if (['42P01', '42703', '42883'].includes(rest.code) && !(error instanceof RestError)) void holder.reload().catch(() => undefined);
    if (rest.status >= 500) console.error('[rest]', method, raw.url, error);
    return jsonError(rest);
  }
}

/** `Prefer: timezone=…`: timestamps are written in that zone if Postgres knows it, else the preference is invalid. */
async function applyTimezone(tx: Queryable, prefs: Preferences): Promise<void> {
  const { rows } = await tx.query(
    `select set_config('timezone', name, true) from pg_catalog.pg_timezone_names where name = $1`,
    [prefs.timezone],
  );
  if (rows.length > 0) prefs.applied.push(`timezone=${prefs.timezone}`);
  else if (prefs.handling === 'strict') throw errors.invalidPreferences([`timezone=${prefs.timezone}`]);
}

/**
 * What the body is, by its Content-Type: JSON (also when none is given), or — for an RPC's POST
 * only — a raw value for a function with a single unnamed text, xml or bytea parameter.
 */
function contentKind(contentType: string | null, rpcPost: boolean): RpcBodyKind {
  if (contentType === null) return 'json';
  const type = contentType.split(';')[0].trim().toLowerCase();
  if (type === '' || type === 'application/json' || type === '*/*' || type.endsWith('+json')) return 'json';
  if (rpcPost && type === 'text/plain') return 'text';
  if (rpcPost && type === 'text/xml') return 'xml';
  if (rpcPost && type === 'application/octet-stream') return 'bytea';
  throw errors.invalidBody(`Content-Type not acceptable: ${type}`);
}

/** Which writes Postgres can do on a table or view (a view with joins and no INSTEAD OF trigger: none). */
function writes(table: Table): Record<string, boolean> {
  return { POST: table.insertable, PUT: table.insertable && table.updatable, PATCH: table.updatable, DELETE: table.deletable };
}

/** What a table or view allows, as PostgREST's OPTIONS says it in its Allow header (PUT needs a primary key too). */
function allowedMethods(table: Table): string {
  const can = writes(table);
  return [
    'OPTIONS,GET,HEAD',
    ...(can.POST ? ['POST'] : []),
    ...(can.PUT && table.primaryKey.length > 0 ? ['PUT'] : []),
    ...(can.PATCH ? ['PATCH'] : []),
    ...(can.DELETE ? ['DELETE'] : []),
  ].join(',');
}

function optionsResponse(target: Target): Response {
  const allow = target.kind === 'rpc' ? 'OPTIONS,GET,HEAD,POST' : target.kind === 'root' ? 'OPTIONS,GET,HEAD' : 'OPTIONS,GET,HEAD,POST,PUT,PATCH,DELETE';
  return new Response(null, { status: 200, headers: { Allow: allow } });
}

async function rootDocument(holder: SchemaCacheHolder, schema: string, method: string): Promise<Response> {
  if (method !== 'GET' && method !== 'HEAD') throw errors.unsupportedMethod(method);
  const doc = openApiDocument(await holder.get(), schema);
  return new Response(method === 'HEAD' ? null : JSON.stringify(doc), {
    status: 200,
    headers: { 'Content-Type': 'application/openapi+json; charset=utf-8' },
  });
}

export function createRestApp(ctx: ServerContext): Hono {
  const holder = new SchemaCacheHolder(ctx.db, exposedSchemas());
  const on = (name: string) => ['true', 'on', '1'].includes((process.env[name] ?? '').toLowerCase());
  const txEnd = { ...txEndSetting(), planEnabled: on('PGRST_DB_PLAN_ENABLED'), aggregatesEnabled: on('PGRST_DB_AGGREGATES_ENABLED') };
  const ready = holder
    .start()
    .then(() => holder.reload())
    .catch((error) => console.error('[rest] schema cache:', error));
  ctx.onClose(() => holder.stop());

  const app = new Hono();
  const route = (target: (c: Context) => Target) => async (c: Context) => {
    await ready;
    return handle(ctx, txEnd, holder, c, target(c));
  };
  app.all('/', route(() => ({ kind: 'root' })));
  // claim_guest, redeem_invite, confirm_guardian: wrong codes per client address (issue 28).
  const codeGuessLimit = createCodeGuessLimit(ctx.config.codeGuessRateLimit, (wait) => jsonError(errors.tooManyAttempts(wait)));
  app.all('/rpc/:fn', async (c, next) => {
    const limit = codeGuessLimit(c.req.param('fn') ?? '');
    return limit ? limit(c, next) : next();
  });
  // send_contact_message: messages per client address (issue 33).
  app.all('/rpc/send_contact_message', createContactLimit(ctx.config.contactRateLimit, (wait) => jsonError(errors.tooManyMessages(wait))));
  app.all('/rpc/:fn', route((c) => ({ kind: 'rpc', name: c.req.param('fn') ?? '' })));
  app.all('/:relation', route((c) => ({ kind: 'relation', name: c.req.param('relation') ?? '' })));
  app.all('*', async () => jsonError(errors.invalidPath()));
  return app;
}
