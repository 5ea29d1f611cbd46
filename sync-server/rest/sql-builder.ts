/**
 * Renders plans as SQL, in the shape PostgREST produces (Query/QueryBuilder.hs, SqlFragment.hs):
 * a `pgrst_source` CTE, lateral joins for embeds, and the response body built by Postgres
 * itself with json_agg / row_to_json so output formats match PostgREST's exactly.
 *
 * Invariant: client input reaches SQL only as bound parameters ($n, type unknown so Postgres
 * infers it, as PostgREST's `unknownLiteral`). Identifiers come from the schema cache and are
 * quoted; operators come from the fixed maps below.
 */
import type { Operation, QuantOperator, SimpleOperator, FtsOperator } from './query-parser.ts';
import { qualified, quoteIdent } from './identifiers.ts';
import { errors } from './errors.ts';
import type { PlanEmbed, PlanField, PlanLogic, PlanOrder, PlanSelect, ReadNode } from './plan.ts';
import type { Column, Routine, RoutineParam, Table } from './schema-cache.ts';

export class Params {
  readonly values: unknown[] = [];

  add(value: unknown): string {
    this.values.push(value);
    return `$${this.values.length}`;
  }
}

const QUANT_SQL: Record<QuantOperator, string> = {
  eq: '=',
  gte: '>=',
  gt: '>',
  lte: '<=',
  lt: '<',
  like: 'like',
  ilike: 'ilike',
  match: '~',
  imatch: '~*',
};

const SIMPLE_SQL: Record<SimpleOperator, string> = {
  neq: '<>',
  cs: '@>',
  cd: '<@',
  ov: '&&',
  sl: '<<',
  sr: '>>',
  nxr: '&<',
  nxl: '&>',
  adj: '-|-',
};

const FTS_SQL: Record<FtsOperator, string> = {
  fts: 'to_tsquery',
  plfts: 'plainto_tsquery',
  phfts: 'phraseto_tsquery',
  wfts: 'websearch_to_tsquery',
};

/** Postgres cannot take NUL in text; PostgREST truncates there too. */
function clean(value: string): string {
  const i = value.indexOf('\u0000');
  return i < 0 ? value : value.slice(0, i);
}

/** `{"a","b \"c\""}`: a text-array literal Postgres parses, so `in.(...)` is one parameter. */
export function arrayLiteral(values: string[]): string {
  return `{${values.map((v) => `"${clean(v).replace(/\\/g, '\\\\').replace(/"/g, '\\"')}"`).join(',')}}`;
}

export function fieldSql(ref: string, field: PlanField, params: Params): string {
  let sql = field.column === '*' ? `${ref}.*` : `${ref}.${quoteIdent(field.column)}`;
  for (const step of field.jsonPath) {
    sql += step.arrow + (step.index ? `${params.add(step.key)}::int` : params.add(clean(step.key)));
  }
  return sql;
}

function operationSql(lhs: string, operation: Operation, params: Params): string {
  switch (operation.kind) {
    case 'quant': {
      const isLike = operation.op === 'like' || operation.op === 'ilike';
      const value = clean(isLike ? operation.value.replace(/\*/g, '%') : operation.value);
      const rhs = params.add(value);
      const quantified = operation.quantifier ? `${operation.quantifier.toUpperCase()}(${rhs})` : rhs;
      return `${lhs} ${QUANT_SQL[operation.op]} ${quantified}`;
    }
    case 'simple':
      return `${lhs} ${SIMPLE_SQL[operation.op]} ${params.add(clean(operation.value))}`;
    case 'in':
      if (operation.values.length === 1 && operation.values[0] === '') return `${lhs} = ANY('{}')`;
      return `${lhs} = ANY(${params.add(arrayLiteral(operation.values))})`;
    case 'is': {
      const words = { null: 'NULL', not_null: 'NOT NULL', true: 'TRUE', false: 'FALSE', unknown: 'UNKNOWN' } as const;
      return `${lhs} IS ${words[operation.value]}`;
    }
    case 'isdistinct':
      return `${lhs} IS DISTINCT FROM ${params.add(clean(operation.value))}`;
    case 'fts': {
      const lang = operation.language === undefined ? '' : `${params.add(clean(operation.language))}, `;
      return `${lhs} @@ ${FTS_SQL[operation.op]}(${lang}${params.add(clean(operation.value))})`;
    }
  }
}

