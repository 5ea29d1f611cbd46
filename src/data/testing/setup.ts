/**
 * Setup of the 'data' test project (Node, fake-indexeddb, the sync-server in process). RxDB's
 * Dexie storage prints an "Open Core" notice on first write: filtered here, in tests only, so
 * real warnings stay visible.
 */
const warn = console.warn.bind(console);
console.warn = (...args: unknown[]) => {
  if (typeof args[0] === 'string' && args[0].includes('RxDB Open Core')) return;
  warn(...args);
};
