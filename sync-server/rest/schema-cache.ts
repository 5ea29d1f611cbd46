/**
 * What PostgREST calls the schema cache: tables, views, columns, primary keys, foreign-key
 * relationships, functions and type names of the exposed schemas, read from pg_catalog in one
 * query. Every identifier a client sends is looked up here before it reaches SQL.
 *
 * Reloaded on `NOTIFY pgrst, 'reload schema'` (an event trigger sends it after DDL, as on
 * Supabase) and lazily when a request names something the cache does not know.
 */
import type { Database, Queryable } from '../db/types.ts';
import { quoteIdent } from './identifiers.ts';

export interface TableRef {
  schema: string;
  name: string;
}

export interface Column {
  name: string;
  /** format_type(): the type as SQL spells it, e.g. `character varying(20)`, `public.mood`. */
  type: string;
  nullable: boolean;
  /** pg_get_expr of the default, used by Prefer: missing=default. */
  default: string | null;
  generated: boolean;
}

export interface Table extends TableRef {
  isView: boolean;
  columns: Map<string, Column>;
  /**
   * Computed fields: functions of the row (`f(t notebooks) returns text`) selected, filtered and
   * ordered like columns. PostgREST writes them as `t.f`, which Postgres reads as f(t).
   */
  computed: Set<string>;
  columnList: Column[];
  primaryKey: string[];
  insertable: boolean;
  updatable: boolean;
  deletable: boolean;
}

export type Cardinality = 'M2O' | 'O2M' | 'O2O' | 'M2M';

export interface Junction {
  table: TableRef;
  constraint1: string;
  constraint2: string;
  /** (column of the origin table, column of the junction) */
  sourceColumns: [string, string][];
  /** (column of the target table, column of the junction) */
  targetColumns: [string, string][];
}

export interface Relationship {
  table: TableRef;
  foreignTable: TableRef;
  isSelf: boolean;
  cardinality: Cardinality;
  constraint: string;
  /** (column of table, column of foreignTable); empty for M2M. */
  columns: [string, string][];
  junction?: Junction;
  /**
   * A computed relationship (PostgREST's ComputedRelationship): a function of `table`'s row that
   * returns `foreignTable` rows, embedded by the function's name; to-one when it returns no set or
   * is declared `rows 1`. The function runs as the caller, with its grants and RLS.
   */
  computed?: TableRef;
}

export interface RoutineParam {
  name: string;
  /** The type arguments are cast to (character → character varying, as PostgREST's ppTypeMaxLength). */
  type: string;
  /** The type as Postgres names it (regtype), for messages (PostgREST's ppType). */
  displayType: string;
  required: boolean;
  variadic: boolean;
}

export interface Routine {
  schema: string;
  name: string;
  params: RoutineParam[];
  returnsSet: boolean;
  returnsComposite: boolean;
  returnsVoid: boolean;
  /** The table (or composite type) whose rows the function returns, if any. */
  returnType: TableRef;
  /** Columns of the returned composite: a table's, a composite type's or the OUT/TABLE parameters. */
  outColumns: Column[];
  volatility: 'v' | 's' | 'i';
  /** COMMENT ON FUNCTION (it orders overloads as in PostgREST). */
  description: string | null;
}

const compareText = (a: string, b: string) => (a < b ? -1 : a > b ? 1 : 0);
const compareBool = (a: boolean, b: boolean) => Number(a) - Number(b);

/**
 * Overloads in PostgREST's order (its Ord Routine): fewer parameters first, then the description
 * (none first), then the parameters one by one (name, type, cast type, required, variadic). The
 * PGRST203 message lists candidates in this order.
 */
export function compareRoutines(a: Routine, b: Routine): number {
  if (a.params.length !== b.params.length) return a.params.length - b.params.length;
  if (a.description !== b.description) {
    if (a.description === null) return -1;
    if (b.description === null) return 1;
    return compareText(a.description, b.description);
  }
  for (let i = 0; i < a.params.length; i++) {
    const x = a.params[i];
    const y = b.params[i];
    const c =
      compareText(x.name, y.name) ||
      compareText(x.displayType, y.displayType) ||
      compareText(x.type, y.type) ||
      compareBool(x.required, y.required) ||
      compareBool(x.variadic, y.variadic);
    if (c !== 0) return c;
  }
  return 0;
}

