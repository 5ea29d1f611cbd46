/**
 * Codes people read, type or scan (issue 21): invite codes made on the device and the claim codes
 * of a party round. One alphabet and one way of drawing them.
 *
 * 32 letters and digits without look-alikes (no I, O, 0, 1). Each character comes from one byte of
 * crypto.getRandomValues; 256 = 8 × 32, so every character is equally likely and a code of 12
 * carries 60 random bits.
 */
export const CODE_ALPHABET = 'ABCDEFGHJKLMNPQRSTUVWXYZ23456789';

export type RandomBytes = (bytes: Uint8Array<ArrayBuffer>) => Uint8Array<ArrayBuffer>;
const cryptoRandom: RandomBytes = (bytes) => crypto.getRandomValues(bytes);

/** `length` characters of CODE_ALPHABET, uniformly random. */
export function randomCode(length: number, random: RandomBytes = cryptoRandom): string {
  const bytes = random(new Uint8Array(length));
  return Array.from(bytes, (byte) => CODE_ALPHABET[byte % CODE_ALPHABET.length]).join('');
}
