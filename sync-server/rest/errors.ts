/**
 * PostgREST's error envelope `{code, message, details, hint}` and its HTTP status mapping, after
 * PostgREST v13's src/PostgREST/Error.hs. Every client mistake becomes a RestError with a 4xx;
 * Postgres errors are mapped by SQLSTATE exactly as PostgREST maps them.
 */

/** What an RPC's POST body is, by its Content-Type: JSON, or a raw value for a single unnamed parameter. */
export type RpcBodyKind = 'json' | 'text' | 'xml' | 'bytea';

export interface ErrorBody {
  code: string;
  message: string;
  /** A string, or (for PGRST201) the list of candidate relationships. */
  details: string | null | object[];
  hint: string | null;
}

export class RestError extends Error {
  constructor(
    readonly status: number,
    readonly code: string,
    message: string,
    readonly details: string | null | object[] = null,
    readonly hint: string | null = null,
    readonly headers: Record<string, string> = {},
  ) {
    super(message);
  }

  body(): ErrorBody {
    return { code: this.code, message: this.message, details: this.details, hint: this.hint };
  }
}

/** The PostgREST-specific errors this server can raise, one constructor each. */
export const errors = {
  queryParam: (message: string, details: string) => new RestError(400, 'PGRST100', message, details),
  invalidRpcMethod: (method: string) => new RestError(405, 'PGRST101', `Cannot use the ${method} method on RPC`),
  invalidBody: (message: string) => new RestError(400, 'PGRST102', message),
  bodyTooLarge: (limit: number) =>
    new RestError(413, 'PGRST102', 'Request body too large', `The request body exceeds the limit of ${limit} bytes`),
  invalidRange: (details: string) => new RestError(416, 'PGRST103', 'Requested range not satisfiable', details),
  invalidFilters: () =>
    new RestError(405, 'PGRST105', "Filters must include all and only primary key columns with 'eq' operators"),
  unacceptableSchema: (schema: string, schemas: string[]) =>
    new RestError(406, 'PGRST106', `Invalid schema: ${schema}`, null, `Only the following schemas are exposed: ${schemas.join(', ')}`),
  mediaType: (types: string[]) =>
    new RestError(406, 'PGRST107', `None of these media types are available: ${types.join(', ')}`),
  notEmbedded: (resource: string) =>
    new RestError(
      400,
      'PGRST108',
      `'${resource}' is not an embedded resource in this request`,
      null,
      `Verify that '${resource}' is included in the 'select' query parameter.`,
    ),
  putLimit: () => new RestError(400, 'PGRST114', 'limit/offset querystring parameters are not allowed for PUT'),
  putMatchingPk: () => new RestError(400, 'PGRST115', 'Payload values do not match URL in primary key column(s)'),
  singularity: (rows: number) =>
    new RestError(406, 'PGRST116', 'Cannot coerce the result to a single JSON object', `The result contains ${rows} rows`),
  unsupportedMethod: (method: string) => new RestError(405, 'PGRST117', `Unsupported HTTP method: ${method}`),
  /**
   * A write to a view Postgres cannot write (joins, aggregates, no INSTEAD OF trigger). Postgres
   * says 55000, which PostgREST answers with 500; here it is the client's 405, with the SQLSTATE
   * and Postgres' message kept and the Allow header of the view's OPTIONS.
   */
  readOnlyRelation: (relation: string, method: string, allow: string) =>
    new RestError(
      405,
      '55000',
      `cannot ${method === 'PATCH' ? 'update' : method === 'DELETE' ? 'delete from' : 'insert into'} view "${relation}"`,
      `'${relation}' cannot be written with ${method}`,
      `It allows ${allow.split(',').join(', ')}.`,
      { Allow: allow },
    ),
  relatedOrderNotToOne: (origin: string, target: string) =>
    new RestError(
      400,
      'PGRST118',
      `A related order on '${target}' is not possible`,
      `'${origin}' and '${target}' do not form a many-to-one or one-to-one relationship`,
    ),
  unacceptableFilter: (target: string) =>
    new RestError(
      400,
      'PGRST120',
      `Bad operator on the '${target}' embedded resource`,
      'Only is null or not is null filters are allowed on embedded resources',
    ),
  invalidPreferences: (prefs: string[]) =>
    new RestError(400, 'PGRST122', 'Invalid preferences given with handling=strict', `Invalid preferences: ${prefs.join(', ')}`),
  /** A `*` in a to-one spread whose columns must be listed (beside aggregates, or inside a to-many spread). */
  spreadStarWithAggregates: () =>
    new RestError(400, 'PGRST127', 'Feature not implemented', "A '*' in a spread here: name the spread's columns"),
  toManySpreadAggregates: () =>
    new RestError(400, 'PGRST127', 'Feature not implemented', 'Aggregates are not implemented for one-to-many or many-to-many spreads.'),
  aggregatesNotAllowed: () => new RestError(400, 'PGRST123', 'Use of aggregate functions is not allowed'),
  maxAffected: (rows: number) =>
    new RestError(400, 'PGRST124', 'Query result exceeds max-affected preference constraint', `The query affects ${rows} rows`),
  maxAffectedRpc: () =>
    new RestError(400, 'PGRST128', 'Function must return SETOF or TABLE when max-affected preference is used with handling=strict'),
  invalidPath: () => new RestError(404, 'PGRST125', 'Invalid path specified in request URL'),
  noRelationship: (parent: string, child: string, hint: string | undefined, schema: string) =>
    new RestError(
      400,
      'PGRST200',
      `Could not find a relationship between '${parent}' and '${child}' in the schema cache`,
      `Searched for a foreign key relationship between '${parent}' and '${child}'${
        hint ? ` using the hint '${hint}'` : ''
      } in the schema '${schema}', but no matches were found.`,
    ),
  ambiguousRelationship: (parent: string, child: string, details: object[], hints: string[]) =>
    new RestError(
      300,
      'PGRST201',
      `Could not embed because more than one relationship was found for '${parent}' and '${child}'`,
      details,
      `Try changing '${child}' to one of the following: ${hints.join(', ')}. Find the desired relationship in the 'details' key.`,
    ),
  /**
   * PGRST202 as PostgREST words it (Error.hs NoRpc): `args` are the argument names asked for,
   * `body` what a POST sent (json, or a raw text/xml/bytea body), `hint` noRpcHint's suggestion.
   */
  noFunction: (schema: string, name: string, args: string[], body: RpcBodyKind | undefined, hint: string | undefined) => {
    const fn = `${schema}.${name}`;
    const onlySingle = body === 'text' || body === 'xml' || body === 'bytea';
    const params = (text: string) => (args.length === 0 ? ' without parameters' : text);
    const detailParams = params(` with parameter${args.length > 1 ? 's' : ''} ${args.join(', ')}`);
    const searched = onlySingle
      ? ` with a single unnamed ${body} parameter`
      : body === 'json'
        ? `${detailParams} or with a single unnamed json/jsonb parameter`
        : detailParams;
    return new RestError(
      404,
      'PGRST202',
      `Could not find the function ${fn}${onlySingle ? '' : params(`(${args.join(', ')})`)} in the schema cache`,
      `Searched for the function ${fn}${searched}, but no matches were found in the schema cache.`,
      onlySingle || hint === undefined ? null : `Perhaps you meant to call the function ${schema}.${hint}`,
    );
  },
  ambiguousFunction: (candidates: string[]) =>
    new RestError(
      300,
      'PGRST203',
      `Could not choose the best candidate function between: ${candidates.join(', ')}`,
      null,
      'Try renaming the parameters or the function itself in the database so function overloading can be resolved',
    ),
  columnNotFound: (relation: string, column: string) =>
    new RestError(400, 'PGRST204', `Could not find the '${column}' column of '${relation}' in the schema cache`),
  tableNotFound: (schema: string, relation: string, suggestion?: string) =>
    new RestError(
      404,
      'PGRST205',
      `Could not find the table '${schema}.${relation}' in the schema cache`,
      null,
      suggestion ? `Perhaps you meant the table '${schema}.${suggestion}'` : null,
    ),
  /** What Postgres says of an unknown column; checked against the cache before any SQL runs. */
  undefinedColumn: (relation: string, column: string) =>
    new RestError(400, '42703', `column ${relation}.${column} does not exist`),
  undefinedType: (name: string) => new RestError(400, '42704', `type "${name}" does not exist`),
  /** What Postgres says when PostgREST names two embeds' subqueries alike (same relation, no aliases). */
  duplicateEmbed: (alias: string) => new RestError(400, '42712', `table name "${alias}" specified more than once`),
  whereRequired: (command: 'UPDATE' | 'DELETE') => new RestError(400, '21000', `${command} requires a WHERE clause`),
  jwtDecode: (message: string, details: string | null = null) =>
    new RestError(401, 'PGRST301', message, details, null, {
      'WWW-Authenticate': `Bearer error="invalid_token", error_description=${JSON.stringify(message)}`,
    }),
  jwtRequired: (message = 'Anonymous access is disabled', hint: string | null = null) =>
    new RestError(401, 'PGRST302', message, null, hint, { 'WWW-Authenticate': 'Bearer' }),
  jwtClaims: (message: string) =>
    new RestError(401, 'PGRST303', message, null, null, {
      'WWW-Authenticate': `Bearer error="invalid_token", error_description=${JSON.stringify(message)}`,
    }),
  /**
   * Too many wrong codes from one client address (issue 28): what the database answers an
   * account (SQLSTATE PT429, hint too_many_attempts, details = seconds), with Retry-After.
   */
  tooManyAttempts: (seconds: number) =>
    new RestError(429, 'PT429', 'Too many wrong codes. Try again later.', String(seconds), 'too_many_attempts', {
      'Retry-After': String(seconds),
    }),
  tooManyMessages: (seconds: number) =>
    new RestError(429, 'PT429', 'Too many messages. Try again later.', String(seconds), 'too_many_messages', {
      'Retry-After': String(seconds),
    }),
  roleNotAllowed: (role: string) =>
    new RestError(401, '42501', `permission denied to set role "${role}"`, null, null, {
      'WWW-Authenticate': `Bearer error="invalid_token", error_description="role not allowed"`,
    }),
};