export function logicSql(ref: string, logic: PlanLogic, params: Params): string {
  switch (logic.type) {
    case 'filter': {
      const sql = operationSql(fieldSql(ref, logic.field, params), logic.operation, params);
      return logic.negated ? `NOT (${sql})` : `(${sql})`;
    }
    case 'expr': {
      const inner = logic.children.map((c) => logicSql(ref, c, params)).join(logic.op === 'and' ? ' AND ' : ' OR ');
      return `${logic.negated ? 'NOT ' : ''}(${inner})`;
    }
    case 'embedNull':
      return `(${quoteIdent(logic.embed.lateralAlias)} IS ${logic.isNull ? 'NOT ' : ''}DISTINCT FROM NULL)`;
  }
}

function orderSql(ref: string, order: PlanOrder[], params: Params): string {
  if (order.length === 0) return '';
  const terms = order.map((o) => {
    const base = o.embed ? quoteIdent(o.embed.lateralAlias) : ref;
    const dir = o.direction ? ` ${o.direction.toUpperCase()}` : '';
    const nulls = o.nulls ? ` NULLS ${o.nulls.toUpperCase()}` : '';
    return `${fieldSql(base, o.field, params)}${dir}${nulls}`;
  });
  return ` ORDER BY ${terms.join(', ')}`;
}

function rangeSql(range: ReadNode['range'], params: Params): string {
  let sql = '';
  if (range.limit !== undefined) sql += ` LIMIT ${params.add(String(range.limit))}`;
  if (range.offset > 0) sql += ` OFFSET ${params.add(String(range.offset))}`;
  return sql;
}

/** Conditions joining an embed's rows to its parent row. */
function joinConditions(parentRef: string, embed: PlanEmbed): string[] {
  const rel = embed.relationship;
  const child = embed.node;
  if (rel.junction && child.junctionAlias) {
    const j = quoteIdent(child.junctionAlias);
    return [
      ...rel.junction.sourceColumns.map(([col, jcol]) => `${j}.${quoteIdent(jcol)} = ${parentRef}.${quoteIdent(col)}`),
      ...rel.junction.targetColumns.map(([col, jcol]) => `${j}.${quoteIdent(jcol)} = ${child.ref}.${quoteIdent(col)}`),
    ];
  }
  return rel.columns.map(([parentCol, childCol]) => `${child.ref}.${quoteIdent(childCol)} = ${parentRef}.${quoteIdent(parentCol)}`);
}

function fromSql(embedOf: { parentRef: string; embed: PlanEmbed } | undefined, node: ReadNode): string {
  const junction = embedOf?.embed.relationship.junction;
  if (junction && node.junctionAlias) {
    return `${node.from}, ${qualified(junction.table.schema, junction.table.name)} AS ${quoteIdent(node.junctionAlias)}`;
  }
  return node.from;
}

/** The output names of a node's own selects; undefined when a `*` leaves them unknown. */
function selectNames(node: ReadNode): string[] | undefined {
  const names: string[] = [];
  for (const s of node.select) {
    if (s.alias !== undefined) names.push(s.alias);
    // `t.*` of a table (or of a function's or write's rows of it) gives the table's columns
    else if (s.field.column === '*') {
      if (!node.columns || s.cast) return undefined;
      names.push(...node.columns.keys());
    } else names.push(s.field.column);
  }
  return names;
}

/** `SUM(x)`, `CAST(SUM(CAST(x AS int)) AS text)` (pgFmtApplyAggregate). */
function applyAggregate(sql: string, aggregate: PlanSelect['aggregate'], aggregateCast: string | undefined): string {
  if (!aggregate) return sql;
  const out = `pg_catalog.${aggregate}(${sql})`;
  return aggregateCast ? `CAST(${out} AS ${aggregateCast})` : out;
}

function spreadColumns(embed: PlanEmbed): string[] | undefined {
  const names = selectNames(embed.node);
  if (!names) return undefined;
  const nested = embed.node.embeds.filter((e) => !e.empty).map((e) => (e.spread ? spreadColumns(e) : [e.name]));
  if (nested.some((n) => n === undefined)) return undefined;
  return [...names, ...nested.flat() as string[]];
}

