/**
 * The PostgREST query-string grammar (select, filters, logic trees, order, columns, on_conflict,
 * limit/offset) parsed into an AST. Pure: no schema knowledge, no SQL. It mirrors the Parsec
 * grammar of PostgREST's ApiRequest/QueryParams.hs so that clients written for PostgREST parse
 * the same way here, including quoting ("a,b"), backslash escapes and JSON paths.
 */

// ---------------------------------------------------------------------------------------------
// AST
// ---------------------------------------------------------------------------------------------

export interface JsonStep {
  arrow: '->' | '->>';
  /** A key, or an array index such as "+1" / "-2" when `index` is true. */
  key: string;
  index: boolean;
}

export interface Field {
  name: string;
  jsonPath: JsonStep[];
}

export type AggregateName = 'sum' | 'avg' | 'count' | 'max' | 'min';

export interface SelectField {
  type: 'field';
  field: Field;
  alias?: string;
  cast?: string;
  aggregate?: AggregateName;
  aggregateCast?: string;
}

export interface SelectRelation {
  type: 'relation';
  name: string;
  alias?: string;
  hint?: string;
  joinType?: 'inner' | 'left';
  spread: boolean;
  children: SelectItem[];
}

export type SelectItem = SelectField | SelectRelation;

export const QUANT_OPERATORS = ['eq', 'gte', 'gt', 'lte', 'lt', 'like', 'ilike', 'match', 'imatch'] as const;
export const SIMPLE_OPERATORS = ['neq', 'cs', 'cd', 'ov', 'sl', 'sr', 'nxr', 'nxl', 'adj'] as const;
export const FTS_OPERATORS = ['fts', 'plfts', 'phfts', 'wfts'] as const;
export type QuantOperator = (typeof QUANT_OPERATORS)[number];
export type SimpleOperator = (typeof SIMPLE_OPERATORS)[number];
export type FtsOperator = (typeof FTS_OPERATORS)[number];
export type IsValue = 'null' | 'not_null' | 'true' | 'false' | 'unknown';

export type Operation =
  | { kind: 'quant'; op: QuantOperator; quantifier?: 'any' | 'all'; value: string }
  | { kind: 'simple'; op: SimpleOperator; value: string }
  | { kind: 'in'; values: string[] }
  | { kind: 'is'; value: IsValue }
  | { kind: 'isdistinct'; value: string }
  | { kind: 'fts'; op: FtsOperator; language?: string; value: string };

export interface Filter {
  field: Field;
  negated: boolean;
  operation: Operation;
}

export type LogicTree =
  | { type: 'expr'; negated: boolean; op: 'and' | 'or'; children: LogicTree[] }
  | { type: 'filter'; filter: Filter };

export interface OrderTerm {
  field: Field;
  /** Set for `relation(column)` terms: order by a column of an embedded to-one resource. */
  relation?: string;
  direction?: 'asc' | 'desc';
  nulls?: 'first' | 'last';
}

/** Where in the embedding tree a parameter applies: [] is the root, ['clients'] an embed. */
export type EmbedPath = string[];

export interface RangeParam {
  offset: number;
  /** undefined = no limit. */
  limit?: number;
}

export interface QueryParams {
  select: SelectItem[];
  filters: { path: EmbedPath; filter: Filter }[];
  /** GET /rpc arguments: parameters whose value is not an operator expression. */
  rpcArgs: [string, string][];
  logic: { path: EmbedPath; tree: LogicTree }[];
  order: { path: EmbedPath; terms: OrderTerm[] }[];
  /** Keyed by the embed path joined with '.', '' for the root. */
  ranges: Map<string, RangeParam>;
  columns?: string[];
  onConflict?: string[];
}

// ---------------------------------------------------------------------------------------------
// Errors
// ---------------------------------------------------------------------------------------------

/** A parse failure, reported as PostgREST reports Parsec errors (PGRST100). */
export class QueryParseError extends Error {
  constructor(
    readonly what: string,
    readonly input: string,
    readonly column: number,
    readonly details: string,
  ) {
    super(`"failed to parse ${what} (${input})" (line 1, column ${column})`);
  }
}

