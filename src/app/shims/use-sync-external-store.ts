// React 19 has useSyncExternalStore built in; wouter still imports the pre-18 shim. Aliased in
// vite.config.ts so the landing page does not carry the shim's code.
export { useSyncExternalStore } from 'react';
