/**
 * One function per PostgREST action: read (GET/HEAD), insert (POST), upsert (PUT), update
 * (PATCH), delete (DELETE) and call (RPC). Each plans against the schema cache, runs ONE
 * statement in the requester's transaction (asRequester: role + request.jwt.claims, RLS
 * decides) and answers with PostgREST's statuses and headers.
 */
import type { Queryable } from '../db/types.ts';
import { errors, RestError, type RpcBodyKind } from './errors.ts';
import { fuzzyBest } from './fuzzy.ts';
import {
  checkPayloadColumns,
  planRead,
  planRootFilters,
  planRootOrder,
  tableSource,
  type NodeSource,
  type ReadNode,
} from './plan.ts';
import type { QueryParams } from './query-parser.ts';
import {
  contentRange,
  contentTypeOf,
  parseJsonPayload,
  planContentType,
  rangeStatus,
  topLevelRange,
  type JsonPayload,
  type PlanRequest,
  type Preferences,
} from './request.ts';
import type { Routine, RoutineParam, SchemaCache, Table } from './schema-cache.ts';
import {
  bodySql,
  callSql,
  countQuery,
  deleteSql,
  insertSql,
  locationSql,
  mutationWhere,
  payloadSql,
  Params,
  readQuery,
  statement,
  updateSql,
  type BodyFormat,
  type CallArgs,
  type ReturnShape,
} from './sql-builder.ts';

/** Everything a handler needs to know about the request, parsed and checked. */
export interface RestRequest {
  method: string;
  schema: string;
  /** True when the schema was chosen by Accept-Profile/Content-Profile (or several are exposed). */
  profileNegotiated: boolean;
  query: QueryParams;
  prefs: Preferences;
  format: BodyFormat;
  headers: Headers;
  body: string;
  /** POST/PATCH/PUT: JSON, or (an RPC's POST) a raw text, xml or bytea value, by Content-Type. */
  bodyKind?: RpcBodyKind;
  /** The body's bytes when it is application/octet-stream (a bytea argument). */
  bodyBytes?: Buffer;
  /** Accept: application/vnd.pgrst.plan… where plans are enabled: answer with the statement's EXPLAIN. */
  plan?: PlanRequest;
  /** PGRST_DB_AGGREGATES_ENABLED (db-aggregates-enabled): aggregates in `select`. Off by default (PGRST123). */
  aggregates?: boolean;
}

export interface RestResponse {
  status: number;
  headers: Record<string, string>;
  body: string;
}

/** What one statement returns (standardRow in PostgREST's Statements.hs). */
interface ResultRow {
  total_result_set: string | number | null;
  page_total: string | number;
  body: string;
  response_headers: string | null;
  response_status: string | null;
  location?: string | null;
  inserted?: number | null;
}

/** A planned request, run later inside the requester's transaction. */
export interface Prepared {
  /** The role's own settings (statement_timeout …), applied with SET LOCAL semantics first. */
  roleSettings?: [string, string][];
  /** Run the transaction READ ONLY (GET/HEAD, and calls of stable or immutable functions), as PostgREST does. */
  readOnly: boolean;
  run(tx: Queryable): Promise<RestResponse>;
}

const toNumber = (v: string | number | null | undefined) => (v === null || v === undefined ? undefined : Number(v));

/** The EXPLAIN of a request's statement, carried out of the handler as its whole answer. */
export class PlanAnswer extends Error {
  constructor(readonly response: RestResponse) {
    super('plan');
  }
}

async function runStatement(tx: Queryable, sql: string, params: Params, req: RestRequest): Promise<ResultRow> {
  if (req.plan) {
    // The same statement, as the same role under the same RLS, explained (PostgREST's explainF).
    const options = [`FORMAT ${req.plan.format.toUpperCase()}`, ...req.plan.options.map((o) => o.toUpperCase())].join(', ');
    const { rows } = await tx.query<{ 'QUERY PLAN': unknown }>(`EXPLAIN (${options}) ${sql}`, params.values);
    const lines = rows.map((r) => (typeof r['QUERY PLAN'] === 'string' ? r['QUERY PLAN'] : JSON.stringify(r['QUERY PLAN'])));
    throw new PlanAnswer({ status: 200, headers: { 'Content-Type': planContentType(req.plan) }, body: `${lines.join('\n')}\n` });
  }
  const { rows } = await tx.query<ResultRow>(sql, params.values);
  return rows[0];
}

