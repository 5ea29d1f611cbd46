import fs from 'node:fs';
import { Readable } from 'node:stream';
import { ERRORS, StorageHttpError } from './errors.ts';
import type { ObjectMetadata } from './sql.ts';

export interface ServeOptions {
  /** `?download` / `?download=name.png`: Content-Disposition attachment. */
  download?: string;
  /** Signed URLs send Expires (the token's expiry) instead of the object's Cache-Control. */
  expires?: Date;
}

/** Sent with every stored object (issue 28): sandboxed, nothing loaded, nothing run. */
export const STORED_OBJECT_CSP = "default-src 'none'; sandbox";

/**
 * An object's bytes with the headers Supabase Storage's asset renderer sends: Content-Type and
 * Cache-Control from the metadata row, ETag, Last-Modified, Content-Length, Accept-Ranges (plus
 * nosniff and a sandboxing Content-Security-Policy, which Supabase's CDN does not add); a single
 * `Range: bytes=…` answers 206 and `If-None-Match` answers 304. HEAD gets the headers only.
 */
export async function serveObject(
  request: Request,
  filePath: string,
  metadata: Partial<ObjectMetadata> | null,
  options: ServeOptions = {},
): Promise<Response> {
  const stat = await fs.promises.stat(filePath).catch(() => undefined);
  if (!stat?.isFile()) throw fileMissing();
  const meta = metadata ?? {};
  const eTag = meta.eTag ?? `W/"${stat.size}-${stat.mtimeMs}"`;
  const headers = new Headers({
    'content-type': meta.mimetype || 'application/octet-stream',
    etag: eTag,
    'accept-ranges': 'bytes',
    'last-modified': (meta.lastModified ? new Date(meta.lastModified) : stat.mtime).toUTCString(),
    'x-robots-tag': 'none',
    // A stored file is never a page of this origin: no sniffing a type other than the one sent,
    // and if a browser opens it as a document anyway, no scripts, no requests, a unique origin.
    'x-content-type-options': 'nosniff',
    'content-security-policy': STORED_OBJECT_CSP,
  });
  if (options.expires) headers.set('expires', options.expires.toUTCString());
  else headers.set('cache-control', meta.cacheControl || 'no-cache');
  if (options.download !== undefined) headers.set('content-disposition', contentDisposition(options.download));

  if (request.headers.get('if-none-match') === eTag) return new Response(null, { status: 304, headers });

  const range = parseRange(request.headers.get('range'), stat.size);
  if (range === 'unsatisfiable') {
    const error = ERRORS.invalidRange();
    error.headers['content-range'] = `bytes */${stat.size}`;
    throw error;
  }
  const start = range?.start ?? 0;
  const end = range?.end ?? stat.size - 1;
  const length = stat.size === 0 ? 0 : end - start + 1;
  headers.set('content-length', String(length));
  if (range) headers.set('content-range', `bytes ${start}-${end}/${stat.size}`);
  const status = range ? 206 : 200;
  if (request.method === 'HEAD' || length === 0) return new Response(null, { status, headers });
  const stream = fs.createReadStream(filePath, { start, end });
  return new Response(Readable.toWeb(stream) as ReadableStream, { status, headers });
}

/** The error Supabase's renderer sends when the row exists but the bytes do not. */
function fileMissing(): StorageHttpError {
  return new StorageHttpError(404, 'NoSuchKey', 'The resource was not found', 'Not found');
}

function contentDisposition(download: string): string {
  if (download === '') return 'attachment;';
  const name = encodeURIComponent(download);
  return `attachment; filename=${name}; filename*=UTF-8''${name}`;
}

/** One `bytes=a-b`, `bytes=a-` or `bytes=-n` range; several ranges are served as the whole file. */
export function parseRange(header: string | null, size: number): { start: number; end: number } | 'unsatisfiable' | undefined {
  if (!header) return undefined;
  const match = /^bytes=(\d*)-(\d*)$/.exec(header.trim());
  if (!match || (match[1] === '' && match[2] === '')) return undefined;
  let start: number;
  let end: number;
  if (match[1] === '') {
    const suffix = Number(match[2]);
    if (suffix === 0) return 'unsatisfiable';
    start = Math.max(0, size - suffix);
    end = size - 1;
  } else {
    start = Number(match[1]);
    end = match[2] === '' ? size - 1 : Math.min(Number(match[2]), size - 1);
  }
  if (start >= size || start > end) return 'unsatisfiable';
  return { start, end };
}