function knownSpreadColumns(embed: PlanEmbed): string[] {
  const names = spreadColumns(embed);
  if (!names) throw errors.spreadStarWithAggregates();
  return names;
}

function embedSelects(embed: PlanEmbed): string[] {
  const alias = quoteIdent(embed.lateralAlias);
  if (embed.empty) return [];
  if (embed.spread && embed.hoisted) {
    const hoisted = new Map(embed.hoisted.map((h) => [h.column, h]));
    return (spreadColumns(embed) ?? []).map((name) => {
      const h = hoisted.get(name);
      const ref = `${alias}.${quoteIdent(name)}`;
      return h ? `${applyAggregate(ref, h.aggregate, h.aggregateCast)} AS ${quoteIdent(h.alias)}` : ref;
    });
  }
  if (embed.spread && !embed.toOne) return knownSpreadColumns(embed).map((name) => `${alias}.${quoteIdent(name)}`);
  if (embed.spread) return [`${alias}.*`];
  if (embed.toOne) return [`row_to_json(${alias}.*)::jsonb AS ${quoteIdent(embed.name)}`];
  return [`COALESCE(${alias}.${alias}, '[]') AS ${quoteIdent(embed.name)}`];
}

function embedJoin(parentRef: string, embed: PlanEmbed, params: Params): string {
  const alias = quoteIdent(embed.lateralAlias);
  const join = embed.inner ? 'INNER JOIN LATERAL' : 'LEFT JOIN LATERAL';
  const sub = readQuery(embed.node, params, { parentRef, embed });
  if (embed.toOne) return ` ${join} (${sub}) AS ${alias} ON TRUE`;
  // A to-many spread: one array per column, in the subquery's order (PostgREST 13's ToManySpread).
  const spread = embed.spread
    ? knownSpreadColumns(embed).map((name) => `, COALESCE(json_agg(${alias}.${quoteIdent(name)}), '[]')::jsonb AS ${quoteIdent(name)}`).join('')
    : '';
  const agg = `SELECT json_agg(${alias})::jsonb AS ${alias}${spread} FROM (${sub}) AS ${alias}`;
  return ` ${join} (${agg}) AS ${alias} ON ${embed.inner ? `${alias} IS NOT NULL` : 'TRUE'}`;
}

/**
 * GROUP BY every selected column that is not aggregated, by its alias when it has one, and every
 * embed's key, when the node or a to-one spread in it aggregates (PostgREST's groupF).
 */
function groupSql(node: ReadNode, params: Params): string {
  const aggregates = node.select.some((s) => s.aggregate) || node.embeds.some((e) => e.hoisted);
  if (!aggregates) return '';
  const terms: string[] = [];
  for (const s of node.select) {
    if (s.aggregate || s.countRows) continue;
    terms.push(s.alias !== undefined ? quoteIdent(s.alias) : fieldSql(node.ref, s.field, params));
  }
  for (const e of node.embeds) {
    if (e.empty) continue;
    if (!e.spread) {
      terms.push(quoteIdent(e.name));
      continue;
    }
    const hoisted = new Set(e.hoisted?.map((h) => h.column));
    for (const name of knownSpreadColumns(e)) if (!hoisted.has(name)) terms.push(`${quoteIdent(e.lateralAlias)}.${quoteIdent(name)}`);
  }
  return terms.length ? ` GROUP BY ${terms.join(', ')}` : '';
}

/** SELECT of one node with its embeds (readPlanToQuery). */
export function readQuery(node: ReadNode, params: Params, embedOf?: { parentRef: string; embed: PlanEmbed }): string {
  const selects = node.select.map((s) => {
    let sql = s.countRows
      ? 'pg_catalog.count(*)'
      : s.countOne
        ? '1'
        : s.aggregate === 'count' && s.field.column === '*'
          ? '*'
          : fieldSql(node.ref, s.field, params);
    if (s.cast) sql = `CAST(${sql} AS ${s.cast})`;
    sql = applyAggregate(sql, s.aggregate, s.aggregateCast);
    return s.alias !== undefined ? `${sql} AS ${quoteIdent(s.alias)}` : sql;
  });
  if (selects.length === 0 && node.embeds.length === 0) selects.push(`${node.ref}.*`);
  selects.push(...node.embeds.flatMap(embedSelects));
  const joins = node.embeds.map((e) => embedJoin(node.ref, e, params)).join('');
  const where = [...node.where.map((w) => logicSql(node.ref, w, params)), ...(embedOf ? joinConditions(embedOf.parentRef, embedOf.embed) : [])];
  return (
    `SELECT ${selects.join(', ')} FROM ${fromSql(embedOf, node)}${joins}` +
    (where.length ? ` WHERE ${where.join(' AND ')}` : '') +
    groupSql(node, params) +
    orderSql(node.ref, node.order, params) +
    (embedOf?.embed.toOne ? '' : rangeSql(node.range, params))
  );
}

