/**
 * The dynamic translations' loading against a failing backend (issue 36; spec §9): 5 retries at
 * 350, 700, 1400, 2800, 5600 ms (fake timers: no real waits), at most 10 reads at once, the
 * static text when every try fails (logged, not thrown), the last good list kept for offline
 * visits, and 5 minutes in memory.
 */
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';

type Module = typeof import('./dynamic-translations.ts');
let m: Module;

beforeEach(async () => {
  vi.resetModules();
  vi.useFakeTimers();
  localStorage.clear();
  m = await import('./dynamic-translations.ts');
});
afterEach(() => {
  vi.useRealTimers();
  vi.restoreAllMocks();
});

const items = [{ id: '1', key: 'home.announcement', pt_br: 'Olá, turma!', en_us: 'Hello, class!' }];
const ok = () => new Response(JSON.stringify(items), { status: 200, headers: { 'content-type': 'application/json' } });

describe('readWithRetries', () => {
  it('tries 6 times in all, waiting 350, 700, 1400, 2800 and 5600 ms, then fails', async () => {
    const tries: number[] = [];
    const start = Date.now();
    const fetch = vi.fn(async () => {
      tries.push(Date.now() - start);
      throw new TypeError('Failed to fetch');
    });
    const read = m.readWithRetries('/x', {}, { fetch: fetch as never });
    const outcome = read.catch((error: unknown) => error);
    await vi.runAllTimersAsync();
    expect(await outcome).toBeInstanceOf(m.ReadFailed);
    expect(tries).toEqual([0, 350, 1050, 2450, 5250, 10850]);
    expect(m.retryDelays()).toEqual([350, 700, 1400, 2800, 5600]);
  });

  it('stops retrying when an answer arrives, and does not retry a 4xx other than 408/429', async () => {
    const fetch = vi
      .fn()
      .mockResolvedValueOnce(new Response('', { status: 503 }))
      .mockResolvedValueOnce(new Response('', { status: 429 }))
      .mockResolvedValueOnce(ok());
    const read = m.readWithRetries('/x', {}, { fetch });
    await vi.advanceTimersByTimeAsync(349);
    expect(fetch).toHaveBeenCalledTimes(1);
    await vi.advanceTimersByTimeAsync(1);
    expect(fetch).toHaveBeenCalledTimes(2);
    await vi.advanceTimersByTimeAsync(700);
    expect(await read).toEqual(items);

    const notFound = vi.fn().mockResolvedValue(new Response('', { status: 404 }));
    await expect(m.readWithRetries('/y', {}, { fetch: notFound })).rejects.toMatchObject({ status: 404 });
    expect(notFound).toHaveBeenCalledTimes(1);
  });

  it('runs at most 10 reads at once; the 11th starts when one ends', async () => {
    let running = 0;
    let most = 0;
    const releases: (() => void)[] = [];
    const fetch = vi.fn(
      () =>
        new Promise<Response>((resolve) => {
          running++;
          most = Math.max(most, running);
          releases.push(() => {
            running--;
            resolve(ok());
          });
        }),
    );
    const reads = Array.from({ length: 25 }, (_, i) => m.readWithRetries(`/r${i}`, {}, { fetch }));
    await vi.advanceTimersByTimeAsync(0);
    expect(fetch).toHaveBeenCalledTimes(10);
    releases.shift()!();
    await vi.advanceTimersByTimeAsync(0);
    expect(fetch).toHaveBeenCalledTimes(11);
    while (releases.length) {
      releases.shift()!();
      await vi.advanceTimersByTimeAsync(0);
    }
    await Promise.all(reads);
    expect(most).toBe(10);
    expect(fetch).toHaveBeenCalledTimes(25);
  });
});

describe('loadDynamicTranslations', () => {
  it('with the backend down: logs, resolves with no texts after the last retry, and the static text is used', async () => {
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => undefined);
    const fetch = vi.fn().mockRejectedValue(new TypeError('Failed to fetch'));
    const loading = m.loadDynamicTranslations({ fetch });
    await vi.advanceTimersByTimeAsync(350 + 700 + 1400 + 2800 + 5600 - 1);
    expect(fetch).toHaveBeenCalledTimes(5);
    await vi.advanceTimersByTimeAsync(1);
    const loaded = await loading;
    expect(fetch).toHaveBeenCalledTimes(6);
    expect(loaded).toEqual([]);
    expect(warn).toHaveBeenCalledOnce();
    expect(m.dynamicText(loaded, 'home.announcement', 'pt-BR', 'Texto estático')).toBe('Texto estático');
  });

  it('keeps a good list 5 minutes in memory and in localStorage; offline later, the stored copy is read', async () => {
    const fetch = vi.fn().mockImplementation(async () => ok());
    expect(await m.loadDynamicTranslations({ fetch })).toEqual(items);
    expect(await m.loadDynamicTranslations({ fetch })).toEqual(items);
    expect(fetch).toHaveBeenCalledTimes(1);
    expect(JSON.parse(localStorage.getItem(m.STORAGE_KEY)!).items).toEqual(items);

    // a new visit (fresh module), offline: every try fails, the copy of the last visit is used
    vi.resetModules();
    m = await import('./dynamic-translations.ts');
    vi.spyOn(console, 'warn').mockImplementation(() => undefined);
    const offline = vi.fn().mockRejectedValue(new TypeError('Failed to fetch'));
    const loading = m.loadDynamicTranslations({ fetch: offline });
    await vi.runAllTimersAsync();
    const loaded = await loading;
    expect(loaded).toEqual(items);
    expect(m.dynamicText(loaded, 'home.announcement', 'en-US', 'static')).toBe('Hello, class!');
    expect(m.dynamicText(loaded, 'home.announcement', 'pt-BR', 'static')).toBe('Olá, turma!');
  });

  it('reads again after 5 minutes', async () => {
    const fetch = vi.fn().mockImplementation(async () => ok());
    let now = 1_000_000;
    await m.loadDynamicTranslations({ fetch, now: () => now });
    now += 5 * 60 * 1000 - 1;
    await m.loadDynamicTranslations({ fetch, now: () => now });
    expect(fetch).toHaveBeenCalledTimes(1);
    now += 1;
    await m.loadDynamicTranslations({ fetch, now: () => now });
    expect(fetch).toHaveBeenCalledTimes(2);
  });
});