/** What node-postgres and PGlite errors carry. */
interface PgLikeError {
  code?: unknown;
  message?: unknown;
  detail?: unknown;
  hint?: unknown;
}

function isPgError(error: unknown): error is PgLikeError & { code: string } {
  return (
    typeof error === 'object' &&
    error !== null &&
    typeof (error as PgLikeError).code === 'string' &&
    /^[0-9A-Z]{5}$/.test((error as PgLikeError).code as string)
  );
}

/** HTTP status of a Postgres error, as PostgREST's pgErrorStatus. `authed` = not the anon role. */
export function pgErrorStatus(code: string, message: string, authed: boolean): number {
  switch (code) {
    case '23503':
    case '23505':
      return 409;
    // PostgREST answers 500 for class 40; a serialization failure is a retryable conflict here.
    case '40001':
    case '40P01':
      return 409;
    case '25006':
      return 405;
    // PostgREST answers 500 for the rest of 21000; a bulk upsert naming one row twice is the client's 400.
    case '21000':
      return message.endsWith('requires a WHERE clause') || message.endsWith('cannot affect row a second time') ? 400 : 500;
    case '22023':
      return message.startsWith('role') && message.endsWith('does not exist') ? 401 : 400;
    case '53400':
      return 500;
    // PostgREST answers 500 for class 54 (program limits); here they come from what the client
    // sent — a value too large for an index, a query too deep, too many columns or arguments — so
    // they are the client's 400 (see the prefix switch below).
    case '57P01':
      return 503;
    case 'P0001':
      return 400;
    case '42883':
      return message.startsWith('function xmlagg(') ? 406 : 404;
    case '42P01':
      return 404;
    case '42P17':
      return 500;
    case '42501':
      return authed ? 403 : 401;
  }
  const prefix = code.slice(0, 2);
  switch (prefix) {
    case '08':
      return 503;
    case '09':
      return 500;
    case '0L':
    case '0P':
      return 403;
    case '25':
      return 500;
    case '28':
      return 403;
    case '2D':
    case '38':
    case '39':
    case '3B':
    case '40':
      return 500;
    case '53':
      return 503;
    case '54':
      return 400;
    case '55':
    case '57':
    case '58':
    case 'F0':
    case 'HV':
    case 'P0':
    case 'XX':
      return 500;
    case 'PT': {
      const status = Number(code.slice(2));
      return Number.isInteger(status) && status >= 100 && status <= 599 ? status : 500;
    }
  }
  return 400;
}

