import { randomUUID } from 'node:crypto';
import type { Database, Queryable } from '../db/types.ts';
import { API_ROLES, type ApiRole } from '../jwt.ts';

/** One row change as the capture trigger reports it (schema.sql, realtime.capture_change). */
export interface ChangeRecord {
  schema: string;
  table: string;
  type: 'INSERT' | 'UPDATE' | 'DELETE';
  commit_timestamp: string;
  record: Record<string, unknown> | null;
  old_record: Record<string, unknown> | null;
}

export interface TableColumn {
  name: string;
  /** pg_type.typname, what Realtime puts in `columns` (int4, text, _text, timestamptz …). */
  type: string;
  /** format_type(), usable in a cast (`character varying(20)`, `public.mood`). */
  castType: string;
  pk: boolean;
  /** has_column_privilege(role, column, 'SELECT') for each API role. */
  selectable: Record<ApiRole, boolean>;
}

/** What delivering a change of a published table needs to know about it. */
export interface TableMeta {
  oid: number;
  schema: string;
  table: string;
  rls: boolean;
  /** pg_class.relreplident: d default (primary key), f full, n nothing, i index. */
  replicaIdentity: string;
  columns: TableColumn[];
  byName: Map<string, TableColumn>;
}

export const tableKey = (schema: string, table: string) => `${schema}\u0000${table}`;

const CHANNEL = 'realtime_changes';

const PUBLISHED_TABLES_SQL = `
  select c.oid::int as oid, n.nspname as schema, c.relname as table, c.relrowsecurity as rls,
         c.relreplident::text as replica_identity,
         exists (select 1 from pg_trigger t where t.tgrelid = c.oid and t.tgname = 'realtime_capture_change') as has_trigger,
         (select coalesce(jsonb_agg(jsonb_build_object(
                   'name', a.attname,
                   'type', ty.typname,
                   'castType', format_type(a.atttypid, a.atttypmod),
                   'pk', coalesce(a.attnum = any (pk.indkey::int2[]), false),
                   'anon', has_column_privilege('anon', c.oid, a.attnum, 'SELECT'),
                   'authenticated', has_column_privilege('authenticated', c.oid, a.attnum, 'SELECT'),
                   'service_role', has_column_privilege('service_role', c.oid, a.attnum, 'SELECT')
                 ) order by a.attnum), '[]'::jsonb)
            from pg_attribute a join pg_type ty on ty.oid = a.atttypid
           where a.attrelid = c.oid and a.attnum > 0 and not a.attisdropped) as columns
    from pg_publication_tables p
    join pg_namespace n on n.nspname = p.schemaname
    join pg_class c on c.relnamespace = n.oid and c.relname = p.tablename
    left join pg_index pk on pk.indrelid = c.oid and pk.indisprimary
   where p.pubname = 'supabase_realtime' and n.nspname <> 'realtime'
   order by 2, 3`;

const STALE_TRIGGERS_SQL = `
  select count(*)::int as stale from pg_trigger t
   where t.tgname = 'realtime_capture_change' and not t.tgisinternal
     and t.tgrelid not in (select format('%I.%I', schemaname, tablename)::regclass
                             from pg_publication_tables where pubname = 'supabase_realtime')`;

interface PublishedRow {
  oid: number;
  schema: string;
  table: string;
  rls: boolean;
  replica_identity: string;
  has_trigger: boolean;
  columns: (Omit<TableColumn, 'selectable'> & Record<ApiRole, boolean>)[];
}

export interface ChangeFeedOptions {
  /** How often to look at the publication (tables added or removed, columns, RLS, grants). */
  pollMs: number;
  /** How old an unread oversized change record may get before it is deleted. */
  overflowRetentionMs: number;
  /** A session ended or an account was removed or banned (schema.sql: realtime.announce_holder_change). */
  onHolderEnded?: (userId: string) => void;
  /** Where delivery's own queries go (oversized records, the listener's ping): never behind requests. */
  lane?: Queryable;
}

