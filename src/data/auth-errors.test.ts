import { describe, expect, it } from 'vitest';
import { isSessionNotFound, mapLoginError, mapRegistrationError, signUpOutcome } from './auth-errors.ts';

describe('registration error mapping (spec §5)', () => {
  it("a weak password gets 'weak'", () => {
    expect(
      mapRegistrationError({ code: 'weak_password', message: 'Password should be at least 6 characters.', reasons: ['length'] }).code,
    ).toBe('weak');
    expect(mapRegistrationError({ message: 'Password is known to be weak and easy to guess, please choose a different one.' }).code).toBe(
      'weak',
    );
    expect(mapRegistrationError({ message: 'Password should be at least 8 characters' }).code).toBe('weak');
  });

  it("a password lacking required characters gets 'shouldContain'", () => {
    const message =
      'Password should contain at least one character of each: abcdefghijklmnopqrstuvwxyz, ABCDEFGHIJKLMNOPQRSTUVWXYZ, 0123456789';
    expect(mapRegistrationError({ code: 'weak_password', message, reasons: ['characters'] }).code).toBe('shouldContain');
    expect(mapRegistrationError({ message }).code).toBe('shouldContain');
    expect(mapRegistrationError({ code: 'weak_password', message: 'x', reasons: ['length', 'characters'] }).code).toBe('shouldContain');
  });

  it("'User already registered' gets 'alreadyRegistered'", () => {
    expect(mapRegistrationError({ code: 'user_already_exists', message: 'User already registered', status: 422 }).code).toBe(
      'alreadyRegistered',
    );
    expect(mapRegistrationError({ message: 'User already registered' }).code).toBe('alreadyRegistered');
    expect(mapRegistrationError({ code: 'email_exists', message: 'A user with this email address has already been registered' }).code).toBe(
      'alreadyRegistered',
    );
  });

  it("an invalid e-mail gets 'invalid'", () => {
    expect(mapRegistrationError({ code: 'validation_failed', message: 'Unable to validate email address: invalid format' }).code).toBe(
      'invalid',
    );
    expect(mapRegistrationError({ code: 'email_address_invalid', message: 'Email address "a@b.c" is invalid' }).code).toBe('invalid');
  });

  it("the server's refusal of a sign-up without a date of birth gets 'birthDateRequired' (issue 22)", () => {
    const message = 'A date of birth is needed to create an account.';
    expect(mapRegistrationError({ code: 'birth_date_required', message, status: 422 }).code).toBe('birthDateRequired');
  });

  it('anything else keeps the server message', () => {
    expect(mapRegistrationError({ code: 'unexpected_failure', message: 'Database error saving new user' })).toEqual({
      ok: false,
      code: 'server',
      params: { serverMessage: 'Database error saving new user' },
    });
    expect(mapRegistrationError({ code: 'over_email_send_rate_limit', message: 'Email rate limit exceeded' }).code).toBe('server');
  });

  it("a 5xx supabase-js could not read (AuthRetryableFetchError, message '{}') is generic, never shown as is", () => {
    expect(mapRegistrationError({ name: 'AuthRetryableFetchError', message: '{}', status: 500 }).code).toBe('generic');
    expect(mapRegistrationError({ name: 'AuthRetryableFetchError', message: 'Failed to fetch', status: 0 }).code).toBe('generic');
  });

  it('or a generic one when the server said nothing', () => {
    expect(mapRegistrationError({ message: '' })).toEqual({ ok: false, code: 'generic' });
    expect(mapRegistrationError({})).toEqual({ ok: false, code: 'generic' });
    expect(mapRegistrationError(null)).toEqual({ ok: false, code: 'generic' });
  });
});

