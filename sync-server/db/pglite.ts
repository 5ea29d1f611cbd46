import { PGlite, protocol, types } from '@electric-sql/pglite';
import { pgcrypto } from '@electric-sql/pglite/contrib/pgcrypto';
import type { Database, Queryable, QueryResult } from './types.ts';
import { parseValue } from './type-parsers.ts';

/**
 * Every type goes through parseValue so PGlite and node-postgres agree (see type-parsers.ts).
 * PGlite merges this object over its defaults, so it lists each scalar OID PGlite knows plus
 * the common array OIDs (which stay as Postgres' text, as with node-postgres).
 */
const ARRAY_OIDS = [199, 1000, 1005, 1007, 1009, 1015, 1016, 1021, 1022, 1115, 1182, 1185, 1231, 2951, 3807];
const SCALAR_OIDS = (Object.values(types) as unknown[]).filter((v): v is number => typeof v === 'number');
const PARSE_ALL: Record<number, (text: string) => unknown> = Object.fromEntries(
  [...SCALAR_OIDS, ...ARRAY_OIDS].map((oid) => [
    oid,
    (text: string) => parseValue(text, oid),
  ]),
);

/**
 * Parameters: a string goes to Postgres as text, untouched, as node-postgres sends it, so that
 * Postgres (not a JS serializer) parses it. PGlite's own boolean and bytea serializers would
 * otherwise throw a JS error on text Postgres accepts or rejects itself (e.g. '\\x00' for bytea).
 */
const TEXT_AS_IS: Record<string, (value: unknown) => string> = Object.fromEntries(
  Object.entries(types.serializers).map(([oid, serialize]) => [oid, (value: unknown) => (typeof value === 'string' ? value : serialize(value))]),
);

const { serialize } = protocol;

/** A statement of a pipeline: its rows are read (Describe) only when asked. */
interface Step {
  sql: string;
  params: unknown[];
  /** The parameters as Postgres gets them (paramText). */
  values: (string | null)[];
  rows: boolean;
}

/** What the pipeline's parser hands back (pg-protocol's messages, as PGlite parses them). */
interface Message {
  name: string;
  fields?: ({ name: string; dataTypeID: number } | string | null)[];
  text?: string;
}

/** The message PGlite's own transaction throws when COMMIT rolled back (25P02), as a plain error. */
class TransactionAbortedError extends Error {
  readonly code = '25P02';
  readonly severity = 'ERROR';
  constructor() {
    super('Transaction was rolled back instead of committed');
  }
}

/**
 * Parameters as text, as node-postgres sends them (prepareValue): strings untouched (Postgres parses
 * them for the parameter's type), numbers and booleans as their text, arrays as an array literal,
 * dates as ISO 8601, bytes as bytea's hex form, other objects as JSON.
 */
function paramText(value: unknown): string | null {
  if (value === null || value === undefined) return null;
  if (typeof value === 'string') return value;
  if (typeof value === 'number' || typeof value === 'bigint') return String(value);
  if (typeof value === 'boolean') return value ? 'true' : 'false';
  if (Array.isArray(value)) return arrayLiteral(value);
  if (value instanceof Date) return value.toISOString();
  if (value instanceof Uint8Array) return `\\x${Buffer.from(value).toString('hex')}`;
  return JSON.stringify(value);
}

function arrayLiteral(values: unknown[]): string {
  const items = values.map((v) => {
    if (v === null || v === undefined) return 'NULL';
    if (Array.isArray(v)) return arrayLiteral(v);
    return `"${(paramText(v) as string).replace(/\\/g, '\\\\').replace(/"/g, '\\"')}"`;
  });
  return `{${items.join(',')}}`;
}

function concat(parts: Uint8Array[]): Uint8Array {
  let size = 0;
  for (const p of parts) size += p.length;
  const out = new Uint8Array(size);
  let at = 0;
  for (const p of parts) {
    out.set(p, at);
    at += p.length;
  }
  return out;
}

function affected(commandTag: string): number {
  const words = commandTag.split(' ');
  const n = Number.parseInt(words[words.length - 1], 10);
  return ['INSERT', 'UPDATE', 'DELETE', 'COPY', 'MERGE'].includes(words[0]) && !Number.isNaN(n) ? n : 0;
}

/**
 * A prepared statement whose result's columns changed since it was prepared (a `select *` after
 * an ALTER TABLE), or that is gone (DEALLOCATE ALL, DISCARD ALL): Postgres refuses to run it; it
 * is prepared again on the next try.
 */
