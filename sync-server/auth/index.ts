import { Hono } from 'hono';
import type { ServerContext } from '../context.ts';

// Placeholder until the auth module lands: answers 501 so a client sees a clear error.
export function createAuthApp(_ctx: ServerContext): Hono {
  const app = new Hono();
  app.all('*', (c) => c.json({ message: 'auth is not implemented yet' }, 501));
  return app;
}