/** response.headers / response.status set by SQL override ours, as in PostgREST. */
function applyGucOverrides(row: ResultRow, status: number, headers: Record<string, string>): number {
  if (row.response_headers) {
    let parsed: unknown;
    try {
      parsed = JSON.parse(row.response_headers);
    } catch {
      parsed = undefined;
    }
    const valid =
      Array.isArray(parsed) &&
      parsed.every((h) => typeof h === 'object' && h !== null && Object.keys(h).length === 1 && typeof Object.values(h)[0] === 'string');
    if (!valid) {
      throw new RestError(500, 'PGRST111', 'response.headers guc must be a JSON array composed of objects with a single key and a string value');
    }
    for (const h of parsed as Record<string, string>[]) {
      const [k, v] = Object.entries(h)[0];
      headers[k] = v;
    }
  }
  if (row.response_status) {
    const s = Number(row.response_status);
    if (!Number.isInteger(s) || s < 100 || s > 599) throw new RestError(500, 'PGRST112', 'response.status guc must be a valid status code');
    return s;
  }
  return status;
}

function baseHeaders(req: RestRequest, withBody: boolean): Record<string, string> {
  const headers: Record<string, string> = {};
  if (withBody) headers['Content-Type'] = contentTypeOf(req.format);
  if (req.profileNegotiated && withBody) headers['Content-Profile'] = req.schema;
  return headers;
}

/** PostgREST's order in Preference-Applied (prefAppliedHeader). */
const APPLIED_ORDER = ['resolution', 'missing', 'return', 'count', 'tx', 'handling', 'timezone', 'max-affected'];

function preferenceApplied(req: RestRequest, keys: string[], headers: Record<string, string>): void {
  const key = (p: string) => p.split('=')[0];
  const applied = req.prefs.applied
    .filter((p) => [...keys, 'timezone', 'tx'].includes(key(p)))
    // max-affected is applied only with handling=strict
    .filter((p) => key(p) !== 'max-affected' || req.prefs.handling === 'strict')
    .sort((a, b) => APPLIED_ORDER.indexOf(key(a)) - APPLIED_ORDER.indexOf(key(b)));
  if (applied.length) headers['Preference-Applied'] = applied.join(', ');
}

function checkMaxAffected(req: RestRequest, affected: number): void {
  if (req.prefs.handling === 'strict' && req.prefs.maxAffected !== undefined && affected > req.prefs.maxAffected) {
    throw errors.maxAffected(affected);
  }
}

/**
 * `Prefer: count=planned` asks the planner (preparePlanRows); estimated is exact without a
 * max-rows setting. `source` renders the pgrst_source CTE the count reads, for function results.
 */
async function plannedCount(tx: Queryable, root: ReadNode, source?: (params: Params) => string): Promise<number | undefined> {
  const params = new Params();
  const cte = source ? `WITH pgrst_source AS (${source(params)}) ` : '';
  const sql = `EXPLAIN (FORMAT JSON) ${cte}${countQuery(root, params)}`;
  const { rows } = await tx.query<{ 'QUERY PLAN': unknown }>(sql, params.values);
  const plan = rows[0]?.['QUERY PLAN'];
  const parsed = typeof plan === 'string' ? JSON.parse(plan) : plan;
  const n = (parsed as { Plan?: { 'Plan Rows'?: number } }[])?.[0]?.Plan?.['Plan Rows'];
  return typeof n === 'number' ? n : undefined;
}

