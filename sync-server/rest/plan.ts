/**
 * Turns a parsed query (query-parser.ts) into a read plan: a tree of nodes, one per embedded
 * resource, in which every column, relationship and cast has been checked against the schema
 * cache. Nothing here writes SQL; sql-builder.ts renders the plan with quoted identifiers and
 * bound values only.
 */
import { errors } from './errors.ts';
import { qualified, quoteIdent } from './identifiers.ts';
import type {
  AggregateName,
  EmbedPath,
  Field,
  Filter,
  JsonStep,
  LogicTree,
  Operation,
  OrderTerm,
  QueryParams,
  RangeParam,
  SelectItem,
  SelectRelation,
} from './query-parser.ts';
import { isToOne, type Column, type Relationship, type SchemaCache, type Table } from './schema-cache.ts';

export interface PlanField {
  /** A column name, or '*' for all columns. */
  column: string;
  jsonPath: JsonStep[];
}

export interface PlanSelect {
  field: PlanField;
  alias?: string;
  /** SQL spelling of a validated type. */
  cast?: string;
  /**
   * `select=count` / `questions(count)` where no column is named count: PostgREST sends
   * `"t"."count"`, which Postgres reads as count(t) (attribute notation). Rendered as count(*).
   */
  countRows?: boolean;
  /** A hoisted `count()` of a to-one spread: the subquery gives 1 per joined row, the parent counts them. */
  countOne?: boolean;
  /** `count()`, `col.sum()` …: the aggregate applied (after `cast`), then `aggregateCast`. */
  aggregate?: AggregateName;
  aggregateCast?: string;
}

/** An aggregate of a to-one spread's column, applied in the parent (PostgREST's hoisting). */
export interface HoistedAggregate {
  /** The column's name in the spread's subquery. */
  column: string;
  aggregate: AggregateName;
  aggregateCast?: string;
  alias: string;
}

export type PlanLogic =
  | { type: 'expr'; negated: boolean; op: 'and' | 'or'; children: PlanLogic[] }
  | { type: 'filter'; field: PlanField; negated: boolean; operation: Operation }
  /** `embed=is.null` / `embed=not.is.null`: whether the embedded resource matched. */
  | { type: 'embedNull'; embed: PlanEmbed; isNull: boolean };

export interface PlanOrder {
  field: PlanField;
  /** Ordering by a column of a to-one embed. */
  embed?: PlanEmbed;
  direction?: 'asc' | 'desc';
  nulls?: 'first' | 'last';
}

export interface PlanEmbed {
  relationship: Relationship;
  /** Key in the output JSON. */
  name: string;
  /** Name used to match filters and ordering of this embed (`clients.name=eq.x`). */
  matchNames: string[];
  /** Unique SQL alias of the lateral subquery. */
  lateralAlias: string;
  inner: boolean;
  toOne: boolean;
  spread: boolean;
  /** Selects no column (`users()`): joined, but left out of the answer. */
  empty: boolean;
  /** A to-one spread whose aggregates the parent applies (its columns are then listed one by one). */
  hoisted?: HoistedAggregate[];
  node: ReadNode;
}

/** Where a node's rows come from. */
export interface NodeSource {
  /** How columns are qualified in SQL: `"public"."t"`, `"pgrst_t3"` or `"pgrst_source"`. */
  ref: string;
  /** The FROM item: `"public"."t"` or `"public"."t" AS "pgrst_t3"`. */
  from: string;
  /** Name used in error messages. */
  label: string;
  /** The table whose relationships embeds follow (undefined for results without one). */
  table?: Table;
  /** Known columns; undefined when the source's columns cannot be known (then only `*` works). */
  columns?: Map<string, Column>;
  /** Computed fields usable here: the table's, on its rows or on a mutation's or function's rows of it. */
  computed?: Set<string>;
  /** The whole row, where `ref` is schema-qualified (`"notebooks"` for `"public"."notebooks"`): a computed relationship's argument. */
  rowRef?: string;
}

