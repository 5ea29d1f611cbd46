/**
 * The HTTP side of a PostgREST request: Prefer header (ApiRequest/Preferences.hs), Accept
 * negotiation, the Range header combined with limit/offset (RangeQuery.hs), and a JSON body read
 * under a size limit (ApiRequest.hs getPayload).
 */
import { errors } from './errors.ts';
import type { RangeParam } from './query-parser.ts';
import type { BodyFormat } from './sql-builder.ts';

export interface Preferences {
  return?: 'representation' | 'minimal' | 'headers-only';
  count?: 'exact' | 'planned' | 'estimated';
  resolution?: 'merge-duplicates' | 'ignore-duplicates';
  missing?: 'default' | 'null';
  handling?: 'strict' | 'lenient';
  maxAffected?: number;
  /** Only where db-tx-end allows an override (PGRST_DB_TX_END=…-allow-override). */
  tx?: 'commit' | 'rollback';
  /** Checked against pg_timezone_names in the transaction; applied only if known. */
  timezone?: string;
  /** The preferences understood, as written, for Preference-Applied. */
  applied: string[];
  invalid: string[];
}

const PREFERENCE_VALUES: Record<string, string[]> = {
  return: ['representation', 'minimal', 'headers-only'],
  count: ['exact', 'planned', 'estimated'],
  resolution: ['merge-duplicates', 'ignore-duplicates'],
  missing: ['default', 'null'],
  handling: ['strict', 'lenient'],
  tx: ['commit', 'rollback'],
};

/** Parses every Prefer header; for a preference given twice, the first wins. */
export function parsePreferences(headers: Headers, allowTxOverride = false): Preferences {
  const prefs: Preferences = { applied: [], invalid: [] };
  const seen = new Set<string>();
  const items = (headers.get('prefer') ?? '')
    .split(',')
    .map((s) => s.trim())
    .filter(Boolean);
  for (const item of items) {
    const [key, value = ''] = item.split('=', 2).map((s) => s.trim());
    if (key === 'timezone' && value !== '') {
      if (!seen.has(key)) prefs.timezone = value;
      seen.add(key);
      continue;
    }
    if (key === 'max-affected' && /^[0-9]+$/.test(value)) {
      if (!seen.has(key)) {
        prefs.maxAffected = Number(value);
        prefs.applied.push(`${key}=${value}`);
      }
      seen.add(key);
      continue;
    }
    if (!PREFERENCE_VALUES[key]?.includes(value)) {
      prefs.invalid.push(item);
      continue;
    }
    if (seen.has(key)) continue;
    seen.add(key);
    // As PostgREST: without an override allowed by db-tx-end, tx=… is valid but ignored (not applied).
    if (key === 'tx' && !allowTxOverride) continue;
    (prefs as unknown as Record<string, string>)[key] = value;
    prefs.applied.push(`${key}=${value}`);
  }
  return prefs;
}

interface MediaRange {
  type: string;
  params: Map<string, string>;
  q: number;
}

function parseAccept(accept: string): MediaRange[] {
  return accept
    .split(',')
    .map((part, index) => {
      const [type, ...rawParams] = part.split(';').map((s) => s.trim());
      const params = new Map<string, string>();
      for (const p of rawParams) {
        const [k, v = ''] = p.split('=', 2).map((s) => s.trim());
        params.set(k.toLowerCase(), v.replace(/^"|"$/g, ''));
      }
      const q = params.has('q') ? Number(params.get('q')) : 1;
      return { type: type.toLowerCase(), params, q: Number.isFinite(q) ? q : 0, index };
    })
    .filter((m) => m.type !== '' && m.q > 0)
    .sort((a, b) => b.q - a.q || a.index - b.index);
}