export const isToOne = (rel: Relationship) => rel.cardinality === 'M2O' || rel.cardinality === 'O2O';

export class SchemaCache {
  constructor(
    /** Exposed schemas; the first is the default. */
    readonly schemas: string[],
    readonly tables: Map<string, Map<string, Table>>,
    readonly relationships: Relationship[],
    readonly routines: Map<string, Map<string, Routine[]>>,
    /** Lower-cased type name or alias → the SQL that names the type (for `::cast`). */
    readonly types: Map<string, string>,
    /** Per API role, the settings PostgREST applies for the request (`alter role anon set statement_timeout = '3s'`). */
    readonly roleSettings: Map<string, [string, string][]> = new Map(),
  ) {}

  table(schema: string, name: string): Table | undefined {
    return this.tables.get(schema)?.get(name);
  }

  routinesNamed(schema: string, name: string): Routine[] {
    return this.routines.get(schema)?.get(name) ?? [];
  }

  relationshipsFrom(table: TableRef): Relationship[] {
    return this.relationships.filter((r) => r.table.schema === table.schema && r.table.name === table.name);
  }

  castType(name: string): string | undefined {
    return this.types.get(name.trim().toLowerCase().replace(/\s+/g, ' '));
  }
}

// ---------------------------------------------------------------------------------------------
// Loading
// ---------------------------------------------------------------------------------------------

