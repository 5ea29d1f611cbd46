/**
 * The avatar and cover rules checked on the device (spec §5, §9): the file's type and size before
 * reading it, the pixels after, the made file before sending; and where a stored image is read.
 */
import { describe, expect, test } from 'vitest';
import { checkImageFile, checkImageSize, checkOutput, IMAGE_RULES, ORIGINAL_MAX_BYTES, profileImageUrl } from './profile-images.ts';
import { supabaseUrl } from '../supabase.ts';

const MB = 1024 * 1024;

describe('a chosen file', () => {
  test('JPG, PNG and WebP are pictures; anything else is an invalid file', () => {
    for (const type of ['image/jpeg', 'image/png', 'image/webp']) expect(checkImageFile({ type, size: 1000 })).toBeNull();
    for (const type of ['image/gif', 'image/svg+xml', 'image/heic', 'application/pdf', '']) {
      expect(checkImageFile({ type, size: 1000 })).toBe('invalid_file');
    }
  });

  test('a phone photo (4–12 MB) is accepted to be made small; more than 25 MB is too large', () => {
    expect(checkImageFile({ type: 'image/jpeg', size: 12 * MB })).toBeNull();
    expect(checkImageFile({ type: 'image/jpeg', size: ORIGINAL_MAX_BYTES })).toBeNull();
    expect(checkImageFile({ type: 'image/jpeg', size: ORIGINAL_MAX_BYTES + 1 })).toBe('too_large');
  });
});

describe('pixels', () => {
  test('an avatar needs at least 150x150, a cover 600x200', () => {
    expect(checkImageSize('avatar', 150, 150)).toBeNull();
    expect(checkImageSize('avatar', 149, 800)).toBe('low_resolution');
    expect(checkImageSize('avatar', 800, 149)).toBe('low_resolution');
    expect(checkImageSize('cover', 600, 200)).toBeNull();
    expect(checkImageSize('cover', 1200, 199)).toBe('low_resolution');
    expect(checkImageSize('cover', 599, 400)).toBe('low_resolution');
  });
});

describe('the made file', () => {
  test('within the stored limits (avatar 2 MB, cover 5 MB) and of an accepted type', () => {
    expect(IMAGE_RULES.avatar.maxBytes).toBe(2 * MB);
    expect(IMAGE_RULES.cover.maxBytes).toBe(5 * MB);
    expect(checkOutput('avatar', new Blob([new Uint8Array(2 * MB)], { type: 'image/webp' }))).toBeNull();
    expect(checkOutput('avatar', new Blob([new Uint8Array(2 * MB + 1)], { type: 'image/webp' }))).toBe('too_large');
    expect(checkOutput('cover', new Blob([new Uint8Array(2 * MB + 1)], { type: 'image/webp' }))).toBeNull();
    expect(checkOutput('cover', new Blob(['x'], { type: 'image/bmp' }))).toBe('processing');
  });
});

describe('where an image is read', () => {
  test("a key of ours from its public bucket; a provider's address as it is; none as none", () => {
    expect(profileImageUrl('avatar', 'u1/avatar-ab.webp')).toBe(`${supabaseUrl}/storage/v1/object/public/avatars/u1/avatar-ab.webp`);
    expect(profileImageUrl('cover', 'u1/cover-ab.webp')).toBe(`${supabaseUrl}/storage/v1/object/public/covers/u1/cover-ab.webp`);
    expect(profileImageUrl('avatar', 'https://provider.example/me.png')).toBe('https://provider.example/me.png');
    expect(profileImageUrl('avatar', null)).toBeNull();
    expect(profileImageUrl('avatar', '')).toBeNull();
  });
});