describe('sign-up outcome', () => {
  const user = { id: 'u1', email: 'ana@example.com' };

  it('is signed in when the server returns a session (confirmation off)', () => {
    expect(signUpOutcome({ user, session: { access_token: 't' } }, null, 'ana@example.com')).toEqual({ ok: true, status: 'signed-in', userId: 'u1' });
  });

  it('asks to check the e-mail when there is a user but no session (confirmation on)', () => {
    expect(signUpOutcome({ user, session: null }, null, 'ana@example.com')).toEqual({ ok: true, status: 'check-email', email: 'ana@example.com' });
  });

  it("with neither user nor session, is 'noUserNoSession' (the screen says 'Este e-mail já está registrado…')", () => {
    const outcome = signUpOutcome({ user: null, session: null }, null, 'ana@example.com');
    expect(outcome).toEqual({ ok: false, code: 'noUserNoSession' });
  });

  it('maps an error whatever else came back', () => {
    expect(signUpOutcome({ user: null, session: null }, { code: 'user_already_exists', message: 'User already registered' }, 'x')).toEqual({
      ok: false,
      code: 'alreadyRegistered',
      params: { serverMessage: 'User already registered' },
    });
  });
});

describe('logout errors (spec §8: session-not-found is silent)', () => {
  it('recognises a session the server no longer knows', () => {
    expect(isSessionNotFound({ code: 'session_not_found', status: 403 })).toBe(true);
    expect(isSessionNotFound({ status: 401 })).toBe(true);
    expect(isSessionNotFound({ status: 404 })).toBe(true);
    expect(isSessionNotFound({ message: 'Session from session_id claim in JWT does not exist' })).toBe(true);
  });
  it('anything else is unexpected', () => {
    expect(isSessionNotFound({ status: 500, message: 'Unexpected failure' })).toBe(false);
    expect(isSessionNotFound({ status: 0, message: 'Failed to fetch' })).toBe(false);
    expect(isSessionNotFound(null)).toBe(false);
  });
});

describe('login error mapping (spec §8: Erro no login, in the person\'s language)', () => {
  it('reads the auth server\'s codes', () => {
    expect(mapLoginError({ code: 'invalid_credentials', message: 'Invalid login credentials', status: 400 })).toEqual({
      ok: false,
      code: 'invalidCredentials',
      params: { serverMessage: 'Invalid login credentials' },
    });
    expect(mapLoginError({ code: 'email_not_confirmed', message: 'Email not confirmed', status: 400 }).code).toBe('emailNotConfirmed');
    expect(mapLoginError({ code: 'user_banned', message: 'User is banned', status: 400 }).code).toBe('banned');
    expect(mapLoginError({ code: 'user_not_found', message: 'User not found', status: 400 }).code).toBe('deleted');
    expect(mapLoginError({ code: 'over_request_rate_limit', message: 'Request rate limit reached', status: 429 }).code).toBe('rateLimited');
    expect(mapLoginError({ code: 'over_email_send_rate_limit', message: 'Email rate limit exceeded', status: 429 }).code).toBe('rateLimited');
  });

  it('knows the English words of a GoTrue that sends no code', () => {
    expect(mapLoginError({ message: 'Invalid login credentials', status: 400 }).code).toBe('invalidCredentials');
    expect(mapLoginError({ code: 'invalid_grant', message: 'Invalid login credentials' }).code).toBe('invalidCredentials');
    expect(mapLoginError({ message: 'Email not confirmed', status: 400 }).code).toBe('emailNotConfirmed');
    expect(mapLoginError({ message: 'Too many requests', status: 429 }).code).toBe('rateLimited');
  });

  it('says when no answer came', () => {
    expect(mapLoginError({ name: 'AuthRetryableFetchError', message: 'Failed to fetch', status: 0 }).code).toBe('network');
    expect(mapLoginError({ name: 'TypeError', message: 'Failed to fetch' }).code).toBe('network');
  });

  it('keeps the server\'s words only for a code it does not know', () => {
    expect(mapLoginError({ code: 'unexpected_failure', message: 'Database error querying schema', status: 500 })).toEqual({
      ok: false,
      code: 'server',
      params: { serverMessage: 'Database error querying schema' },
    });
    // A known English sentence under an unknown code is still the server's to say.
    expect(mapLoginError({ code: 'something_new', message: 'Invalid login credentials' }).code).toBe('server');
    expect(mapLoginError({ code: 'something_new', message: '' })).toEqual({ ok: false, code: 'generic' });
    expect(mapLoginError(null)).toEqual({ ok: false, code: 'generic' });
  });
});