/**
 * COUNT query of the root (readPlanToCountQuery): its filters without limit; inner embeds and
 * embed-null filters become EXISTS so the count matches the rows the read returns.
 */
export function countQuery(node: ReadNode, params: Params, embedOf?: { parentRef: string; embed: PlanEmbed }): string {
  const countLogic = (logic: PlanLogic): string => {
    if (logic.type === 'embedNull') {
      return `(${logic.isNull ? 'NOT ' : ''}EXISTS (${countQuery(logic.embed.node, params, { parentRef: node.ref, embed: logic.embed })}))`;
    }
    if (logic.type === 'expr') {
      return `${logic.negated ? 'NOT ' : ''}(${logic.children.map(countLogic).join(logic.op === 'and' ? ' AND ' : ' OR ')})`;
    }
    return logicSql(node.ref, logic, params);
  };
  const where = [
    ...node.where.map(countLogic),
    ...(embedOf ? joinConditions(embedOf.parentRef, embedOf.embed) : []),
    ...node.embeds
      .filter((e) => e.inner)
      .map((e) => `EXISTS (${countQuery(e.node, params, { parentRef: node.ref, embed: e })})`),
  ];
  return `SELECT 1 FROM ${fromSql(embedOf, node)}${where.length ? ` WHERE ${where.join(' AND ')}` : ''}`;
}

// ---------------------------------------------------------------------------------------------
// Response body
// ---------------------------------------------------------------------------------------------

export type BodyFormat =
  | { kind: 'array'; stripNulls: boolean }
  | { kind: 'object'; stripNulls: boolean }
  | { kind: 'csv' }
  | { kind: 'none' };

export type ReturnShape = 'rows' | 'singleRow' | 'scalar' | 'setOfScalar';

/** The body aggregate over `_postgrest_t` (asJsonF / asJsonSingleF / asCsvF). */
export function bodySql(format: BodyFormat, shape: ReturnShape = 'rows'): string {
  if (format.kind === 'none') return `''`;
  if (format.kind === 'csv') {
    const header =
      `(SELECT coalesce(string_agg(a.k, ','), '') FROM (SELECT json_object_keys(r)::text AS k FROM ` +
      `(SELECT row_to_json(hh) AS r FROM pgrst_source AS hh LIMIT 1) s) a)`;
    const rows = `coalesce(string_agg(substring(_postgrest_t::text, 2, length(_postgrest_t::text) - 2), E'\\n'), '')`;
    return `${header} || E'\\n' || ${rows}`;
  }
  const strip = (sql: string) => (format.stripNulls ? `json_strip_nulls(${sql})` : sql);
  const value = shape === 'scalar' || shape === 'setOfScalar' ? '_postgrest_t.pgrst_scalar' : '_postgrest_t';
  const single = format.kind === 'object' || shape === 'scalar' || shape === 'singleRow';
  return single ? `coalesce(${strip(`json_agg(${value})->0`)}, 'null')::text` : `coalesce(${strip(`json_agg(${value})`)}, '[]')::text`;
}

export interface StatementParts {
  /** Body of the pgrst_source CTE. */
  source: string;
  /** The SELECT over pgrst_source (or the table) whose rows make the body. */
  select: string;
  /** Count query, when an exact count is wanted. */
  count?: string;
  body: string;
  /** Extra output columns, e.g. the Location header of an insert. */
  extra?: string[];
}

