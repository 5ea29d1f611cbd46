import { describe, expect, it } from 'vitest';
import { CODE_ALPHABET, randomCode } from './random-codes.ts';

describe('random codes', () => {
  it('use 32 characters a person cannot mistake for one another', () => {
    expect(new Set(CODE_ALPHABET).size).toBe(32);
    expect(CODE_ALPHABET).not.toMatch(/[IO01a-z]/);
  });

  it('give every character the same chance: each of the 256 byte values picks one, 8 bytes per character', () => {
    const everyByte = () => Uint8Array.from({ length: 256 }, (_, i) => i) as Uint8Array<ArrayBuffer>;
    const code = randomCode(256, everyByte);
    const counts = new Map<string, number>();
    for (const char of code) counts.set(char, (counts.get(char) ?? 0) + 1);
    expect([...counts.keys()].sort().join('')).toBe([...CODE_ALPHABET].sort().join(''));
    expect(new Set(counts.values())).toEqual(new Set([8]));
  });

  it('are drawn anew each time', () => {
    const codes = new Set(Array.from({ length: 1000 }, () => randomCode(12)));
    expect(codes.size).toBe(1000);
  });
});