export interface ReadNode extends NodeSource {
  select: PlanSelect[];
  embeds: PlanEmbed[];
  where: PlanLogic[];
  order: PlanOrder[];
  range: RangeParam;
  /** Alias of the junction table for many-to-many embeds. */
  junctionAlias?: string;
  /** How an unknown column's relation is named (42703): PostgREST's alias of an embed, `<table>_<depth>`. */
  columnLabel?: string;
}

export function tableSource(table: Table): NodeSource {
  const ref = qualified(table.schema, table.name);
  return { ref, from: ref, label: table.name, table, columns: table.columns, computed: table.computed, rowRef: quoteIdent(table.name) };
}

// ---------------------------------------------------------------------------------------------
// Relationships (PostgREST's findRel)
// ---------------------------------------------------------------------------------------------

function singleColumn(rel: Relationship, side: 0 | 1): string | undefined {
  return rel.columns.length === 1 ? rel.columns[0][side] : undefined;
}

function describeRelationship(rel: Relationship): object {
  if (rel.computed) return {};
  const cols = (cs: string[]) => `(${cs.join(', ')})`;
  const names: Record<string, string> = { M2O: 'many-to-one', O2M: 'one-to-many', O2O: 'one-to-one', M2M: 'many-to-many' };
  const relationship = rel.junction
    ? `${rel.junction.table.name} using ${rel.junction.constraint1}${cols(rel.junction.sourceColumns.map(([, j]) => j))} and ${
        rel.junction.constraint2
      }${cols(rel.junction.targetColumns.map(([, j]) => j))}`
    : `${rel.constraint} using ${rel.table.name}${cols(rel.columns.map(([c]) => c))} and ${rel.foreignTable.name}${cols(
        rel.columns.map(([, c]) => c),
      )}`;
  return {
    cardinality: names[rel.cardinality],
    embedding: `${rel.table.name} with ${rel.foreignTable.name}`,
    relationship,
  };
}

export function findRelationship(cache: SchemaCache, origin: Table, target: string, hint: string | undefined): Relationship {
  const candidates = cache.relationshipsFrom(origin).filter((rel) => {
    // A computed relationship is named by its function, whatever the hint (PostgREST's findRel).
    if (rel.computed) return rel.computed.name === target;
    const targetIsTable = rel.foreignTable.name === target;
    if (rel.isSelf) {
      if (hint === undefined) {
        return (targetIsTable && rel.cardinality === 'O2M') || (rel.cardinality === 'M2O' && singleColumn(rel, 0) === target);
      }
      return targetIsTable && rel.cardinality === 'O2M' && singleColumn(rel, 1) === hint;
    }
    if (hint === undefined) {
      // A constraint or column name picks the relationship to the table, not those projected onto
      // views over it (PostgREST's `not relFTableIsView`).
      const toTable = () => cache.table(rel.foreignTable.schema, rel.foreignTable.name)?.isView === false;
      return (
        targetIsTable ||
        (rel.cardinality !== 'M2M' && rel.constraint === target && toTable()) ||
        (rel.cardinality !== 'M2M' && singleColumn(rel, 0) === target && toTable())
      );
    }
    return (
      targetIsTable &&
      ((rel.cardinality !== 'M2M' && rel.constraint === hint) ||
        singleColumn(rel, 0) === hint ||
        singleColumn(rel, 1) === hint ||
        rel.junction?.table.name === hint)
    );
  });
  if (candidates.length === 1) return candidates[0];
  if (candidates.length === 0) throw errors.noRelationship(origin.name, target, hint, origin.schema);
  throw errors.ambiguousRelationship(
    origin.name,
    target,
    candidates.map(describeRelationship),
    candidates.filter((r) => !r.computed).map((r) => `'${r.foreignTable.name}!${r.junction ? r.junction.table.name : r.constraint}'`),
  );
}

// ---------------------------------------------------------------------------------------------
// Planning
// ---------------------------------------------------------------------------------------------

class AliasCounter {
  private n = 0;
  constructor(readonly aggregates = false) {}
  next(prefix: string): string {
    this.n += 1;
    return `pgrst_${prefix}${this.n}`;
  }
}

