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
 *   no answer, or a 5xx without words  → 'generic'
 *   anything else                      → the server's message, or a generic one when it has none
 *   neither user nor session returned  → 'Este e-mail já está registrado. Tente fazer login ou use outro e-mail.'
 *
 * GoTrue says these things with a code (`weak_password`, `user_already_exists`,
 * `email_address_invalid`, `validation_failed`) and an English message; both are read, so the
 * mapping holds for hosted Supabase, older GoTrue versions and the sync-server alike.
 */

export type RegistrationErrorKind =
  | 'weak'
  | 'shouldContain'
  | 'alreadyRegistered'
  | 'invalid'
  | 'usernameTaken'
  | 'usernameForbidden'
  | 'server'
  | 'generic'
  | 'noUserNoSession';

export interface RegistrationError {
  kind: RegistrationErrorKind;
  /** The server's own words, kept for 'server' (shown as is) and for logs. */
  serverMessage?: string;
}

/** Spec §5's sentence for a sign-up that returns neither user nor session (pt-BR msgid of the screen). */
export const NO_USER_NO_SESSION_MESSAGE = 'Este e-mail já está registrado. Tente fazer login ou use outro e-mail.';

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
    return { kind: 'shouldContain', serverMessage: message };
  }
  if (code === 'weak_password' || /weak/i.test(message) || /password should be at least/i.test(message)) {
    return { kind: 'weak', serverMessage: message };
  }
  if (code === 'user_already_exists' || code === 'email_exists' || /already registered/i.test(message)) {
    return { kind: 'alreadyRegistered', serverMessage: message };
  }
  if (code === 'email_address_invalid' || (/invalid/i.test(message) && /e-?mail/i.test(message))) {
    return { kind: 'invalid', serverMessage: message };
  }
  // supabase-js turns a 5xx into this, with the response object as its "message" ('{}')
  if (error?.name === 'AuthRetryableFetchError') return { kind: 'generic', serverMessage: message || undefined };
  if (message) return { kind: 'server', serverMessage: message };
  return { kind: 'generic' };
}

/**
 * The outcome of `supabase.auth.signUp`: signed in at once (confirmation off), a confirmation
 * e-mail to open (user, no session), or the spec's "already registered" sentence (neither).
 */
export type SignUpOutcome =
  | { status: 'signed-in'; userId: string }
  | { status: 'check-email'; email: string }
  | { status: 'error'; error: RegistrationError };

export function signUpOutcome(
  data: { user: { id: string; email?: string | null } | null; session: unknown } | null | undefined,
  error: AuthErrorLike | null | undefined,
  email: string,
): SignUpOutcome {
  if (error) return { status: 'error', error: mapRegistrationError(error) };
  if (data?.session && data.user) return { status: 'signed-in', userId: data.user.id };
  if (data?.user) return { status: 'check-email', email: data.user.email || email };
  return { status: 'error', error: { kind: 'noUserNoSession' } };
}

/**
 * Login error mapping (spec §8: 'Erro no login' with the message). The auth server says what
 * went wrong with a code (GoTrue's error codes, the sync-server's are the same); the screen turns
 * the kind into a sentence in the person's language. An older GoTrue sends no code for a wrong
 * password, only its English message, which is recognised too. A code not listed here keeps the
 * server's own words ('server'); no answer at all is 'network'.
 */
export type LoginErrorKind =
  | 'invalidCredentials'
  | 'emailNotConfirmed'
  | 'banned'
  | 'deleted'
  | 'rateLimited'
  | 'network'
  | 'server'
  | 'generic';

export interface LoginError {
  kind: LoginErrorKind;
  /** The server's own words, shown for 'server' and kept for logs. */
  serverMessage?: string;
}

const LOGIN_ERROR_CODES: Record<string, LoginErrorKind> = {
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
  if (known) return { kind: known, serverMessage };
  if (error && isNoAnswer(error)) return { kind: 'network', serverMessage };
  if (error?.status === 429) return { kind: 'rateLimited', serverMessage };
  if (!error?.code) {
    if (/invalid login credentials/i.test(message)) return { kind: 'invalidCredentials', serverMessage };
    if (/email not confirmed/i.test(message)) return { kind: 'emailNotConfirmed', serverMessage };
  }
  if (message) return { kind: 'server', serverMessage: message };
  return { kind: 'generic' };
}

/** Logout errors: "session not found" ones are silent (spec §8); any other failure warns. */
export function isSessionNotFound(error: AuthErrorLike | null | undefined): boolean {
  if (!error) return false;
  if (error.code === 'session_not_found' || error.code === 'user_not_found' || error.code === 'bad_jwt') return true;
  if (error.status === 401 || error.status === 403 || error.status === 404) return true;
  return /session.*(not found|does not exist|missing)/i.test(error.message ?? '');
}
