/**
 * postgres_changes filters: `column=op.value`, several joined by commas (AND), any operator
 * negated with `not.` — the grammar of Realtime's Subscriptions.parse_subscription_params and of
 * realtime-js' RealtimePostgresFilterBuilder (quoted values, `in.(a,"b,c")`).
 *
 * Values are turned into the JSON form Postgres gives the column (to_jsonb of the value cast to
 * the column's type, done once at subscribe time by the database), so that matching a change is
 * a comparison of JSON values in memory, with the database's own casting rules.
 */

export const FILTER_OPS = ['eq', 'neq', 'lt', 'lte', 'gt', 'gte', 'in', 'like', 'ilike', 'is', 'match', 'imatch', 'isdistinct'] as const;
export type FilterOp = (typeof FILTER_OPS)[number];

export interface ParsedFilter {
  column: string;
  op: FilterOp;
  /** For `in`, the Postgres array literal `{a,b}`; otherwise the unquoted value. */
  value: string;
  negate: boolean;
}

export class FilterParseError extends Error {}

export function parseFilters(filter: string): ParsedFilter[] {
  const trimmed = filter.trim();
  if (trimmed === '') return [];
  return splitTopLevel(trimmed).map(parseSegment);
}

/** Splits on commas outside parentheses and double quotes. */
function splitTopLevel(input: string): string[] {
  const parts: string[] = [];
  let current = '';
  let depth = 0;
  let quoted = false;
  let prev = '';
  for (let i = 0; i < input.length; i++) {
    const ch = input[i];
    if (quoted) {
      if (ch === '\\' && i + 1 < input.length) {
        current += ch + input[++i];
        prev = input[i];
        continue;
      }
      if (ch === '"') quoted = false;
      current += ch;
    } else if (ch === '"' && ['.', '(', ','].includes(prev)) {
      quoted = true;
      current += ch;
    } else if (ch === '(') {
      depth++;
      current += ch;
    } else if (ch === ')') {
      depth = Math.max(0, depth - 1);
      current += ch;
    } else if (ch === ',' && depth === 0) {
      parts.push(current);
      current = '';
    } else {
      current += ch;
    }
    prev = ch;
  }
  parts.push(current);
  return parts;
}

function parseSegment(segment: string): ParsedFilter {
  const trimmed = segment.trim();
  if (trimmed === '') throw new FilterParseError('filter must not contain empty segments (check for extra commas)');
  const eq = trimmed.indexOf('=');
  if (eq <= 0) throw new FilterParseError(JSON.stringify([trimmed]));
  const column = trimmed.slice(0, eq);
  let rest = trimmed.slice(eq + 1);
  const negate = rest.startsWith('not.');
  if (negate) rest = rest.slice(4);
  const dot = rest.indexOf('.');
  if (dot < 0) throw new FilterParseError(JSON.stringify([rest]));
  const op = rest.slice(0, dot);
  const raw = rest.slice(dot + 1);
  if (!(FILTER_OPS as readonly string[]).includes(op)) throw new FilterParseError(JSON.stringify([op, raw]));
  return { column, op: op as FilterOp, value: formatValue(op as FilterOp, raw), negate };
}

function formatValue(op: FilterOp, raw: string): string {
  if (op === 'in') {
    if (raw.length < 2 || !raw.startsWith('(') || !raw.endsWith(')')) {
      throw new FilterParseError('`in` filter value must be wrapped by parentheses');
    }
    return `{${raw.slice(1, -1)}}`;
  }
  if (op === 'is' && !['null', 'true', 'false', 'unknown'].includes(raw)) {
    throw new FilterParseError('invalid value for is filter: must be null, true, false, or unknown');
  }
  return unquote(raw);
}

/** `"a\"b"` → `a"b`; anything not a well-formed quoted string stays as it is. */
function unquote(value: string): string {
  if (!value.startsWith('"') || value.length < 2 || !value.endsWith('"')) return value;
  let out = '';
  for (let i = 1; i < value.length - 1; i++) {
    const ch = value[i];
    if (ch === '\\') {
      if (i + 1 >= value.length - 1) return value;
      out += value[++i];
    } else if (ch === '"') {
      return value;
    } else {
      out += ch;
    }
  }
  return out;
}

/** A filter ready to match: the value in the column's JSON form, patterns compiled. */
export interface CompiledFilter {
  column: string;
  op: FilterOp;
  negate: boolean;
  /** eq/neq/lt/…/isdistinct: one JSON value; in: an array of them; is: null/true/false. */
  value: unknown;
  pattern?: RegExp;
  /** Ordered comparison of timestamps with a zone goes through Date, not string order. */
  zonedTime: boolean;
}

/** What a filter needs from the database: the column value cast and turned into JSON. */
export type CastToColumnJson = (text: string, asArray: boolean) => Promise<unknown>;

