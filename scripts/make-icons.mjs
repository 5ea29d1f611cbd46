/**
 * Draws the app icons (a purple notebook with ruled lines and a red margin) as PNG files, with no
 * image library: a pixel function and a minimal PNG encoder. Run once; the PNGs are committed.
 *   node scripts/make-icons.mjs
 */
import fs from 'node:fs';
import path from 'node:path';
import zlib from 'node:zlib';

const out = path.resolve(import.meta.dirname, '../public/icons');

const crcTable = Array.from({ length: 256 }, (_, n) => {
  let c = n;
  for (let k = 0; k < 8; k++) c = c & 1 ? 0xedb88320 ^ (c >>> 1) : c >>> 1;
  return c >>> 0;
});
const crc32 = (buf) => {
  let c = 0xffffffff;
  for (const b of buf) c = crcTable[(c ^ b) & 0xff] ^ (c >>> 8);
  return (c ^ 0xffffffff) >>> 0;
};
function chunk(type, data) {
  const len = Buffer.alloc(4);
  len.writeUInt32BE(data.length);
  const body = Buffer.concat([Buffer.from(type), data]);
  const crc = Buffer.alloc(4);
  crc.writeUInt32BE(crc32(body));
  return Buffer.concat([len, body, crc]);
}
function png(size, pixel) {
  const raw = Buffer.alloc(size * (size * 4 + 1));
  for (let y = 0; y < size; y++) {
    raw[y * (size * 4 + 1)] = 0;
    for (let x = 0; x < size; x++) {
      const [r, g, b, a] = pixel(x / size, y / size);
      raw.set([r, g, b, a], y * (size * 4 + 1) + 1 + x * 4);
    }
  }
  const ihdr = Buffer.alloc(13);
  ihdr.writeUInt32BE(size, 0);
  ihdr.writeUInt32BE(size, 4);
  ihdr[8] = 8;
  ihdr[9] = 6;
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    chunk('IHDR', ihdr),
    chunk('IDAT', zlib.deflateSync(raw, { level: 9 })),
    chunk('IEND', Buffer.alloc(0)),
  ]);
}

const purple = [109, 40, 217, 255];
const paper = [255, 253, 247, 255];
const line = [167, 196, 242, 255];
const margin = [242, 140, 140, 255];
const spine = [76, 29, 149, 255];

/** A notebook page on a purple field; `inset` leaves the maskable safe zone free. */
function notebook(inset) {
  return (u, v) => {
    const x = (u - inset) / (1 - 2 * inset);
    const y = (v - inset) / (1 - 2 * inset);
    if (x < 0.12 || x > 0.88 || y < 0.1 || y > 0.9) return purple;
    if (x < 0.2) return spine;
    if (Math.abs(x - 0.32) < 0.012) return margin;
    const row = (y - 0.22) / 0.1;
    if (row > 0 && Math.abs(row - Math.round(row)) < 0.06 && y < 0.86) return line;
    return paper;
  };
}

fs.mkdirSync(out, { recursive: true });
for (const size of [192, 512]) {
  fs.writeFileSync(path.join(out, `icon-${size}.png`), png(size, notebook(0.04)));
  fs.writeFileSync(path.join(out, `maskable-${size}.png`), png(size, notebook(0.14)));
}
fs.writeFileSync(path.join(out, 'apple-touch-icon.png'), png(180, notebook(0.06)));
console.log('icons written to', out);
