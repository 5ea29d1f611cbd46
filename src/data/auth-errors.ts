/**
 * Registration error mapping of spec §5, exactly:
 *
 *   weak password                      → 'weak'
 *   password lacking required chars    → 'shouldContain'
 *   'User already registered'          → 'alreadyRegistered'
 *   invalid e-mail                     → 'invalid'
 *   a username taken or refused        → 'usernameTaken' / 'usernameForbidden' (decided by signUp in
 *                                        auth.ts, which asks the database again: GoTrue says only
 *                                        "Database error saving new user", a 500)
 *   no date of birth (birth_date_required, the sync-server's code; issue 22) → 'birthDateRequired'
 *   no answer, or a 5xx without words  → 'generic'
 *   anything else                      → 'server' (with the server's message), or 'generic' without one
 *   neither user nor session returned  → 'noUserNoSession'
 *
 * GoTrue says these things with a code (`weak_password`, `user_already_exists`,
 * `email_address_invalid`, `validation_failed`) and an English message; both are read, so the
 * mapping holds for hosted Supabase, older GoTrue versions and the sync-server alike.
 */

/**
 * One shape for every account action (sign-up, sign-in, sign-out, passwords): done, with what it
 * gives, or not done, with a code and its parameters. The screens have the words for each code
 * (src/screens/accounts/messages.ts); `serverMessage` is the auth server's own words, kept for the
 * codes that show them ('server') and for logs.
 */
export type AuthResult<Code extends string, Value extends object = object, Params extends object = AuthProblemParams> =
  | ({ ok: true } & Value)
  | { ok: false; code: Code; params?: Params };

export interface AuthProblemParams {
  serverMessage?: string;
}

export const REGISTRATION_CODES = ['weak', 'shouldContain', 'alreadyRegistered', 'invalid', 'usernameTaken', 'usernameForbidden', 'birthDateRequired', 'server', 'generic', 'noUserNoSession'] as const;
export type RegistrationCode = (typeof REGISTRATION_CODES)[number];

/** An account action that was not done: its code and parameters. */
export type AuthFailure<Code extends string> = Extract<AuthResult<Code>, { ok: false }>;

export function refused<Code extends string>(code: Code, serverMessage?: string): AuthFailure<Code> {
  return serverMessage ? { ok: false, code, params: { serverMessage } } : { ok: false, code };
}

export type RegistrationError = AuthFailure<RegistrationCode>;

/** Why a password action (recovery e-mail, new password, change in Settings) was not done. */
export const PASSWORD_ACTION_CODES = ['not_authenticated', 'server', 'same_password', 'current_password_incorrect', 'no_email', 'network'] as const;
export type PasswordActionCode = (typeof PASSWORD_ACTION_CODES)[number];

/** What an auth error from supabase-js looks like, structurally (AuthApiError, AuthWeakPasswordError …). */
export interface AuthErrorLike {
  message?: string;
  code?: string;
  status?: number;
  reasons?: string[];
}

export function mapRegistrationError(error: (AuthErrorLike & { name?: string }) | null | undefined): RegistrationError {
  const message = (error?.message ?? '').trim();
  const code = error?.code ?? '';
  const reasons = error?.reasons ?? [];

  // Checked before 'weak': GoTrue reports missing character classes as a weak_password too.
  if (/should contain/i.test(message) || reasons.includes('characters')) {
    return refused('shouldContain', message);
  }
  if (code === 'weak_password' || /weak/i.test(message) || /password should be at least/i.test(message)) {
    return refused('weak', message);
  }
  if (code === 'birth_date_required') return refused('birthDateRequired', message);
  if (code === 'user_already_exists' || code === 'email_exists' || /already registered/i.test(message)) {
    return refused('alreadyRegistered', message);
  }
  if (code === 'email_address_invalid' || (/invalid/i.test(message) && /e-?mail/i.test(message))) {
    return refused('invalid', message);
  }
  // supabase-js turns a 5xx into this, with the response object as its "message" ('{}')
  if (error?.name === 'AuthRetryableFetchError') return refused('generic', message || undefined);
  if (message) return refused('server', message);
  return refused('generic');
}

