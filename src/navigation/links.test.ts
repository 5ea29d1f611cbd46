import { describe, expect, test } from 'vitest';
import { afterSignIn, nextPath, withNext } from './links.ts';

describe('coming back after logging in (invite links)', () => {
  test('a path of this app in ?next is where the person goes after signing in', () => {
    expect(afterSignIn('?next=%2Fn%2FABC123')).toBe('/n/ABC123');
    expect(afterSignIn('')).toBe('/meus-cadernos');
  });

  test('another site is never followed', () => {
    for (const hostile of ['https://evil.example/', '//evil.example', '/\\evil.example', 'javascript:alert(1)']) {
      expect(nextPath(`?next=${encodeURIComponent(hostile)}`)).toBeNull();
      expect(afterSignIn(`?next=${encodeURIComponent(hostile)}`)).toBe('/meus-cadernos');
    }
  });

  test('moving between login and register keeps where to come back to', () => {
    expect(withNext('/register', '?next=%2Fn%2FABC123')).toBe('/register?next=%2Fn%2FABC123');
    expect(withNext('/register', '')).toBe('/register');
  });
});