function checkColumn(node: ReadNode, name: string): void {
  if (name === '*' || node.columns?.has(name) || node.computed?.has(name)) return;
  throw errors.undefinedColumn(node.columnLabel ?? node.label, name);
}

function planField(node: ReadNode, field: Field): PlanField {
  checkColumn(node, field.name);
  if (field.name === '*' && field.jsonPath.length > 0) throw errors.undefinedColumn(node.columnLabel ?? node.label, '*');
  return { column: field.name, jsonPath: field.jsonPath };
}

/** PostgREST names a JSON-path selection after its last key (`data->a->>b` → `b`). */
function jsonPathAlias(field: Field): string | undefined {
  if (field.jsonPath.length === 0) return undefined;
  const last = field.jsonPath[field.jsonPath.length - 1];
  if (!last.index) return last.key;
  const lastKey = [...field.jsonPath].reverse().find((s) => !s.index);
  return lastKey ? lastKey.key : field.name;
}

function planRelation(cache: SchemaCache, parent: ReadNode, item: SelectRelation, aliases: AliasCounter, depth: number): PlanEmbed {
  if (!parent.table) throw errors.noRelationship(parent.label, item.name, item.hint, cache.schemas[0]);
  const relationship = findRelationship(cache, parent.table, item.name, item.hint);
  const target = cache.table(relationship.foreignTable.schema, relationship.foreignTable.name);
  if (!target) throw errors.noRelationship(parent.label, item.name, item.hint, parent.table.schema);
  const toOne = isToOne(relationship);
  const tableAlias = aliases.next('t');
  // A computed relationship's rows are its function's, called with the parent's row (cast to the
  // table's type, as PostgREST's fromF: a function's or mutation's rows are records).
  const fromItem = relationship.computed
    ? `${qualified(relationship.computed.schema, relationship.computed.name)}(${parent.rowRef ?? parent.ref}::${qualified(parent.table.schema, parent.table.name)})`
    : qualified(target.schema, target.name);
  const node: ReadNode = {
    ref: quoteIdent(tableAlias),
    from: `${fromItem} AS ${quoteIdent(tableAlias)}`,
    label: target.name,
    columnLabel: `${target.name}_${depth + 1}`,
    table: target,
    columns: target.columns,
    computed: target.computed,
    select: [],
    embeds: [],
    where: [],
    order: [],
    range: { offset: 0 },
    junctionAlias: relationship.junction ? aliases.next('j') : undefined,
  };
  planSelect(cache, node, item.children, aliases, depth + 1);
  // A to-many spread (PostgREST 13) gives each of its columns as an array: `*` is every column.
  const toManySpread = item.spread && !toOne;
  if (toManySpread && node.select.some((s) => s.aggregate)) throw errors.toManySpreadAggregates();
  expandStars(node, toManySpread);
  const name = item.alias ?? item.name;
  // PostgREST's JsonEmbed rsEmptyEmbed: `users()` selects nothing (nor do its own embeds): the join
  // still filters (`users!inner()`, `users=not.is.null`) but the key is left out of the answer.
  const isEmpty = (n: ReadNode): boolean => n.select.length === 0 && n.embeds.every((e) => e.empty);
  // A to-one spread's aggregates are applied by the parent, grouped by its other columns
  // (PostgREST's hoistSpreadAggFunctions): the subquery selects the column under the name it is summed by.
  let hoisted: HoistedAggregate[] | undefined;
  if (item.spread && node.select.some((s) => s.aggregate)) {
    hoisted = [];
    for (const s of node.select) {
      if (!s.aggregate) continue;
      const column = s.alias ?? s.field.column;
      hoisted.push({ column, aggregate: s.aggregate, aggregateCast: s.aggregateCast, alias: s.alias ?? s.aggregate });
      if (s.aggregate === 'count' && s.field.column === '*') s.countOne = true;
      s.aggregate = undefined;
      s.aggregateCast = undefined;
      s.alias = column;
    }
  }
  return {
    relationship,
    name,
    hoisted,
    empty: !item.spread && isEmpty(node),
    matchNames: item.alias ? [item.alias] : [item.name],
    lateralAlias: aliases.next('e'),
    inner: item.joinType === 'inner',
    toOne,
    spread: item.spread,
    node,
  };
}