/** The rows of a mutation or function, as the source of the returned representation. */
function cteSource(label: string, table: Table | undefined, columns: NodeSource['columns']): NodeSource {
  return { ref: '"pgrst_source"', from: 'pgrst_source', label, table, columns, computed: table?.computed };
}

// ---------------------------------------------------------------------------------------------
// Read
// ---------------------------------------------------------------------------------------------

export function prepareRead(cache: SchemaCache, table: Table, req: RestRequest): Prepared {
  const root = planRead(cache, tableSource(table), req.query, { rootConditions: true, aggregates: req.aggregates === true });
  root.range = topLevelRange(req.method, req.headers.get('range'), req.query.ranges.get(''));
  const headOnly = req.method === 'HEAD';
  const countMode = req.prefs.count;
  return {
    readOnly: true,
    async run(tx) {
      const params = new Params();
      const source = readQuery(root, params);
      const count = countMode === 'exact' || countMode === 'estimated' ? countQuery(root, params) : undefined;
      const sql = statement({ source, select: 'SELECT * FROM pgrst_source', count, body: bodySql(headOnly ? { kind: 'none' } : req.format) });
      const row = await runStatement(tx, sql, params, req);
      const total = countMode === 'planned' ? await plannedCount(tx, root) : toNumber(row.total_result_set);
      return readResponse(req, row, root.range.offset, total, headOnly);
    },
  };
}

function readResponse(req: RestRequest, row: ResultRow, offset: number, total: number | undefined, headOnly: boolean): RestResponse {
  const pageTotal = Number(row.page_total);
  const lower = offset;
  const upper = lower + pageTotal - 1;
  let status = rangeStatus(lower, upper, total);
  const headers = baseHeaders(req, !headOnly);
  headers['Content-Range'] = contentRange(lower, upper, total);
  preferenceApplied(req, ['count', 'handling'], headers);
  if (status === 416) {
    const error = errors.invalidRange(`An offset of ${offset} was requested, but there are only ${total ?? 0} rows.`);
    return { status, headers: { ...headers, 'Content-Type': 'application/json; charset=utf-8' }, body: JSON.stringify(error.body()) };
  }
  if (req.format.kind === 'object' && pageTotal !== 1) throw errors.singularity(pageTotal);
  status = applyGucOverrides(row, status, headers);
  return { status, headers, body: headOnly ? '' : row.body };
}

// ---------------------------------------------------------------------------------------------
// Mutations
// ---------------------------------------------------------------------------------------------

interface MutationContext {
  table: Table;
  payload?: JsonPayload;
  representation: boolean;
  root?: ReadNode;
}

function representationPlan(cache: SchemaCache, table: Table, req: RestRequest): ReadNode | undefined {
  if (req.prefs.return !== 'representation') return undefined;
  return planRead(cache, cteSource(table.name, table, table.columns), req.query, { rootConditions: false, aggregates: req.aggregates === true });
}

/** The rows the response is built from: the representation's SELECT, or just the affected rows. */
function mutationSelect(ctx: MutationContext, params: Params): string {
  return ctx.root ? readQuery(ctx.root, params) : 'SELECT * FROM pgrst_source';
}

function payloadColumns(table: Table, req: RestRequest, payload: JsonPayload) {
  return checkPayloadColumns(table, req.query.columns ?? payload.keys);
}

function mutationBody(ctx: MutationContext, row: ResultRow): string {
  return ctx.representation ? row.body : '';
}

function singularCheck(req: RestRequest, pageTotal: number): void {
  if (req.prefs.return === 'representation' && req.format.kind === 'object' && pageTotal !== 1) throw errors.singularity(pageTotal);
}

