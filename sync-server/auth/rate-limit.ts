import type { Context, MiddlewareHandler } from 'hono';
import type { AuthRateLimits } from '../config.ts';
import { errorResponse, requestRateLimited } from './errors.ts';
import { remoteAddress } from './request.ts';

/**
 * GoTrue's per-address request limits (internal/api/apilimiter, tollbooth token buckets): each
 * client address may make a burst of requests at once, then one more every 300 / rate seconds.
 * GoTrue's burst is 30; a configured rate below 30 per 5 minutes also caps the burst (a burst
 * larger than the whole 5-minute allowance would make a small limit meaningless).
 */

const BURST = 30;
const FIVE_MINUTES_MS = 5 * 60 * 1000;
/** At most this many addresses are remembered per limit (a few hundred bytes each). */
const MAX_ADDRESSES = 10_000;

interface Bucket {
  tokens: number;
  at: number;
}

/**
 * One token bucket per key. Memory stays bounded: a bucket that has refilled is the same as no
 * bucket, so those are dropped at each sweep; beyond maxKeys the least recently used go first.
 */
export class TokenBuckets {
  private readonly buckets = new Map<string, Bucket>();
  private readonly capacity: number;
  private readonly tokensPerMs: number;
  private lastSweep: number;

  constructor(
    ratePer5Minutes: number,
    private readonly now: () => number = Date.now,
    private readonly maxKeys = MAX_ADDRESSES,
  ) {
    if (!Number.isFinite(ratePer5Minutes) || ratePer5Minutes <= 0) {
      throw new Error(`A rate limit must be a positive number of requests per 5 minutes (got ${ratePer5Minutes})`);
    }
    this.capacity = Math.min(BURST, ratePer5Minutes);
    this.tokensPerMs = ratePer5Minutes / FIVE_MINUTES_MS;
    this.lastSweep = now();
  }

  /** Takes a token for key: 0 when the request may go on, else the seconds until it could. */
  take(key: string): number {
    const now = this.now();
    if (now - this.lastSweep > this.capacity / this.tokensPerMs) this.sweep(now);
    const tokens = this.tokensAt(key, now);
    // Re-inserted so that the Map's order is least recently used first.
    this.buckets.delete(key);
    this.buckets.set(key, { tokens: tokens >= 1 ? tokens - 1 : tokens, at: now });
    if (this.buckets.size > this.maxKeys) this.evict(now);
    return tokens >= 1 ? 0 : Math.ceil((1 - tokens) / this.tokensPerMs / 1000);
  }

  /**
   * Gives back the token a request took (a limit that counts failures: the request succeeded).
   * Never above the bucket's capacity.
   */
  refund(key: string): void {
    const now = this.now();
    const bucket = this.buckets.get(key);
    if (!bucket) return;
    const tokens = Math.min(this.capacity, this.tokensAt(key, now) + 1);
    if (tokens >= this.capacity) this.buckets.delete(key);
    else this.buckets.set(key, { tokens, at: now });
  }

  /** How many keys are remembered (for tests of the memory bound). */
  get size(): number {
    return this.buckets.size;
  }

  private tokensAt(key: string, now: number): number {
    const bucket = this.buckets.get(key);
    if (!bucket) return this.capacity;
    return Math.min(this.capacity, bucket.tokens + Math.max(0, now - bucket.at) * this.tokensPerMs);
  }

  private sweep(now: number): void {
    this.lastSweep = now;
    for (const key of [...this.buckets.keys()]) {
      if (this.tokensAt(key, now) >= this.capacity) this.buckets.delete(key);
    }
  }

  private evict(now: number): void {
    this.sweep(now);
    for (const key of this.buckets.keys()) {
      if (this.buckets.size <= this.maxKeys) break;
      this.buckets.delete(key);
    }
  }
}

/** The client address as a bucket key: IPv4 seen through an IPv6 socket counts as itself. */
function clientKey(c: Context): string {
  const address = remoteAddress(c) ?? 'unknown';
  return address.startsWith('::ffff:') ? address.slice('::ffff:'.length) : address;
}

export type LimitedAction = 'signup' | 'recover' | 'resend' | 'magiclink' | 'otp' | 'user' | 'token' | 'verify';

/**
 * The middlewares of each limited endpoint, with their own buckets as in GoTrue: the e-mail
 * sending endpoints and PUT /user on GOTRUE_RATE_LIMIT_OTP, /token on
 * GOTRUE_RATE_LIMIT_TOKEN_REFRESH, /verify on GOTRUE_RATE_LIMIT_VERIFY.
 */
export function createRateLimits(limits: AuthRateLimits): (action: LimitedAction) => MiddlewareHandler {
  if (!Number.isFinite(limits.emailMaxFrequencySeconds) || limits.emailMaxFrequencySeconds < 0) {
    throw new Error(`The pause between two auth e-mails must be a duration of 0 or more (got ${limits.emailMaxFrequencySeconds})`);
  }
  const rate = (action: LimitedAction) =>
    action === 'token' ? limits.tokenRefresh : action === 'verify' ? limits.verify : limits.otp;
  const buckets = new Map<LimitedAction, TokenBuckets>();
  return (action) => {
    const bucket = buckets.get(action) ?? new TokenBuckets(rate(action));
    buckets.set(action, bucket);
    return async (c, next) => {
      const wait = bucket.take(clientKey(c));
      if (wait > 0) return errorResponse(c, requestRateLimited(wait));
      await next();
    };
  };
}

/** The RPCs that take a secret code, and would answer a script trying codes one after another. */
export const CODE_GUESSING_RPCS: ReadonlySet<string> = new Set(['claim_guest', 'redeem_invite', 'confirm_guardian']);

/**
 * The per-address limit of the code-taking RPCs (issue 28), in GoTrue's style: a bucket per RPC
 * and client address, a burst of 30 and then 30 per 5 minutes by default. It counts wrong codes:
 * each call takes a token before it runs (so parallel calls cannot slip past) and gets it back
 * when it succeeds. The database limits each account too (supabase/README.md "Guessing codes").
 * `refuse` makes the answer (the REST API's: PostgREST's envelope with a 429).
 */
export function createCodeGuessLimit(
  ratePer5Minutes: number,
  refuse: (wait: number) => Response,
): (rpc: string) => MiddlewareHandler | undefined {
  const buckets = new Map<string, TokenBuckets>();
  return (rpc) => {
    if (!CODE_GUESSING_RPCS.has(rpc)) return undefined;
    const bucket = buckets.get(rpc) ?? new TokenBuckets(ratePer5Minutes);
    buckets.set(rpc, bucket);
    return async (c, next) => {
      const key = clientKey(c);
      const wait = bucket.take(key);
      if (wait > 0) return refuse(wait);
      await next();
      if (c.res.status < 400) bucket.refund(key);
    };
  };
}

/**
 * The per-address limit of send_contact_message (issue 33), the auth endpoints' kind: one bucket
 * per client address, every call counted (a sent message as much as a refused one), a burst of
 * ratePer5Minutes (at most 30) and then evenly spread. The database limits each e-mail address
 * and account too (supabase/README.md "Sending contact messages"). `refuse` makes the answer.
 */
export function createContactLimit(ratePer5Minutes: number, refuse: (wait: number) => Response): MiddlewareHandler {
  const bucket = new TokenBuckets(ratePer5Minutes);
  return async (c, next) => {
    const wait = bucket.take(clientKey(c));
    if (wait > 0) return refuse(wait);
    await next();
  };
}