/** `Accept: application/vnd.pgrst.plan…`: EXPLAIN of the request's statement (PostgREST's db-plan-enabled). */
export interface PlanRequest {
  format: 'json' | 'text';
  /** The media type the plan is for (`for="…"`), application/json by default. */
  for: string;
  options: ('analyze' | 'verbose' | 'settings' | 'buffers' | 'wal')[];
}

const PLAN_OPTIONS = ['analyze', 'verbose', 'settings', 'buffers', 'wal'] as const;

/**
 * The plan the client asks for, if plans are enabled (PGRST_DB_PLAN_ENABLED, off by default as in
 * PostgREST: the Accept then falls to negotiateFormat, PGRST107). Unknown options are ignored.
 */
export function negotiatePlan(accept: string | null, enabled: boolean): PlanRequest | undefined {
  if (!enabled || accept === null) return undefined;
  const first = parseAccept(accept)[0];
  const format = { 'application/vnd.pgrst.plan': 'text', 'application/vnd.pgrst.plan+text': 'text', 'application/vnd.pgrst.plan+json': 'json' }[
    first?.type ?? ''
  ] as 'json' | 'text' | undefined;
  if (!first || !format) return undefined;
  const options = (first.params.get('options') ?? '')
    .split('|')
    .map((o) => o.trim().toLowerCase())
    .filter((o): o is PlanRequest['options'][number] => (PLAN_OPTIONS as readonly string[]).includes(o));
  return { format, for: first.params.get('for') || 'application/json', options: [...new Set(options)] };
}

/** The plan's Content-Type, as PostgREST's toMime. */
export function planContentType(plan: PlanRequest): string {
  return `application/vnd.pgrst.plan+${plan.format}; for="${plan.for}"${plan.options.length ? `; options=${plan.options.join('|')}` : ''}; charset=utf-8`;
}

/** The response format the client accepts, or PGRST107 (406). */
export function negotiateFormat(accept: string | null): BodyFormat {
  const ranges = parseAccept(accept ?? '*/*');
  if (ranges.length === 0) return { kind: 'array', stripNulls: false };
  for (const range of ranges) {
    const stripNulls = range.params.get('nulls') === 'stripped';
    switch (range.type) {
      case '*/*':
      case 'application/*':
      case 'application/json':
        return { kind: 'array', stripNulls: false };
      case 'application/vnd.pgrst.array+json':
      case 'application/vnd.pgrst.array':
        return { kind: 'array', stripNulls };
      case 'application/vnd.pgrst.object+json':
      case 'application/vnd.pgrst.object':
        return { kind: 'object', stripNulls };
      case 'text/csv':
      case 'text/*':
        return { kind: 'csv' };
    }
  }
  throw errors.mediaType(ranges.map((r) => r.type));
}

export function contentTypeOf(format: BodyFormat): string {
  switch (format.kind) {
    case 'object':
      return `application/vnd.pgrst.object+json${format.stripNulls ? ';nulls=stripped' : ''}; charset=utf-8`;
    case 'csv':
      return 'text/csv; charset=utf-8';
    case 'array':
      return format.stripNulls ? 'application/vnd.pgrst.array+json;nulls=stripped; charset=utf-8' : 'application/json; charset=utf-8';
    default:
      return 'application/json; charset=utf-8';
  }
}

/**
 * The rows a read returns: the Range header (GET only) intersected with limit/offset.
 * `limit=0` is allowed and gives an empty page; an empty intersection otherwise is a 416.
 */
export function topLevelRange(method: string, rangeHeader: string | null, param: RangeParam | undefined): RangeParam {
  let lower = param?.offset ?? 0;
  let upper = param?.limit === undefined ? Infinity : lower + param.limit - 1;
  if (param?.limit === 0) return { offset: lower, limit: 0 };
  const match = method === 'GET' && rangeHeader ? /^\s*([0-9]+)-([0-9]*)\s*$/.exec(rangeHeader.replace(/^items=/, '')) : null;
  if (match) {
    const headerLower = Number(match[1]);
    const headerUpper = match[2] === '' ? Infinity : Number(match[2]);
    if (headerLower > headerUpper) {
      throw errors.invalidRange('The lower boundary must be lower than or equal to the upper boundary in the Range header.');
    }
    lower = Math.max(lower, headerLower);
    upper = Math.min(upper, headerUpper);
    if (lower > upper) {
      throw errors.invalidRange('The lower boundary must be lower than or equal to the upper boundary in the Range header.');
    }
  }
  return { offset: lower, limit: upper === Infinity ? undefined : upper - lower + 1 };
}

