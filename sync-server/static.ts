import fs from 'node:fs/promises';
import path from 'node:path';
import { promisify } from 'node:util';
import { brotliCompress, constants as zlib, gzip } from 'node:zlib';
import { Hono } from 'hono';
import { prerenderedPages } from './prerendered.ts';
import { routePreloads } from './route-preloads.ts';

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

/** Text files worth compressing (images and fonts are compressed already). */
const COMPRESSIBLE = new Set(['.html', '.js', '.mjs', '.css', '.json', '.webmanifest', '.svg', '.txt']);

/**
 * Serves the built app. Hashed assets are cached for a year; index.html and the service worker
 * are never cached by HTTP (the service worker does the caching). Any path that is not a file
 * gets index.html, so client-side routes (and /en/...) work on reload. Pages carry the server's
 * anon key (a meta tag src/data/supabase.ts reads): on a school's network it is the install's own
 * key, not the published demo one, and no build has to know it. Text files go compressed (brotli
 * or gzip, as the browser accepts): on a phone's slow network the app's JavaScript is a third of
 * its size, as any production host serves it. Each file is compressed once (until it changes).
 * The page a link lands on is named in the HTML as preloads (route-preloads.ts); an invitation's
 * page comes with the invitation in it (prerendered.ts).
 */
export function serveStatic(root: string, { anonKey }: { anonKey: string }): Hono {
  const base = path.resolve(root);
  const compressed = new CompressedFiles();
  const preloadsFor = routePreloads(base);
  const prerenderedFor = prerenderedPages(base);
  const app = new Hono();
  app.get('*', async (c) => {
    const urlPath = decodedPath(c.req.url);
    if (urlPath === null) return c.text('Bad request: the address is not valid URL encoding.', 400);
    const file = path.resolve(base, '.' + urlPath);
    const inside = file === base || file.startsWith(base + path.sep);
    const index = path.join(base, 'index.html');
    const target = inside && (await isFile(file)) ? file : index;
    const ext = path.extname(target);
    const acceptLanguage = c.req.header('accept-language') ?? '';
    const prerendered = target === index ? prerenderedFor(urlPath, acceptLanguage) : null;
    const preloads = ext === '.html' ? preloadsFor(urlPath, acceptLanguage, { styles: !prerendered }) : '';
    const read = async () => {
      if (ext !== '.html') return await fs.readFile(target);
      const html = await fs.readFile(target, 'utf8');
      return Buffer.from(withHeadTags(prerendered ? prerendered.into(html) : html, anonKey, preloads));
    };
    const immutable = target.includes(`${path.sep}assets${path.sep}`);
    const headers: Record<string, string> = {
      'content-type': MIME[ext] ?? 'application/octet-stream',
      'cache-control': immutable ? 'public, max-age=31536000, immutable' : 'no-cache',
    };
    if (!COMPRESSIBLE.has(ext)) return c.body(bytes(await read()), 200, headers);
    // Not `accept-language`, although a page's preload hints follow it: they are hints, the page is
    // the same, and the service worker's precache would no longer match its own copy of the page.
    // A prerendered invitation is in the language, though (the worker never precaches it).
    headers.vary = prerendered?.variesByLanguage ? 'accept-encoding, accept-language' : 'accept-encoding';
    const encoding = preferredEncoding(c.req.header('accept-encoding') ?? '');
    if (!encoding) return c.body(bytes(await read()), 200, headers);
    headers['content-encoding'] = encoding;
    // A prerendered page carries its code: compressed each time, not kept (one copy per code would grow without end).
    const body = prerendered ? await compressWith[encoding](await read()) : await compressed.get(target, encoding, read, preloads);
    return c.body(bytes(body), 200, headers);
  });
  return app;
}

/** A Node buffer as the bytes Hono sends (the same memory). */
const bytes = (buffer: Buffer) => new Uint8Array(buffer.buffer as ArrayBuffer, buffer.byteOffset, buffer.byteLength);

type Encoding = 'br' | 'gzip';

/** brotli when the browser takes it (browsers send it over HTTPS), else gzip, else none. */
export function preferredEncoding(acceptEncoding: string): Encoding | null {
  const accepted = new Set(
    acceptEncoding
      .split(',')
      .map((part) => part.trim().split(';'))
      .filter(([, q]) => !/^\s*q=0(\.0*)?\s*$/.test(q ?? ''))
      .map(([name]) => name.trim().toLowerCase()),
  );
  if (accepted.has('br')) return 'br';
  if (accepted.has('gzip')) return 'gzip';
  return null;
}

const compressWith: Record<Encoding, (body: Buffer) => Promise<Buffer>> = {
  br: (body) => promisify(brotliCompress)(body, { params: { [zlib.BROTLI_PARAM_QUALITY]: 9, [zlib.BROTLI_PARAM_SIZE_HINT]: body.length } }),
  gzip: (body) => promisify(gzip)(body, { level: 9 }),
};

/**
 * Compressed copies of the served files, made on first request and kept until the file changes.
 * A page is kept once per set of preload hints (`variant`: a few landing pages and languages).
 */
class CompressedFiles {
  private readonly copies = new Map<string, { version: string; body: Promise<Buffer> }>();

  async get(file: string, encoding: Encoding, read: () => Promise<Buffer>, variant = ''): Promise<Buffer> {
    const stat = await fs.stat(file);
    const version = `${stat.mtimeMs}:${stat.size}`;
    const key = `${encoding}:${file}:${variant}`;
    let copy = this.copies.get(key);
    if (copy?.version !== version) {
      copy = { version, body: read().then(compressWith[encoding]) };
      this.copies.set(key, copy);
      copy.body.catch(() => this.copies.delete(key));
    }
    return copy.body;
  }
}

/** The request's path, percent-decoded; null when it is not valid encoding (`/n/%E0%A4%A`). */
function decodedPath(url: string): string | null {
  try {
    return decodeURIComponent(new URL(url).pathname);
  } catch {
    return null;
  }
}

async function isFile(file: string): Promise<boolean> {
  return fs.stat(file).then((s) => s.isFile(), () => false);
}

export const ANON_KEY_META = 'cadernos-anon-key';

/** The server's anon key, and the landing page's preload hints (if any), at the end of <head>. */
function withHeadTags(html: string, anonKey: string, preloads: string): string {
  const meta = `<meta name="${ANON_KEY_META}" content="${anonKey.replace(/[^A-Za-z0-9._-]/g, '')}">`;
  const tags = preloads ? `${meta}\n    ${preloads}` : meta;
  return html.includes('</head>') ? html.replace('</head>', `    ${tags}\n  </head>`) : html;
}