export function prepareInsert(cache: SchemaCache, table: Table, req: RestRequest): Prepared {
  const payload = parseJsonPayload(req.body, { allowEmptyAsObject: false, columns: req.query.columns });
  const columns = payloadColumns(table, req, payload);
  const resolution = req.prefs.resolution;
  let conflict: { columns: string[]; action: 'merge' | 'ignore' } | undefined;
  if (resolution) {
    const conflictColumns = req.query.onConflict ?? table.primaryKey;
    for (const c of conflictColumns) if (!table.columns.has(c)) throw errors.undefinedColumn(table.name, c);
    conflict = { columns: conflictColumns, action: resolution === 'merge-duplicates' ? 'merge' : 'ignore' };
  }
  const ctx: MutationContext = { table, payload, representation: req.prefs.return === 'representation', root: representationPlan(cache, table, req) };
  const headersOnly = req.prefs.return === 'headers-only' && table.primaryKey.length > 0;
  const merge = conflict?.action === 'merge' && conflict.columns.length > 0;
  return {
    readOnly: false,
    async run(tx) {
      const params = new Params();
      const from = payloadSql(payload.raw, payload.isArray, columns, params, {
        applyDefaults: req.prefs.missing === 'default',
        limitOne: false,
        countInserted: merge && columns.length > 0,
      });
      const source = insertSql(table, columns, from, conflict, ctx.representation || headersOnly);
      const select = mutationSelect(ctx, params);
      const extra = [
        ...(headersOnly ? [locationSql(table.primaryKey, params)] : []),
        ...(merge ? [`nullif(current_setting('pgrst.inserted', true), '')::int AS inserted`] : []),
      ];
      const body = ctx.representation ? bodySql(req.format) : `''`;
      const count = req.prefs.count ? 'SELECT 1 FROM pgrst_source' : undefined;
      const row = await runStatement(tx, statement({ source, select, count, body, extra }), params, req);
      const pageTotal = Number(row.page_total);
      singularCheck(req, pageTotal);
      const headers: Record<string, string> = ctx.representation ? baseHeaders(req, true) : {};
      headers['Content-Range'] = contentRange(1, 0, req.prefs.count ? pageTotal : undefined);
      if (headersOnly && pageTotal === 1 && row.location) {
        const pairs = JSON.parse(row.location) as [string, string][];
        headers['Location'] = `/${table.name}?${new URLSearchParams(pairs).toString()}`;
      }
      preferenceApplied(req, ['return', 'count', 'missing', 'handling', ...(conflict ? ['resolution'] : [])], headers);
      const inserted = row.inserted ?? 0;
      let status = merge && inserted <= 0 && pageTotal > 0 ? 200 : 201;
      status = applyGucOverrides(row, status, headers);
      return { status, headers, body: mutationBody(ctx, row) };
    },
  };
}

/** PUT: a single-row upsert addressed by its whole primary key (MutationSingleUpsert). */
export function preparePut(cache: SchemaCache, table: Table, req: RestRequest): Prepared {
  if (req.query.ranges.get('')) throw errors.putLimit();
  const payload = parseJsonPayload(req.body, { allowEmptyAsObject: false, columns: req.query.columns });
  const pk = table.primaryKey;
  const filters = req.query.filters.filter((f) => f.path.length === 0);
  const pkFilters = new Map<string, string>();
  for (const { filter } of filters) {
    if (filter.negated || filter.operation.kind !== 'quant' || filter.operation.op !== 'eq' || filter.operation.quantifier) break;
    if (filter.field.jsonPath.length) break;
    pkFilters.set(filter.field.name, filter.operation.value);
  }
  const exact = pk.length > 0 && filters.length === pk.length && req.query.logic.length === 0 && pk.every((c) => pkFilters.has(c));
  if (!exact) throw errors.invalidFilters();
  const rows = payload.isArray ? (payload.value as Record<string, unknown>[]) : [payload.value as Record<string, unknown>];
  if (rows.length !== 1) throw errors.putMatchingPk();
  for (const c of pk) {
    const v = rows[0][c];
    if (v === undefined || v === null || String(v) !== pkFilters.get(c)) throw errors.putMatchingPk();
  }
  const columns = payloadColumns(table, req, payload);
  const ctx: MutationContext = { table, payload, representation: req.prefs.return === 'representation', root: representationPlan(cache, table, req) };
  return {
    readOnly: false,
    async run(tx) {
      const params = new Params();
      const from = payloadSql(payload.raw, payload.isArray, columns, params, { applyDefaults: false, limitOne: true, countInserted: true });
      const source = insertSql(table, columns, from, { columns: pk, action: 'merge' }, ctx.representation);
      const select = mutationSelect(ctx, params);
      const body = ctx.representation ? bodySql(req.format) : `''`;
      const extra = [`nullif(current_setting('pgrst.inserted', true), '')::int AS inserted`];
      const row = await runStatement(tx, statement({ source, select, body, extra }), params, req);
      singularCheck(req, Number(row.page_total));
      const headers: Record<string, string> = ctx.representation ? baseHeaders(req, true) : {};
      preferenceApplied(req, ['return', 'handling'], headers);
      let status = ctx.representation ? ((row.inserted ?? 0) > 0 ? 201 : 200) : 204;
      status = applyGucOverrides(row, status, headers);
      return { status, headers, body: mutationBody(ctx, row) };
    },
  };
}