const CATALOG_QUERY = `
with
rels as (
  select c.oid, n.nspname as schema, c.relname as name, c.relkind,
    c.relkind in ('r', 'p') or (pg_relation_is_updatable(c.oid, true) & 8) = 8 as insertable,
    c.relkind in ('r', 'p') or (pg_relation_is_updatable(c.oid, true) & 4) = 4 as updatable,
    c.relkind in ('r', 'p') or (pg_relation_is_updatable(c.oid, true) & 16) = 16 as deletable
  from pg_class c join pg_namespace n on n.oid = c.relnamespace
  where n.nspname = any($1::text[]) and c.relkind in ('r', 'v', 'm', 'f', 'p') and not c.relispartition
),
funcs as (
  select p.oid, n.nspname as schema, p.proname as name, p.provolatile::text as volatility, p.proretset as returns_set,
    p.pronargs, p.pronargdefaults, p.proargnames, p.proargmodes::text[] as modes,
    coalesce(p.proallargtypes, p.proargtypes::oid[]) as argtypes,
    rt.typtype::text as ret_typtype, rt.typrelid as ret_relid, rt.typname as ret_typname,
    rtn.nspname as ret_schema, rc.relname as ret_relname,
    p.prorettype = 'void'::regtype as returns_void,
    not p.proretset or p.prorows = 1 as single_row,
    (select t.typrelid from pg_type t where p.pronargs > 0 and t.oid = p.proargtypes[0]) as arg_relid
  from pg_proc p
  join pg_namespace n on n.oid = p.pronamespace
  join pg_type rt on rt.oid = p.prorettype
  join pg_namespace rtn on rtn.oid = rt.typnamespace
  left join pg_class rc on rc.oid = rt.typrelid
  where n.nspname = any($1::text[]) and p.prokind = 'f'
    and p.prorettype not in ('trigger'::regtype, 'event_trigger'::regtype)
),
col_rels as (
  select oid from rels union select ret_relid from funcs where ret_relid <> 0
),
-- Views over exactly one relation: the base a view's foreign keys are inferred from.
view_bases as (
  select c.oid as view_oid, min(d.refobjid) as base_oid
  from pg_class c
  join pg_namespace n on n.oid = c.relnamespace
  join pg_rewrite rw on rw.ev_class = c.oid
  join pg_depend d on d.classid = 'pg_rewrite'::regclass and d.objid = rw.oid
    and d.refclassid = 'pg_class'::regclass and d.refobjid <> c.oid
  where c.relkind in ('v', 'm') and n.nspname not in ('pg_catalog', 'information_schema')
  group by c.oid
  having count(distinct d.refobjid) = 1
),
-- A view column is its base's column when it has the same name and type and the view reads it.
view_columns as (
  select vb.view_oid, vb.base_oid, va.attname as view_col, ba.attname as base_col
  from view_bases vb
  join pg_attribute va on va.attrelid = vb.view_oid and va.attnum > 0 and not va.attisdropped
  join pg_attribute ba on ba.attrelid = vb.base_oid and ba.attname = va.attname and ba.atttypid = va.atttypid
    and ba.attnum > 0 and not ba.attisdropped
  where exists (
    select 1 from pg_rewrite rw join pg_depend d on d.classid = 'pg_rewrite'::regclass and d.objid = rw.oid
    where rw.ev_class = vb.view_oid and d.refobjid = vb.base_oid and d.refobjsubid = ba.attnum)
),
-- Relations whose foreign keys matter: the exposed ones and the bases of views.
fk_rels as (
  select oid from rels union select base_oid from view_bases
)
select json_build_object(
  'tables', (select coalesce(json_agg(json_build_object(
      'oid', r.oid, 'schema', r.schema, 'name', r.name, 'kind', r.relkind::text,
      'insertable', r.insertable, 'updatable', r.updatable, 'deletable', r.deletable,
      'pk', (select coalesce(json_agg(a.attname order by k.ord), '[]')
             from pg_constraint con, unnest(con.conkey) with ordinality k(attnum, ord)
             join pg_attribute a on a.attrelid = r.oid and a.attnum = k.attnum
             where con.conrelid = r.oid and con.contype = 'p'))), '[]') from rels r),
  'columns', (select coalesce(json_agg(json_build_object(
      'relid', a.attrelid, 'name', a.attname, 'type', format_type(a.atttypid, a.atttypmod),
      'nullable', not a.attnotnull,
      -- as PostgREST's column_default: a domain's default, an identity's nextval (Prefer: missing=default)
      'default', case
        when t.typbasetype <> 0 and d.adbin is null then pg_get_expr(t.typdefaultbin, 0)
        when a.attidentity = 'd' then (select format('nextval(%L)', seq.objid::regclass) from pg_depend seq
          where seq.refclassid = 'pg_class'::regclass and seq.refobjid = a.attrelid and seq.refobjsubid = a.attnum
            and seq.classid = 'pg_class'::regclass and seq.deptype = 'i' limit 1)
        when a.attgenerated = 's' then null
        else pg_get_expr(d.adbin, d.adrelid) end,
      'generated', a.attgenerated <> '') order by a.attrelid, a.attnum), '[]')
    from pg_attribute a
    join pg_type t on t.oid = a.atttypid
    left join pg_attrdef d on d.adrelid = a.attrelid and d.adnum = a.attnum
    where a.attrelid in (select oid from col_rels) and a.attnum > 0 and not a.attisdropped),
  'fks', (select coalesce(json_agg(json_build_object(
      'schema', ns1.nspname, 'table', tab.relname, 'fschema', ns2.nspname, 'ftable', other.relname,
      'isSelf', traint.conrelid = traint.confrelid, 'constraint', traint.conname,
      'columns', cols.pairs,
      'oneToOne', exists (
        select 1 from pg_constraint u
        where u.conrelid = traint.conrelid and u.contype in ('p', 'u')
          and (select array_agg(x order by x) from unnest(u.conkey) x) = cols.sorted)
    ) order by traint.conrelid, traint.conname), '[]')
    from pg_constraint traint
    join lateral (
      select json_agg(json_build_array(c1.attname, c2.attname) order by ord) as pairs,
             array_agg(c1.attnum order by c1.attnum) as sorted
      from unnest(traint.conkey, traint.confkey) with ordinality as _(col, ref, ord)
      join pg_attribute c1 on c1.attrelid = traint.conrelid and c1.attnum = col
      join pg_attribute c2 on c2.attrelid = traint.confrelid and c2.attnum = ref
    ) cols on true
    join pg_class tab on tab.oid = traint.conrelid
    join pg_namespace ns1 on ns1.oid = tab.relnamespace
    join pg_class other on other.oid = traint.confrelid
    join pg_namespace ns2 on ns2.oid = other.relnamespace
    where traint.contype = 'f' and traint.conparentid = 0
      and traint.conrelid in (select oid from fk_rels) and traint.confrelid in (select oid from fk_rels)),
  'views', (select coalesce(json_agg(json_build_object(
      'schema', vn.nspname, 'name', vc.relname, 'baseSchema', bn.nspname, 'baseName', bc.relname,
      'columns', (select coalesce(json_agg(json_build_array(x.view_col, x.base_col)), '[]') from view_columns x where x.view_oid = vb.view_oid))), '[]')
    from view_bases vb
    join pg_class vc on vc.oid = vb.view_oid join pg_namespace vn on vn.oid = vc.relnamespace
    join pg_class bc on bc.oid = vb.base_oid join pg_namespace bn on bn.oid = bc.relnamespace),
  'functions', (select coalesce(json_agg(json_build_object(
      'schema', f.schema, 'name', f.name, 'volatility', f.volatility, 'returnsSet', f.returns_set,
      'nargs', f.pronargs, 'ndefaults', f.pronargdefaults, 'retTyptype', f.ret_typtype,
      'retRelid', f.ret_relid, 'retSchema', f.ret_schema, 'retName', coalesce(f.ret_relname, f.ret_typname),
      'returnsVoid', f.returns_void, 'singleRow', f.single_row, 'description', obj_description(f.oid, 'pg_proc'),
      'argTable', (select json_build_object('schema', an.nspname, 'name', ac.relname)
        from pg_class ac join pg_namespace an on an.oid = ac.relnamespace where ac.oid = f.arg_relid),
      'args', (select coalesce(json_agg(json_build_object(
          'name', coalesce(f.proargnames[u.i], ''),
          'mode', coalesce(f.modes[u.i], 'i'), 'regtype', u.t::regtype::text,
          'type', case u.t
            when 'bit'::regtype then 'bit varying'
            when 'character'::regtype then 'character varying'
            else u.t::regtype::text end) order by u.i), '[]')
        from unnest(f.argtypes) with ordinality as u(t, i)))), '[]') from funcs f),
  'roleSettings', (select coalesce(json_agg(json_build_array(r.rolname, s.setconfig) order by s.setdatabase), '[]')
    from pg_db_role_setting s join pg_roles r on r.oid = s.setrole
    where r.rolname in ('anon', 'authenticated', 'service_role')
      and s.setdatabase in (0, (select oid from pg_database where datname = current_database()))),
  'types', (select coalesce(json_agg(json_build_array(t.typname, format_type(t.oid, null), n.nspname)), '[]')
    from pg_type t join pg_namespace n on n.oid = t.typnamespace
    where (n.nspname = 'pg_catalog' or n.nspname = any($1::text[])) and t.typtype in ('b', 'd', 'e', 'r', 'c', 'm')
      and t.typname not like '\\_%' and t.typisdefined)
) as catalog`;

