import { SignJWT, jwtVerify, errors as joseErrors } from 'jose';
import { ERRORS } from './errors.ts';

/**
 * Signed download URLs as Supabase Storage makes them: an HS256 token over `{url: "<bucket>/<key>",
 * scope: "download"}` with the project's JWT secret, served at `/object/sign/<bucket>/<key>?token=`.
 * The token has no role claim, so it can never be used as an API key. Upload tokens (scope
 * `upload`) name the key, the uploader and whether it may overwrite.
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

  /** A token allowing one upload to this key as `owner`, as createSignedUploadUrl() receives it. */
  async signUpload(bucketId: string, objectKey: string, owner: string | undefined, upsert: boolean, expiresIn: number) {
    const url = `${bucketId}/${objectKey}`;
    const now = Math.floor(Date.now() / 1000);
    const token = await new SignJWT({ url, owner, upsert, scope: 'upload' })
      .setProtectedHeader({ alg: 'HS256', typ: 'JWT' })
      .setIssuedAt(now)
      .setExpirationTime(now + expiresIn)
      .sign(this.key);
    return { url: `/object/upload/sign/${url}?token=${token}`, token };
  }

  /** Verifies an upload token for exactly this key; returns who uploads and whether it may overwrite. */
  async verifyUpload(token: string | undefined, bucketId: string, objectKey: string) {
    const payload = await this.verifyPayload(token);
    if (payload.scope !== 'upload') throw ERRORS.invalidSignature('Token is not scoped for upload');
    if (payload.url !== `${bucketId}/${objectKey}`) throw ERRORS.invalidSignature();
    return { owner: typeof payload.owner === 'string' ? payload.owner : undefined, upsert: payload.upsert === true };
  }

  /** Verifies a download token for exactly this object; returns its expiry. */
  async verify(token: string | undefined, bucketId: string, objectKey: string): Promise<Date> {
    const payload = await this.verifyPayload(token);
    if (payload.scope !== undefined && payload.scope !== 'download') {
      throw ERRORS.invalidSignature('Token is not scoped for download');
    }
    if (payload.url !== `${bucketId}/${objectKey}`) throw ERRORS.invalidSignature();
    return new Date((payload.exp ?? 0) * 1000);
  }

  private async verifyPayload(token: string | undefined): Promise<SignedPayload> {
    if (!token) throw ERRORS.invalidJwt('Missing token');
    try {
      return (await jwtVerify(token, this.key, { algorithms: ['HS256'] })).payload as SignedPayload;
    } catch (error) {
      if (error instanceof joseErrors.JWTExpired) throw ERRORS.expiredSignature();
      throw ERRORS.invalidJwt('invalid signature');
    }
  }
}

interface SignedPayload {
  url?: unknown;
  scope?: unknown;
  owner?: unknown;
  upsert?: unknown;
  exp?: number;
}

/** Supabase's default lifetime of a signed upload URL (2 hours). */
export const SIGNED_UPLOAD_URL_SECONDS = 2 * 60 * 60;

/** `expiresIn` as Supabase accepts it: a whole number of seconds, at least 1. */
export function parseExpiresIn(value: unknown): number {
  const n = typeof value === 'string' && value.trim() !== '' ? Number(value) : value;
  if (typeof n !== 'number' || !Number.isInteger(n) || n < 1 || n > 10 * 365 * 24 * 3600) {
    throw ERRORS.invalidRequest('body/expiresIn must be a positive whole number of seconds');
  }
  return n;
}