function planSelect(cache: SchemaCache, node: ReadNode, items: SelectItem[], aliases: AliasCounter, depth: number): void {
  const embedAliases = new Set<string>();
  for (const item of items) {
    if (item.type === 'relation') {
      // PostgREST names each embed's subquery <table>_<alias or name>_<depth>: the same relation
      // embedded twice without aliases gives the same name, and Postgres refuses it (42712).
      const aggAlias = `${node.table?.name ?? node.label}_${item.alias ?? item.name}_${depth + 1}`;
      if (embedAliases.has(aggAlias)) throw errors.duplicateEmbed(aggAlias);
      embedAliases.add(aggAlias);
      node.embeds.push(planRelation(cache, node, item, aliases, depth));
      continue;
    }
    if (item.aggregate) {
      if (!aliases.aggregates) throw errors.aggregatesNotAllowed();
      node.select.push(planAggregate(cache, node, item));
      continue;
    }
    if (item.field.name === 'count' && item.field.jsonPath.length === 0 && !node.columns?.has('count')) {
      node.select.push({ field: { column: '*', jsonPath: [] }, alias: item.alias ?? 'count', countRows: true });
      continue;
    }
    const field = planField(node, item.field);
    let cast: string | undefined;
    if (item.cast !== undefined) {
      cast = cache.castType(item.cast);
      if (!cast) throw errors.undefinedType(item.cast);
    }
    node.select.push({ field, alias: item.alias ?? jsonPathAlias(item.field), cast });
  }
}

function castOf(cache: SchemaCache, name: string | undefined): string | undefined {
  if (name === undefined) return undefined;
  const cast = cache.castType(name);
  if (!cast) throw errors.undefinedType(name);
  return cast;
}

/** `count()`, `col.sum()`, `col::int.avg()::text`: named after the aggregate unless aliased (as Postgres labels it). */
function planAggregate(cache: SchemaCache, node: ReadNode, item: SelectItem & { type: 'field' }): PlanSelect {
  const star = item.field.name === '*' && item.field.jsonPath.length === 0;
  if (star && item.aggregate !== 'count') throw errors.undefinedColumn(node.columnLabel ?? node.label, '*');
  const field: PlanField = star ? { column: '*', jsonPath: [] } : planField(node, item.field);
  return { field, alias: item.alias ?? item.aggregate, cast: castOf(cache, item.cast), aggregate: item.aggregate, aggregateCast: castOf(cache, item.aggregateCast) };
}

/**
 * With an aggregate in a node's select, `*` stands for the table's columns (PostgREST's
 * expandStars), each of them grouped by.
 */
function expandStars(node: ReadNode, always = false): void {
  if (!always && !node.select.some((s) => s.aggregate) && !node.embeds.some((e) => e.hoisted)) return;
  node.select = node.select.flatMap((s) => {
    if (s.aggregate || s.countRows || s.field.column !== '*' || s.field.jsonPath.length > 0) return [s];
    if (!node.columns) throw errors.undefinedColumn(node.columnLabel ?? node.label, '*');
    return [...node.columns.keys()].map((column) => ({ field: { column, jsonPath: [] }, cast: s.cast }));
  });
}

function findEmbed(node: ReadNode, name: string): PlanEmbed | undefined {
  return node.embeds.find((e) => e.matchNames.includes(name)) ?? node.embeds.find((e) => e.relationship.foreignTable.name === name);
}

function nodeAt(root: ReadNode, path: EmbedPath): ReadNode {
  let node = root;
  for (const name of path) {
    const embed = findEmbed(node, name);
    if (!embed) throw errors.notEmbedded(path.join('.'));
    node = embed.node;
  }
  return node;
}

