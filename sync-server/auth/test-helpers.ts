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