/** The one statement of a request (prepareRead / prepareWrite / prepareCall). */
export function statement(parts: StatementParts): string {
  const countCte = parts.count ? `, pgrst_source_count AS (${parts.count})` : '';
  const total = parts.count ? '(SELECT pg_catalog.count(*) FROM pgrst_source_count)' : 'null::bigint';
  return (
    `WITH pgrst_source AS (${parts.source})${countCte} ` +
    `SELECT ${total} AS total_result_set, pg_catalog.count(_postgrest_t) AS page_total, ${parts.body} AS body, ` +
    `nullif(current_setting('response.headers', true), '') AS response_headers, ` +
    `nullif(current_setting('response.status', true), '') AS response_status` +
    (parts.extra?.length ? `, ${parts.extra.join(', ')}` : '') +
    ` FROM (${parts.select}) _postgrest_t`
  );
}

// ---------------------------------------------------------------------------------------------
// Mutations
// ---------------------------------------------------------------------------------------------

/**
 * `FROM (SELECT $1::json AS json_data) pgrst_payload, LATERAL (SELECT cols FROM json_to_recordset(...)) pgrst_body`
 * (fromJsonBodyF). With `missing=default` absent keys take the column default instead of null.
 */
export function payloadSql(
  body: string,
  isArray: boolean,
  columns: Column[],
  params: Params,
  options: { applyDefaults: boolean; limitOne: boolean; countInserted: boolean },
): string {
  const payload = `(SELECT ${params.add(body)}::${options.applyDefaults ? 'jsonb' : 'json'} AS json_data) pgrst_payload`;
  const prefix = options.applyDefaults ? 'jsonb' : 'json';
  let data = 'pgrst_payload.json_data';
  let defaults = '';
  if (options.applyDefaults) {
    const withDefaults = columns.filter((c) => c.default !== null);
    const obj = `jsonb_build_object(${withDefaults.map((c) => `${params.add(c.name)}::text, ${c.default}`).join(', ')})`;
    defaults = isArray
      ? `, LATERAL (SELECT jsonb_agg(${obj} || elem) AS val FROM jsonb_array_elements(pgrst_payload.json_data) elem) pgrst_json_defs`
      : `, LATERAL (SELECT ${obj} || pgrst_payload.json_data AS val) pgrst_json_defs`;
    data = 'pgrst_json_defs.val';
  }
  // Counts the payload rows, so an upsert can tell inserts from updates (pgrst.inserted).
  const inserted = options.countInserted
    ? ` WHERE set_config('pgrst.inserted', (coalesce(nullif(current_setting('pgrst.inserted', true), '')::int, 0) + 1)::text, true) <> '0'`
    : '';
  let rows: string;
  if (columns.length === 0) {
    rows = isArray ? `SELECT FROM ${prefix}_array_elements(${data}) _${inserted}` : `SELECT FROM (VALUES (1)) _${inserted}`;
  } else {
    const typed = columns.map((c) => `${quoteIdent(c.name)} ${c.type}`).join(', ');
    const names = columns.map((c) => quoteIdent(c.name)).join(', ');
    const fn = `${prefix}_to_record${isArray ? 'set' : ''}`;
    rows = `SELECT ${names} FROM ${fn}(${data}) AS _(${typed})${inserted}${options.limitOne ? ' LIMIT 1' : ''}`;
  }
  return `FROM ${payload}${defaults}, LATERAL (${rows}) pgrst_body`;
}

export function returningSql(table: Table, representation: boolean): string {
  return representation ? ` RETURNING ${qualified(table.schema, table.name)}.*` : ' RETURNING 1';
}

export function insertSql(
  table: Table,
  columns: Column[],
  payloadFrom: string,
  conflict: { columns: string[]; action: 'merge' | 'ignore' } | undefined,
  representation: boolean,
): string {
  const target = qualified(table.schema, table.name);
  const names = columns.map((c) => quoteIdent(c.name));
  let sql = `INSERT INTO ${target}${names.length ? `(${names.join(', ')})` : ''} SELECT ${names.map((n) => `pgrst_body.${n}`).join(', ')} ${payloadFrom}`;
  if (conflict && conflict.columns.length > 0) {
    sql += ` ON CONFLICT(${conflict.columns.map(quoteIdent).join(', ')}) `;
    if (conflict.action === 'ignore' || names.length === 0) sql += 'DO NOTHING';
    else {
      sql +=
        `DO UPDATE SET ${names.map((n) => `${n} = EXCLUDED.${n}`).join(', ')} ` +
        `WHERE set_config('pgrst.inserted', (coalesce(nullif(current_setting('pgrst.inserted', true), '')::int, 0) - 1)::text, true) <> '-1'`;
    }
  }
  return sql + returningSql(table, representation);
}