/**
 * The outcome of `supabase.auth.signUp`: signed in at once (confirmation off), a confirmation
 * e-mail to open (user, no session), or 'noUserNoSession' (neither: spec §5's "already
 * registered" sentence).
 */
export type SignUpResult = AuthResult<
  RegistrationCode,
  // guardianNotMailed: a minor's account made, but the guardian's address had been named by too
  // many accounts today, so no mail went out (the screen says so: try tomorrow, tell the guardian)
  { status: 'signed-in'; userId: string; guardianNotMailed?: 'guardian_address_rate_limited' } | { status: 'check-email'; email: string }
>;

export function signUpOutcome(
  data: { user: { id: string; email?: string | null } | null; session: unknown } | null | undefined,
  error: AuthErrorLike | null | undefined,
  email: string,
): SignUpResult {
  if (error) return mapRegistrationError(error);
  if (data?.session && data.user) return { ok: true, status: 'signed-in', userId: data.user.id };
  if (data?.user) return { ok: true, status: 'check-email', email: data.user.email || email };
  return refused('noUserNoSession');
}

/**
 * Login error mapping (spec §8: 'Erro no login' with the message). The auth server says what
 * went wrong with a code (GoTrue's error codes, the sync-server's are the same); the screen turns
 * the code into a sentence in the person's language. An older GoTrue sends no code for a wrong
 * password, only its English message, which is recognised too. A code not listed here keeps the
 * server's own words ('server'); no answer at all is 'network'.
 */
export const LOGIN_CODES = ['invalidCredentials', 'emailNotConfirmed', 'banned', 'deleted', 'rateLimited', 'network', 'server', 'generic'] as const;
export type LoginCode = (typeof LOGIN_CODES)[number];

export type LoginError = AuthFailure<LoginCode>;

const LOGIN_ERROR_CODES: Record<string, LoginCode> = {
  invalid_credentials: 'invalidCredentials',
  // GoTrue before error codes: the OAuth-style error of the password grant.
  invalid_grant: 'invalidCredentials',
  email_not_confirmed: 'emailNotConfirmed',
  user_banned: 'banned',
  // A removed account (spec §4): the sync-server refuses its sign-in as GoTrue does a missing user.
  user_not_found: 'deleted',
  over_request_rate_limit: 'rateLimited',
  over_email_send_rate_limit: 'rateLimited',
  over_sms_send_rate_limit: 'rateLimited',
};

/** What supabase-js gives when no answer came (AuthRetryableFetchError, a fetch that threw). */
function isNoAnswer(error: AuthErrorLike & { name?: string }): boolean {
  return error.name === 'AuthRetryableFetchError' || error.status === 0 || /failed to fetch|network ?error|load failed/i.test(error.message ?? '');
}

export function mapLoginError(error: (AuthErrorLike & { name?: string }) | null | undefined): LoginError {
  const message = (error?.message ?? '').trim();
  const serverMessage = message || undefined;
  const known = error?.code ? LOGIN_ERROR_CODES[error.code] : undefined;
  if (known) return refused(known, serverMessage);
  if (error && isNoAnswer(error)) return refused('network', serverMessage);
  if (error?.status === 429) return refused('rateLimited', serverMessage);
  if (!error?.code) {
    if (/invalid login credentials/i.test(message)) return refused('invalidCredentials', serverMessage);
    if (/email not confirmed/i.test(message)) return refused('emailNotConfirmed', serverMessage);
  }
  if (message) return refused('server', message);
  return refused('generic');
}

/** Logout errors: "session not found" ones are silent (spec §8); any other failure warns. */
export function isSessionNotFound(error: AuthErrorLike | null | undefined): boolean {
  if (!error) return false;
  if (error.code === 'session_not_found' || error.code === 'user_not_found' || error.code === 'bad_jwt') return true;
  if (error.status === 401 || error.status === 403 || error.status === 404) return true;
  return /session.*(not found|does not exist|missing)/i.test(error.message ?? '');
}
