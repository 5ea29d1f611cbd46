import { describe, expect, it } from 'vitest';
import { TokenBuckets } from './rate-limit.ts';

/** The token buckets behind the auth rate limits, on a clock the test moves. */

function clock(start = 1_000_000) {
  let now = start;
  return { now: () => now, advance: (ms: number) => (now += ms) };
}

describe('TokenBuckets', () => {
  it('lets a burst of 30 through, then one request every 300 / rate seconds', () => {
    const time = clock();
    const buckets = new TokenBuckets(150, time.now); // GoTrue's token limit: 150 per 5 minutes = one per 2 s
    for (let i = 0; i < 30; i++) expect(buckets.take('10.0.0.2')).toBe(0);
    expect(buckets.take('10.0.0.2')).toBe(2);
    time.advance(1_000);
    expect(buckets.take('10.0.0.2')).toBe(1);
    time.advance(1_001);
    expect(buckets.take('10.0.0.2')).toBe(0);
    expect(buckets.take('10.0.0.2')).toBe(2);
  });

  it('keeps addresses apart', () => {
    const buckets = new TokenBuckets(30, clock().now);
    for (let i = 0; i < 30; i++) buckets.take('10.0.0.2');
    expect(buckets.take('10.0.0.2')).toBeGreaterThan(0);
    expect(buckets.take('10.0.0.3')).toBe(0);
  });

  it('caps the burst at a configured rate below 30', () => {
    const buckets = new TokenBuckets(3, clock().now);
    expect([1, 2, 3, 4].map(() => buckets.take('a'))).toEqual([0, 0, 0, 100]);
  });

  it('refills no further than the burst after a long pause', () => {
    const time = clock();
    const buckets = new TokenBuckets(30, time.now);
    buckets.take('a');
    time.advance(24 * 3_600_000);
    for (let i = 0; i < 30; i++) expect(buckets.take('a')).toBe(0);
    expect(buckets.take('a')).toBeGreaterThan(0);
  });

  it('forgets an address once its bucket has refilled, so memory does not grow with time', () => {
    const time = clock();
    const buckets = new TokenBuckets(30, time.now);
    for (let i = 0; i < 500; i++) buckets.take(`10.0.${i >> 8}.${i & 255}`);
    expect(buckets.size).toBe(500);
    time.advance(5 * 60_000 + 1);
    buckets.take('10.9.9.9');
    expect(buckets.size).toBe(1);
  });

  it('remembers at most maxKeys addresses, dropping the least recently seen', () => {
    const time = clock();
    const buckets = new TokenBuckets(30, time.now, 100);
    for (let i = 0; i < 30; i++) buckets.take('busy');
    for (let i = 0; i < 1_000; i++) {
      buckets.take(`other-${i}`);
      buckets.take('busy'); // seen again each time: kept, and still limited
    }
    expect(buckets.size).toBeLessThanOrEqual(100);
    expect(buckets.take('busy')).toBeGreaterThan(0);
  });

  it('refuses a rate that is not a positive number', () => {
    expect(() => new TokenBuckets(0)).toThrow(/positive/);
    expect(() => new TokenBuckets(Number.NaN)).toThrow(/positive/);
    expect(() => new TokenBuckets(Infinity)).toThrow(/positive/);
  });
});