/**
 * `RAISE SQLSTATE 'PGRST' USING message = '{"code":..,"message":..}', detail = '{"status":..,"headers":{}}'`
 * gives full control of the response, as in PostgREST.
 */
function fromRaisePgrst(error: PgLikeError): RestError {
  try {
    const msg = JSON.parse(String(error.message)) as Record<string, unknown>;
    const det = JSON.parse(String(error.detail)) as Record<string, unknown>;
    if (typeof msg.code !== 'string' || typeof msg.message !== 'string' || typeof det.status !== 'number') {
      throw new Error('bad shape');
    }
    const headers: Record<string, string> = {};
    for (const [k, v] of Object.entries((det.headers as Record<string, unknown>) ?? {})) headers[k] = String(v);
    const status = det.status >= 100 && det.status <= 599 ? det.status : 500;
    return new RestError(
      status,
      msg.code,
      msg.message,
      typeof msg.details === 'string' ? msg.details : null,
      typeof msg.hint === 'string' ? msg.hint : null,
      headers,
    );
  } catch {
    return new RestError(
      500,
      'PGRST121',
      'Could not parse JSON in the "RAISE SQLSTATE \'PGRST\'" error',
      `Invalid JSON value for MESSAGE: '${String(error.message)}'`,
      "MESSAGE must be a JSON object with obligatory keys: 'code', 'message' and optional keys: 'details', 'hint'.",
    );
  }
}

/** Any thrown value → RestError. Postgres errors keep their SQLSTATE, message, detail and hint. */
export function toRestError(error: unknown, authed: boolean): RestError {
  if (error instanceof RestError) return error;
  if (isPgError(error)) {
    if (error.code === 'PGRST') return fromRaisePgrst(error);
    const message = String(error.message ?? '');
    const status = pgErrorStatus(error.code, message, authed);
    const rest = new RestError(
      status,
      error.code,
      message,
      typeof error.detail === 'string' ? error.detail : null,
      typeof error.hint === 'string' ? error.hint : null,
    );
    if (status === 401) return new RestError(401, rest.code, rest.message, rest.details, rest.hint, { 'WWW-Authenticate': 'Bearer' });
    // The database's guessing limit (PT429, details = seconds to wait): the wait as Retry-After too.
    if (status === 429 && typeof rest.details === 'string' && /^\d+$/.test(rest.details)) {
      return new RestError(429, rest.code, rest.message, rest.details, rest.hint, { 'Retry-After': rest.details });
    }
    return rest;
  }
  const message = error instanceof Error ? error.message : String(error);
  return new RestError(500, 'PGRSTX00', message);
}
