import { afterEach, describe, expect, it, vi } from 'vitest';
import { firstSyncHoldsReleased, holdFirstSync } from './first-sync-holds.ts';

/** Issue 20: a first sync starts after an invitation's redeem is answered, and never waits long. */
describe('first sync holds', () => {
  afterEach(() => vi.useRealTimers());

  it('waits for a redeem under way, answered or refused, and not for one already answered', async () => {
    const order: string[] = [];
    let answer!: (value: unknown) => void;
    holdFirstSync(new Promise((resolve) => (answer = resolve)).then(() => order.push('redeemed')));
    let refuse!: (error: Error) => void;
    const refused = new Promise((_, reject) => (refuse = reject));
    refused.catch(() => undefined);
    holdFirstSync(refused);

    const sync = firstSyncHoldsReleased(60_000).then(() => order.push('first sync'));
    answer('notebook-id');
    await Promise.resolve();
    refuse(new Error('invite_invalid'));
    await sync;
    expect(order).toEqual(['redeemed', 'first sync']);

    // Released: the next sign-in's first sync does not wait for them again.
    await firstSyncHoldsReleased(60_000);
  });

  it('starts anyway when a redeem never answers', async () => {
    vi.useFakeTimers();
    holdFirstSync(new Promise(() => undefined));
    let started = false;
    const sync = firstSyncHoldsReleased(3000).then(() => (started = true));
    await vi.advanceTimersByTimeAsync(2999);
    expect(started).toBe(false);
    await vi.advanceTimersByTimeAsync(1);
    await sync;
    expect(started).toBe(true);
  });
});
