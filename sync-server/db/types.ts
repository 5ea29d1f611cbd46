/**
 * The one database interface every protocol module uses. Two implementations:
 * PGlite (embedded, default) and node-postgres (when DATABASE_URL is set).
 * Values are always bound parameters ($1, $2 …); never interpolate client input.
 */
export interface QueryResult<Row = Record<string, unknown>> {
  rows: Row[];
  /** Column names and Postgres type OIDs, in select order. */
  fields: { name: string; dataTypeID: number }[];
  /** Rows inserted/updated/deleted, for commands that have it. */
  affectedRows: number;
}

export interface Queryable {
  query<Row = Record<string, unknown>>(sql: string, params?: unknown[]): Promise<QueryResult<Row>>;
  /** Runs several statements with no parameters (migrations, bootstrap). */
  exec(sql: string): Promise<void>;
}

export interface Database extends Queryable {
  readonly kind: 'pglite' | 'postgres';
  /** Runs fn in one transaction; commits if it resolves, rolls back if it throws. Transactions are serialised on PGlite. */
  transaction<T>(fn: (tx: Queryable) => Promise<T>): Promise<T>;
  /** LISTEN on a channel; returns a function that stops listening. */
  listen(channel: string, onPayload: (payload: string) => void): Promise<() => Promise<void>>;
  close(): Promise<void>;
}
