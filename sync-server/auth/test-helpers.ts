import http from 'node:http';
import { randomBytes } from 'node:crypto';
import type { StoredMail } from './mailbox.ts';

/** Helpers shared by the auth test files (not a test file itself). */

export function uniqueEmail(label: string): string {
  return `${label}-${randomBytes(4).toString('hex')}@example.com`;
}

/** The mails the server "sent" to an address, newest first (GET /auth/v1/mailbox.json?to=). */
export async function mailbox(serverUrl: string, to: string): Promise<StoredMail[]> {
  const response = await fetch(`${serverUrl}/auth/v1/mailbox.json?to=${encodeURIComponent(to)}`);
  if (!response.ok) throw new Error(`mailbox: HTTP ${response.status}`);
  return (await response.json()) as StoredMail[];
}

export async function latestMail(serverUrl: string, to: string): Promise<StoredMail> {
  const [mail] = await mailbox(serverUrl, to);
  if (!mail) throw new Error(`no mail for ${to}`);
  return mail;
}

export function decodeJwt(token: string): Record<string, unknown> {
  return JSON.parse(Buffer.from(token.split('.')[1], 'base64url').toString('utf8')) as Record<string, unknown>;
}

/** Parses the URL fragment GoTrue puts the session (or the error) in. */
export function fragmentParams(location: string): Record<string, string> {
  return Object.fromEntries(new URLSearchParams(new URL(location).hash.slice(1)));
}

/**
 * A fetch whose requests leave from another loopback address (127.0.0.2, 127.0.0.3 …), so that one
 * test server sees several "devices": each has its own rate-limit buckets, as phones on a Wi-Fi do.
 */
export function fetchFrom(localAddress: string): typeof fetch {
  return async (input, init) => {
    const request = new Request(input, init);
    const body = request.body ? Buffer.from(await request.arrayBuffer()) : undefined;
    return new Promise<Response>((resolve, reject) => {
      const outgoing = http.request(
        new URL(request.url),
        { method: request.method, headers: Object.fromEntries(request.headers), localAddress },
        (incoming) => {
          const chunks: Buffer[] = [];
          incoming.on('data', (chunk: Buffer) => chunks.push(chunk));
          incoming.on('error', reject);
          incoming.on('end', () => {
            const headers = new Headers();
            for (const [name, value] of Object.entries(incoming.headers)) {
              for (const item of [value ?? []].flat()) headers.append(name, item);
            }
            const status = incoming.statusCode ?? 502;
            const empty = status === 204 || status === 304 || request.method === 'HEAD';
            resolve(new Response(empty ? null : Buffer.concat(chunks), { status, headers }));
          });
        },
      );
      outgoing.on('error', reject);
      outgoing.end(body);
    });
  };
}
