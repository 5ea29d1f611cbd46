import type { AnalyticsTransport } from './events.ts';

/**
 * The default transport, loaded only after analytics consent: posts batches to the configured
 * endpoint with sendBeacon (survives page unload), falling back to fetch keepalive.
 * With no endpoint configured, events are dropped here, after consent logic has run.
 */
export function createBeaconTransport(endpoint: string | undefined): AnalyticsTransport {
  return {
    send(events) {
      if (!endpoint || events.length === 0) return;
      const body = JSON.stringify({ events });
      const sent = typeof navigator.sendBeacon === 'function' && navigator.sendBeacon(endpoint, new Blob([body], { type: 'application/json' }));
      if (!sent) {
        void fetch(endpoint, { method: 'POST', body, keepalive: true, headers: { 'content-type': 'application/json' } }).catch(
          () => {},
        );
      }
    },
  };
}
