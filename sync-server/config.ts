import path from 'node:path';
import { parseGoDuration } from './go-duration.ts';

/**
 * Server configuration. Defaults follow the Supabase CLI (`supabase start`) so that supabase-js
 * code written for a local Supabase works unchanged: port 54321, the well-known demo JWT secret
 * and the anon / service_role keys signed with it.
 */
export const SUPABASE_DEMO_JWT_SECRET = 'super-secret-jwt-token-with-at-least-32-characters-long';
export const SUPABASE_DEMO_ANON_KEY =
  'eyJhbGciOiJIUzI1NiIsInR5cCI6IkpXVCJ9.eyJpc3MiOiJzdXBhYmFzZS1kZW1vIiwicm9sZSI6ImFub24iLCJleHAiOjE5ODM4MTI5OTZ9.CRXP1A7WOeoJeXxjNni43kdQwgnWNReilDMblYTn_I0';
export const SUPABASE_DEMO_SERVICE_KEY =
  'eyJhbGciOiJIUzI1NiIsInR5cCI6IkpXVCJ9.eyJpc3MiOiJzdXBhYmFzZS1kZW1vIiwicm9sZSI6InNlcnZpY2Vfcm9sZSIsImV4cCI6MTk4MzgxMjk5Nn0.EGIM96RAZx35lJzdJsyH-qQwv8Hdp7fsn3W0YpN81IU';

export interface ServerConfig {
  port: number;
  host: string;
  /** Where PGlite keeps its files; `memory://` for a throwaway database. Ignored when databaseUrl is set. */
  dataDir: string;
  /** A Postgres server to use instead of PGlite. */
  databaseUrl?: string;
  migrationsDir: string;
  /**
   * Seed files run once, when the database is brand new (as `supabase db reset` does): by
   * default the `seed.sql` beside the migrations folder, if there is one. (Cadernos has none: its
   * reference data is a migration, so that `supabase db push` brings it to a hosted project.)
   */
  seedFiles: string[];
  /**
   * Extra seed files run at every start (idempotent), e.g. the demo data of `npm start -- --demo`,
   * with the session setting `cadernos.allow_demo_data = on` that supabase/seed-demo.sql requires.
   */
  extraSeedFiles: string[];
  functionsDir: string;
  /** Where storage objects are written (under dataDir by default). */
  storageDir: string;
  jwtSecret: string;
  anonKey: string;
  serviceRoleKey: string;
  /** Access token lifetime in seconds (GoTrue default 3600). */
  jwtExpiry: number;
  /** When true, sign-up sends a confirmation e-mail and returns no session until confirmed. */
  emailConfirmation: boolean;
  /** The site the auth e-mails link back to. */
  siteUrl: string;
  /** Folder of static files (the built app) served for every other path, or undefined. */
  staticDir?: string;
  /** Largest request body accepted, in bytes (storage uploads have their own bucket limits). */
  maxBodyBytes: number;
  /**
   * How long an idle keep-alive connection stays open, in ms (the HTTP server's keepAliveTimeout;
   * headersTimeout is 1 s more). 65 s, above the 60 s that load balancers and clients assume:
   * Node's own 5 s closed sockets just as a client reused them ("other side closed", issue 37).
   */
  keepAliveTimeoutMs: number;
  /**
   * How often the server runs replication_purge itself (ARCHITECTURE S10), in ms; 0 = never.
   * Hourly by default; the test servers turn it off unless a test asks for it.
   */
  purgeIntervalMs: number;
  /** How long tombstones and revoked accesses are kept (a Postgres interval): the contract's 30 days. */
  purgeRetention: string;
  /** Auth rate limits (GoTrue's GOTRUE_RATE_LIMIT_* and GOTRUE_SMTP_MAX_FREQUENCY, with its defaults). */
  authRateLimits: AuthRateLimits;
  /**
   * Wrong codes per 5 minutes from one client address to each code-taking RPC (claim_guest,
   * redeem_invite, confirm_guardian), counted as GoTrue counts its requests: 30 at once, then
   * evenly spread; a call that succeeds costs nothing (SYNC_RATE_LIMIT_CODE_GUESSES, default 30).
   * The database also limits each account (supabase/README.md "Guessing codes").
   */
  codeGuessRateLimit: number;
  /**
   * Contact messages per 5 minutes from one client address (send_contact_message), every call
   * counted as GoTrue counts its requests: a burst of this many, then evenly spread
   * (SYNC_RATE_LIMIT_CONTACT, default 10). The database also limits each e-mail address and
   * account (supabase/README.md "Sending contact messages").
   */
  contactRateLimit: number;
}

/**
 * Requests per 5 minutes from one client address (at most 30 at once, then evenly spread), as
 * GoTrue counts them, and the pause between two e-mails of one kind to one account.
 */