/** Deep nesting is refused before it reaches Postgres' stack limit. */
const MAX_DEPTH = 24;

// ---------------------------------------------------------------------------------------------
// Cursor
// ---------------------------------------------------------------------------------------------

class Cursor {
  pos = 0;
  /** Furthest failure seen, to report the most useful error like Parsec does. */
  private failPos = -1;
  private expected = new Set<string>();

  constructor(
    readonly text: string,
    readonly what: string,
  ) {}

  get eof(): boolean {
    return this.pos >= this.text.length;
  }

  peek(offset = 0): string {
    return this.text[this.pos + offset] ?? '';
  }

  startsWith(s: string): boolean {
    return this.text.startsWith(s, this.pos);
  }

  /** Consumes s if it is next; otherwise records it as expected and returns false. */
  accept(s: string, label = `"${s}"`): boolean {
    if (this.startsWith(s)) {
      this.pos += s.length;
      return true;
    }
    this.expect(label);
    return false;
  }

  expect(label: string): void {
    if (this.pos > this.failPos) {
      this.failPos = this.pos;
      this.expected = new Set([label]);
    } else if (this.pos === this.failPos) {
      this.expected.add(label);
    }
  }

  skipSpaces(): void {
    while (this.peek() === ' ' || this.peek() === '\t') this.pos++;
  }

  /** Runs fn; on failure (undefined) rewinds, like Parsec's `try`. */
  attempt<T>(fn: () => T | undefined): T | undefined {
    const start = this.pos;
    const result = fn();
    if (result === undefined) this.pos = start;
    return result;
  }

  /** The error to throw at the furthest point reached. */
  error(): QueryParseError {
    const at = Math.max(this.failPos, this.pos);
    const ch = this.text[at];
    const unexpected = ch === undefined ? 'unexpected end of input' : `unexpected ${JSON.stringify(ch)}`;
    const expected = [...(at === this.failPos ? this.expected : [])];
    const expecting = expected.length
      ? ` expecting ${expected.length > 1 ? `${expected.slice(0, -1).join(', ')} or ${expected.at(-1)}` : expected[0]}`
      : '';
    return new QueryParseError(this.what, this.text, at + 1, `${unexpected}${expecting}`);
  }
}

// ---------------------------------------------------------------------------------------------
// Lexical pieces
// ---------------------------------------------------------------------------------------------

const IDENT_CHAR = /[\p{L}\p{N}_ $]/u;

/** `"..."` with backslash escapes; the quotes are removed. */
function quotedValue(c: Cursor): string | undefined {
  if (c.peek() !== '"') {
    c.expect('"\\""');
    return undefined;
  }
  return c.attempt(() => {
    c.pos++;
    let out = '';
    while (!c.eof) {
      const ch = c.peek();
      if (ch === '"') {
        c.pos++;
        return out;
      }
      if (ch === '\\') {
        c.pos++;
        if (c.eof) break;
        out += c.peek();
        c.pos++;
        continue;
      }
      out += ch;
      c.pos++;
    }
    c.expect('"\\""');
    return undefined;
  });
}

/** letters, digits, `_`, space and `$`, trimmed. */
function identifier(c: Cursor): string | undefined {
  const start = c.pos;
  while (!c.eof && IDENT_CHAR.test(c.peek())) c.pos++;
  if (c.pos === start) {
    c.expect('field name (* or [a..z0..9_$])');
    return undefined;
  }
  return c.text.slice(start, c.pos).trim();
}

/** Parts joined by single dashes that do not start an arrow (`a-b` but not `a->b`). */
function sepByDash(c: Cursor, part: (c: Cursor) => string | undefined): string | undefined {
  const first = part(c);
  if (first === undefined) return undefined;
  const parts = [first];
  while (c.peek() === '-' && c.peek(1) !== '>') {
    const next = c.attempt(() => {
      c.pos++;
      return part(c);
    });
    if (next === undefined) break;
    parts.push(next);
  }
  return parts.join('-');
}

function fieldName(c: Cursor): string | undefined {
  if (c.peek() === '"') return quotedValue(c);
  return sepByDash(c, identifier);
}

