import { Hono, type Context } from 'hono';
import { defaultConfig } from '../config.ts';
import type { ServerContext } from '../context.ts';
import { BucketService, type BucketInput } from './buckets.ts';
import { callerOf } from './caller.ts';
import { DiskStore } from './disk.ts';
import { ERRORS, toStorageError } from './errors.ts';
import { splitBucketAndKey } from './keys.ts';
import { listObjects, type ListBody } from './list.ts';
import { ObjectService, type ReadAccess, type TransferInput } from './objects.ts';
import { RemovedFiles } from './removed-files.ts';
import { parseExpiresIn, SIGNED_UPLOAD_URL_SECONDS, UrlSigner } from './signed-urls.ts';

/**
 * Storage (`/storage/v1`), speaking Supabase Storage's HTTP API as storage-js uses it: buckets,
 * uploads (multipart or raw, x-upsert), downloads (authenticated, public, signed, Range), list,
 * remove, move, copy, info. Metadata rows live in storage.objects under RLS; bytes on disk under
 * config.storageDir/<bucket>/<key> (a throwaway folder when the database is in memory).
 */
export function createStorageApp(ctx: ServerContext): Hono {
  const store = openStore(ctx);
  // The files of rows deleted in SQL (a removed account's pictures) go once the rows are gone.
  const removedFiles = new RemovedFiles(ctx.db, store);
  removedFiles.start().catch((error) => console.error('[storage] could not watch for removed files:', (error as Error).message));
  ctx.onClose(() => removedFiles.close());
  const objects = new ObjectService(ctx.db, store);
  const buckets = new BucketService(ctx.db, store);
  const signer = new UrlSigner(ctx.config.jwtSecret);
  const maxJsonBytes = ctx.config.maxBodyBytes;
  const caller = (c: Context, allowAnonymous = false) => callerOf(c, ctx.jwt, { allowAnonymous });
  const json = <T>(c: Context) => readJson<T>(c.req.raw, maxJsonBytes);

  const app = new Hono();
  app.onError((error, c) => {
    const storageError = toStorageError(error);
    if (storageError.statusCode >= 500) console.error('[storage]', error);
    return c.json(storageError.body(), storageError.httpStatus as 400, storageError.headers);
  });

  // Buckets ---------------------------------------------------------------------------------
  app.get('/bucket', async (c) => c.json(await buckets.list(await caller(c), new URL(c.req.url).searchParams)));
  app.get('/bucket/:id', async (c) => c.json(await buckets.get(await caller(c), c.req.param('id'))));
  app.post('/bucket', async (c) => c.json(await buckets.create(await caller(c), await json<BucketInput>(c))));
  app.put('/bucket/:id', async (c) =>
    c.json(await buckets.update(await caller(c), c.req.param('id'), await json<BucketInput>(c))),
  );
  app.post('/bucket/:id/empty', async (c) => c.json(await buckets.empty(await caller(c), c.req.param('id'))));
  app.delete('/bucket/:id', async (c) => c.json(await buckets.remove(await caller(c), c.req.param('id'))));

  // Objects: fixed routes first, then the `/object/<bucket>/<key>` family -----------------------
  app.post('/object/list/:bucket', async (c) =>
    c.json(await listObjects(ctx.db, await caller(c), c.req.param('bucket'), await json<ListBody>(c))),
  );
  app.post('/object/move', async (c) => c.json(await objects.move(await caller(c), await json<TransferInput>(c))));
  app.post('/object/copy', async (c) =>
    c.json(await objects.copy(await caller(c), await json<TransferInput>(c), c.req.header('x-upsert') === 'true')),
  );

  app.post('/object/sign/*', async (c) => {
    const who = await caller(c);
    const { bucket, key } = objectParams(c);
    const body = await json<{ expiresIn?: unknown; paths?: unknown }>(c);
    const expiresIn = parseExpiresIn(body.expiresIn);
    if (key === '') {
      // createSignedUrls: one entry per path, with an error for those the caller cannot read.
      const paths = body.paths;
      const readable = await objects.readableKeys(who, bucket, paths as string[]);
      return c.json(
        await Promise.all(
          (paths as string[]).map(async (path) =>
            readable.has(path)
              ? { error: null, path, signedURL: await signer.signedPath(bucket, path, expiresIn) }
              : { error: 'Either the object does not exist or you do not have access to it', path, signedURL: null },
          ),
        ),
      );
    }
    await objects.assertReadable(who, bucket, key);
    return c.json({ signedURL: await signer.signedPath(bucket, key, expiresIn) });
  });
  app.get('/object/sign/*', async (c) => {
    const { bucket, key } = objectParams(c);
    const expires = await signer.verify(c.req.query('token'), bucket, key);
    return objects.downloadSigned(bucket, key, c.req.raw, { expires, download: c.req.query('download') });
  });

  // Signed upload URLs: the signer checks the caller could upload; the token then stands in for them.
  app.post('/object/upload/sign/*', async (c) => {
    const who = await caller(c);
    const { bucket, key } = objectParams(c);
    const upsert = c.req.header('x-upsert') === 'true';
    await objects.assertCanUpload(who, bucket, key, upsert);
    const owner = typeof who.claims.sub === 'string' ? who.claims.sub : undefined;
    return c.json(await signer.signUpload(bucket, key, owner, upsert, SIGNED_UPLOAD_URL_SECONDS));
  });
  app.put('/object/upload/sign/*', async (c) => {
    const { bucket, key } = objectParams(c);
    const { owner, upsert } = await signer.verifyUpload(c.req.query('token'), bucket, key);
    // As Supabase: written as the storage admin on behalf of the token's owner.
    const uploader = { claims: { role: 'service_role', ...(owner ? { sub: owner } : {}) }, authenticated: true };
    const { Id, Key } = await objects.upload(uploader, bucket, key, c.req.raw, upsert);
    return c.json({ Id, Key });
  });

  const download = (access: ReadAccess, allowAnonymous: boolean) => async (c: Context) => {
    const { bucket, key } = objectParams(c);
    const who = await caller(c, allowAnonymous);
    return objects.download(who, access, bucket, key, c.req.raw, { download: c.req.query('download') });
  };
  app.get('/object/public/*', download('public', true));
  app.get('/object/authenticated/*', download('caller', false));

  const info = (access: ReadAccess, allowAnonymous: boolean) => async (c: Context) => {
    const { bucket, key } = objectParams(c);
    return c.json(await objects.info(await caller(c, allowAnonymous), access, bucket, key));
  };
  app.get('/object/info/public/*', info('public', true));
  app.get('/object/info/authenticated/*', info('caller', false));
  app.get('/object/info/*', info('caller', false));

  app.get('/object/*', download('caller', true));
  app.post('/object/*', async (c) => {
    const { bucket, key } = objectParams(c);
    const who = await caller(c);
    return c.json(await objects.upload(who, bucket, key, c.req.raw, c.req.header('x-upsert') === 'true'));
  });
  app.put('/object/*', async (c) => {
    const { bucket, key } = objectParams(c);
    return c.json(await objects.upload(await caller(c), bucket, key, c.req.raw, true));
  });
  app.delete('/object/*', async (c) => {
    const { bucket, key } = objectParams(c);
    const who = await caller(c);
    if (key !== '') return c.json(await objects.removeOne(who, bucket, key));
    const body = await json<{ prefixes?: unknown }>(c);
    return c.json(await objects.removeMany(who, bucket, body.prefixes));
  });

  app.all('*', (c) =>
    c.json({ statusCode: '404', code: 'NotFound', error: 'Not Found', message: `Route ${c.req.method}:${c.req.path} not found` }, 404),
  );
  return app;
}