/** `WHERE` of UPDATE/DELETE; with a limit, only the first rows in the given order (by ctid). */
export function mutationWhere(table: Table, where: PlanLogic[], order: PlanOrder[], range: ReadNode['range'], params: Params): string {
  const ref = qualified(table.schema, table.name);
  const conditions = where.map((w) => logicSql(ref, w, params));
  if (range.limit === undefined && range.offset === 0) return conditions.length ? ` WHERE ${conditions.join(' AND ')}` : '';
  const inner =
    `SELECT ${ref}.ctid FROM ${ref}${conditions.length ? ` WHERE ${conditions.join(' AND ')}` : ''}` +
    orderSql(ref, order, params) +
    rangeSql(range, params);
  return ` WHERE ${ref}.ctid = ANY(ARRAY(${inner}))`;
}

export function updateSql(table: Table, columns: Column[], payloadFrom: string, where: string, representation: boolean): string {
  const target = qualified(table.schema, table.name);
  if (columns.length === 0) return `SELECT ${target}.* FROM ${target} WHERE false`;
  const sets = columns.map((c) => `${quoteIdent(c.name)} = pgrst_body.${quoteIdent(c.name)}`).join(', ');
  return `UPDATE ${target} SET ${sets} ${payloadFrom}${where}${returningSql(table, representation)}`;
}

export function deleteSql(table: Table, where: string, representation: boolean): string {
  return `DELETE FROM ${qualified(table.schema, table.name)}${where}${returningSql(table, representation)}`;
}

/** Primary-key values of the single inserted row, as JSON pairs, for the Location header (locationF). */
export function locationSql(primaryKey: string[], params: Params): string {
  return (
    `(SELECT json_agg(json_build_array(json_data.key, coalesce('eq.' || json_data.value, 'is.null')))::text ` +
    `FROM (SELECT row_to_json(_) AS row FROM pgrst_source AS _ LIMIT 1) data ` +
    `CROSS JOIN json_each_text(data.row) AS json_data WHERE json_data.key = ANY(${params.add(arrayLiteral(primaryKey))}::text[])) AS location`
  );
}

// ---------------------------------------------------------------------------------------------
// Functions
// ---------------------------------------------------------------------------------------------

export type CallArgs =
  | { kind: 'json'; body: string; params: RoutineParam[] }
  /** GET: every value of each argument, in order (a variadic argument takes them all). */
  | { kind: 'text'; values: Map<string, string[]>; params: RoutineParam[] }
  /** A function with a single unnamed parameter: the value (the whole body) cast to its type. */
  | { kind: 'single'; value: string; type: string };

/** Named notation needs the VARIADIC keyword to pass the array of a variadic parameter. */
const variadic = (p: RoutineParam) => (p.variadic ? 'VARIADIC ' : '');

/** The pgrst_source of an RPC (callPlanToQuery). */
export function callSql(routine: Routine, args: CallArgs, params: Params): string {
  const fn = qualified(routine.schema, routine.name);
  let from = '';
  let argList: string;
  if (args.kind === 'single') {
    argList = `${params.add(args.value)}::${args.type}`;
  } else if (args.kind === 'text') {
    argList = args.params
      .map((p) => {
        const values = args.values.get(p.name) ?? [''];
        const value = p.variadic ? arrayLiteral(values) : clean(values[values.length - 1]);
        return `${variadic(p)}${quoteIdent(p.name)} := ${params.add(value)}::${p.type}`;
      })
      .join(', ');
  } else if (args.params.length === 0) {
    argList = '';
  } else {
    const typed = args.params.map((p) => `${quoteIdent(p.name)} ${p.type}`).join(', ');
    from = `json_to_record(${params.add(args.body)}::json) AS pgrst_body(${typed})`;
    argList = args.params.map((p) => `${variadic(p)}${quoteIdent(p.name)} := pgrst_body.${quoteIdent(p.name)}`).join(', ');
  }
  const call = `${fn}(${argList})`;
  if (!routine.returnsComposite) return `SELECT ${call} AS pgrst_scalar${from ? ` FROM ${from}` : ''}`;
  return from ? `SELECT pgrst_call.* FROM ${from}, LATERAL ${call} AS pgrst_call` : `SELECT pgrst_call.* FROM ${call} AS pgrst_call`;
}