interface CatalogRow {
  tables: {
    oid: number;
    schema: string;
    name: string;
    kind: string;
    insertable: boolean;
    updatable: boolean;
    deletable: boolean;
    pk: string[];
  }[];
  columns: { relid: number; name: string; type: string; nullable: boolean; default: string | null; generated: boolean }[];
  fks: {
    schema: string;
    table: string;
    fschema: string;
    ftable: string;
    isSelf: boolean;
    constraint: string;
    columns: [string, string][];
    oneToOne: boolean;
  }[];
  views: { schema: string; name: string; baseSchema: string; baseName: string; columns: [string, string][] }[];
  functions: {
    schema: string;
    name: string;
    volatility: 'v' | 's' | 'i';
    returnsSet: boolean;
    nargs: number;
    ndefaults: number;
    retTyptype: string;
    retRelid: number;
    retSchema: string;
    retName: string;
    returnsVoid: boolean;
    /** Returns one row: no set, or `rows 1` (a computed relationship is then to-one). */
    singleRow: boolean;
    /** The table whose row type the first argument is, if any (computed fields). */
    argTable: TableRef | null;
    description: string | null;
    args: { name: string; mode: string; type: string; regtype: string }[];
  }[];
  types: [string, string, string][];
  roleSettings: [string, string[]][];
}