function jsonKeyIdentifier(c: Cursor): string | undefined {
  const start = c.pos;
  while (!c.eof && !'(-:.,>)'.includes(c.peek())) c.pos++;
  if (c.pos === start) {
    c.expect('any non reserved character different from: .,>()');
    return undefined;
  }
  return c.text.slice(start, c.pos).trim();
}

function jsonPath(c: Cursor): JsonStep[] {
  const steps: JsonStep[] = [];
  for (;;) {
    let arrow: JsonStep['arrow'];
    if (c.startsWith('->>')) arrow = '->>';
    else if (c.startsWith('->')) arrow = '->';
    else {
      c.expect('"->"');
      c.expect('"->>"');
      return steps;
    }
    const step = c.attempt(() => {
      c.pos += arrow.length;
      const index = c.attempt(() => {
        const start = c.pos;
        const sign = c.peek() === '-' ? '-' : '+';
        if (sign === '-') c.pos++;
        const digitsStart = c.pos;
        while (/[0-9]/.test(c.peek())) c.pos++;
        if (c.pos === digitsStart) return undefined;
        const digits = c.text.slice(digitsStart, c.pos);
        const atEnd = c.eof || c.startsWith('->') || c.startsWith('::') || ['.', ',', ')'].includes(c.peek());
        if (!atEnd) {
          c.pos = start;
          return undefined;
        }
        return `${sign}${digits}`;
      });
      if (index !== undefined) return { arrow, key: index, index: true };
      const key = c.peek() === '"' ? quotedValue(c) : sepByDash(c, jsonKeyIdentifier);
      return key === undefined ? undefined : { arrow, key, index: false };
    });
    if (!step) return steps;
    steps.push(step);
  }
}

function field(c: Cursor): Field | undefined {
  c.skipSpaces();
  const name = fieldName(c);
  if (name === undefined) return undefined;
  const path = jsonPath(c);
  c.skipSpaces();
  return { name, jsonPath: path };
}

/** A cast or aggregate-cast type name: letters, digits, `_`, space, `$`. */
function castName(c: Cursor): string | undefined {
  const start = c.pos;
  while (!c.eof && IDENT_CHAR.test(c.peek())) c.pos++;
  if (c.pos === start) {
    c.expect('letter or digit');
    return undefined;
  }
  return c.text.slice(start, c.pos).trim();
}

// ---------------------------------------------------------------------------------------------
// select=
// ---------------------------------------------------------------------------------------------

function atSelectEnd(c: Cursor): boolean {
  if (c.eof || c.peek() === ')' || c.peek() === ',') return true;
  c.expect('")"');
  c.expect('","');
  c.expect('end of input');
  return false;
}

function alias(c: Cursor): string | undefined {
  return c.attempt(() => {
    const name = fieldName(c);
    if (name === undefined) return undefined;
    if (c.peek() === ':' && c.peek(1) !== ':') {
      c.pos++;
      return name;
    }
    return undefined;
  });
}

function embedParams(c: Cursor): { hint?: string; joinType?: 'inner' | 'left' } {
  const out: { hint?: string; joinType?: 'inner' | 'left' } = {};
  for (let i = 0; i < 2 && c.peek() === '!'; i++) {
    c.pos++;
    const join = (['left', 'inner'] as const).find((j) => c.startsWith(j) && !IDENT_CHAR.test(c.peek(j.length)) && c.peek(j.length) !== '-');
    if (join) {
      c.pos += join.length;
      out.joinType ??= join;
      continue;
    }
    const hint = fieldName(c);
    if (hint === undefined) throw c.error();
    out.hint ??= hint;
  }
  return out;
}

function relationSelect(c: Cursor, depth: number): SelectRelation | undefined {
  return c.attempt(() => {
    c.skipSpaces();
    const spread = c.startsWith('...');
    if (spread) c.pos += 3;
    const as = spread ? undefined : alias(c);
    const name = fieldName(c);
    if (name === undefined || (!spread && name === 'count')) return undefined;
    const params = embedParams(c);
    if (c.peek() !== '(') {
      c.expect('"("');
      return undefined;
    }
    c.pos++;
    const children = selectForest(c, depth + 1);
    if (!c.accept(')')) throw c.error();
    c.skipSpaces();
    return { type: 'relation', name, alias: as, spread, ...params, children };
  });
}

