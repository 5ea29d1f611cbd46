import { SignJWT, jwtVerify, errors as joseErrors } from 'jose';
import { ERRORS } from './errors.ts';

/**
 * Signed download URLs as Supabase Storage makes them: an HS256 token over `{url: "<bucket>/<key>",
 * scope: "download"}` with the project's JWT secret, served at `/object/sign/<bucket>/<key>?token=`.
 * The token has no role claim, so it can never be used as an API key.
 */
export class UrlSigner {
  private readonly key: Uint8Array;

  constructor(secret: string) {
    this.key = new TextEncoder().encode(secret);
  }

  async signedPath(bucketId: string, objectKey: string, expiresIn: number): Promise<string> {
    const url = `${bucketId}/${objectKey}`;
    const now = Math.floor(Date.now() / 1000);
    const token = await new SignJWT({ url, scope: 'download' })
      .setProtectedHeader({ alg: 'HS256', typ: 'JWT' })
      .setIssuedAt(now)
      .setExpirationTime(now + expiresIn)
      .sign(this.key);
    return `/object/sign/${url}?token=${token}`;
  }

  /** Verifies a download token for exactly this object; returns its expiry. */
  async verify(token: string | undefined, bucketId: string, objectKey: string): Promise<Date> {
    if (!token) throw ERRORS.invalidJwt('Missing token');
    let payload: { url?: unknown; scope?: unknown; exp?: number };
    try {
      ({ payload } = await jwtVerify(token, this.key, { algorithms: ['HS256'] }));
    } catch (error) {
      if (error instanceof joseErrors.JWTExpired) throw ERRORS.expiredSignature();
      throw ERRORS.invalidJwt('invalid signature');
    }
    if (payload.scope !== undefined && payload.scope !== 'download') {
      throw ERRORS.invalidSignature('Token is not scoped for download');
    }
    if (payload.url !== `${bucketId}/${objectKey}`) throw ERRORS.invalidSignature();
    return new Date((payload.exp ?? 0) * 1000);
  }
}

/** `expiresIn` as Supabase accepts it: a whole number of seconds, at least 1. */
export function parseExpiresIn(value: unknown): number {
  const n = typeof value === 'string' && value.trim() !== '' ? Number(value) : value;
  if (typeof n !== 'number' || !Number.isInteger(n) || n < 1 || n > 10 * 365 * 24 * 3600) {
    throw ERRORS.invalidRequest('body/expiresIn must be a positive whole number of seconds');
  }
  return n;
}
