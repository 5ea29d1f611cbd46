import type { Queryable } from '../db/types.ts';
import type { ApiRole, JwtClaims } from '../jwt.ts';
import { tableKey, type ChangeFeed, type ChangeRecord, type TableMeta } from './change-feed.ts';
import { compileFilter, FilterParseError, jsonEqual, parseFilters, passesFilters, type CompiledFilter, type ParsedFilter } from './filters.ts';
import { encodeWithRawPayload, type Vsn } from './protocol.ts';

/** A joined channel that listens for postgres_changes. */
export interface ChangeSubscriber {
  readonly topic: string;
  readonly vsn: Vsn;
  /** The claims RLS is checked against now; undefined when the channel must not receive (token expired). */
  deliveryClaims(): (JwtClaims & { role: ApiRole }) | undefined;
  sendFrame(frame: string): void;
}

type Action = '*' | 'INSERT' | 'UPDATE' | 'DELETE';

interface SubscriptionParams {
  action: Action;
  schema: string;
  table: string;
  filters: ParsedFilter[];
  raw: Record<string, unknown>;
}

interface Binding {
  id: number;
  subscriber: ChangeSubscriber;
  action: Action;
  /** The published tables matched at subscribe time, each with its filters compiled for it. */
  tables: Map<string, CompiledFilter[]>;
}

/**
 * Whether `role` may select every column the filters read. A filter tells the value of its column
 * (a change arrives or not), so it may use only what the subscriber could select through PostgREST.
 */
function mayFilter(filters: CompiledFilter[], table: TableMeta, role: ApiRole): boolean {
  return filters.every((filter) => table.byName.get(filter.column)?.selectable[role] === true);
}

/** Realtime answers a malformed or refused subscription with this system message text. */
export class SubscriptionError extends Error {}

/** Rows bigger than this (as JSON) are sent with long values dropped, as Realtime's max_record_bytes. */
const MAX_RECORD_BYTES = 1024 * 1024;

/**
 * The join reply's `postgres_changes`: the client's own bindings each with an id that the change
 * messages carry in `ids` (realtime-js matches bindings on it). Realtime's id is
 * :erlang.phash2(params); this is a stable hash of the params too, so equal bindings share an id.
 */
export function bindingReplies(raw: unknown): Record<string, unknown>[] {
  if (!Array.isArray(raw)) return [];
  return raw
    .filter((params): params is Record<string, unknown> => !!params && typeof params === 'object' && !Array.isArray(params))
    .map((params) => ({ ...params, id: bindingId(params) }));
}

function bindingId(params: Record<string, unknown>): number {
  const text = stableJson(params);
  let hash = 0x811c9dc5;
  for (let i = 0; i < text.length; i++) {
    hash ^= text.charCodeAt(i);
    hash = Math.imul(hash, 0x01000193);
  }
  return (hash >>> 0) % 2 ** 27;
}

function stableJson(value: unknown): string {
  if (Array.isArray(value)) return `[${value.map(stableJson).join(',')}]`;
  if (value && typeof value === 'object') {
    const entries = Object.entries(value as Record<string, unknown>).filter(([, v]) => v !== undefined);
    return `{${entries
      .sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0))
      .map(([k, v]) => `${JSON.stringify(k)}:${stableJson(v)}`)
      .join(',')}}`;
  }
  return JSON.stringify(value) ?? 'null';
}

/** Realtime's parse_subscription_params. */
function parseParams(params: Record<string, unknown>): SubscriptionParams {
  const event = typeof params.event === 'string' ? params.event.toUpperCase() : '*';
  const action: Action = event === 'INSERT' || event === 'UPDATE' || event === 'DELETE' ? event : '*';
  const { schema, table } = params;
  const filter = params.filter ?? undefined;
  let filters: ParsedFilter[] = [];
  if (filter !== undefined) {
    if (typeof filter !== 'string' || typeof schema !== 'string' || typeof table !== 'string') throw noParams(params);
    try {
      filters = parseFilters(filter);
    } catch (error) {
      if (error instanceof FilterParseError) throw new SubscriptionError(`Error parsing \`filter\` params: ${error.message}`);
      throw error;
    }
  }
  if (typeof schema === 'string' && typeof table === 'string') return { action, schema, table, filters, raw: params };
  if (typeof schema === 'string' && table === undefined) return { action, schema, table: '*', filters, raw: params };
  if (typeof table === 'string' && schema === undefined) return { action, schema: 'public', table, filters, raw: params };
  throw noParams(params);
}

function noParams(params: Record<string, unknown>): SubscriptionError {
  const { access_token: _a, user_token: _u, ...shown } = params;
  return new SubscriptionError(
    `No subscription params provided. Please provide at least a \`schema\` or \`table\` to subscribe to: ${JSON.stringify(shown)}`,
  );
}

