import { Hono } from 'hono';
import type { ServerContext } from '../context.ts';

// Placeholder until the functions module lands: answers 501 so a client sees a clear error.
export function createFunctionsApp(_ctx: ServerContext): Hono {
  const app = new Hono();
  app.all('*', (c) => c.json({ message: 'functions is not implemented yet' }, 501));
  return app;
}