function isStalePlan(error: unknown): boolean {
  const e = error as { code?: unknown; message?: unknown };
  if (e.code === '26000' && typeof e.message === 'string' && /prepared statement "cadernos_\d+" does not exist/.test(e.message)) return true;
  return e.code === '0A000' && typeof e.message === 'string' && e.message.includes('cached plan must not change result type');
}

/** How many prepared statements the one session keeps (the least recently used go first). */
const PREPARED_MAX = 200;

/**
 * PGlite's one session, spoken to in pipelines: a request's statements (BEGIN, its settings, its
 * statement) go to Postgres in ONE message buffer, ended by one Sync, and come back in one pass of
 * PGlite's main loop — PGlite's own query() makes six passes per statement (parse, describe,
 * bind, describe, execute, sync), each with its JavaScript around it. Statements are prepared
 * once under a name and then only bound and executed (as PostgREST does on Postgres); Postgres
 * re-plans a prepared statement itself when what it depends on changes (a table, a function, the
 * role where row security applies), so a cached statement never answers for another role.
 */
class Session {
  /** SQL text → name of the prepared statement, least recently used first. */
  private readonly prepared = new Map<string, string>();
  private readonly toClose: string[] = [];
  private counter = 0;

  constructor(private readonly pg: PGlite) {}

  /**
   * A column's value as PGlite's query() gave it with our parsers: PARSE_ALL's type, else PGlite's
   * own parser (the other array types, parsed to arrays), else the text.
   */
  private parse(text: string, oid: number): unknown {
    const parser = (PARSE_ALL[oid] ?? (this.pg.parsers as Record<number, ((text: string, typeId: number) => unknown) | undefined>)[oid]) as ((text: string, typeId: number) => unknown) | undefined;
    return parser ? parser(text, oid) : text;
  }

  /** Runs the steps in one pass; the caller holds PGlite's locks. The first error is thrown. */
  async run(steps: Step[]): Promise<QueryResult<Record<string, unknown>>[]> {
    const parts: Uint8Array[] = [];
    for (const name of this.toClose.splice(0)) parts.push(serialize.close({ type: 'S', name }));
    const parsing: (string | undefined)[] = [];
    steps.forEach((step) => {
      let name = this.prepared.get(step.sql);
      if (name !== undefined) {
        this.prepared.delete(step.sql);
        this.prepared.set(step.sql, name);
        parsing.push(undefined);
      } else {
        name = `cadernos_${++this.counter}`;
        parts.push(serialize.parse({ name, text: step.sql }));
        parsing.push(name);
      }
      parts.push(serialize.bind({ statement: name, values: step.values }));
      if (step.rows) parts.push(serialize.describe({ type: 'P' }));
      parts.push(serialize.execute({}));
    });
    parts.push(serialize.sync());
    const messages = (await this.pg.execProtocolStream(concat(parts), { syncToFs: false, throwOnError: false })) as unknown as Message[];
    const results: QueryResult<Record<string, unknown>>[] = [];
    let current: QueryResult<Record<string, unknown>> = { rows: [], fields: [], affectedRows: 0 };
    let error: (Error & { query?: string; params?: unknown[] }) | undefined;
    for (const message of messages) {
      const i = results.length;
      switch (message.name) {
        case 'parseComplete':
          if (parsing[i] !== undefined) this.remember(steps[i].sql, parsing[i]!);
          break;
        case 'rowDescription':
          current.fields = (message.fields as { name: string; dataTypeID: number }[]).map((f) => ({ name: f.name, dataTypeID: f.dataTypeID }));
          break;
        case 'dataRow': {
          if (!steps[i].rows) break; // a deferred statement's rows: nobody reads them
          const row: Record<string, unknown> = {};
          const fields = current.fields;
          (message.fields as (string | null)[]).forEach((text, c) => {
            row[fields[c].name] = text === null ? null : this.parse(text, fields[c].dataTypeID);
          });
          current.rows.push(row);
          break;
        }
        case 'commandComplete':
        case 'emptyQuery':
          current.affectedRows = message.text ? affected(message.text) : 0;
          results.push(current);
          current = { rows: [], fields: [], affectedRows: 0 };
          break;
        case 'error':
          error ??= Object.assign(message as unknown as Error, { query: steps[i]?.sql, params: steps[i]?.params });
          break;
      }
    }
    if (error) {
      if (isStalePlan(error)) this.forgetAll();
      throw error;
    }
    return results;
  }

  /** Every prepared statement is closed before the next pass (their result's shape changed). */
  private forgetAll(): void {
    this.toClose.push(...this.prepared.values());
    this.prepared.clear();
  }