/** Bytes under config.storageDir; for an in-memory database, a temp folder removed at shutdown. */
function openStore(ctx: ServerContext): DiskStore {
  const { config } = ctx;
  const throwaway = config.dataDir === 'memory://' && config.storageDir === defaultConfig().storageDir;
  const store = throwaway ? DiskStore.temporary() : new DiskStore(config.storageDir);
  if (throwaway) ctx.onClose(() => store.dispose());
  return store;
}

/**
 * `<bucket>` and `<key>` of a wildcard route, from the raw request path: the segments after the
 * route's fixed prefix (counted from the matched route pattern), each percent-decoded once.
 */
function objectParams(c: Context): { bucket: string; key: string } {
  const pattern = c.req.routePath;
  const fixedSegments = pattern.slice(0, pattern.indexOf('*')).split('/').filter(Boolean).length;
  const raw = new URL(c.req.url).pathname.split('/').slice(1 + fixedSegments);
  const params = splitBucketAndKey(raw);
  if (params.bucket === '') throw ERRORS.noSuchBucket();
  return params;
}

/** A JSON object body of at most maxBytes; an empty body is `{}` (storage-js sends none on DELETE). */
async function readJson<T>(request: Request, maxBytes: number): Promise<T> {
  const declared = Number(request.headers.get('content-length') ?? 0);
  if (declared > maxBytes) throw ERRORS.entityTooLarge();
  const text = request.body ? await readLimited(request.body, maxBytes) : '';
  if (text.trim() === '') return {} as T;
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch {
    throw ERRORS.invalidRequest('Body is not valid JSON');
  }
  if (!value || typeof value !== 'object' || Array.isArray(value)) throw ERRORS.invalidRequest('body must be object');
  return value as T;
}

async function readLimited(body: ReadableStream<Uint8Array>, maxBytes: number): Promise<string> {
  const chunks: Uint8Array[] = [];
  let size = 0;
  for await (const chunk of body as unknown as AsyncIterable<Uint8Array>) {
    size += chunk.length;
    if (size > maxBytes) throw ERRORS.entityTooLarge();
    chunks.push(chunk);
  }
  return Buffer.concat(chunks).toString('utf8');
}