function planFilter(node: ReadNode, filter: Filter): PlanLogic {
  const embed = filter.field.jsonPath.length === 0 && !node.columns?.has(filter.field.name) ? findEmbed(node, filter.field.name) : undefined;
  if (embed) {
    const op = filter.operation;
    if (op.kind !== 'is' || (op.value !== 'null' && op.value !== 'not_null')) throw errors.unacceptableFilter(filter.field.name);
    const isNull = (op.value === 'null') !== filter.negated;
    return { type: 'embedNull', embed, isNull };
  }
  if (filter.field.name === '*') throw errors.undefinedColumn(node.columnLabel ?? node.label, '*');
  return { type: 'filter', field: planField(node, filter.field), negated: filter.negated, operation: filter.operation };
}

function planLogic(node: ReadNode, tree: LogicTree): PlanLogic {
  if (tree.type === 'filter') return planFilter(node, tree.filter);
  return { type: 'expr', negated: tree.negated, op: tree.op, children: tree.children.map((c) => planLogic(node, c)) };
}

function planOrder(node: ReadNode, term: OrderTerm): PlanOrder {
  if (term.relation === undefined) return { field: planField(node, term.field), direction: term.direction, nulls: term.nulls };
  const embed = findEmbed(node, term.relation);
  if (!embed) throw errors.notEmbedded(term.relation);
  if (!embed.toOne) throw errors.relatedOrderNotToOne(node.label, term.relation);
  return { field: planField(embed.node, term.field), embed, direction: term.direction, nulls: term.nulls };
}

export interface PlanOptions {
  /** Apply root filters, order and range (false for a mutation's returned rows: the mutation applied them). */
  rootConditions: boolean;
  /** PGRST_DB_AGGREGATES_ENABLED: aggregates in `select`; otherwise PGRST123. */
  aggregates?: boolean;
}

/** Builds the read plan of a request on a source (a table, or the rows of a mutation/function). */
export function planRead(cache: SchemaCache, source: NodeSource, params: QueryParams, options: PlanOptions): ReadNode {
  const root: ReadNode = { ...source, select: [], embeds: [], where: [], order: [], range: { offset: 0 } };
  const aliases = new AliasCounter(options.aggregates === true);
  planSelect(cache, root, params.select, aliases, 0);
  expandStars(root);
  for (const { path, filter } of params.filters) {
    if (path.length === 0 && !options.rootConditions) continue;
    const node = nodeAt(root, path);
    node.where.push(planFilter(node, filter));
  }
  for (const { path, tree } of params.logic) {
    if (path.length === 0 && !options.rootConditions) continue;
    const node = nodeAt(root, path);
    node.where.push(planLogic(node, tree));
  }
  for (const { path, terms } of params.order) {
    const node = nodeAt(root, path);
    node.order.push(...terms.map((t) => planOrder(node, t)));
  }
  for (const [key, range] of params.ranges) {
    if (key === '' && !options.rootConditions) continue;
    const node = nodeAt(root, key === '' ? [] : key.split('.'));
    node.range = range;
  }
  return root;
}

/** Root-level filters of a mutation (UPDATE/DELETE WHERE), checked against the table. */
export function planRootFilters(source: NodeSource, params: QueryParams): PlanLogic[] {
  const node: ReadNode = { ...source, select: [], embeds: [], where: [], order: [], range: { offset: 0 } };
  const where: PlanLogic[] = [];
  for (const { path, filter } of params.filters) if (path.length === 0) where.push(planFilter(node, filter));
  for (const { path, tree } of params.logic) if (path.length === 0) where.push(planLogic(node, tree));
  return where;
}

export function planRootOrder(source: NodeSource, params: QueryParams): PlanOrder[] {
  const node: ReadNode = { ...source, select: [], embeds: [], where: [], order: [], range: { offset: 0 } };
  return params.order.filter((o) => o.path.length === 0).flatMap((o) => o.terms.map((t) => planOrder(node, t)));
}

/** Throws the RestError for an unknown column of a mutation payload (PGRST204). */
export function checkPayloadColumns(table: Table, columns: Iterable<string>): Column[] {
  const out: Column[] = [];
  for (const name of columns) {
    const column = table.columns.get(name);
    if (!column) throw errors.columnNotFound(table.name, name);
    out.push(column);
  }
  return out;
}