/** SQL type-name aliases Postgres' grammar accepts that are neither a typname nor format_type(). */
const TYPE_ALIASES: [string, string][] = [
  ['int', 'integer'],
  ['float', 'double precision'],
  ['decimal', 'numeric'],
  ['char', 'character'],
  ['timestamp without time zone', 'timestamp without time zone'],
  ['time without time zone', 'time without time zone'],
];

/** Settings a transaction can take (SET LOCAL); others in pg_db_role_setting are left to the session. */
const ROLE_SETTINGS = new Set(['statement_timeout', 'lock_timeout', 'idle_in_transaction_session_timeout', 'work_mem', 'search_path']);

function buildRoleSettings(rows: [string, string[]][]): Map<string, [string, string][]> {
  const out = new Map<string, [string, string][]>();
  // Database-specific settings come after the global ones (ordered by setdatabase) and win.
  for (const [role, config] of rows) {
    const settings = new Map(out.get(role) ?? []);
    for (const entry of config ?? []) {
      const eq = entry.indexOf('=');
      const key = entry.slice(0, eq);
      if (eq > 0 && ROLE_SETTINGS.has(key)) settings.set(key, entry.slice(eq + 1));
    }
    out.set(role, [...settings]);
  }
  return out;
}

function buildTypes(rows: [string, string, string][]): Map<string, string> {
  const types = new Map<string, string>();
  for (const [typname, formatted, schema] of rows) {
    const sql = schema === 'pg_catalog' ? formatted : `${quoteIdent(schema)}.${quoteIdent(typname)}`;
    if (!types.has(typname.toLowerCase())) types.set(typname.toLowerCase(), sql);
    if (schema === 'pg_catalog') types.set(formatted.toLowerCase(), sql);
  }
  for (const [alias, target] of TYPE_ALIASES) {
    const sql = types.get(target);
    if (sql) types.set(alias, sql);
  }
  return types;
}

const refKey = (ref: TableRef) => `${ref.schema}\u0000${ref.name}`;
const sameRef = (a: TableRef, b: TableRef) => a.schema === b.schema && a.name === b.name;
const swap = (cols: [string, string][]) => cols.map(([a, b]) => [b, a] as [string, string]);

interface ViewOverTable {
  view: TableRef;
  table: TableRef;
  /** base table column → view column */
  columns: Map<string, string>;
}

/** Each view's columns traced down to a table, through views of views. */
function traceViews(views: CatalogRow['views']): ViewOverTable[] {
  const direct = new Map(views.map((v) => [refKey(v), v]));
  const out: ViewOverTable[] = [];
  for (const v of views) {
    // view column → column of the current base, followed while the base is itself a view.
    let mapping = new Map(v.columns.map(([viewCol, baseCol]) => [baseCol, viewCol]));
    let base: TableRef = { schema: v.baseSchema, name: v.baseName };
    for (let depth = 0; depth < 8 && direct.has(refKey(base)); depth++) {
      const inner = direct.get(refKey(base))!;
      const next = new Map<string, string>();
      for (const [innerView, innerBase] of inner.columns) {
        const viewCol = mapping.get(innerView);
        if (viewCol !== undefined) next.set(innerBase, viewCol);
      }
      mapping = next;
      base = { schema: inner.baseSchema, name: inner.baseName };
    }
    out.push({ view: { schema: v.schema, name: v.name }, table: base, columns: mapping });
  }
  return out;
}

/**
 * Many-to-one and one-to-one relationships projected onto views that expose the foreign-key
 * columns (addViewM2OAndO2ORels): view→table, table→view and view→view.
 */
function viewRelationships(base: Relationship[], views: ViewOverTable[]): Relationship[] {
  const out: Relationship[] = [];
  const exposing = (table: TableRef, columns: string[]) =>
    views.filter((v) => sameRef(v.table, table) && columns.every((c) => v.columns.has(c)));
  for (const rel of base) {
    const from = exposing(rel.table, rel.columns.map(([c]) => c));
    const to = exposing(rel.foreignTable, rel.columns.map(([, c]) => c));
    const project = (table: TableRef, foreignTable: TableRef, columns: [string, string][]): Relationship => ({
      ...rel,
      table,
      foreignTable,
      isSelf: sameRef(table, foreignTable),
      columns,
    });
    for (const v of from) out.push(project(v.view, rel.foreignTable, rel.columns.map(([c, f]) => [v.columns.get(c)!, f])));
    for (const w of to) out.push(project(rel.table, w.view, rel.columns.map(([c, f]) => [c, w.columns.get(f)!])));
    for (const v of from) {
      for (const w of to) out.push(project(v.view, w.view, rel.columns.map(([c, f]) => [v.columns.get(c)!, w.columns.get(f)!])));
    }
  }
  return out;
}

