import fsp from 'node:fs/promises';

/**
 * What a file is, from its first bytes (magic numbers), for the types a bucket's allow-list can
 * name and this server can recognise. A bucket that restricts its MIME types gets only files whose
 * content is one of them: the Content-Type a client declares is a claim, and an HTML page declared
 * `image/png` would otherwise be stored and served as an image (issue 28 item 5).
 */
interface Signature {
  mimetype: string;
  /** Whether the first bytes are this type. */
  test(head: Buffer): boolean;
}

const startsWith = (head: Buffer, bytes: number[], offset = 0) =>
  head.length >= offset + bytes.length && bytes.every((b, i) => head[offset + i] === b);
const ascii = (text: string) => [...text].map((c) => c.charCodeAt(0));

const SIGNATURES: Signature[] = [
  { mimetype: 'image/png', test: (h) => startsWith(h, [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]) },
  { mimetype: 'image/jpeg', test: (h) => startsWith(h, [0xff, 0xd8, 0xff]) },
  { mimetype: 'image/webp', test: (h) => startsWith(h, ascii('RIFF')) && startsWith(h, ascii('WEBP'), 8) },
  { mimetype: 'image/gif', test: (h) => startsWith(h, ascii('GIF87a')) || startsWith(h, ascii('GIF89a')) },
  { mimetype: 'image/avif', test: (h) => startsWith(h, ascii('ftyp'), 4) && (startsWith(h, ascii('avif'), 8) || startsWith(h, ascii('avis'), 8)) },
  { mimetype: 'application/pdf', test: (h) => startsWith(h, ascii('%PDF-')) },
];

/** Bytes read from the start of a file: enough for every signature above. */
export const SNIFF_BYTES = 16;

/** The type the first bytes show, if one this server knows. */
export function sniffMimeType(head: Buffer): string | undefined {
  return SIGNATURES.find((signature) => signature.test(head))?.mimetype;
}

/** Whether a declared type is one whose content this server can recognise (so it must be seen). */
export function isRecognisable(mimetype: string): boolean {
  const essence = mimeEssence(mimetype);
  return essence.startsWith('image/') || SIGNATURES.some((s) => s.mimetype === essence);
}

/** `type/subtype` of a Content-Type, lowercase, without parameters. */
export function mimeEssence(mimetype: string): string {
  return mimetype.split(';')[0].trim().toLowerCase();
}

export async function readHead(filePath: string): Promise<Buffer> {
  const handle = await fsp.open(filePath, 'r');
  try {
    const buffer = Buffer.alloc(SNIFF_BYTES);
    const { bytesRead } = await handle.read(buffer, 0, SNIFF_BYTES, 0);
    return buffer.subarray(0, bytesRead);
  } finally {
    await handle.close();
  }
}
