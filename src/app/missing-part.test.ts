import { describe, expect, it } from 'vitest';
import { isMissingPart } from './missing-part.ts';

describe('isMissingPart', () => {
  it('recognises a chunk or its styles that could not be downloaded, in each browser’s words', () => {
    expect(isMissingPart(new Error('Unable to preload CSS for /assets/RoundScreen-C7a9d2Xe.css'))).toBe(true);
    expect(isMissingPart(new TypeError('Failed to fetch dynamically imported module: http://localhost/assets/ClaimScreen-x1.js'))).toBe(true);
    expect(isMissingPart(new TypeError('error loading dynamically imported module: http://localhost/assets/a.js'))).toBe(true);
    expect(isMissingPart(new TypeError('Importing a module script failed.'))).toBe(true);
  });

  it('leaves every other error to the error card', () => {
    expect(isMissingPart(new Error('Cannot read properties of undefined (reading "id")'))).toBe(false);
    expect(isMissingPart(new TypeError('Failed to fetch'))).toBe(false);
    expect(isMissingPart(null)).toBe(false);
  });
});