function describe(params: SubscriptionParams): string {
  const filters = params.filters.map((f) => `{${f.column}, ${f.negate ? 'not.' : ''}${f.op}, ${f.value}}`).join(', ');
  return `[event: ${params.action}, schema: ${params.schema}, table: ${params.table}, filters: [${filters}]]`;
}

/**
 * postgres_changes: the bindings of every joined channel, and the delivery of each captured change
 * to the bindings it concerns, under the RLS of each subscriber — Realtime's apply_rls in memory
 * plus one realtime.visible_rows() call per table for all the changes that queued up meanwhile.
 */
export class PostgresChanges {
  private readonly byTable = new Map<string, Set<Binding>>();
  private readonly bySubscriber = new Map<ChangeSubscriber, Binding[]>();

  /**
   * @param db for the join's filter casts
   * @param lane for the RLS checks of delivery: never waits behind requests (db/index.ts, priorityLane)
   */
  constructor(
    private readonly db: Queryable,
    private readonly feed: ChangeFeed,
    private readonly lane: Queryable = db,
  ) {}

  get subscriberCount(): number {
    return this.bySubscriber.size;
  }

  /**
   * Registers a channel's bindings. All or nothing, as Realtime inserts them in one transaction:
   * on error nothing is registered and the error text goes to the client as a system message.
   */
  async subscribe(subscriber: ChangeSubscriber, rawList: unknown): Promise<void> {
    const list = Array.isArray(rawList) ? rawList.filter((p) => p && typeof p === 'object' && !Array.isArray(p)) : [];
    await this.feed.ready;
    const bindings: Binding[] = [];
    const role = subscriber.deliveryClaims()?.role ?? 'anon';
    for (const raw of list as Record<string, unknown>[]) {
      const params = parseParams(raw);
      bindings.push({ id: bindingId(raw), subscriber, action: params.action, tables: await this.compileTables(params, role) });
    }
    this.unsubscribe(subscriber);
    if (bindings.length === 0) return;
    this.bySubscriber.set(subscriber, bindings);
    for (const binding of bindings) {
      for (const key of binding.tables.keys()) {
        let set = this.byTable.get(key);
        if (!set) this.byTable.set(key, (set = new Set()));
        set.add(binding);
      }
    }
  }

  unsubscribe(subscriber: ChangeSubscriber): void {
    const bindings = this.bySubscriber.get(subscriber);
    if (!bindings) return;
    this.bySubscriber.delete(subscriber);
    for (const binding of bindings) {
      for (const key of binding.tables.keys()) {
        const set = this.byTable.get(key);
        set?.delete(binding);
        if (set?.size === 0) this.byTable.delete(key);
      }
    }
  }

  private async compileTables(params: SubscriptionParams, role: ApiRole): Promise<Map<string, CompiledFilter[]>> {
    let tables = this.matchingTables(params);
    if (tables.length === 0) {
      // The publication may have changed since the last poll.
      await this.feed.refresh();
      tables = this.matchingTables(params);
    }
    if (tables.length === 0) {
      throw new SubscriptionError(
        `Unable to subscribe to changes with given parameters. Please check Realtime is enabled for the given connect parameters: ${describe(params)}`,
      );
    }
    const compiled = new Map<string, CompiledFilter[]>();
    try {
      for (const table of tables) compiled.set(tableKey(table.schema, table.table), await this.compileFilters(params.filters, table, role));
    } catch (error) {
      throw new SubscriptionError(
        `Unable to subscribe to changes with given parameters. An exception happened so please check your connect parameters: ${describe(params)}. Exception: ${(error as Error).message}`,
      );
    }
    return compiled;
  }

  private matchingTables(params: SubscriptionParams): TableMeta[] {
    return [...this.feed.tables.values()].filter(
      (t) => (params.schema === '*' || params.schema === t.schema) && (params.table === '*' || params.table === t.table),
    );
  }

  private async compileFilters(filters: ParsedFilter[], table: TableMeta, role: ApiRole): Promise<CompiledFilter[]> {
    const compiled: CompiledFilter[] = [];
    for (const filter of filters) {
      const column = table.byName.get(filter.column);
      if (!column) throw new Error(`invalid column for filter ${filter.column}`);
      // as PostgREST would refuse `select=<column>` (a column the role is not granted)
      if (!column.selectable[role]) throw new Error(`permission denied for column ${filter.column}`);
      // castType comes from the catalog (format_type), never from the client.
      compiled.push(
        await compileFilter(filter, column.type, async (text, asArray) => {
          const sql = asArray
            ? `select coalesce(jsonb_agg(to_jsonb(x)), '[]'::jsonb) as v from unnest($1::text::${column.castType}[]) x`
            : `select to_jsonb($1::text::${column.castType}) as v`;
          return (await this.db.query<{ v: unknown }>(sql, [text])).rows[0]?.v;
        }),
      );
    }
    return compiled;
  }

