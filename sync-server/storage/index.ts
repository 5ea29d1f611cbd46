import { Hono } from 'hono';
import type { ServerContext } from '../context.ts';

// Placeholder until the storage module lands: answers 501 so a client sees a clear error.
export function createStorageApp(_ctx: ServerContext): Hono {
  const app = new Hono();
  app.all('*', (c) => c.json({ message: 'storage is not implemented yet' }, 501));
  return app;
}
