/**
 * The lock that keeps a round going until its host ends it (issue 21 "Safety"): a PIN or the
 * host's account password, kept only as a PBKDF2 hash (WebCrypto) in the round's state on the
 * device, and checked there — so the round can be ended with no connection. It stops a friend
 * holding the phone from ending the round and wandering into the host's notebooks; it is not a
 * vault (a 4-digit PIN's hash can be guessed by someone who reads the phone's storage).
 *
 * The account's password is checked with the server when the round starts online (rounds.ts
 * startRound); offline it cannot be, and the round is locked with what the host typed (twice).
 */
export type LockKind = 'pin' | 'password';

export interface RoundLock {
  kind: LockKind;
  /** base64 */
  salt: string;
  /** base64 of 32 derived bytes */
  hash: string;
  iterations: number;
}

export const PIN_PATTERN = /^\d{4,8}$/;
export const LOCK_PASSWORD_MIN_LENGTH = 6;
const ITERATIONS = 100_000;

export type LockProblemCode = 'pin_invalid' | 'password_too_short';

/** Why this secret cannot lock a round, or null. */
export function lockSecretProblem(kind: LockKind, secret: string): LockProblemCode | null {
  if (kind === 'pin') return PIN_PATTERN.test(secret) ? null : 'pin_invalid';
  return secret.length >= LOCK_PASSWORD_MIN_LENGTH ? null : 'password_too_short';
}

const toBase64 = (bytes: Uint8Array) => btoa(String.fromCharCode(...bytes));
const fromBase64 = (text: string) => Uint8Array.from(atob(text), (char) => char.charCodeAt(0));

async function derive(secret: string, salt: Uint8Array, iterations: number): Promise<Uint8Array> {
  const key = await crypto.subtle.importKey('raw', new TextEncoder().encode(secret), 'PBKDF2', false, ['deriveBits']);
  const bits = await crypto.subtle.deriveBits({ name: 'PBKDF2', salt: salt as BufferSource, iterations, hash: 'SHA-256' }, key, 256);
  return new Uint8Array(bits);
}

export async function createLock(kind: LockKind, secret: string): Promise<RoundLock> {
  const salt = crypto.getRandomValues(new Uint8Array(16));
  return { kind, salt: toBase64(salt), hash: toBase64(await derive(secret, salt, ITERATIONS)), iterations: ITERATIONS };
}

export async function unlocks(lock: RoundLock, secret: string): Promise<boolean> {
  const derived = await derive(secret, fromBase64(lock.salt), lock.iterations);
  const expected = fromBase64(lock.hash);
  // Every byte compared, whatever the first difference.
  let difference = derived.length ^ expected.length;
  for (let i = 0; i < Math.min(derived.length, expected.length); i++) difference |= derived[i] ^ expected[i];
  return difference === 0;
}
