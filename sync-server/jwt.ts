import { SignJWT, jwtVerify, errors as joseErrors } from 'jose';

/** The claims PostgREST, Realtime and Storage read from a Supabase JWT. */
export interface JwtClaims {
  role: string;
  sub?: string;
  aud?: string | string[];
  exp?: number;
  iat?: number;
  iss?: string;
  email?: string;
  phone?: string;
  session_id?: string;
  app_metadata?: Record<string, unknown>;
  user_metadata?: Record<string, unknown>;
  aal?: string;
  amr?: { method: string; timestamp: number }[];
  is_anonymous?: boolean;
  [claim: string]: unknown;
}

export class JwtError extends Error {
  constructor(
    message: string,
    readonly reason: 'expired' | 'invalid',
  ) {
    super(message);
  }
}

/** Signs and verifies HS256 tokens with the project's JWT secret. One instance per server. */
export class JwtService {
  private readonly key: Uint8Array;

  constructor(secret: string) {
    this.key = new TextEncoder().encode(secret);
  }

  async sign(claims: JwtClaims, expiresInSeconds: number): Promise<string> {
    const now = Math.floor(Date.now() / 1000);
    return new SignJWT({ ...claims })
      .setProtectedHeader({ alg: 'HS256', typ: 'JWT' })
      .setIssuedAt(now)
      .setExpirationTime(now + expiresInSeconds)
      .sign(this.key);
  }

  /** Verifies signature and expiry; a token we did not sign (or with alg none) is refused. */
  async verify(token: string): Promise<JwtClaims> {
    try {
      const { payload } = await jwtVerify(token, this.key, { algorithms: ['HS256'] });
      if (typeof payload.role !== 'string' || payload.role === '') {
        throw new JwtError('JWT has no role claim', 'invalid');
      }
      return payload as JwtClaims;
    } catch (error) {
      if (error instanceof JwtError) throw error;
      if (error instanceof joseErrors.JWTExpired) throw new JwtError('JWT expired', 'expired');
      throw new JwtError('invalid JWT', 'invalid');
    }
  }
}

/** The roles a verified token may carry; anything else is refused rather than SET ROLE'd. */
export const API_ROLES = ['anon', 'authenticated', 'service_role'] as const;
export type ApiRole = (typeof API_ROLES)[number];

export function isApiRole(role: string): role is ApiRole {
  return (API_ROLES as readonly string[]).includes(role);
}

/** The bearer token of a request: Authorization first (user token), else the apikey header. */
export function bearerToken(headers: Headers): string | undefined {
  const auth = headers.get('authorization');
  if (auth) {
    const match = /^bearer\s+(.+)$/i.exec(auth.trim());
    if (match) return match[1];
  }
  return headers.get('apikey') ?? undefined;
}
