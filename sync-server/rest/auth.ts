/**
 * Who is asking. As on Supabase (Kong in front of PostgREST): the `apikey` (header or URL
 * parameter) must be a key we signed; the `Authorization: Bearer` token, when present, decides the
 * role, else the apikey does. Every token is verified (HS256, our secret, expiry) and its role must
 * be one of the API roles: a role claim we did not sign, or a role we do not hand out, is a 401
 * with PostgREST's JWT errors (PGRST301 / PGRST302 / PGRST303).
 */
import { JwtError, isApiRole, type ApiRole, type JwtClaims } from '../jwt.ts';
import type { ServerContext } from '../context.ts';
import { errors, RestError } from './errors.ts';

export interface Requester {
  claims: JwtClaims;
  role: ApiRole;
}

function decodeSegment(segment: string): unknown {
  return JSON.parse(Buffer.from(segment, 'base64url').toString('utf8'));
}

/** Structural checks PostgREST reports before the signature (part count, algorithm). */
function checkShape(token: string): void {
  if (token === '') throw errors.jwtDecode('Empty JWT is sent in Authorization header');
  const parts = token.split('.');
  if (parts.length !== 3) throw errors.jwtDecode(`Expected 3 parts in JWT; got ${parts.length}`);
  let header: unknown;
  try {
    header = decodeSegment(parts[0]);
  } catch {
    throw errors.jwtDecode('JWT cryptographic operation failed');
  }
  const alg = typeof header === 'object' && header !== null ? (header as { alg?: unknown }).alg : undefined;
  if (alg !== 'HS256') throw errors.jwtDecode('Wrong or unsupported encoding algorithm', `Unsupported algorithm: ${String(alg)}`);
}

/**
 * Tokens already verified, until they expire (PostgREST keeps a JWT cache too): the same few
 * keys and session tokens come with every request. Bounded; the oldest entries go first.
 */
type VerifiedTokens = Map<string, { claims: JwtClaims; expiresAt: number }>;
const verifiedByServer = new WeakMap<ServerContext, VerifiedTokens>();
const VERIFIED_MAX = 1000;

function verifiedTokens(ctx: ServerContext): VerifiedTokens {
  let cache = verifiedByServer.get(ctx);
  if (!cache) verifiedByServer.set(ctx, (cache = new Map()));
  return cache;
}

function remember(cache: VerifiedTokens, token: string, claims: JwtClaims): void {
  if (typeof claims.exp !== 'number') return;
  if (cache.size >= VERIFIED_MAX) cache.delete(cache.keys().next().value as string);
  cache.set(token, { claims, expiresAt: claims.exp * 1000 });
}

async function verify(ctx: ServerContext, token: string): Promise<JwtClaims> {
  const cache = verifiedTokens(ctx);
  const known = cache.get(token);
  if (known && known.expiresAt > Date.now()) return known.claims;
  checkShape(token);
  try {
    const claims = await ctx.jwt.verify(token);
    remember(cache, token, claims);
    return claims;
  } catch (error) {
    if (error instanceof JwtError && error.reason === 'expired') throw errors.jwtClaims('JWT expired');
    throw errors.jwtDecode('JWT cryptographic operation failed');
  }
}

/** The bearer token of an Authorization header; undefined when there is none (or another scheme). */
function bearer(headers: Headers): string | undefined {
  const auth = headers.get('authorization');
  if (auth === null) return undefined;
  const match = /^bearer(?:\s+(.*))?$/i.exec(auth.trim());
  return match ? (match[1] ?? '').trim() : undefined;
}

export async function authenticate(ctx: ServerContext, headers: Headers, apikeyParam: string | null): Promise<Requester> {
  const apikey = headers.get('apikey') ?? apikeyParam ?? undefined;
  const token = bearer(headers);
  if (token === undefined && apikey === undefined) {
    throw errors.jwtRequired('No API key found in request', 'No `apikey` request header or url param was found.');
  }
  if (apikey !== undefined && apikey !== token) {
    try {
      await verify(ctx, apikey);
    } catch (error) {
      if (error instanceof RestError && error.code === 'PGRST303') throw error;
      throw new RestError(401, 'PGRST301', 'Invalid API key', null, 'Double check your Supabase `anon` or `service_role` API key.', {
        'WWW-Authenticate': 'Bearer error="invalid_token", error_description="Invalid API key"',
      });
    }
  }
  const claims = await verify(ctx, (token ?? apikey) as string);
  if (!isApiRole(claims.role)) throw errors.roleNotAllowed(claims.role);
  return { claims, role: claims.role };
}
