import os from 'node:os';
import type { Context } from 'hono';
import type { ServerContext } from '../context.ts';
import { getConnInfo } from '@hono/node-server/conninfo';
import { AuthError, badRequest } from './errors.ts';

export type Params = Record<string, unknown>;

/**
 * The JSON body as GoTrue's retrieveRequestParams reads it: an object, or 400 bad_json.
 * An empty body counts as `{}` for the endpoints that have only optional fields (callers say so).
 */
export async function readParams(c: Context, maxBytes: number, { allowEmpty = false } = {}): Promise<Params> {
  const declared = Number(c.req.header('content-length') ?? 0);
  if (declared > maxBytes) throw tooLarge(maxBytes);
  const buffer = await c.req.arrayBuffer();
  if (buffer.byteLength > maxBytes) throw tooLarge(maxBytes);
  const text = new TextDecoder().decode(buffer);
  if (text.trim() === '' && allowEmpty) return {};
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch (error) {
    throw badRequest('bad_json', `Could not parse request body as JSON: ${(error as Error).message}`);
  }
  if (value === null) return {};
  if (typeof value !== 'object' || Array.isArray(value)) {
    throw badRequest('bad_json', 'Could not parse request body as JSON: expected a JSON object');
  }
  return value as Params;
}

function tooLarge(maxBytes: number): AuthError {
  return new AuthError(413, 'request_entity_too_large', `Request body too large (max ${maxBytes} bytes)`);
}

/** A string field, or undefined when absent/null; any other type is a bad_json error as in Go. */
export function stringParam(params: Params, key: string): string | undefined {
  const value = params[key];
  if (value === undefined || value === null) return undefined;
  if (typeof value !== 'string') throw wrongType(key, 'string');
  return value;
}

export function booleanParam(params: Params, key: string): boolean | undefined {
  const value = params[key];
  if (value === undefined || value === null) return undefined;
  if (typeof value !== 'boolean') throw wrongType(key, 'bool');
  return value;
}

/** A JSON object field (user metadata and the like). */
export function objectParam(params: Params, key: string): Record<string, unknown> | undefined {
  const value = params[key];
  if (value === undefined || value === null) return undefined;
  if (typeof value !== 'object' || Array.isArray(value)) throw wrongType(key, 'map[string]interface {}');
  return value as Record<string, unknown>;
}

/**
 * The most user metadata one account may carry, as JSON. GoTrue has no such cap (only its 1 MB
 * body limit), but the metadata rides in every access token, and a token must fit in a request
 * header (Node refuses headers over 16 KiB); here it also feeds the public profile (a 900 KB
 * display name once became one). 8 KiB is far above what the app stores (a username).
 */
export const MAX_USER_METADATA_BYTES = 8 * 1024;

/** Refuses user metadata larger than MAX_USER_METADATA_BYTES with 422 validation_failed. */
export function assertMetadataSize(metadata: Record<string, unknown>): void {
  const bytes = Buffer.byteLength(JSON.stringify(metadata), 'utf8');
  if (bytes > MAX_USER_METADATA_BYTES) {
    throw new AuthError(422, 'validation_failed', `User metadata is too large: ${bytes} bytes (at most ${MAX_USER_METADATA_BYTES})`);
  }
}

/** The user metadata a person sends (sign-up and OTP `data`, PUT /user `data`): an object, size-capped. */
export function userMetadataParam(params: Params, key: string): Record<string, unknown> | undefined {
  const metadata = objectParam(params, key);
  if (metadata) assertMetadataSize(metadata);
  return metadata;
}

function wrongType(key: string, goType: string): AuthError {
  return badRequest('bad_json', `Could not parse request body as JSON: json: cannot unmarshal into field ${key} of type ${goType}`);
}

/** Who is asking, as the auth code needs it: where to link back to, and session bookkeeping. */
export interface RequestInfo {
  /** The origin the client reached us through, e.g. http://192.168.1.10:54321. */
  origin: string;
  /** GoTrue's API_EXTERNAL_URL: the origin + /auth/v1. Also the JWT issuer. */
  externalUrl: string;
  userAgent: string | null;
  ip: string | null;
  referer: string | null;
}

export function requestInfo(c: Context, ctx: ServerContext): RequestInfo {
  const origin = trustedOrigin(new URL(c.req.url), ctx.config.siteUrl);
  return {
    origin,
    externalUrl: `${origin}/auth/v1`,
    userAgent: c.req.header('user-agent') ?? null,
    ip: remoteAddress(c),
    referer: c.req.header('referer') ?? null,
  };
}

/**
 * The origin e-mail links and the JWT issuer are built from. The Host header is the client's to
 * choose, so it is used only when it names this machine (loopback, one of its addresses, or the
 * site URL's host); otherwise a forged Host could plant its own address in a recovery link.
 */
function trustedOrigin(url: URL, siteUrl: string): string {
  const host = url.hostname.replace(/^\[|\]$/g, '');
  if (isLoopbackAddress(host) || host === 'localhost') return url.origin;
  const own = Object.values(os.networkInterfaces()).flat().map((address) => address?.address);
  if (own.includes(host)) return url.origin;
  try {
    const site = new URL(siteUrl);
    return site.hostname === url.hostname ? url.origin : site.origin;
  } catch {
    return url.origin;
  }
}

export function remoteAddress(c: Context): string | null {
  try {
    return getConnInfo(c).remote.address ?? null;
  } catch {
    // Called through app.fetch() without a Node socket (never in the running server).
    return null;
  }
}

export function isLoopbackAddress(address: string | null): boolean {
  if (!address) return false;
  return address === '::1' || address.startsWith('127.') || address.startsWith('::ffff:127.');
}

const EMAIL_FORMAT =
  /^[a-zA-Z0-9.!#$%&'*+/=?^_`{|}~-]+@[a-zA-Z0-9](?:[a-zA-Z0-9-]{0,61}[a-zA-Z0-9])?(?:\.[a-zA-Z0-9](?:[a-zA-Z0-9-]{0,61}[a-zA-Z0-9])?)*$/;

/** GoTrue's validateEmail (checkmail.ValidateFormat): required, at most 255 characters, lower-cased. */
export function validateEmail(email: string | undefined): string {
  if (!email) throw badRequest('validation_failed', 'An email address is required');
  if (email.length > 255) throw badRequest('validation_failed', 'An email address is too long');
  if (!EMAIL_FORMAT.test(email)) throw badRequest('validation_failed', 'Unable to validate email address: invalid format');
  return email.toLowerCase();
}
