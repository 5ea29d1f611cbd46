import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import { afterAll, describe, expect, it } from 'vitest';
import { preferredEncoding, serveStatic } from './static.ts';

/**
 * Issue 20: the built app goes compressed to browsers that accept it — a phone on 400 kbit/s
 * waited six seconds for the entry chunk sent as is — and as is to clients that do not.
 */

const root = fs.mkdtempSync(path.join(os.tmpdir(), 'cadernos-static-'));
afterAll(() => fs.rmSync(root, { recursive: true, force: true }));
fs.mkdirSync(path.join(root, 'assets'));
const script = `export const words = ${JSON.stringify(Array.from({ length: 2000 }, (_, i) => `palavra ${i}`))};\n`;
fs.writeFileSync(path.join(root, 'assets', 'index-abc12345.js'), script);
fs.writeFileSync(path.join(root, 'index.html'), '<!doctype html><html><head><title>Cadernos</title></head><body><div id="root"></div></body></html>');
const png = Buffer.from([0x89, 0x50, 0x4e, 0x47, 1, 2, 3, 4]);
fs.writeFileSync(path.join(root, 'icon.png'), png);

const app = serveStatic(root, { anonKey: 'anon.key.value' });
const get = async (url: string, acceptEncoding?: string) => {
  const response = await app.request(url, { headers: acceptEncoding ? { 'accept-encoding': acceptEncoding } : {} });
  return { response, body: Buffer.from(await response.arrayBuffer()) };
};

describe('the built app over the wire', () => {
  it('sends JavaScript gzip-compressed to a browser over HTTP, brotli over HTTPS, and as is to a client that asks for neither', async () => {
    const gzipped = await get('/assets/index-abc12345.js', 'gzip, deflate');
    expect(gzipped.response.headers.get('content-encoding')).toBe('gzip');
    expect(gzipped.response.headers.get('vary')).toBe('accept-encoding');
    expect(gunzipSync(gzipped.body).toString()).toBe(script);
    expect(gzipped.body.length).toBeLessThan(script.length / 3);

    const brotli = await get('/assets/index-abc12345.js', 'gzip, deflate, br, zstd');
    expect(brotli.response.headers.get('content-encoding')).toBe('br');
    expect(brotliDecompressSync(brotli.body).toString()).toBe(script);

    const plain = await get('/assets/index-abc12345.js');
    expect(plain.response.headers.get('content-encoding')).toBeNull();
    expect(plain.body.toString()).toBe(script);
    expect(plain.response.headers.get('cache-control')).toContain('immutable');
  });

  it('compresses the pages with the anon key in them, and leaves images alone', async () => {
    const page = await get('/n/ABC123', 'gzip');
    expect(page.response.headers.get('content-encoding')).toBe('gzip');
    expect(gunzipSync(page.body).toString()).toContain('<meta name="cadernos-anon-key" content="anon.key.value">');

    const image = await get('/icon.png', 'gzip, br');
    expect(image.response.headers.get('content-encoding')).toBeNull();
    expect(image.body).toEqual(png);
  });

  it('reads q=0 as refused', () => {
    expect(preferredEncoding('br;q=0, gzip;q=0.8')).toBe('gzip');
    expect(preferredEncoding('gzip;q=0')).toBeNull();
    expect(preferredEncoding('identity')).toBeNull();
  });
});
