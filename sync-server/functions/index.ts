import path from 'node:path';
import { Hono, type Context } from 'hono';
import type { ServerContext } from '../context.ts';
import { mailboxSender } from '../auth/mailbox.ts';
import { chooseRedirect } from '../auth/redirect.ts';
import { requestInfo } from '../auth/request.ts';
import { readVerifyJwtSettings } from './config-toml.ts';
import { FunctionBootError, FunctionLoader } from './loader.ts';
import type { FunctionEnv } from './types.ts';

export type { FunctionEnv, FunctionHandler } from './types.ts';

/**
 * Edge Functions (`/functions/v1/<name>[/…]`), run in process: the default export of
 * `<functionsDir>/<name>/handler.ts` gets the request (path from `/<name>`, caller's Authorization
 * header included) and the project's URL and keys. As on Supabase, the JWT is verified first
 * unless supabase/config.toml says `[functions.<name>] verify_jwt = false`; responses and error
 * bodies follow Supabase's relay (404 NOT_FOUND, 401 for a missing or invalid token, 500
 * WORKER_ERROR when the handler throws, 503 BOOT_ERROR when it cannot load).
 */
/** Methods a Fetch API Request cannot carry (the Fetch standard's forbidden methods): no handler can get them. */
const FORBIDDEN_METHODS = new Set(['CONNECT', 'TRACE', 'TRACK']);

export function createFunctionsApp(ctx: ServerContext): Hono {
  const loader = new FunctionLoader(ctx.config.functionsDir);
  // config.toml sits beside the functions folder (supabase/config.toml, supabase/functions/).
  const configPath = path.join(path.dirname(path.resolve(ctx.config.functionsDir)), 'config.toml');
  const app = new Hono();

  const invoke = async (c: Context) => {
    const name = c.req.param('name') ?? '';
    if (FORBIDDEN_METHODS.has(c.req.method.toUpperCase())) {
      return c.json({ code: 'METHOD_NOT_ALLOWED', message: `Method ${c.req.method} is not allowed` }, 405);
    }
    let handler;
    try {
      handler = await loader.load(name);
    } catch (error) {
      if (!(error instanceof FunctionBootError)) throw error;
      console.error('[functions]', error);
      return c.json({ code: 'BOOT_ERROR', message: 'Worker failed to boot (please check logs)' }, 503);
    }
    if (!handler) return c.json({ code: 'NOT_FOUND', message: 'Requested function was not found' }, 404);

    const verifyJwt = (await readVerifyJwtSettings(configPath)).get(name) ?? true;
    if (verifyJwt && c.req.method !== 'OPTIONS') {
      const refusal = await jwtRefusal(ctx, c.req.header('authorization'));
      if (refusal) return c.json({ code: 401, message: refusal }, 401);
    }

    const env: FunctionEnv = {
      supabaseUrl: new URL(c.req.url).origin,
      anonKey: ctx.config.anonKey,
      serviceRoleKey: ctx.config.serviceRoleKey,
      mail: { sender: mailboxSender(ctx.db), appUrl: appUrlOf(c, ctx) },
    };
    try {
      const response = await handler(requestForFunction(c), env);
      if (!(response instanceof Response)) throw new TypeError('the handler did not return a Response');
      // A fresh Response: its headers stay mutable for the CORS middleware (fetch() ones are not).
      return new Response(response.body, response);
    } catch (error) {
      console.error(`[functions] ${name}:`, error);
      return c.json({ code: 'WORKER_ERROR', message: 'Function exited due to an error (please check logs)' }, 500);
    }
  };

  app.all('/:name', invoke);
  app.all('/:name/*', invoke);
  // No function name at all (`/functions/v1/`, `//x`): the relay's JSON 404, not Hono's text one.
  app.all('*', (c) => c.json({ code: 'NOT_FOUND', message: 'Requested function was not found' }, 404));
  return app;
}

/**
 * The app a function's mail links back to: the page that called (its Origin) when the auth mails
 * would link there too (chooseRedirect: this server's own origin, loopback, the site URL), else
 * the site URL. A caller cannot make a mail point elsewhere.
 */
function appUrlOf(c: Context, ctx: ServerContext): string {
  return new URL(chooseRedirect(c.req.header('origin'), ctx.config.siteUrl, requestInfo(c, ctx))).origin;
}

/** Why a request may not call a function that verifies JWTs, or undefined if it may. */
async function jwtRefusal(ctx: ServerContext, authorization: string | undefined): Promise<string | undefined> {
  if (!authorization) return 'Missing authorization header';
  const match = /^Bearer\s+(\S+)$/.exec(authorization.trim());
  if (!match) return "Auth header is not 'Bearer {token}'";
  try {
    await ctx.jwt.verify(match[1]);
    return undefined;
  } catch {
    return 'Invalid JWT';
  }
}

/**
 * The request as the function sees it on Supabase: the path starts at the function name
 * (`/<name>/rest?query`), everything else — method, headers, body — passed through untouched.
 */
function requestForFunction(c: Context): Request {
  const request = c.req.raw;
  const url = new URL(request.url);
  // Drop the mount point (`/functions/v1`): the segments before `:name` in the matched route.
  const pattern = c.req.routePath;
  const mountSegments = pattern.slice(0, pattern.indexOf('/:name')).split('/').filter(Boolean).length;
  url.pathname = '/' + url.pathname.split('/').slice(1 + mountSegments).join('/');
  const hasBody = request.method !== 'GET' && request.method !== 'HEAD';
  return new Request(url, {
    method: request.method,
    headers: request.headers,
    body: hasBody ? request.body : undefined,
    signal: request.signal,
    ...(hasBody ? { duplex: 'half' } : {}),
  } as RequestInit);
}
