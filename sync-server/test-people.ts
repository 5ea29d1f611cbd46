import type { SupabaseClient } from '@supabase/supabase-js';

/**
 * The one home of "sign up an adult test person through the API", for every test and benchmark
 * that needs people: the server and SQL tests (supabase/tests, sync-server), the data layer's
 * tests (src/data/testing/harness.ts), the browser tests' set-ups (tests/e2e/people.ts) and the
 * benchmarks (tests/bench). The server refuses a sign-up without a date of birth
 * (`birth_date_required`, migration 20261124120000_birth_date_required.sql), so each of them
 * states an adult's date here; tests about the age rules pass their own date instead.
 *
 * Imports nothing but types, so Playwright and the benchmarks load it without the server.
 */

/** An adult's date of birth (13–17 would also need a guardian). The registration form types it too. */
export const ADULT_BIRTH_DATE = '1990-04-12';

/**
 * The service role's word that an account it makes is an adult's, without a date of birth
 * (`auth.admin.createUser({ app_metadata })`; a public sign-up cannot write app_metadata).
 * supabase/README.md "A date of birth for every account".
 */
export const ADMIN_VOUCHES_FOR_AGE = { age_checked_by: 'admin' } as const;

/** The sign-up metadata of an adult: the username and the date of birth, plus anything else a test adds. */
export function adultSignUpData(username: string, extra: Record<string, unknown> = {}): Record<string, unknown> {
  return { username, birth_date: ADULT_BIRTH_DATE, ...extra };
}

export interface AdultSignUp {
  email: string;
  password: string;
  /** Omitted by the few tests of accounts without a username. */
  username?: string;
  /** More user metadata (a display name …). */
  data?: Record<string, unknown>;
  emailRedirectTo?: string;
}

/**
 * `client.auth.signUp` for an adult: supabase-js's own answer, so each caller checks it its own
 * way (Vitest, Playwright, a benchmark's throw).
 */
export function signUpAdult(client: SupabaseClient, person: AdultSignUp) {
  const data = { ...(person.username === undefined ? {} : { username: person.username }), birth_date: ADULT_BIRTH_DATE, ...person.data };
  return client.auth.signUp({
    email: person.email,
    password: person.password,
    options: { data, ...(person.emailRedirectTo ? { emailRedirectTo: person.emailRedirectTo } : {}) },
  });
}
