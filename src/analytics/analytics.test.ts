import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { ACCEPT_ALL, REJECT_OPTIONAL, useConsentStore } from '../state/consent.ts';
import {
  ANALYTICS_DELAY_MS,
  isAnalyticsLoaded,
  resetAnalyticsForTests,
  setAnalyticsTransportLoader,
  startAnalytics,
  track,
} from './analytics.ts';
import type { AnalyticsEvent } from './events.ts';

describe('analytics', () => {
  let sent: AnalyticsEvent[];
  let stop: () => void;

  beforeEach(() => {
    vi.useFakeTimers();
    localStorage.clear();
    resetAnalyticsForTests();
    useConsentStore.setState({ choice: null });
    sent = [];
    setAnalyticsTransportLoader(async () => ({ send: (events) => sent.push(...events) }));
  });
  afterEach(() => {
    stop?.();
    vi.useRealTimers();
  });

  it('loads nothing and sends nothing without a consent choice', async () => {
    stop = startAnalytics();
    track('page_view', { path: '/' });
    await vi.advanceTimersByTimeAsync(ANALYTICS_DELAY_MS * 2);
    expect(isAnalyticsLoaded()).toBe(false);
    expect(sent).toEqual([]);
  });

  it('with consent, loads after 3 seconds and sends what was queued', async () => {
    stop = startAnalytics();
    track('page_view', { path: '/' });
    useConsentStore.getState().save(ACCEPT_ALL);
    await vi.advanceTimersByTimeAsync(ANALYTICS_DELAY_MS - 1);
    expect(isAnalyticsLoaded()).toBe(false);
    await vi.advanceTimersByTimeAsync(1);
    expect(isAnalyticsLoaded()).toBe(true);
    expect(sent.map((e) => e.name)).toEqual(['page_view']);
    track('search', { q: 'x' });
    expect(sent.map((e) => e.name)).toEqual(['page_view', 'search']);
  });

  it('with consent, the first interaction loads it before 3 seconds', async () => {
    useConsentStore.getState().save(ACCEPT_ALL);
    stop = startAnalytics();
    await vi.advanceTimersByTimeAsync(100);
    window.dispatchEvent(new Event('scroll'));
    await vi.advanceTimersByTimeAsync(0);
    expect(isAnalyticsLoaded()).toBe(true);
  });

  it('a refusal drops the queue and never loads the transport', async () => {
    stop = startAnalytics();
    track('page_view', { path: '/' });
    useConsentStore.getState().save(REJECT_OPTIONAL);
    window.dispatchEvent(new Event('click'));
    await vi.advanceTimersByTimeAsync(ANALYTICS_DELAY_MS * 2);
    track('login');
    expect(isAnalyticsLoaded()).toBe(false);
    expect(sent).toEqual([]);
  });
});