const AGGREGATES: AggregateName[] = ['sum', 'avg', 'count', 'max', 'min'];

function fieldSelect(c: Cursor): SelectField | undefined {
  c.skipSpaces();
  const star = c.attempt(() => {
    if (!c.accept('*')) return undefined;
    c.skipSpaces();
    return atSelectEnd(c) ? true : undefined;
  });
  if (star) return { type: 'field', field: { name: '*', jsonPath: [] } };

  const countStar = c.attempt((): SelectField | undefined => {
    const as = alias(c);
    if (!c.startsWith('count()')) return undefined;
    c.pos += 'count()'.length;
    const aggregateCast = c.startsWith('::') ? (c.pos += 2, castName(c)) : undefined;
    c.skipSpaces();
    if (!atSelectEnd(c)) return undefined;
    return { type: 'field', field: { name: '*', jsonPath: [] }, alias: as, aggregate: 'count', aggregateCast };
  });
  if (countStar) return countStar;

  const as = alias(c);
  const fld = field(c);
  if (!fld) return undefined;
  let cast: string | undefined;
  if (c.startsWith('::')) {
    c.pos += 2;
    cast = castName(c);
    if (cast === undefined) throw c.error();
  }
  let aggregate: AggregateName | undefined;
  const agg = c.attempt(() => {
    if (c.peek() !== '.') return undefined;
    c.pos++;
    const name = AGGREGATES.find((a) => c.startsWith(`${a}()`));
    if (!name) return undefined;
    c.pos += name.length + 2;
    return name;
  });
  if (agg) aggregate = agg;
  let aggregateCast: string | undefined;
  if (c.startsWith('::')) {
    c.pos += 2;
    aggregateCast = castName(c);
    if (aggregateCast === undefined) throw c.error();
  }
  c.skipSpaces();
  if (!atSelectEnd(c)) throw c.error();
  return { type: 'field', field: fld, alias: as, cast, aggregate, aggregateCast };
}

function selectForest(c: Cursor, depth: number): SelectItem[] {
  if (depth > MAX_DEPTH) throw c.error();
  const items: SelectItem[] = [];
  c.skipSpaces();
  if (c.eof || c.peek() === ')') return items;
  for (;;) {
    const item = relationSelect(c, depth) ?? fieldSelect(c);
    if (!item) throw c.error();
    items.push(item);
    c.skipSpaces();
    if (c.peek() !== ',') return items;
    c.pos++;
    c.skipSpaces();
  }
}

export function parseSelect(text: string): SelectItem[] {
  const c = new Cursor(text, 'select parameter');
  const items = selectForest(c, 0);
  if (!c.eof) {
    c.expect('","');
    c.expect('end of input');
    throw c.error();
  }
  return items;
}

// ---------------------------------------------------------------------------------------------
// Filters
// ---------------------------------------------------------------------------------------------

type ValueParser = (c: Cursor) => string;

/** Top-level filter values are taken verbatim: `eq."a,b"` compares with `"a,b"` quotes included. */
const restOfInput: ValueParser = (c) => {
  const v = c.text.slice(c.pos);
  c.pos = c.text.length;
  return v;
};

/** Values inside or=(...) end at `,` or `)` unless quoted or a `{...}` array literal. */
const logicValue: ValueParser = (c) => {
  const quoted = c.attempt(() => {
    const v = quotedValue(c);
    if (v === undefined) return undefined;
    if (!c.eof && !',)'.includes(c.peek())) return undefined;
    return v;
  });
  if (quoted !== undefined) return quoted;
  if (c.peek() === '{') {
    const close = c.text.indexOf('}', c.pos);
    const inner = close < 0 ? '' : c.text.slice(c.pos + 1, close);
    if (close >= 0 && !inner.includes('{')) {
      const v = c.text.slice(c.pos, close + 1);
      c.pos = close + 1;
      return v;
    }
  }
  const start = c.pos;
  while (!c.eof && !',)'.includes(c.peek())) c.pos++;
  return c.text.slice(start, c.pos);
};

