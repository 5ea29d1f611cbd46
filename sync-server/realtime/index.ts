import type http from 'node:http';
import type { ServerContext } from '../context.ts';

// Placeholder until the realtime module lands.
export function attachRealtime(_server: http.Server, _ctx: ServerContext): { close(): Promise<void> } {
  return { close: async () => {} };
}
