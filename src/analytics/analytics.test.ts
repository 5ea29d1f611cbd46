import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { ACCEPT_ALL, REJECT_OPTIONAL, useConsentStore } from '../state/consent.ts';
import { ROUTES } from '../app/routes.ts';
import { queuedAnalyticsEvents, startAnalytics, track, trackException } from './analytics.ts';
import { trackPurchase } from './purchase.ts';
// imported by analytics.ts once consent is given; imported here first so that fake timers need not wait for the module
import {
  ANALYTICS_DELAY_MS,
  VISITOR_STORAGE_KEY,
  isAnalyticsLoaded,
  resetAnalyticsForTests,
  setAnalyticsTransportLoader,
} from './consented.ts';
import { createBeaconTransport } from './beacon-transport.ts';
// loaded by analytics.ts with the transport; imported here first so that fake timers need not wait for the module
import { ANALYTICS_FLUSH_MS, ANALYTICS_RETRY_MS } from './sender.ts';
import { EVENT_PARAMS, ROUTE_PATHS, routePatternOf, type AnalyticsBatch } from './events.ts';

const ACCEPT_ONLY_FUNCTIONAL = { ...REJECT_OPTIONAL, functional: true };

describe('analytics', () => {
  let batches: AnalyticsBatch[];
  let loads: number;
  let stop: () => void;
  let answer: boolean;
  const names = () => batches.flatMap((b) => b.events.map((e) => e.name));

  beforeEach(() => {
    vi.useFakeTimers();
    localStorage.clear();
    resetAnalyticsForTests();
    useConsentStore.setState({ choice: null });
    batches = [];
    loads = 0;
    answer = true;
    setAnalyticsTransportLoader(async () => {
      loads++;
      return { send: (batch) => (batches.push(structuredClone(batch)), answer) };
    });
  });
  afterEach(() => {
    stop?.();
    vi.useRealTimers();
    vi.unstubAllGlobals();
  });

  it('loads nothing and sends nothing without a consent choice, whatever the interactions', async () => {
    stop = startAnalytics();
    track('page_view', { path: '/' });
    window.dispatchEvent(new Event('click'));
    window.dispatchEvent(new Event('keydown'));
    await vi.advanceTimersByTimeAsync(ANALYTICS_DELAY_MS * 10);
    expect(isAnalyticsLoaded()).toBe(false);
    expect(loads).toBe(0);
    expect(batches).toEqual([]);
    expect(localStorage.getItem(VISITOR_STORAGE_KEY)).toBeNull();
  });

  it('consent to other categories but not analytics sends nothing', async () => {
    useConsentStore.getState().save(ACCEPT_ONLY_FUNCTIONAL);
    stop = startAnalytics();
    track('login', { method: 'password' });
    window.dispatchEvent(new Event('mousemove'));
    await vi.advanceTimersByTimeAsync(ANALYTICS_DELAY_MS * 10);
    expect(loads).toBe(0);
    expect(batches).toEqual([]);
  });

  it('with consent, loads after 3 seconds (not before) and sends what was queued', async () => {
    stop = startAnalytics();
    track('page_view', { path: '/' });
    useConsentStore.getState().save(ACCEPT_ALL);
    await vi.advanceTimersByTimeAsync(ANALYTICS_DELAY_MS - 1);
    expect(isAnalyticsLoaded()).toBe(false);
    expect(batches).toEqual([]);
    await vi.advanceTimersByTimeAsync(1);
    expect(isAnalyticsLoaded()).toBe(true);
    expect(names()).toEqual(['page_view']);
    // later events go in a batch after a few seconds, not one request each
    track('search', { area: 'people', has_results: true });
    track('login', { method: 'password' });
    expect(names()).toEqual(['page_view']);
    await vi.advanceTimersByTimeAsync(ANALYTICS_FLUSH_MS);
    expect(names()).toEqual(['page_view', 'search', 'login']);
    expect(batches).toHaveLength(2);
    expect(batches[1].visitor).toBe(batches[0].visitor);
  });

  it.each(['click', 'scroll', 'keydown', 'mousemove'])('with consent, the first %s loads it before 3 seconds', async (type) => {
    useConsentStore.getState().save(ACCEPT_ALL);
    stop = startAnalytics();
    await vi.advanceTimersByTimeAsync(100);
    expect(isAnalyticsLoaded()).toBe(false);
    window.dispatchEvent(new Event(type));
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
    expect(queuedAnalyticsEvents()).toEqual([]);
    expect(batches).toEqual([]);
  });

  it('withdrawing consent stops sending and deletes the queue and the visitor value', async () => {
    useConsentStore.getState().save(ACCEPT_ALL);
    stop = startAnalytics();
    await vi.advanceTimersByTimeAsync(ANALYTICS_DELAY_MS);
    track('notebook_created', { questions: 3 });
    await vi.advanceTimersByTimeAsync(ANALYTICS_FLUSH_MS);
    expect(names()).toEqual(['notebook_created']);
    expect(localStorage.getItem(VISITOR_STORAGE_KEY)).not.toBeNull();
    track('answer_submitted', { offline: false });
    useConsentStore.getState().save(REJECT_OPTIONAL);
    expect(queuedAnalyticsEvents()).toEqual([]);
    expect(localStorage.getItem(VISITOR_STORAGE_KEY)).toBeNull();
    track('login');
    await vi.advanceTimersByTimeAsync(ANALYTICS_FLUSH_MS * 4);
    expect(names()).toEqual(['notebook_created']);
  });

  it('offline: events wait (never blocking) and go in one batch when the connection is back', async () => {
    useConsentStore.getState().save(ACCEPT_ALL);
    stop = startAnalytics();
    await vi.advanceTimersByTimeAsync(ANALYTICS_DELAY_MS);
    vi.stubGlobal('navigator', { ...navigator, onLine: false });
    track('answer_submitted', { offline: true });
    track('notebook_shared', { method: 'link' });
    await vi.advanceTimersByTimeAsync(ANALYTICS_FLUSH_MS * 3);
    expect(batches).toEqual([]);
    vi.stubGlobal('navigator', { ...navigator, onLine: true });
    window.dispatchEvent(new Event('online'));
    await vi.advanceTimersByTimeAsync(0);
    expect(batches).toHaveLength(1);
    expect(names()).toEqual(['answer_submitted', 'notebook_shared']);
  });

  it('a failed send keeps the batch for the next flush; at most 100 wait', async () => {
    useConsentStore.getState().save(ACCEPT_ALL);
    stop = startAnalytics();
    await vi.advanceTimersByTimeAsync(ANALYTICS_DELAY_MS);
    answer = false;
    for (let i = 0; i < 120; i++) track('page_view', { path: '/' });
    await vi.advanceTimersByTimeAsync(ANALYTICS_FLUSH_MS);
    expect(queuedAnalyticsEvents()).toHaveLength(100);
    answer = true;
    track('login');
    await vi.advanceTimersByTimeAsync(ANALYTICS_RETRY_MS + ANALYTICS_FLUSH_MS);
    expect(queuedAnalyticsEvents()).toEqual([]);
    expect(names()).toHaveLength(50 + 100);
  });

  it('no personal field in any payload: only listed parameters with listed values leave the device', async () => {
    useConsentStore.getState().save(ACCEPT_ALL);
    stop = startAnalytics();
    await vi.advanceTimersByTimeAsync(ANALYTICS_DELAY_MS);
    const secret = 'Maria Souza maria@example.test 4f1c2b9e-1111-4222-8333-944445555666';
    // What careless call sites might pass: all of it must be dropped.
    const loose = track as unknown as (name: string, props: Record<string, unknown>) => void;
    loose('search', { q: secret, area: 'people', has_results: false });
    loose('answer_submitted', { text: secret, answer_id: '4f1c2b9e-1111-4222-8333-944445555666', author: 'maria', offline: false });
    loose('page_view', { path: '/profile/maria', locale: 'pt-BR', user_id: secret });
    loose('profile_updated', { username: 'maria', email: 'maria@example.test' });
    loose('sign_up', { email: 'maria@example.test' });
    loose('notebook_shared', { method: 'person', to: 'maria' });
    loose('notebook_created', { title: secret, questions: 2 });
    loose('exception', { message: secret, where: 'render' });
    trackException(new TypeError(secret), 'render');
    trackPurchase({ value_cents: 990, item_category: 'theme' });
    loose('login', { method: 'password', user_id: secret });
    loose('collaboration_invite_sent', { invitee: 'maria' });
    loose('collaboration_accepted', { notebook_id: secret });
    loose('not_an_event', { x: 1 });
    // the app passes the address; what leaves is its route pattern
    track('page_view', { path: '/profile/maria', locale: 'en-US' });
    track('page_view', { path: '/notebook/4f1c2b9e-1111-4222-8333-944445555666?x=1', locale: 'en-US' });
    trackException(new (class extends Error { name = 'MariaError'; })('x'), 'unhandled');
    await vi.advanceTimersByTimeAsync(ANALYTICS_FLUSH_MS);
    expect(batches.length).toBeGreaterThan(0);
    for (const batch of batches) {
      const text = JSON.stringify(batch);
      expect(text).not.toMatch(/maria|souza|@|4f1c2b9e|secret/i);
      expect(Object.keys(batch).sort()).toEqual(['events', 'visitor']);
      expect(batch.visitor).toMatch(/^[0-9a-f]{16}$/);
      for (const event of batch.events) {
        expect(Object.keys(event).sort()).toEqual(['at', 'name', 'props']);
        const rules = EVENT_PARAMS[event.name] as Record<string, unknown>;
        for (const key of Object.keys(event.props)) expect(Object.keys(rules)).toContain(key);
      }
    }
    const events = batches.flatMap((b) => b.events);
    expect(events.find((e) => e.name === 'purchase')?.props).toEqual({ currency: 'BRL', value_cents: 990, item_category: 'theme' });
    expect(events.filter((e) => e.name === 'exception').map((e) => e.props)).toEqual([
      { where: 'render' },
      { where: 'render', error: 'TypeError' },
      { where: 'unhandled', error: 'other' },
    ]);
    expect(events.filter((e) => e.name === 'page_view').map((e) => e.props.path)).toEqual(['/profile/:username', '/profile/:username', '/notebook/:id']);
    expect(events.map((e) => e.name)).not.toContain('not_an_event');
  });

  it('every route of the app is named in events.ts (a new one would be counted as *)', () => {
    const named = new Set<string>(ROUTE_PATHS);
    expect(ROUTES.map((r) => r.path).filter((path) => !named.has(path))).toEqual([]);
  });

  it('every route pattern named in events.ts is a route of the app (or * for none)', () => {
    const paths = new Set(ROUTES.map((r) => r.path));
    for (const path of ROUTE_PATHS) if (path !== '*') expect(paths, path).toContain(path);
    expect(routePatternOf('/nada/aqui')).toBe('*');
    expect(routePatternOf('/guardian/purchase/abc123')).toBe('/guardian/purchase/:token');
    expect(routePatternOf('/')).toBe('/');
  });
});