function listValue(c: Cursor): string[] | undefined {
  c.skipSpaces();
  if (!c.accept('(')) return undefined;
  c.skipSpaces();
  const values: string[] = [];
  for (;;) {
    const quoted = c.attempt(() => {
      const v = quotedValue(c);
      if (v === undefined) return undefined;
      if (!c.eof && !',)'.includes(c.peek())) return undefined;
      return v;
    });
    if (quoted !== undefined) values.push(quoted);
    else {
      const start = c.pos;
      while (!c.eof && !',)'.includes(c.peek())) c.pos++;
      values.push(c.text.slice(start, c.pos));
    }
    if (c.peek() === ',') {
      c.pos++;
      continue;
    }
    break;
  }
  c.skipSpaces();
  if (!c.accept(')')) return undefined;
  c.skipSpaces();
  return values;
}

function startsWithWord(c: Cursor, word: string): boolean {
  return c.text.slice(c.pos, c.pos + word.length).toLowerCase() === word;
}

function isValue(c: Cursor): IsValue | undefined {
  for (const v of ['null', 'not_null', 'true', 'false', 'unknown'] as const) {
    if (startsWithWord(c, v)) {
      c.pos += v.length;
      return v;
    }
  }
  c.expect('isVal: (null, not_null, true, false, unknown)');
  return undefined;
}

function operation(c: Cursor, value: ValueParser): Operation | undefined {
  const inOp = c.attempt(() => {
    if (!c.startsWith('in.')) return undefined;
    c.pos += 3;
    const values = listValue(c);
    return values && ({ kind: 'in', values } as const);
  });
  if (inOp) return inOp;
  if (c.startsWith('in.')) throw c.error();

  if (c.startsWith('is.')) {
    c.pos += 3;
    const v = isValue(c);
    if (v === undefined) throw c.error();
    return { kind: 'is', value: v };
  }
  if (c.startsWith('isdistinct.')) {
    c.pos += 'isdistinct.'.length;
    return { kind: 'isdistinct', value: value(c) };
  }
  const fts = c.attempt((): Operation | undefined => {
    const op = [...FTS_OPERATORS].reverse().find((o) => c.startsWith(o));
    if (!op) return undefined;
    c.pos += op.length;
    let language: string | undefined;
    if (c.peek() === '(') {
      c.pos++;
      language = castName(c);
      if (language === undefined || !c.accept(')')) return undefined;
    }
    if (!c.accept('.', 'delimiter (.)')) return undefined;
    return { kind: 'fts', op, language, value: value(c) };
  });
  if (fts) return fts;
  const simple = c.attempt((): Operation | undefined => {
    const op = SIMPLE_OPERATORS.find((o) => c.startsWith(o));
    if (!op) return undefined;
    c.pos += op.length;
    if (!c.accept('.', 'delimiter (.)')) return undefined;
    return { kind: 'simple', op, value: value(c) };
  });
  if (simple) return simple;
  const quant = c.attempt((): Operation | undefined => {
    const op = QUANT_OPERATORS.find((o) => c.startsWith(o));
    if (!op) return undefined;
    c.pos += op.length;
    let quantifier: 'any' | 'all' | undefined;
    for (const q of ['any', 'all'] as const) {
      if (c.startsWith(`(${q})`)) {
        c.pos += q.length + 2;
        quantifier = q;
      }
    }
    if (!c.accept('.', 'delimiter (.)')) return undefined;
    return { kind: 'quant', op, quantifier, value: value(c) };
  });
  if (quant) return quant;
  c.expect('operator (eq, gt, ...)');
  return undefined;
}

function opExpr(c: Cursor, value: ValueParser): { negated: boolean; operation: Operation } | undefined {
  const negated = c.startsWith('not.');
  if (negated) c.pos += 4;
  else c.expect('"not"');
  const op = operation(c, value);
  return op && { negated, operation: op };
}

/** Key of a filter/order/limit parameter: `a.b.c` → path [a, b], field c (with JSON path). */
function treePath(text: string): { path: EmbedPath; field: Field } {
  const c = new Cursor(text, 'tree path');
  const names: string[] = [];
  for (;;) {
    const name = fieldName(c);
    if (name === undefined) throw c.error();
    names.push(name);
    if (c.peek() === '.') {
      c.pos++;
      continue;
    }
    break;
  }
  const path = jsonPath(c);
  if (!c.eof) throw c.error();
  const last = names.pop() as string;
  return { path: names, field: { name: last, jsonPath: path } };
}

