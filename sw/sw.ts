/// <reference lib="webworker" />
/**
 * The Cadernos service worker (ARCHITECTURE §5). Built by scripts/build-sw.ts: bundled as one
 * IIFE, then workbox-build injects the precache manifest (every file of the built app: shell,
 * route chunks, both catalogs, icons, fonts).
 */
import { clientsClaim } from 'workbox-core';
import { cleanupOutdatedCaches, PrecacheController, PrecacheRoute } from 'workbox-precaching';
import { NavigationRoute, registerRoute } from 'workbox-routing';
import { CacheFirst, StaleWhileRevalidate } from 'workbox-strategies';
import { ExpirationPlugin } from 'workbox-expiration';
import { CacheableResponsePlugin } from 'workbox-cacheable-response';
import { registerPushBackgroundSync } from './background-sync.ts';
import { BACKEND_PATH_PREFIXES, SW_MESSAGES } from './protocol.ts';
import { installPrecache } from './precache-install.ts';

declare const self: ServiceWorkerGlobalScope;

// Workbox's precacheAndRoute, with the files fetched a few at a time (precache-install.ts).
const precache = new PrecacheController();
precache.addToCacheList(self.__WB_MANIFEST);
self.addEventListener('install', (event) => event.waitUntil(installPrecache(precache)));
self.addEventListener('activate', (event) => void precache.activate(event));
registerRoute(new PrecacheRoute(precache));
cleanupOutdatedCaches();

// Every app route is the same shell; the router inside decides. Backend paths are never the shell.
const backendPaths = BACKEND_PATH_PREFIXES.map((prefix) => new RegExp(`^${prefix}(/|$)`));
registerRoute(new NavigationRoute(precache.createHandlerBoundToURL('/index.html'), { denylist: backendPaths }));

// Avatars and covers: immutable enough to serve from cache first, bounded so phones do not fill up.
registerRoute(
  ({ url }) => url.pathname.startsWith('/storage/v1/object/public/'),
  new CacheFirst({
    cacheName: 'storage-images',
    plugins: [
      new CacheableResponsePlugin({ statuses: [0, 200] }),
      new ExpirationPlugin({ maxEntries: 200, maxAgeSeconds: 30 * 24 * 3600, purgeOnQuotaError: true }),
    ],
  }),
);

// Dynamic translations: show the last known texts at once, refresh them in the background. The
// admin's list asks with ?fresh (it must see its own writes at once): straight to the network.
registerRoute(
  ({ url }) => url.pathname.startsWith('/functions/v1/translations-manager') && !url.searchParams.has('fresh'),
  new StaleWhileRevalidate({
    cacheName: 'translations',
    plugins: [new CacheableResponsePlugin({ statuses: [200] }), new ExpirationPlugin({ maxEntries: 20 })],
  }),
);

// Pushes that fail for lack of connection are replayed when it returns, even with no page open.
registerPushBackgroundSync();

self.addEventListener('message', (event) => {
  if (event.data?.type === SW_MESSAGES.skipWaiting) void self.skipWaiting();
});

// The first install controls the open page at once, so it works offline without a reload.
clientsClaim();