function buildRelationships(
  fks: CatalogRow['fks'],
  views: CatalogRow['views'],
  tablesByRef: (ref: TableRef) => Table | undefined,
  schemas: string[],
): Relationship[] {
  const base: Relationship[] = fks.map((fk) => ({
    table: { schema: fk.schema, name: fk.table },
    foreignTable: { schema: fk.fschema, name: fk.ftable },
    isSelf: fk.isSelf,
    cardinality: fk.oneToOne ? 'O2O' : 'M2O',
    constraint: fk.constraint,
    columns: fk.columns,
  }));
  const direct = [...base, ...viewRelationships(base, traceViews(views))];
  const inverse: Relationship[] = direct.map((r) => ({
    table: r.foreignTable,
    foreignTable: r.table,
    isSelf: r.isSelf,
    cardinality: r.cardinality === 'M2O' ? 'O2M' : 'O2O',
    constraint: r.constraint,
    columns: swap(r.columns),
  }));
  // Many-to-many through a junction table whose two foreign keys are part of its primary key.
  const manyToMany: Relationship[] = [];
  for (const r1 of base) {
    for (const r2 of base) {
      if (r1.cardinality !== 'M2O' || r2.cardinality !== 'M2O') continue;
      if (!sameRef(r1.table, r2.table) || r1.constraint === r2.constraint) continue;
      const junction = tablesByRef(r1.table);
      if (!junction) continue;
      const fkColumns = [...r1.columns.map(([c]) => c), ...r2.columns.map(([c]) => c)];
      if (!fkColumns.every((c) => junction.primaryKey.includes(c))) continue;
      manyToMany.push({
        table: r1.foreignTable,
        foreignTable: r2.foreignTable,
        isSelf: sameRef(r1.foreignTable, r2.foreignTable),
        cardinality: 'M2M',
        constraint: r1.constraint,
        columns: [],
        junction: {
          table: r1.table,
          constraint1: r1.constraint,
          constraint2: r2.constraint,
          sourceColumns: swap(r1.columns),
          targetColumns: swap(r2.columns),
        },
      });
    }
  }
  const exposed = (ref: TableRef) => schemas.includes(ref.schema);
  return [...direct, ...inverse, ...manyToMany].filter((r) => exposed(r.table) && exposed(r.foreignTable));
}

function buildRoutine(fn: CatalogRow['functions'][number], columnsByRelid: Map<number, Column[]>): Routine | undefined {
  const inputs = fn.args.filter((a) => a.mode === 'i' || a.mode === 'b' || a.mode === 'v');
  const outputs = fn.args.filter((a) => a.mode === 'o' || a.mode === 'b' || a.mode === 't');
  const unnamed = inputs.filter((a) => a.name === '');
  // As PostgREST: callable only if every input is named, or a single unnamed json/jsonb/text/xml/bytea one.
  if (unnamed.length > 1) return undefined;
  if (unnamed.length === 1 && (inputs.length > 1 || !['json', 'jsonb', 'text', 'xml', 'bytea'].includes(unnamed[0].type))) {
    return undefined;
  }
  const requiredCount = fn.nargs - fn.ndefaults;
  const params: RoutineParam[] = inputs.map((a, i) => ({
    name: a.name,
    type: a.type,
    displayType: a.regtype,
    required: i < requiredCount,
    variadic: a.mode === 'v',
  }));
  const returnsComposite = fn.retTyptype === 'c' || outputs.length > 0;
  const outColumns: Column[] =
    outputs.length > 0
      ? outputs.map((a) => ({ name: a.name, type: a.type, nullable: true, default: null, generated: false }))
      : (columnsByRelid.get(fn.retRelid) ?? []);
  return {
    schema: fn.schema,
    name: fn.name,
    params,
    returnsSet: fn.returnsSet,
    returnsComposite,
    returnsVoid: fn.returnsVoid,
    returnType: { schema: fn.retSchema, name: fn.retName },
    outColumns,
    volatility: fn.volatility,
    description: fn.description,
  };
}