function prepareFilteredMutation(cache: SchemaCache, table: Table, req: RestRequest, command: 'UPDATE' | 'DELETE'): Prepared {
  const source = tableSource(table);
  const where = planRootFilters(source, req.query);
  const order = planRootOrder(source, req.query);
  const range = req.query.ranges.get('') ?? { offset: 0 };
  if (where.length === 0 && range.limit === undefined) throw errors.whereRequired(command);
  const payload = command === 'UPDATE' ? parseJsonPayload(req.body, { allowEmptyAsObject: false, columns: req.query.columns }) : undefined;
  const columns = payload ? payloadColumns(table, req, payload) : [];
  const ctx: MutationContext = { table, payload, representation: req.prefs.return === 'representation', root: representationPlan(cache, table, req) };
  return {
    readOnly: false,
    async run(tx) {
      const params = new Params();
      let mutation: string;
      if (command === 'UPDATE') {
        const from = columns.length
          ? payloadSql(payload!.raw, payload!.isArray, columns, params, { applyDefaults: req.prefs.missing === 'default', limitOne: true, countInserted: false })
          : '';
        const whereSql = columns.length ? mutationWhere(table, where, order, range, params) : '';
        mutation = updateSql(table, columns, from, whereSql, ctx.representation);
      } else {
        mutation = deleteSql(table, mutationWhere(table, where, order, range, params), ctx.representation);
      }
      const select = mutationSelect(ctx, params);
      const body = ctx.representation ? bodySql(req.format) : `''`;
      const count = req.prefs.count ? 'SELECT 1 FROM pgrst_source' : undefined;
      const row = await runStatement(tx, statement({ source: mutation, select, count, body }), params, req);
      const pageTotal = Number(row.page_total);
      checkMaxAffected(req, pageTotal);
      singularCheck(req, pageTotal);
      const headers: Record<string, string> = ctx.representation ? baseHeaders(req, true) : {};
      const total = req.prefs.count ? pageTotal : undefined;
      headers['Content-Range'] = command === 'UPDATE' ? contentRange(0, pageTotal - 1, total) : contentRange(1, 0, total);
      preferenceApplied(req, ['return', 'count', 'missing', 'handling', 'max-affected'], headers);
      let status = ctx.representation ? 200 : 204;
      status = applyGucOverrides(row, status, headers);
      return { status, headers, body: mutationBody(ctx, row) };
    },
  };
}

export const prepareUpdate = (cache: SchemaCache, table: Table, req: RestRequest) => prepareFilteredMutation(cache, table, req, 'UPDATE');
export const prepareDelete = (cache: SchemaCache, table: Table, req: RestRequest) => prepareFilteredMutation(cache, table, req, 'DELETE');

// ---------------------------------------------------------------------------------------------
// RPC
// ---------------------------------------------------------------------------------------------

