import fs from 'node:fs/promises';
import path from 'node:path';
import { Hono } from 'hono';

const MIME: Record<string, string> = {
  '.html': 'text/html; charset=utf-8',
  '.js': 'text/javascript; charset=utf-8',
  '.mjs': 'text/javascript; charset=utf-8',
  '.css': 'text/css; charset=utf-8',
  '.json': 'application/json',
  '.webmanifest': 'application/manifest+json',
  '.svg': 'image/svg+xml',
  '.png': 'image/png',
  '.ico': 'image/x-icon',
  '.woff2': 'font/woff2',
  '.txt': 'text/plain; charset=utf-8',
};

/**
 * Serves the built app. Hashed assets are cached for a year; index.html and the service worker
 * are never cached by HTTP (the service worker does the caching). Any path that is not a file
 * gets index.html, so client-side routes (and /en/...) work on reload. Pages carry the server's
 * anon key (a meta tag src/data/supabase.ts reads): on a school's network it is the install's own
 * key, not the published demo one, and no build has to know it.
 */
export function serveStatic(root: string, { anonKey }: { anonKey: string }): Hono {
  const base = path.resolve(root);
  const app = new Hono();
  app.get('*', async (c) => {
    const urlPath = decodeURIComponent(new URL(c.req.url).pathname);
    const file = path.resolve(base, '.' + urlPath);
    const inside = file === base || file.startsWith(base + path.sep);
    const target = inside && (await isFile(file)) ? file : path.join(base, 'index.html');
    const ext = path.extname(target);
    const body = ext === '.html' ? withAnonKey(await fs.readFile(target, 'utf8'), anonKey) : await fs.readFile(target);
    const immutable = target.includes(`${path.sep}assets${path.sep}`);
    return c.body(body, 200, {
      'content-type': MIME[ext] ?? 'application/octet-stream',
      'cache-control': immutable ? 'public, max-age=31536000, immutable' : 'no-cache',
    });
  });
  return app;
}

async function isFile(file: string): Promise<boolean> {
  return fs.stat(file).then((s) => s.isFile(), () => false);
}

export const ANON_KEY_META = 'cadernos-anon-key';

function withAnonKey(html: string, anonKey: string): string {
  const meta = `<meta name="${ANON_KEY_META}" content="${anonKey.replace(/[^A-Za-z0-9._-]/g, '')}">`;
  return html.includes('</head>') ? html.replace('</head>', `    ${meta}\n  </head>`) : html;
}