/** At most this many queued changes are handed on at once (their RLS checks are one query per table). */
const MAX_BATCH = 500;

/**
 * The source of change events: keeps the capture triggers in step with the supabase_realtime
 * publication, knows each published table's columns and privileges, and turns notifications into
 * ChangeRecords, handed on in commit order: all those that queued up while the previous ones were
 * being delivered at once, so that a burst costs a few queries instead of one per change.
 */
export class ChangeFeed {
  readonly tables = new Map<string, TableMeta>();
  readonly ready: Promise<void>;
  private snapshot = '';
  private pollTimer: NodeJS.Timeout | undefined;
  private lastCleanup = Date.now();
  private unlisten: (() => Promise<void>) | undefined;
  private readonly pending: string[] = [];
  private draining: Promise<void> | undefined;
  private refreshing: Promise<void> | undefined;
  private closed = false;
  private readonly id = randomUUID();
  private pingsSent = 0;
  private pingsSeen = 0;
  private readonly lane: Queryable;

  constructor(
    private readonly db: Database,
    private readonly onChanges: (changes: { change: ChangeRecord; table: TableMeta }[]) => Promise<void>,
    private readonly options: ChangeFeedOptions,
  ) {
    this.lane = options.lane ?? db;
    this.ready = this.start();
    this.ready.catch((error) => console.error('[realtime] change feed failed to start:', error));
  }

  private async start(): Promise<void> {
    await this.listen();
    await this.refresh();
    this.schedulePoll();
  }

  private async listen(): Promise<void> {
    this.unlisten = await this.db.listen(CHANNEL, (payload) => this.onNotification(payload));
    this.pingsSeen = this.pingsSent;
  }

  /**
   * Every poll also sends a ping through the notification channel. A listening connection that
   * died (a Postgres restart) stops echoing pings: listen again, on a new connection.
   */
  private async checkListener(): Promise<void> {
    if (this.pingsSent - this.pingsSeen > 3) {
      console.warn('[realtime] change notifications stopped arriving; listening again');
      const previous = this.unlisten;
      await this.listen();
      await previous?.().catch(() => {});
    }
    this.pingsSent++;
    await this.lane.query('select pg_notify($1, $2)', [CHANNEL, JSON.stringify({ ping: this.pingsSent, feed: this.id })]);
  }

  private onNotification(payload: string): void {
    if (payload.startsWith('{"ping"')) {
      const ping = JSON.parse(payload) as { ping: number; feed: string };
      if (ping.feed === this.id) this.pingsSeen = Math.max(this.pingsSeen, ping.ping);
      return;
    }
    if (payload.startsWith('{"holder_ended"')) {
      const { holder_ended: userId } = JSON.parse(payload) as { holder_ended: string };
      this.options.onHolderEnded?.(userId);
      return;
    }
    this.enqueue(payload);
  }

  private schedulePoll(): void {
    if (this.closed) return;
    this.pollTimer = setTimeout(async () => {
      try {
        await this.checkListener();
        await this.refresh();
        await this.cleanupOverflow();
      } catch (error) {
        if (!this.closed) console.error('[realtime] publication poll failed:', (error as Error).message);
      }
      this.schedulePoll();
    }, this.options.pollMs);
    this.pollTimer.unref();
  }

  /** Re-reads the publication; installs/removes capture triggers when it changed. */
  refresh(): Promise<void> {
    this.refreshing ??= this.loadTables().finally(() => (this.refreshing = undefined));
    return this.refreshing;
  }