export interface AuthRateLimits {
  /** Sign-ups, recovery, resend, magic link / OTP e-mails, PUT /user, each on its own (GOTRUE_RATE_LIMIT_OTP). */
  otp: number;
  /** POST /token: password sign-ins, refreshes, PKCE exchanges (GOTRUE_RATE_LIMIT_TOKEN_REFRESH). */
  tokenRefresh: number;
  /** POST and GET /verify: codes and links from e-mails (GOTRUE_RATE_LIMIT_VERIFY). */
  verify: number;
  /** Seconds before another mail of the same kind to the same account (GOTRUE_SMTP_MAX_FREQUENCY). */
  emailMaxFrequencySeconds: number;
}

export const GOTRUE_AUTH_RATE_LIMITS: AuthRateLimits = { otp: 30, tokenRefresh: 150, verify: 30, emailMaxFrequencySeconds: 60 };

/** Wrong codes per 5 minutes per client address for the code-taking RPCs (ServerConfig.codeGuessRateLimit). */
export const CODE_GUESS_RATE_LIMIT = 30;

/** Contact messages per 5 minutes per client address (ServerConfig.contactRateLimit). */
export const CONTACT_RATE_LIMIT = 10;

/** The retention of supabase/README.md (S10); pg_cron's schedule on Supabase uses the same. */
export const PURGE_RETENTION = '30 days';
export const PURGE_INTERVAL_MS = 60 * 60 * 1000;

const root = path.resolve(import.meta.dirname, '..');

/** The HTTP server's keep-alive: above the 60 s idle timeout common load balancers and clients assume. */
export const KEEP_ALIVE_TIMEOUT_MS = 65_000;

export function defaultConfig(overrides: Partial<ServerConfig> = {}): ServerConfig {
  const env = process.env;
  const dataDir = overrides.dataDir ?? env.SYNC_DATA_DIR ?? path.join(root, '.data', 'db');
  const port = overrides.port ?? Number(env.PORT ?? env.SYNC_PORT ?? 54321);
  const migrationsDir = overrides.migrationsDir ?? env.SYNC_MIGRATIONS_DIR ?? path.join(root, 'supabase', 'migrations');
  return {
    port,
    host: env.HOST ?? '127.0.0.1',
    dataDir,
    databaseUrl: env.DATABASE_URL || undefined,
    migrationsDir,
    seedFiles: [path.join(path.dirname(migrationsDir), 'seed.sql')],
    extraSeedFiles: [],
    functionsDir: env.SYNC_FUNCTIONS_DIR ?? path.join(root, 'supabase', 'functions'),
    storageDir: env.SYNC_STORAGE_DIR ?? path.join(root, '.data', 'storage'),
    jwtSecret: env.JWT_SECRET ?? SUPABASE_DEMO_JWT_SECRET,
    anonKey: env.ANON_KEY ?? SUPABASE_DEMO_ANON_KEY,
    serviceRoleKey: env.SERVICE_ROLE_KEY ?? SUPABASE_DEMO_SERVICE_KEY,
    jwtExpiry: Number(env.JWT_EXPIRY ?? 3600),
    emailConfirmation: env.ENABLE_EMAIL_CONFIRMATION === 'true',
    siteUrl: env.SITE_URL ?? `http://127.0.0.1:${port}`,
    staticDir: undefined,
    maxBodyBytes: 1024 * 1024,
    keepAliveTimeoutMs: KEEP_ALIVE_TIMEOUT_MS,
    purgeIntervalMs: env.SYNC_PURGE_INTERVAL !== undefined ? Number(env.SYNC_PURGE_INTERVAL) * 1000 : PURGE_INTERVAL_MS,
    purgeRetention: PURGE_RETENTION,
    authRateLimits: {
      otp: Number(env.GOTRUE_RATE_LIMIT_OTP ?? GOTRUE_AUTH_RATE_LIMITS.otp),
      tokenRefresh: Number(env.GOTRUE_RATE_LIMIT_TOKEN_REFRESH ?? GOTRUE_AUTH_RATE_LIMITS.tokenRefresh),
      verify: Number(env.GOTRUE_RATE_LIMIT_VERIFY ?? GOTRUE_AUTH_RATE_LIMITS.verify),
      emailMaxFrequencySeconds: env.GOTRUE_SMTP_MAX_FREQUENCY
        ? (parseGoDuration(env.GOTRUE_SMTP_MAX_FREQUENCY) ?? NaN) / 1000
        : GOTRUE_AUTH_RATE_LIMITS.emailMaxFrequencySeconds,
    },
    codeGuessRateLimit: Number(env.SYNC_RATE_LIMIT_CODE_GUESSES ?? CODE_GUESS_RATE_LIMIT),
    contactRateLimit: Number(env.SYNC_RATE_LIMIT_CONTACT ?? CONTACT_RATE_LIMIT),
    ...overrides,
  };
}
