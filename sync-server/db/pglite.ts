import { PGlite, types, type Transaction } from '@electric-sql/pglite';
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

function wrap(q: PGlite | Transaction): Queryable {
  return {
    async query<Row>(sql: string, params: unknown[] = []): Promise<QueryResult<Row>> {
      const r = await q.query<Row>(sql, params, { parsers: PARSE_ALL });
      return { rows: r.rows, fields: r.fields, affectedRows: r.affectedRows ?? 0 };
    },
    async exec(sql: string): Promise<void> {
      await q.exec(sql);
    },
  };
}

/** Embedded Postgres in this process. One connection: PGlite serialises transactions itself. */
export async function openPglite(dataDir: string): Promise<Database> {
  const pg = await PGlite.create(dataDir === 'memory://' ? undefined : dataDir, {
    parsers: PARSE_ALL,
    serializers: TEXT_AS_IS,
    // Supabase has pgcrypto; migrations may use digest()/crypt().
    extensions: { pgcrypto },
  });
  const base = wrap(pg);
  return {
    kind: 'pglite',
    query: base.query,
    exec: base.exec,
    transaction: (fn) => pg.transaction((tx) => fn(wrap(tx))),
    async listen(channel, onPayload) {
      const unlisten = await pg.listen(channel, onPayload);
      return () => unlisten();
    },
    close: () => pg.close(),
  };
}