  private remember(sql: string, name: string): void {
    this.prepared.set(sql, name);
    if (this.prepared.size <= PREPARED_MAX) return;
    const [oldest, oldestName] = this.prepared.entries().next().value as [string, string];
    this.prepared.delete(oldest);
    this.toClose.push(oldestName);
  }

  /** A simple-protocol command (BEGIN, COMMIT, ROLLBACK, several statements without parameters). */
  async simple(sql: string): Promise<Message[]> {
    return (await this.pg.execProtocolStream(serialize.query(sql), { syncToFs: false })) as unknown as Message[];
  }
}

/** A transaction's handle on PGlite: also takes statements whose answer nobody reads (defer). */
export interface PipelinedQueryable extends Queryable {
  /**
   * A statement whose rows nobody reads (settings): it goes to Postgres with the transaction's
   * next statement, in the same pass, or at the commit; its error is thrown there.
   */
  defer(sql: string, params?: unknown[]): void;
}

/** Embedded Postgres in this process. One connection: PGlite serialises transactions itself. */
export async function openPglite(dataDir: string): Promise<Database> {
  const pg = await PGlite.create(dataDir === 'memory://' ? undefined : dataDir, {
    parsers: PARSE_ALL,
    serializers: TEXT_AS_IS,
    // Supabase has pgcrypto; migrations may use digest()/crypt().
    extensions: { pgcrypto },
  });
  const session = new Session(pg);
  /** One pass under PGlite's statement lock (the transaction lock is the caller's). */
  const pass = (steps: Step[]) => pg._runExclusiveQuery(() => session.run(steps));
  const simple = (sql: string) => pg._runExclusiveQuery(() => session.simple(sql));
  const step = (sql: string, params: unknown[], rows: boolean): Step => ({ sql, params, values: params.map(paramText), rows });

  /** One statement in its own (implicit) transaction: one pass, as PGlite's query() but in one. */
  async function query<Row>(sql: string, params: unknown[] = []): Promise<QueryResult<Row>> {
    return pg._runExclusiveTransaction(async () => {
      try {
        return (await pass([step(sql, params, true)]))[0] as QueryResult<Row>;
      } catch (error) {
        if (!isStalePlan(error)) throw error;
        return (await pass([step(sql, params, true)]))[0] as QueryResult<Row>;
      }
    });
  }

  const transaction = <T>(fn: (tx: Queryable) => Promise<T>): Promise<T> =>
    pg._runExclusiveTransaction(async () => {
      /** Set once BEGIN has gone to Postgres (with the first statement). */
      let begun = false;
      let closed = false;
      /** Deferred statements not sent yet: they go with the next statement. */
      const waiting: Step[] = [];
      const open = () => {
        if (closed) throw new Error('Transaction is closed');
      };
      /** BEGIN (the first time), what waits, then `last` if given: one pass. */
      const send = async (last?: Step) => {
        const first = !begun;
        const steps = [...(first ? [step('BEGIN', [], false)] : []), ...waiting.splice(0), ...(last ? [last] : [])];
        begun = true;
        try {
          return await pass(steps);
        } catch (error) {
          // Nothing else ran in this transaction yet: start it again, its statements prepared anew.
          if (!first || !isStalePlan(error)) throw error;
          await simple('ROLLBACK');
          return pass(steps);
        }
      };
      const tx: PipelinedQueryable = {
        async query<Row>(sql: string, params: unknown[] = []): Promise<QueryResult<Row>> {
          open();
          const results = await send(step(sql, params, true));
          return results[results.length - 1] as QueryResult<Row>;
        },
        async exec(sql: string): Promise<void> {
          open();
          if (waiting.length || !begun) await send();
          await simple(sql);
        },
        defer(sql: string, params: unknown[] = []): void {
          open();
          waiting.push(step(sql, params, false));
        },
      };
      try {
        const result = await fn(tx);
        if (waiting.length) await send();
        closed = true;
        if (begun) {
          const answer = await simple('COMMIT');
          if (answer.some((m) => m.name === 'commandComplete' && m.text === 'ROLLBACK')) throw new TransactionAbortedError();
        }
        return result;
      } catch (error) {
        if (begun && !closed) {
          closed = true;
          await simple('ROLLBACK').catch(() => undefined);
        }
        throw error;
      }
    });

  return {
    kind: 'pglite',
    query,
    async exec(sql: string): Promise<void> {
      await pg.exec(sql);
    },
    transaction,
    async listen(channel, onPayload) {
      const unlisten = await pg.listen(channel, onPayload);
      return () => unlisten();
    },
    close: () => pg.close(),
  };
}