const UNNAMED_BY_BODY: Record<RpcBodyKind, string[]> = { json: ['json', 'jsonb'], text: ['text'], xml: ['xml'], bytea: ['bytea'] };

/** `name => type` of each parameter, as PostgREST lists candidates (an unnamed one is ` => text`). */
const describeRoutine = (r: Routine) => `${r.schema}.${r.name}(${r.params.map((p) => `${p.name} => ${p.displayType}`).join(', ')})`;

/**
 * Which overload the argument names select, exactly as PostgREST's findProc: a function matches
 * when the names given are all its required parameters plus any of its optional ones (an unnamed
 * parameter is named ''); with none matching, a POST falls back to a function with a single
 * unnamed parameter of the body's kind (json/jsonb, text, xml, bytea). Several → PGRST203 with the
 * candidates in PostgREST's order; none → PGRST202 with its details and "Perhaps you meant" hint.
 */
export function findRoutine(
  cache: SchemaCache,
  schema: string,
  name: string,
  argNames: string[],
  body: RpcBodyKind | undefined,
): Routine {
  const candidates = cache.routinesNamed(schema, name);
  const keys = new Set(argNames);
  const rawBody = body === 'text' || body === 'xml' || body === 'bytea';
  const matchesParams = (r: Routine) => {
    if (r.params.length === 0) return keys.size === 0 && !rawBody;
    const required = new Set(r.params.filter((p) => p.required).map((p) => p.name));
    const optional = new Set(r.params.filter((p) => !p.required).map((p) => p.name));
    return [...keys].every((k) => required.has(k) || optional.has(k)) && [...required].every((k) => keys.has(k));
  };
  const singleUnnamedFor = (r: Routine) =>
    body !== undefined && r.params.length === 1 && r.params[0].name === '' && UNNAMED_BY_BODY[body].includes(r.params[0].type);
  const matches = candidates.filter(matchesParams);
  const fallbacks = candidates.filter((r) => !matchesParams(r) && singleUnnamedFor(r));
  if (matches.length === 1) return matches[0];
  if (matches.length > 1) throw errors.ambiguousFunction(matches.map(describeRoutine));
  if (fallbacks.length === 1) return fallbacks[0];
  if (fallbacks.length > 1) throw errors.ambiguousFunction(fallbacks.map(describeRoutine));
  const sortedKeys = [...keys].sort();
  throw errors.noFunction(schema, name, sortedKeys, body, noFunctionHint(cache, schema, name, sortedKeys, candidates));
}

/** PostgREST's noRpcHint: a close function name (score ≥ 0.75), or the overload whose parameters are closest. */
function noFunctionHint(cache: SchemaCache, schema: string, name: string, keys: string[], overloads: Routine[]): string | undefined {
  if (overloads.length === 0) return fuzzyBest([...(cache.routines.get(schema)?.keys() ?? [])], name, 0.75);
  const asText = (names: string[]) => `(${[...names].sort().join(', ')})`;
  const best = fuzzyBest(overloads.map((r) => asText(r.params.map((p) => p.name))), asText(keys));
  return best === undefined ? undefined : `${name}${best}`;
}

function returnShape(r: Routine): ReturnShape {
  if (r.returnsComposite) return r.returnsSet ? 'rows' : 'singleRow';
  return r.returnsSet ? 'setOfScalar' : 'scalar';
}

function groupValues(pairs: [string, string][]): Map<string, string[]> {
  const out = new Map<string, string[]>();
  for (const [k, v] of pairs) out.set(k, [...(out.get(k) ?? []), v]);
  return out;
}

