import bcrypt from 'bcryptjs';
import { AuthError, validationFailed } from './errors.ts';

/** GoTrue hashes with bcrypt at its default cost (10); about 80 ms here, so hash outside transactions. */
const BCRYPT_COST = 10;
/** bcrypt only reads 72 bytes; GoTrue refuses longer passwords rather than silently truncating. */
const MAX_PASSWORD_LENGTH = 72;
/** GoTrue's default GOTRUE_PASSWORD_MIN_LENGTH. */
export const MIN_PASSWORD_LENGTH = 6;

/** A hash of a random password, compared against when the user is unknown so timing tells nothing. */
let dummyHash: Promise<string> | undefined;
const getDummyHash = () => (dummyHash ??= bcrypt.hash(crypto.randomUUID(), BCRYPT_COST));

export function hashPassword(password: string): Promise<string> {
  return bcrypt.hash(password, BCRYPT_COST);
}

/** Accepts bcrypt hashes from bcryptjs ($2b$) and from pgcrypto's crypt() ($2a$, used by seeds). */
export async function verifyPassword(password: string, hash: string | null | undefined): Promise<boolean> {
  if (!hash || !hash.startsWith('$2')) {
    await bcrypt.compare(password, await getDummyHash());
    return false;
  }
  try {
    return await bcrypt.compare(password, hash);
  } catch {
    return false;
  }
}

/** GoTrue's checkPasswordStrength with its defaults: length only (no required character sets, no HIBP). */
export function checkPasswordStrength(password: string): void {
  // Go's len() counts bytes; so do we.
  const length = Buffer.byteLength(password, 'utf8');
  if (length > MAX_PASSWORD_LENGTH) {
    throw validationFailed(`Password cannot be longer than ${MAX_PASSWORD_LENGTH} characters`);
  }
  if (length < MIN_PASSWORD_LENGTH) {
    throw new AuthError(422, 'weak_password', `Password should be at least ${MIN_PASSWORD_LENGTH} characters.`, ['length']);
  }
}