/** `Content-Range: 0-9/100`, `*\/0`, `0-9/*` (contentRangeH). */
export function contentRange(lower: number, upper: number, total: number | undefined): string {
  const range = total !== 0 && lower <= upper ? `${lower}-${upper}` : '*';
  return `${range}/${total === undefined ? '*' : total}`;
}

/** 200, 206 when the page is part of a known total, 416 when the offset is past it (rangeStatus). */
export function rangeStatus(lower: number, upper: number, total: number | undefined): number {
  if (total === undefined) return 200;
  if (lower > total) return 416;
  if (1 + upper - lower < total) return 206;
  return 200;
}

/** Reads the body, refusing more than `limit` bytes (413); the rest is drained so the client sees the answer. */
export async function readBody(request: Request, limit: number): Promise<Buffer> {
  const declared = Number(request.headers.get('content-length') ?? NaN);
  const reader = request.body?.getReader();
  if (!reader) return Buffer.alloc(0);
  const chunks: Uint8Array[] = [];
  let size = 0;
  let tooLarge = Number.isFinite(declared) && declared > limit;
  let drained = 0;
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    if (tooLarge) {
      drained += value.byteLength;
      if (drained > limit * 16) {
        await reader.cancel().catch(() => undefined);
        break;
      }
      continue;
    }
    size += value.byteLength;
    if (size > limit) {
      tooLarge = true;
      chunks.length = 0;
      continue;
    }
    chunks.push(value);
  }
  if (tooLarge) throw errors.bodyTooLarge(limit);
  return Buffer.concat(chunks);
}

export interface JsonPayload {
  /** The body as sent; Postgres parses it, so numbers keep their precision. */
  raw: string;
  isArray: boolean;
  /** Keys of the object, or of every object of the array (they must all match). */
  keys: string[];
  value: unknown;
}

/**
 * getPayload/payloadAttributes: validates JSON and finds its keys. With `columns=` the keys come
 * from that parameter and array elements may differ (missing keys are null or their default).
 */
export function parseJsonPayload(
  raw: string,
  { allowEmptyAsObject, columns }: { allowEmptyAsObject: boolean; columns?: string[] },
): JsonPayload {
  if (raw.trim() === '' && allowEmptyAsObject) return { raw: '{}', isArray: false, keys: [], value: {} };
  let value: unknown;
  try {
    value = JSON.parse(raw);
  } catch {
    throw errors.invalidBody('Empty or invalid json');
  }
  if (Array.isArray(value)) {
    if (columns) return { raw, isArray: true, keys: columns, value };
    if (value.length === 0) return { raw: '[]', isArray: true, keys: [], value };
    const first = value[0];
    if (typeof first !== 'object' || first === null || Array.isArray(first)) throw errors.invalidBody('All object keys must match');
    const keys = Object.keys(first);
    const same = (o: unknown) =>
      typeof o === 'object' && o !== null && !Array.isArray(o) && Object.keys(o).length === keys.length && keys.every((k) => k in o);
    if (!value.every(same)) throw errors.invalidBody('All object keys must match');
    return { raw, isArray: true, keys, value };
  }
  if (typeof value === 'object' && value !== null) return { raw, isArray: false, keys: Object.keys(value), value };
  // PostgREST treats any other JSON value as an empty array.
  return { raw: '[]', isArray: true, keys: [], value: [] };
}
