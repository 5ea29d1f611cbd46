import type { AnalyticsTransport } from './events.ts';

/**
 * The default transport, loaded only after analytics consent: posts each batch to the configured
 * endpoint (the sync-server's POST /__analytics, or a hosted collector speaking the same body:
 * supabase/README.md, the analytics migration's row). No cookie, no Authorization header.
 * - A normal send uses fetch: true when the collector took it or refused it for good (4xx but
 *   429: a batch it refuses will never pass), false to keep it for later (offline, 429, 5xx).
 * - When the page is going away, sendBeacon (it survives the unload).
 * With no endpoint configured, batches are dropped here, after the consent logic has run.
 */
export function createBeaconTransport(endpoint: string | undefined): AnalyticsTransport {
  return {
    async send(batch, options = {}) {
      if (!endpoint || batch.events.length === 0) return true;
      const body = JSON.stringify(batch);
      if (options.unloading && typeof navigator.sendBeacon === 'function') {
        if (navigator.sendBeacon(endpoint, new Blob([body], { type: 'application/json' }))) return true;
      }
      try {
        const response = await fetch(endpoint, {
          method: 'POST',
          body,
          keepalive: true,
          credentials: 'omit',
          headers: { 'content-type': 'application/json' },
        });
        return response.status < 500 && response.status !== 429;
      } catch {
        return false;
      }
    },
  };
}