export async function loadSchemaCache(db: Queryable, schemas: string[]): Promise<SchemaCache> {
  const { rows } = await db.query<{ catalog: CatalogRow }>(CATALOG_QUERY, [schemas]);
  const catalog = rows[0].catalog;

  const columnsByRelid = new Map<number, Column[]>();
  for (const c of catalog.columns) {
    const list = columnsByRelid.get(c.relid) ?? [];
    list.push({ name: c.name, type: c.type, nullable: c.nullable, default: c.default, generated: c.generated });
    columnsByRelid.set(c.relid, list);
  }

  const tables = new Map<string, Map<string, Table>>();
  for (const t of catalog.tables) {
    const columnList = columnsByRelid.get(t.oid) ?? [];
    const table: Table = {
      schema: t.schema,
      name: t.name,
      isView: !['r', 'p'].includes(t.kind),
      columns: new Map(columnList.map((c) => [c.name, c])),
      computed: new Set(),
      columnList,
      primaryKey: t.pk,
      insertable: t.insertable,
      updatable: t.updatable,
      deletable: t.deletable,
    };
    if (!tables.has(t.schema)) tables.set(t.schema, new Map());
    tables.get(t.schema)!.set(t.name, table);
  }

  const routines = new Map<string, Map<string, Routine[]>>();
  for (const fn of catalog.functions) {
    const onRow = fn.argTable && tables.get(fn.argTable.schema)?.get(fn.argTable.name);
    if (onRow && fn.schema === onRow.schema && !fn.returnsSet && !fn.returnsVoid && fn.nargs - fn.ndefaults <= 1) {
      onRow.computed.add(fn.name);
    }
    const routine = buildRoutine(fn, columnsByRelid);
    if (!routine) continue;
    if (!routines.has(fn.schema)) routines.set(fn.schema, new Map());
    const bySchema = routines.get(fn.schema)!;
    bySchema.set(fn.name, [...(bySchema.get(fn.name) ?? []), routine]);
  }
  for (const bySchema of routines.values()) for (const list of bySchema.values()) list.sort(compareRoutines);

  const relationships = buildRelationships(catalog.fks, catalog.views, (ref) => tables.get(ref.schema)?.get(ref.name), schemas);
  // Computed relationships (allComputedRels): one parameter of a relation's row type, returning a relation's row type.
  for (const fn of catalog.functions) {
    if (fn.nargs !== 1 || !fn.argTable || fn.retRelid === 0) continue;
    const origin = tables.get(fn.argTable.schema)?.get(fn.argTable.name);
    const target = tables.get(fn.retSchema)?.get(fn.retName);
    if (!origin || !target) continue;
    relationships.push({
      table: { schema: origin.schema, name: origin.name },
      foreignTable: { schema: target.schema, name: target.name },
      isSelf: sameRef(origin, target),
      cardinality: fn.singleRow ? 'M2O' : 'O2M',
      constraint: fn.name,
      columns: [],
      computed: { schema: fn.schema, name: fn.name },
    });
  }
  return new SchemaCache(schemas, tables, relationships, routines, buildTypes(catalog.types), buildRoleSettings(catalog.roleSettings));
}

// ---------------------------------------------------------------------------------------------
// Keeping it current
// ---------------------------------------------------------------------------------------------

/**
 * The event triggers Supabase installs so that PostgREST reloads its cache after DDL, plus a
 * version counter they bump, so that a cache miss can tell cheaply whether the catalog changed
 * (a NOTIFY may arrive after the next request). Needs a superuser (true for PGlite and the usual
 * local server); without it, misses fall back to a time-throttled reload.
 */