  private async loadTables(): Promise<void> {
    let rows = (await this.db.query<PublishedRow>(PUBLISHED_TABLES_SQL)).rows;
    const stale = (await this.db.query<{ stale: number }>(STALE_TRIGGERS_SQL)).rows[0]?.stale ?? 0;
    if (stale > 0 || rows.some((row) => !row.has_trigger)) {
      await this.db.query('select realtime.sync_publication_triggers()');
      rows = (await this.db.query<PublishedRow>(PUBLISHED_TABLES_SQL)).rows;
    }
    const snapshot = JSON.stringify(rows);
    if (snapshot === this.snapshot) return;
    this.snapshot = snapshot;
    this.tables.clear();
    for (const row of rows) this.tables.set(tableKey(row.schema, row.table), toTableMeta(row));
  }

  private async cleanupOverflow(): Promise<void> {
    if (Date.now() - this.lastCleanup < 60_000) return;
    this.lastCleanup = Date.now();
    await this.db.query(`delete from realtime.changes where created_at < clock_timestamp() - make_interval(secs => $1)`, [
      this.options.overflowRetentionMs / 1000,
    ]);
  }

  private enqueue(payload: string): void {
    if (this.closed) return;
    this.pending.push(payload);
    this.startDraining();
  }

  /**
   * A change can arrive after the drain saw its queue empty but before it was marked done (PGlite
   * reports notifications from inside any statement, one run from a promise callback too): the
   * drain starts again then, or that change would wait for the next one to be delivered.
   */
  private startDraining(): void {
    if (this.draining || this.closed) return;
    this.draining = this.drain().finally(() => {
      this.draining = undefined;
      if (this.pending.length > 0) this.startDraining();
    });
  }

  /**
   * Changes are handed on in the order they were committed: whatever queued up, at most MAX_BATCH
   * at a time, and the next ones only once those were delivered.
   */
  private async drain(): Promise<void> {
    while (this.pending.length > 0 && !this.closed) {
      const batch: { change: ChangeRecord; table: TableMeta }[] = [];
      for (const payload of this.pending.splice(0, MAX_BATCH)) {
        try {
          const change = await this.readChange(payload);
          const table = change && (await this.tableFor(change));
          if (change && table) batch.push({ change, table });
        } catch (error) {
          if (!this.closed) console.error('[realtime] could not read a change:', (error as Error).message);
        }
      }
      try {
        if (batch.length > 0) await this.onChanges(batch);
      } catch (error) {
        if (!this.closed) console.error('[realtime] could not deliver changes:', (error as Error).message);
      }
    }
  }

  private async readChange(payload: string): Promise<ChangeRecord | undefined> {
    const parsed = JSON.parse(payload) as ChangeRecord & { ref?: number };
    if (typeof parsed.ref !== 'number') return parsed;
    const { rows } = await this.lane.query<{ change: ChangeRecord }>('select change from realtime.changes where id = $1', [parsed.ref]);
    return rows[0]?.change;
  }

  /** The table's metadata, re-read once when the row shows columns it does not know yet. */
  private async tableFor(change: ChangeRecord): Promise<TableMeta | undefined> {
    const key = tableKey(change.schema, change.table);
    const row = change.record ?? change.old_record ?? {};
    const known = this.tables.get(key);
    if (known && Object.keys(row).every((column) => known.byName.has(column))) return known;
    await this.refresh();
    return this.tables.get(key);
  }

  async close(): Promise<void> {
    this.closed = true;
    clearTimeout(this.pollTimer);
    await this.ready.catch(() => {});
    await this.refreshing?.catch(() => {});
    await this.draining?.catch(() => {});
    await this.unlisten?.().catch(() => {});
  }
}

function toTableMeta(row: PublishedRow): TableMeta {
  const columns: TableColumn[] = row.columns.map((c) => ({
    name: c.name,
    type: c.type,
    castType: c.castType,
    pk: c.pk,
    selectable: Object.fromEntries(API_ROLES.map((role) => [role, c[role]])) as Record<ApiRole, boolean>,
  }));
  return {
    oid: row.oid,
    schema: row.schema,
    table: row.table,
    rls: row.rls,
    replicaIdentity: row.replica_identity,
    columns,
    byName: new Map(columns.map((c) => [c.name, c])),
  };
}