/** One filter parameter. For GET /rpc a value without operator is an argument (returns undefined). */
export function parseFilter(key: string, value: string, isRpcRead = false): { path: EmbedPath; filter: Filter } | undefined {
  const { path, field } = treePath(key);
  const c = new Cursor(value, 'filter');
  const expr = opExpr(c, restOfInput);
  if (!expr || !c.eof) {
    if (isRpcRead) return undefined;
    throw c.error();
  }
  return { path, filter: { field, ...expr } };
}

// ---------------------------------------------------------------------------------------------
// or=(...) / and=(...)
// ---------------------------------------------------------------------------------------------

function logicTree(c: Cursor, depth: number): LogicTree {
  if (depth > MAX_DEPTH) throw c.error();
  const stmt = c.attempt((): LogicTree | undefined => {
    const fld = field(c);
    if (!fld || !c.accept('.', 'delimiter (.)')) return undefined;
    const expr = opExpr(c, logicValue);
    return expr && { type: 'filter', filter: { field: fld, ...expr } };
  });
  if (stmt) return stmt;
  const negated = c.startsWith('not.');
  if (negated) c.pos += 4;
  let op: 'and' | 'or';
  if (c.startsWith('and')) op = 'and';
  else if (c.startsWith('or')) op = 'or';
  else {
    c.expect('logic operator (and, or)');
    throw c.error();
  }
  c.pos += op.length;
  c.skipSpaces();
  if (!c.accept('(')) throw c.error();
  c.skipSpaces();
  const children: LogicTree[] = [];
  for (;;) {
    children.push(logicTree(c, depth + 1));
    c.skipSpaces();
    if (c.peek() === ',') {
      c.pos++;
      c.skipSpaces();
      continue;
    }
    break;
  }
  if (!c.accept(')')) throw c.error();
  c.skipSpaces();
  return { type: 'expr', negated, op, children };
}

/** `or=(a.eq.1,b.eq.2)` with key `or`, `not.or`, `clients.or`. */
export function parseLogic(key: string, value: string): { path: EmbedPath; tree: LogicTree } {
  const keyCursor = new Cursor(key, 'logic path');
  const names: string[] = [];
  for (;;) {
    const name = fieldName(keyCursor);
    if (name === undefined) throw keyCursor.error();
    names.push(name);
    if (keyCursor.peek() !== '.') break;
    keyCursor.pos++;
  }
  if (!keyCursor.eof) throw keyCursor.error();
  const op = names.at(-1) as string;
  const negated = names.slice(0, -1).includes('not');
  const path = names.slice(0, -1).filter((n) => n !== 'not');
  const text = `${negated ? 'not.' : ''}${op}${value}`;
  const c = new Cursor(text, 'logic tree');
  const tree = logicTree(c, 0);
  if (!c.eof || tree.type !== 'expr') {
    c.expect('end of input');
    throw c.error();
  }
  return { path, tree };
}

// ---------------------------------------------------------------------------------------------
// order=
// ---------------------------------------------------------------------------------------------

function orderModifiers(c: Cursor, term: OrderTerm): boolean {
  for (const d of ['asc', 'desc'] as const) {
    if (c.startsWith(`.${d}`) && (c.eof || !/[a-z0-9_]/i.test(c.peek(d.length + 1)))) {
      c.pos += d.length + 1;
      term.direction = d;
      break;
    }
  }
  for (const n of ['first', 'last'] as const) {
    if (c.startsWith(`.nulls${n}`)) {
      c.pos += `.nulls${n}`.length;
      term.nulls = n;
      break;
    }
  }
  c.skipSpaces();
  if (c.eof || c.peek() === ',') return true;
  c.expect('"asc", "desc", "nullsfirst" or "nullslast"');
  return false;
}