export async function compileFilter(filter: ParsedFilter, columnType: string, cast: CastToColumnJson): Promise<CompiledFilter> {
  const base = { column: filter.column, op: filter.op, negate: filter.negate, zonedTime: /^(timestamptz|timetz)$/.test(columnType) };
  switch (filter.op) {
    case 'like':
    case 'ilike':
      return { ...base, value: filter.value, pattern: likePattern(filter.value, filter.op === 'ilike') };
    case 'match':
    case 'imatch':
      return { ...base, value: filter.value, pattern: regexPattern(filter.value, filter.op === 'imatch') };
    case 'is':
      return { ...base, value: filter.value === 'true' ? true : filter.value === 'false' ? false : null };
    case 'in':
      return { ...base, value: await cast(filter.value, true) };
    default:
      return { ...base, value: await cast(filter.value, false) };
  }
}

function likePattern(pattern: string, caseInsensitive: boolean): RegExp {
  let source = '';
  for (let i = 0; i < pattern.length; i++) {
    const ch = pattern[i];
    if (ch === '\\' && i + 1 < pattern.length) source += escapeRegex(pattern[++i]);
    else if (ch === '%') source += '[\\s\\S]*';
    else if (ch === '_') source += '[\\s\\S]';
    else source += escapeRegex(ch);
  }
  return new RegExp(`^${source}$`, caseInsensitive ? 'iu' : 'u');
}

function regexPattern(pattern: string, caseInsensitive: boolean): RegExp {
  try {
    return new RegExp(pattern, caseInsensitive ? 'iu' : 'u');
  } catch {
    throw new FilterParseError(`invalid regular expression: ${pattern}`);
  }
}

function escapeRegex(ch: string): string {
  return ch.replace(/[.*+?^${}()|[\]\\/]/g, '\\$&');
}

/**
 * Whether a row passes a binding's filters, as realtime.is_visible_through_filters decides: only
 * filters whose column is in the row count (a DELETE's old row may hold only the primary key);
 * none countable → not visible; a comparison with NULL is not a match.
 */
export function passesFilters(row: Record<string, unknown> | null | undefined, filters: CompiledFilter[]): boolean {
  if (filters.length === 0) return true;
  if (!row) return false;
  let counted = 0;
  for (const filter of filters) {
    if (!(filter.column in row)) continue;
    counted++;
    if (!matches(row[filter.column], filter)) return false;
  }
  return counted > 0;
}

function matches(value: unknown, filter: CompiledFilter): boolean {
  if (filter.op === 'is') return (value === filter.value) !== filter.negate;
  if (filter.op === 'isdistinct') return !jsonEqual(value, filter.value) !== filter.negate;
  if (value === null || value === undefined) return false;
  const result = compare(value, filter);
  if (result === undefined) return false;
  return result !== filter.negate;
}

function compare(value: unknown, filter: CompiledFilter): boolean | undefined {
  switch (filter.op) {
    case 'eq':
      return jsonEqual(value, filter.value);
    case 'neq':
      return !jsonEqual(value, filter.value);
    case 'in':
      return Array.isArray(filter.value) && filter.value.some((candidate) => jsonEqual(value, candidate));
    case 'lt':
    case 'lte':
    case 'gt':
    case 'gte': {
      const order = ordering(value, filter.value, filter.zonedTime);
      if (order === undefined) return undefined;
      return filter.op === 'lt' ? order < 0 : filter.op === 'lte' ? order <= 0 : filter.op === 'gt' ? order > 0 : order >= 0;
    }
    default:
      return filter.pattern?.test(typeof value === 'string' ? value : JSON.stringify(value));
  }
}

function ordering(a: unknown, b: unknown, zonedTime: boolean): number | undefined {
  if (typeof a === 'number' && typeof b === 'number') return a - b;
  if (typeof a === 'boolean' && typeof b === 'boolean') return Number(a) - Number(b);
  if (typeof a === 'string' && typeof b === 'string') {
    if (zonedTime) {
      const [ta, tb] = [Date.parse(a), Date.parse(b)];
      if (!Number.isNaN(ta) && !Number.isNaN(tb) && ta !== tb) return ta - tb;
    }
    return a < b ? -1 : a > b ? 1 : 0;
  }
  return undefined;
}

export function jsonEqual(a: unknown, b: unknown): boolean {
  if (a === b) return true;
  if (a === null || b === null || typeof a !== 'object' || typeof b !== 'object') return false;
  if (Array.isArray(a) !== Array.isArray(b)) return false;
  if (Array.isArray(a)) {
    const other = b as unknown[];
    return a.length === other.length && a.every((item, i) => jsonEqual(item, other[i]));
  }
  const ka = Object.keys(a);
  const kb = Object.keys(b as object);
  return (
    ka.length === kb.length &&
    ka.every((key) => Object.hasOwn(b as object, key) && jsonEqual((a as Record<string, unknown>)[key], (b as Record<string, unknown>)[key]))
  );
}
