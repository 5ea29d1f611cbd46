import { expect, test } from 'vitest';
import { AUTH_STORAGE_KEY } from '../src/data/supabase.ts';
import { tokenSubject } from './background-sync.ts';
import { AUTH_SESSION_KEY } from './protocol.ts';
import { expiresSoon, type StoredSession } from './stored-session.ts';

test('the worker reads the session where supabase-js stores it', () => {
  expect(AUTH_SESSION_KEY).toBe(AUTH_STORAGE_KEY);
});

test('a queued push belongs to the person its bearer token names', () => {
  const payload = btoa(JSON.stringify({ sub: 'a1b2c3d4-0000-4000-8000-000000000000', role: 'authenticated', name: 'Ã' }))
    .replace(/\+/g, '-')
    .replace(/\//g, '_')
    .replace(/=+$/, '');
  expect(tokenSubject(`Bearer header.${payload}.signature`)).toBe('a1b2c3d4-0000-4000-8000-000000000000');
  expect(tokenSubject(null)).toBeNull();
  expect(tokenSubject('Bearer not-a-jwt')).toBeNull();
  expect(tokenSubject(`Basic header.${payload}.signature`)).toBeNull();
});

test('a session is refreshed a little before its access token expires', () => {
  const session = { expires_at: 1_000_000 } as StoredSession;
  expect(expiresSoon(session, 1_000_000_000 - 31_000)).toBe(false);
  expect(expiresSoon(session, 1_000_000_000 - 29_000)).toBe(true);
  expect(expiresSoon(session, 1_000_000_000 + 1)).toBe(true);
});