describe('the beacon transport', () => {
  afterEach(() => vi.unstubAllGlobals());
  const batch: AnalyticsBatch = { visitor: '0123456789abcdef', events: [{ name: 'login', props: {}, at: new Date().toISOString() }] };

  it('posts the batch as JSON without credentials; keeps it on 429/5xx/offline, lets go on 2xx/4xx', async () => {
    const calls: RequestInit[] = [];
    let status = 202;
    vi.stubGlobal('fetch', async (_url: string, init: RequestInit) => {
      calls.push(init);
      if (status === 0) throw new TypeError('offline');
      return new Response(null, { status });
    });
    const transport = createBeaconTransport('/__analytics');
    expect(await transport.send(batch)).toBe(true);
    expect(calls[0]).toMatchObject({ method: 'POST', credentials: 'omit', body: JSON.stringify(batch) });
    status = 400;
    expect(await transport.send(batch)).toBe(true);
    status = 429;
    expect(await transport.send(batch)).toBe(false);
    status = 503;
    expect(await transport.send(batch)).toBe(false);
    status = 0;
    expect(await transport.send(batch)).toBe(false);
  });

  it('without an endpoint sends nothing', async () => {
    const spy = vi.fn();
    vi.stubGlobal('fetch', spy);
    expect(await createBeaconTransport(undefined).send(batch)).toBe(true);
    expect(spy).not.toHaveBeenCalled();
  });
});