/** Which function, called how: named arguments from the JSON body (POST) or the query string (GET). */
function resolveCall(cache: SchemaCache, fnName: string, req: RestRequest): { routine: Routine; args: CallArgs } {
  const isPost = req.method === 'POST';
  const bodyKind = isPost ? (req.bodyKind ?? 'json') : undefined;
  const payload = bodyKind === 'json' ? parseJsonPayload(req.body, { allowEmptyAsObject: true, columns: req.query.columns }) : undefined;
  const argNames = isPost ? (req.query.columns ?? payload?.keys ?? []) : req.query.rpcArgs.map(([k]) => k);
  const routine = findRoutine(cache, req.schema, fnName, argNames, bodyKind);
  if (routine.params.length === 1 && routine.params[0].name === '') {
    // One positional argument (PostgREST's OnePosParam): the whole body, or the query's arguments as a JSON object.
    const value =
      bodyKind === 'bytea'
        ? `\\x${(req.bodyBytes ?? Buffer.alloc(0)).toString('hex')}`
        : isPost
          ? req.body
          : JSON.stringify(Object.fromEntries(req.query.rpcArgs));
    return { routine, args: { kind: 'single', value, type: routine.params[0].type } };
  }
  const given = new Set(argNames);
  const used: RoutineParam[] = routine.params.filter((p) => given.has(p.name));
  const args: CallArgs = payload
    ? { kind: 'json', body: payload.raw, params: used }
    : { kind: 'text', values: groupValues(req.query.rpcArgs), params: used };
  return { routine, args };
}

export function prepareCall(cache: SchemaCache, fnName: string, req: RestRequest): Prepared {
  const { routine, args } = resolveCall(cache, fnName, req);
  // max-affected with handling=strict counts the rows a function returns: it must return a set (PGRST128).
  if (req.prefs.maxAffected !== undefined && req.prefs.handling === 'strict' && !routine.returnsSet) throw errors.maxAffectedRpc();
  const readOnly = req.method !== 'POST' || routine.volatility !== 'v';
  const returnTable = routine.returnsComposite ? cache.table(routine.returnType.schema, routine.returnType.name) : undefined;
  const columns = routine.returnsComposite && routine.outColumns.length ? new Map(routine.outColumns.map((c) => [c.name, c])) : undefined;
  const root = planRead(cache, cteSource(routine.name, returnTable, columns), req.query, { rootConditions: true, aggregates: req.aggregates === true });
  root.range = topLevelRange(req.method, req.headers.get('range'), req.query.ranges.get(''));
  const shape = returnShape(routine);
  const headOnly = req.method === 'HEAD';
  return {
    readOnly,
    async run(tx) {
      const params = new Params();
      const source = callSql(routine, args, params);
      const select = readQuery(root, params);
      const count = req.prefs.count === 'exact' || req.prefs.count === 'estimated' ? countQuery(root, params) : undefined;
      const body = bodySql(headOnly || routine.returnsVoid ? { kind: 'none' } : req.format, shape);
      const row = await runStatement(tx, statement({ source, select, count, body }), params, req);
      const pageTotal = shape === 'scalar' || shape === 'singleRow' ? 1 : Number(row.page_total);
      checkMaxAffected(req, Number(row.page_total));
      const total =
        req.prefs.count === 'planned' ? await plannedCount(tx, root, (p) => callSql(routine, args, p)) : toNumber(row.total_result_set);
      const lower = root.range.offset;
      const upper = lower + pageTotal - 1;
      const headers = baseHeaders(req, !routine.returnsVoid && !headOnly);
      headers['Content-Range'] = contentRange(lower, upper, total);
      preferenceApplied(req, ['count', 'handling', 'max-affected'], headers);
      if (routine.returnsVoid) {
        const status = applyGucOverrides(row, 204, headers);
        return { status, headers, body: '' };
      }
      let status = rangeStatus(lower, upper, total);
      if (status === 416) {
        const error = errors.invalidRange(`An offset of ${lower} was requested, but there are only ${total ?? 0} rows.`);
        return { status, headers: { ...headers, 'Content-Type': 'application/json; charset=utf-8' }, body: JSON.stringify(error.body()) };
      }
      if (req.format.kind === 'object' && Number(row.page_total) !== 1) throw errors.singularity(Number(row.page_total));
      status = applyGucOverrides(row, status, headers);
      return { status, headers, body: headOnly ? '' : row.body };
    },
  };
}