  /** Delivers one change to every binding it concerns. */
  dispatch(change: ChangeRecord, table: TableMeta): Promise<void> {
    return this.dispatchAll([{ change, table }]);
  }

  /**
   * Delivers changes, in the order given (commit order), each to every binding it concerns. The
   * RLS checks of all of them are made first, one query per table (realtime.visible_rows): a burst
   * of changes costs a few queries, not one per change.
   */
  async dispatchAll(changes: { change: ChangeRecord; table: TableMeta }[]): Promise<void> {
    const plans = changes.map(({ change, table }) => ({ change, table, recipients: this.recipients(change, table) }));
    const verdicts = await this.rlsAllowed(plans.map((p) => ({ change: p.change, table: p.table, claimsList: p.recipients.map((r) => r.claims) })));
    plans.forEach(({ change, table, recipients }, n) => {
      if (recipients.length === 0) return;
      const identity = identityRow(change, table);
      const dataByRole = new Map<ApiRole, string>();
      recipients.forEach((recipient, i) => {
        const role = recipient.claims.role;
        const verdict = verdicts[n][i];
        if (verdict === 'hidden') return;
        let data = dataByRole.get(role);
        if (data === undefined) dataByRole.set(role, (data = JSON.stringify(changeData(change, table, identity, role, verdict))));
        const payload = `{"ids":${JSON.stringify(recipient.ids)},"data":${data}}`;
        recipient.subscriber.sendFrame(encodeWithRawPayload(recipient.subscriber.vsn, recipient.subscriber.topic, 'postgres_changes', payload));
      });
    });
  }

  /** The subscribers a change concerns by table, event and filters (RLS aside), with their binding ids and claims. */
  private recipients(change: ChangeRecord, table: TableMeta) {
    const candidates = this.byTable.get(tableKey(change.schema, change.table));
    if (!candidates || candidates.size === 0) return [];
    const identity = identityRow(change, table);
    const idsBySubscriber = new Map<ChangeSubscriber, number[]>();
    for (const binding of candidates) {
      if (binding.action !== '*' && binding.action !== change.type) continue;
      const filters = binding.tables.get(tableKey(change.schema, change.table)) ?? [];
      // checked at the join; checked again for the role and grants of now (a new token, a revoke)
      const role = filters.length > 0 ? binding.subscriber.deliveryClaims()?.role : undefined;
      if (filters.length > 0 && (!role || !mayFilter(filters, table, role))) continue;
      const visible = passesFilters(change.record, filters) || (change.type === 'DELETE' && passesFilters(identity, filters));
      if (!visible) continue;
      const ids = idsBySubscriber.get(binding.subscriber) ?? [];
      if (!ids.includes(binding.id)) ids.push(binding.id);
      idsBySubscriber.set(binding.subscriber, ids);
    }
    return [...idsBySubscriber.entries()]
      .map(([subscriber, ids]) => ({ subscriber, ids, claims: subscriber.deliveryClaims() }))
      .filter((r): r is typeof r & { claims: NonNullable<typeof r.claims> } => r.claims !== undefined);
  }

