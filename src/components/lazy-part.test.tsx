import { afterEach, describe, expect, it, vi } from 'vitest';
import { Suspense, type ComponentType } from 'react';
import { act, cleanup, render, screen } from '@testing-library/react';
import { lazyPart, loadPart, loadWhenReachable, retryWaitMs, type Reachability } from './lazy-part.ts';

/** A network the test switches on and off, with waits that pass when the test says. */
function fakeNetwork(online = true) {
  const waits: number[] = [];
  let wake: (() => void) | null = null;
  const state = { online };
  const reach: Reachability = {
    online: () => state.online,
    untilOnline: () => new Promise((resolve) => (wake = resolve)),
    sleep: (ms) => {
      waits.push(ms);
      return Promise.resolve();
    },
  };
  return {
    reach,
    waits,
    goOnline() {
      state.online = true;
      wake?.();
    },
    goOffline() {
      state.online = false;
    },
  };
}

const settle = () => new Promise((resolve) => setTimeout(resolve, 0));

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

describe('a lazily loaded part on a weak network', () => {
  it('a chunk that fails twice on a flaky connection arrives on the third try, after waits of 1 s and 2 s', async () => {
    const network = fakeNetwork();
    let calls = 0;
    const load = () => (++calls < 3 ? Promise.reject(new TypeError('Failed to fetch dynamically imported module')) : Promise.resolve('part'));
    await expect(loadWhenReachable(load, network.reach)).resolves.toBe('part');
    expect(calls).toBe(3);
    expect(network.waits).toEqual([1_000, 2_000]);
  });

  it('offline, it tries once (an installed app’s service worker holds the chunk), and after a failure waits for the network', async () => {
    const network = fakeNetwork(false);
    let calls = 0;
    const loading = loadWhenReachable(() => {
      calls += 1;
      return calls === 1 ? Promise.reject(new TypeError('Failed to fetch')) : Promise.resolve('part');
    }, network.reach);
    await settle();
    expect(calls).toBe(1);
    network.goOnline();
    await expect(loading).resolves.toBe('part');
    expect(calls).toBe(2);
    expect(network.waits).toEqual([]);
  });

  it('offline, a chunk the service worker answers loads at once', async () => {
    const network = fakeNetwork(false);
    await expect(loadWhenReachable(() => Promise.resolve('part'), network.reach)).resolves.toBe('part');
  });

  it('a failure as the signal goes waits for the network, not for a timer', async () => {
    const network = fakeNetwork();
    let calls = 0;
    const loading = loadWhenReachable(() => {
      calls += 1;
      if (calls === 1) {
        network.goOffline();
        return Promise.reject(new TypeError('Failed to fetch'));
      }
      return Promise.resolve('part');
    }, network.reach);
    await settle();
    expect(calls).toBe(1);
    network.goOnline();
    await expect(loading).resolves.toBe('part');
    expect(network.waits).toEqual([]);
  });

  it('the waits grow to 30 s and stay there', () => {
    expect([1, 2, 3, 4, 5, 6, 7, 20].map(retryWaitMs)).toEqual([1_000, 2_000, 4_000, 8_000, 16_000, 30_000, 30_000, 30_000]);
  });

  it('in a screen, the fallback shows until the part arrives — a failed download does not break the screen', async () => {
    let fail = true;
    let failures = 0;
    const Part = lazyPart((): Promise<{ default: ComponentType }> => {
      if (fail) {
        failures += 1;
        return Promise.reject(new TypeError('Failed to fetch dynamically imported module'));
      }
      return Promise.resolve({ default: () => <p>Pessoas bloqueadas</p> });
    });
    render(
      <div>
        <h1>Configurações</h1>
        <Suspense fallback={<p>carregando</p>}>
          <Part />
        </Suspense>
      </div>,
    );
    await act(settle);
    expect(failures).toBe(1);
    expect(screen.getByText('Configurações')).toBeTruthy();
    expect(screen.getByText('carregando')).toBeTruthy();
    fail = false;
    // The real wait after the first failure is 1 s.
    await act(() => new Promise((resolve) => setTimeout(resolve, 1_100)));
    expect(screen.getByText('Pessoas bloqueadas')).toBeTruthy();
  });

  it('outside a browser (the build prerenders the landing pages in Node) a missing chunk fails at once — retrying kept the build from exiting', async () => {
    vi.stubGlobal('window', undefined);
    let tries = 0;
    const notBundled = () => {
      tries += 1;
      return Promise.reject(new Error('the deferred overlays are not bundled for the prerender'));
    };
    await expect(loadPart(notBundled)).rejects.toThrow('not bundled for the prerender');
    expect(tries).toBe(1);
  });
});