export function parseOrder(text: string): OrderTerm[] {
  const c = new Cursor(text, 'order');
  const terms: OrderTerm[] = [];
  for (;;) {
    c.skipSpaces();
    const relTerm = c.attempt((): OrderTerm | undefined => {
      const relation = fieldName(c);
      if (relation === undefined || !c.accept('(')) return undefined;
      const fld = field(c);
      if (!fld || !c.accept(')')) return undefined;
      const term: OrderTerm = { field: fld, relation };
      return orderModifiers(c, term) ? term : undefined;
    });
    const term =
      relTerm ??
      c.attempt((): OrderTerm | undefined => {
        const fld = field(c);
        if (!fld) return undefined;
        const t: OrderTerm = { field: fld };
        return orderModifiers(c, t) ? t : undefined;
      });
    if (!term) throw c.error();
    terms.push(term);
    if (c.peek() !== ',') break;
    c.pos++;
  }
  if (!c.eof) throw c.error();
  return terms;
}

// ---------------------------------------------------------------------------------------------
// columns= / on_conflict=
// ---------------------------------------------------------------------------------------------

export function parseColumns(text: string, what = 'columns parameter'): string[] {
  const c = new Cursor(text, what);
  const names: string[] = [];
  for (;;) {
    c.skipSpaces();
    const name = fieldName(c);
    if (name === undefined) throw c.error();
    names.push(name);
    c.skipSpaces();
    if (c.peek() !== ',') break;
    c.pos++;
  }
  if (!c.eof) throw c.error();
  return names;
}

// ---------------------------------------------------------------------------------------------
// Whole query string
// ---------------------------------------------------------------------------------------------

const RESERVED = new Set(['select', 'columns', 'on_conflict']);
const RESERVED_EMBEDDABLE = new Set(['order', 'limit', 'offset', 'and', 'or']);

function lastSegment(key: string): string {
  const parts = key.split('.');
  return parts[parts.length - 1];
}

function embedPathKey(key: string): string {
  return key.split('.').slice(0, -1).join('.');
}

function parseNonNegativeInt(text: string): number | undefined | 'negative' {
  if (!/^-?[0-9]+$/.test(text.trim())) return undefined;
  const n = Number(text.trim());
  if (!Number.isSafeInteger(n)) return undefined;
  return n < 0 ? 'negative' : n;
}

export class NegativeLimitError extends Error {}

/**
 * Parses every parameter of a PostgREST query string. `entries` are decoded (key, value) pairs in
 * order, e.g. `[...new URLSearchParams(qs)]` ('+' already turned into a space, as PostgREST does).
 */
export function parseQueryParams(entries: [string, string][], isRpcRead = false): QueryParams {
  const get = (name: string) => entries.find(([k]) => k === name)?.[1];
  const selectText = get('select');
  const params: QueryParams = {
    select: parseSelect(selectText === undefined || selectText === '' ? '*' : selectText),
    filters: [],
    rpcArgs: [],
    logic: [],
    order: [],
    ranges: new Map(),
  };
  const columns = get('columns');
  if (columns !== undefined) params.columns = parseColumns(columns);
  const onConflict = get('on_conflict');
  if (onConflict !== undefined) params.onConflict = parseColumns(onConflict, 'on_conflict parameter');

  for (const [key, value] of entries) {
    if (RESERVED.has(key)) continue;
    const last = lastSegment(key);
    if (RESERVED_EMBEDDABLE.has(last)) {
      if (value === '') continue;
      if (last === 'order') {
        params.order.push({ path: treePath(key).path, terms: parseOrder(value) });
      } else if (last === 'and' || last === 'or') {
        params.logic.push(parseLogic(key, value));
      } else {
        const n = parseNonNegativeInt(value);
        if (n === 'negative') throw new NegativeLimitError();
        if (n === undefined) continue;
        const pathKey = embedPathKey(key);
        const range = params.ranges.get(pathKey) ?? { offset: 0 };
        if (last === 'limit') range.limit = n;
        else range.offset = n;
        params.ranges.set(pathKey, range);
      }
      continue;
    }
    if (value === '' && !isRpcRead) continue;
    const parsed = parseFilter(key, value, isRpcRead);
    if (parsed) params.filters.push(parsed);
    else params.rpcArgs.push([key, value]);
  }
  return params;
}
