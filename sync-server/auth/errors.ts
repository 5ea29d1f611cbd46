import type { Context } from 'hono';

/**
 * GoTrue's errors. Two kinds reach the client:
 * - HTTP errors (most): `{code, message}` when the request carries `X-Supabase-Api-Version` ≥
 *   2024-01-01 (auth-js always sends it), else the initial shape `{code: <status>, error_code, msg}`;
 * - OAuth errors (token endpoint, missing refresh token): `{error, error_description}`, status 400.
 * Weak passwords add `weak_password: {reasons}`. See supabase/auth internal/api/errors.go.
 */
export class AuthError extends Error {
  constructor(
    readonly status: number,
    readonly code: string,
    message: string,
    readonly weakPasswordReasons?: string[],
  ) {
    super(message);
  }
}

/**
 * A refusal of the project's database (a trigger's raise, a constraint) that GoTrue wraps as a
 * 500 "Database error …": the 2024 API answers with those words only; the initial API passes the
 * Postgres error through as `{code: <SQLSTATE>, message, hint, detail}` (utilities.NewPostgresError).
 */
export class DatabaseRefusal extends AuthError {
  constructor(
    message: string,
    readonly postgres: { code: string; message: string; hint?: string; detail?: string },
  ) {
    super(500, 'unexpected_failure', message);
  }
}

export class OAuthError extends Error {
  constructor(
    readonly error: string,
    readonly description: string,
  ) {
    super(`${error}: ${description}`);
  }
}

/** 429 with GoTrue's codes; the answer also says when to try again (Retry-After). */
export class RateLimitError extends AuthError {
  constructor(
    code: 'over_request_rate_limit' | 'over_email_send_rate_limit',
    message: string,
    readonly retryAfterSeconds: number,
  ) {
    super(429, code, message);
  }
}

export const requestRateLimited = (retryAfterSeconds: number) =>
  new RateLimitError('over_request_rate_limit', 'Request rate limit reached', retryAfterSeconds);

/** GoTrue's validateSentWithinFrequencyLimit message (internal/api/errors.go). */
export const emailRateLimited = (secondsLeft: number) =>
  new RateLimitError(
    'over_email_send_rate_limit',
    `For security purposes, you can only request this after ${secondsLeft} seconds.`,
    Math.max(1, secondsLeft),
  );

export const badRequest = (code: string, message: string) => new AuthError(400, code, message);
export const forbidden = (code: string, message: string) => new AuthError(403, code, message);
export const notFound = (code: string, message: string) => new AuthError(404, code, message);
export const unprocessable = (code: string, message: string) => new AuthError(422, code, message);
export const validationFailed = (message: string) => badRequest('validation_failed', message);

export const API_VERSION_HEADER = 'X-Supabase-Api-Version';
const API_VERSION_2024 = '2024-01-01';

/** GoTrue's DetermineClosestAPIVersion: a valid date on or after 2024-01-01 selects the new shapes. */
export function requestUses2024Api(headerValue: string | undefined): boolean {
  if (!headerValue || !/^\d{4}-\d{2}-\d{2}$/.test(headerValue)) return false;
  const date = Date.parse(`${headerValue}T00:00:00Z`);
  return Number.isFinite(date) && date >= Date.parse(`${API_VERSION_2024}T00:00:00Z`);
}

/** Writes an error exactly as GoTrue's HandleResponseError does. */
export function errorResponse(c: Context, error: AuthError | OAuthError): Response {
  const v2024 = requestUses2024Api(c.req.header(API_VERSION_HEADER));
  const headers: Record<string, string> = {};
  // GoTrue echoes the version it settled on (only when it is not the initial one).
  if (v2024) headers[API_VERSION_HEADER] = API_VERSION_2024;

  if (error instanceof OAuthError) {
    return c.json({ error: error.error, error_description: error.description }, 400, headers);
  }
  if (!v2024 && error instanceof DatabaseRefusal) {
    const { code, message, hint, detail } = error.postgres;
    return c.json({ code, message, ...(hint ? { hint } : {}), ...(detail ? { detail } : {}) }, error.status as 500, headers);
  }
  if (!(v2024 && error.weakPasswordReasons)) headers['x-sb-error-code'] = error.code;
  if (error instanceof RateLimitError) headers['retry-after'] = String(error.retryAfterSeconds);
  const weak = error.weakPasswordReasons ? { weak_password: { reasons: error.weakPasswordReasons } } : {};
  const body = v2024
    ? { code: error.code, message: error.message, ...weak }
    : { code: error.status, error_code: error.code, msg: error.message, ...weak };
  return c.json(body, error.status as 400, headers);
}

/**
 * A Postgres "data exception" (class 22: a NUL character in a string, a number out of range …) is
 * the client's input that Postgres refused: 400, never a 500. Other database errors stay server errors.
 */
export function fromDataException(error: unknown): AuthError | undefined {
  const code = (error as { code?: unknown } | null)?.code;
  if (typeof code !== 'string' || !/^22[0-9A-Z]{3}$/.test(code)) return undefined;
  return validationFailed(`Invalid input: ${(error as Error).message}`);
}
