import fs from 'node:fs/promises';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import WebSocket from 'ws';
import type { FunctionHandler } from './types.ts';

/** A function name as a URL segment: no dots or slashes, and `_shared`-style folders are not functions. */
const FUNCTION_NAME = /^[A-Za-z0-9][A-Za-z0-9_-]*$/;

/** The module failed to load or has no default export function (Supabase's BOOT_ERROR). */
export class FunctionBootError extends Error {}

/**
 * Loads `<functionsDir>/<name>/handler.ts` with a dynamic import and keeps it. When the file
 * changes (mtime) it is imported again under a new URL, so editing a function needs no restart.
 */
export class FunctionLoader {
  private readonly cache = new Map<string, { mtimeMs: number; handler: FunctionHandler }>();

  constructor(private readonly functionsDir: string) {}

  /** The handler of a function, or undefined when there is no such function. */
  async load(name: string): Promise<FunctionHandler | undefined> {
    if (!FUNCTION_NAME.test(name)) return undefined;
    const file = path.join(this.functionsDir, name, 'handler.ts');
    const stat = await fs.stat(file).catch(() => undefined);
    if (!stat?.isFile()) return undefined;
    const cached = this.cache.get(file);
    if (cached?.mtimeMs === stat.mtimeMs) return cached.handler;

    provideGlobalWebSocket();
    const url = pathToFileURL(file).href + (cached ? `?v=${stat.mtimeMs}` : '');
    let module: { default?: unknown };
    try {
      module = (await import(url)) as { default?: unknown };
    } catch (error) {
      throw new FunctionBootError(`${name}/handler.ts failed to load: ${(error as Error).message}`, { cause: error });
    }
    if (typeof module.default !== 'function') {
      throw new FunctionBootError(`${name}/handler.ts has no default export function`);
    }
    const handler = module.default as FunctionHandler;
    this.cache.set(file, { mtimeMs: stat.mtimeMs, handler });
    return handler;
  }
}

/**
 * Edge Functions run on Deno, where WebSocket is a global; Node has one only from version 22.
 * supabase-js builds its realtime client in createClient() and throws on Node 20 without one, so
 * a handler written for Deno (`createClient(env.supabaseUrl, key)`) would fail here. Give Node 20
 * the `ws` implementation as the global, once, before the first handler loads.
 */
function provideGlobalWebSocket(): void {
  const scope = globalThis as { WebSocket?: unknown };
  if (typeof scope.WebSocket === 'undefined') scope.WebSocket = WebSocket;
}