  /**
   * Per change, per recipient: 'ok', 'hidden' (RLS hides the row), or an error Realtime reports
   * instead of the row ('no_pk' → 400, 'unauthorized' → 401 when the role may not select the
   * primary key). With RLS on, INSERT and UPDATE are checked in the database, once per distinct
   * set of claims and row; DELETE cannot be checked (the row is gone) and carries only the primary
   * key instead. The checks of all the changes of one table are one realtime.visible_rows() call.
   */
  private async rlsAllowed(
    items: { change: ChangeRecord; table: TableMeta; claimsList: (JwtClaims & { role: ApiRole })[] }[],
  ): Promise<Verdict[][]> {
    const verdicts: Verdict[][] = items.map(({ change, table, claimsList }) => {
      const pk = table.columns.filter((c) => c.pk);
      return claimsList.map((claims) => {
        if (change.type === 'DELETE') return 'ok';
        if (pk.length === 0) return 'no_pk';
        return pk.every((c) => c.selectable[claims.role]) ? 'ok' : 'unauthorized';
      });
    });

    // Per table: the rows to check, the distinct claims, and which rows each claims wants.
    interface Check {
      table: TableMeta;
      records: Record<string, unknown>[];
      claims: JwtClaims[];
      claimsIndex: Map<string, number>;
      wanted: number[][];
      /** (change n, recipient i) → [claims index, record index] */
      asked: { n: number; i: number; claims: number; record: number }[];
    }
    const checks = new Map<number, Check>();
    items.forEach(({ change, table, claimsList }, n) => {
      if (!table.rls || change.type === 'DELETE') return;
      let check = checks.get(table.oid);
      if (!check) checks.set(table.oid, (check = { table, records: [], claims: [], claimsIndex: new Map(), wanted: [], asked: [] }));
      let record = -1;
      claimsList.forEach((claims, i) => {
        if (verdicts[n][i] !== 'ok') return;
        if (record < 0) record = check.records.push(change.record ?? {}) - 1;
        const key = this.claimsKey(claims);
        let c = check.claimsIndex.get(key);
        if (c === undefined) {
          check.claimsIndex.set(key, (c = check.claims.push(claims) - 1));
          check.wanted.push([]);
        }
        if (check.wanted[c].at(-1) !== record) check.wanted[c].push(record);
        check.asked.push({ n, i, claims: c, record });
      });
    });
    for (const check of checks.values()) {
      let seen: Set<number>[] = [];
      try {
        const { rows } = await this.lane.query<{ v: number[][] }>(
          'select realtime.visible_rows($1::oid::regclass, $2::jsonb, $3::jsonb, $4::jsonb) as v',
          [check.table.oid, JSON.stringify(check.records), JSON.stringify(check.claims), JSON.stringify(check.wanted)],
        );
        seen = (rows[0]?.v ?? []).map((indexes) => new Set(indexes));
      } catch (error) {
        console.error('[realtime] RLS check failed; changes withheld:', (error as Error).message);
      }
      for (const { n, i, claims, record } of check.asked) {
        if (seen[claims]?.has(record) !== true) verdicts[n][i] = 'hidden';
      }
    }
    return verdicts;
  }

  /** Subscribers with equal claims share one RLS check; a token's claims object lives as long as the token. */
  private readonly claimsKeys = new WeakMap<JwtClaims, string>();

  private claimsKey(claims: JwtClaims): string {
    let key = this.claimsKeys.get(claims);
    if (key === undefined) this.claimsKeys.set(claims, (key = JSON.stringify(claims)));
    return key;
  }
}

type Verdict = 'ok' | 'hidden' | 'no_pk' | 'unauthorized';

/**
 * The old row as logical decoding would log it: the whole row with REPLICA IDENTITY FULL; else the
 * primary key, and for an UPDATE only when the key changed; nothing with REPLICA IDENTITY NOTHING.
 */
function identityRow(change: ChangeRecord, table: TableMeta): Record<string, unknown> | null {
  const old = change.old_record;
  if (!old || table.replicaIdentity === 'n') return null;
  if (table.replicaIdentity === 'f') return old;
  const pk = table.columns.filter((c) => c.pk);
  if (pk.length === 0) return null;
  if (change.type === 'UPDATE' && pk.every((c) => jsonEqual(old[c.name], change.record?.[c.name]))) return null;
  return Object.fromEntries(pk.map((c) => [c.name, old[c.name]]));
}

/** `data` of a postgres_changes message as Realtime builds it for one role (apply_rls). */
function changeData(
  change: ChangeRecord,
  table: TableMeta,
  identity: Record<string, unknown> | null,
  role: ApiRole,
  verdict: Exclude<Verdict, 'hidden'>,
): Record<string, unknown> {
  const base = { schema: change.schema, table: change.table, type: change.type };
  if (verdict !== 'ok') {
    const error = verdict === 'no_pk' ? 'Error 400: Bad Request, no primary key' : 'Error 401: Unauthorized';
    return { ...base, columns: null, commit_timestamp: null, errors: [error], ...(change.type === 'INSERT' ? { record: null } : { record: null, old_record: null }) };
  }
  const selectable = table.columns.filter((c) => c.selectable[role]);
  const tooLarge = JSON.stringify(change.record ?? {}).length + JSON.stringify(change.old_record ?? {}).length > MAX_RECORD_BYTES;
  const pick = (row: Record<string, unknown> | null, onlyPk: boolean) => {
    if (!row) return null;
    const out: Record<string, unknown> = {};
    for (const column of selectable) {
      if (!(column.name in row) || (onlyPk && !column.pk)) continue;
      if (tooLarge && JSON.stringify(row[column.name]).length > 64) continue;
      out[column.name] = row[column.name];
    }
    return out;
  };
  const data: Record<string, unknown> = {
    ...base,
    commit_timestamp: change.commit_timestamp,
    columns: selectable.map((c) => ({ name: c.name, type: c.type })),
    errors: tooLarge ? ['Error 413: Payload Too Large'] : null,
  };
  if (change.type !== 'DELETE') data.record = pick(change.record, false);
  // With RLS on, a deleted row cannot be checked, so only its primary key is sent.
  if (change.type !== 'INSERT') data.old_record = pick(identity, change.type === 'DELETE' && table.rls);
  return data;
}