const DDL_WATCH_SQL = `
create schema if not exists extensions;
create table if not exists extensions.pgrst_schema_version (
  id boolean primary key default true check (id),
  version bigint not null default 0
);
insert into extensions.pgrst_schema_version (id) values (true) on conflict do nothing;
create or replace function extensions.pgrst_ddl_watch() returns event_trigger language plpgsql security definer as $$
begin
  update extensions.pgrst_schema_version set version = version + 1;
  perform pg_notify('pgrst', 'reload schema');
end $$;
create or replace function extensions.pgrst_drop_watch() returns event_trigger language plpgsql security definer as $$
begin
  update extensions.pgrst_schema_version set version = version + 1;
  perform pg_notify('pgrst', 'reload schema');
end $$;
do $$
begin
  if not exists (select 1 from pg_event_trigger where evtname = 'pgrst_ddl_watch') then
    create event trigger pgrst_ddl_watch on ddl_command_end execute procedure extensions.pgrst_ddl_watch();
  end if;
  if not exists (select 1 from pg_event_trigger where evtname = 'pgrst_drop_watch') then
    create event trigger pgrst_drop_watch on sql_drop execute procedure extensions.pgrst_drop_watch();
  end if;
end $$;`;

const VERSION_QUERY = 'select version::text as version from extensions.pgrst_schema_version';

interface Loaded {
  cache: SchemaCache;
  /** The DDL counter read just before the catalog. */
  version?: bigint;
  /** When the catalog query was sent: changes committed before then are in the cache. */
  startedAt: number;
}

/** Holds the current cache; swaps in a fresh one on reload. */
export class SchemaCacheHolder {
  private current?: Loaded;
  private loading?: Promise<Loaded>;
  private stopListening?: () => Promise<void>;
  /** Bumped by every NOTIFY; a cache older than the last notification is stale. */
  private dirtySince = 0;
  /** Whether the DDL version counter is installed. */
  private versioned = false;

  constructor(
    private readonly db: Database,
    readonly schemas: string[],
    /** Without the version counter, a miss reloads at most this often. */
    private readonly missReloadIntervalMs = 250,
  ) {}

  async start(): Promise<void> {
    await this.db.exec(DDL_WATCH_SQL).catch(() => undefined);
    this.versioned = await this.readVersion().then(
      (v) => v !== undefined,
      () => false,
    );
    this.stopListening = await this.db
      .listen('pgrst', (payload) => {
        if (payload === '' || payload === 'reload schema') {
          this.dirtySince = Date.now();
          void this.reload().catch(() => undefined);
        }
      })
      .catch(() => undefined);
  }

  async stop(): Promise<void> {
    await this.loading?.catch(() => undefined);
    await this.stopListening?.();
  }

  private async readVersion(): Promise<bigint | undefined> {
    const { rows } = await this.db.query<{ version: string }>(VERSION_QUERY);
    return rows[0] ? BigInt(rows[0].version) : undefined;
  }

  /** The cache, loading it first if there is none or it is older than the last reload notice. */
  async get(): Promise<SchemaCache> {
    if (this.current && this.current.startedAt > this.dirtySince) return this.current.cache;
    return this.reload();
  }

  private load(): Promise<Loaded> {
    this.loading ??= (async () => {
      const startedAt = Date.now();
      // The version first: the catalog read after it is at least as new.
      const version = this.versioned ? await this.readVersion() : undefined;
      const cache = await loadSchemaCache(this.db, this.schemas);
      this.current = { cache, version, startedAt };
      return this.current;
    })().finally(() => {
      this.loading = undefined;
    });
    return this.loading;
  }

  async reload(): Promise<SchemaCache> {
    return (await this.load()).cache;
  }

  /** After a miss: a fresh cache if the catalog changed since the current one, else undefined. */
  async reloadAfterMiss(): Promise<SchemaCache | undefined> {
    if (!this.versioned) {
      if (this.current && Date.now() - this.current.startedAt < this.missReloadIntervalMs) return undefined;
      return this.reload();
    }
    const version = await this.readVersion().catch(() => undefined);
    if (version === undefined) return this.reload();
    if (this.current?.version !== undefined && this.current.version >= version) return undefined;
    let loaded = await this.load();
    // A load already under way may have read an older version: load once more.
    if (loaded.version === undefined || loaded.version < version) loaded = await this.load();
    return loaded.cache;
  }
}
