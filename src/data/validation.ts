/**
 * The form rules of spec §5 and §9 for accounts. Each check returns a problem code (the screens
 * turn codes into translated sentences) or null when the value is fine. No React, no network.
 */

export const USERNAME_MIN = 3;
export const USERNAME_MAX = 20;
/** Letters, numbers, underscore or hyphen (the database checks the same pattern). */
export const USERNAME_PATTERN = /^[A-Za-z0-9_-]+$/;
export const PASSWORD_MIN = 8;
/** The reset form asks for less than registration (spec §5: "differs from 8 elsewhere"). */
export const RESET_PASSWORD_MIN = 6;
/** Minimum age of the service (terms, spec §1, §9). */
export const MINIMUM_AGE = 13;

export type UsernameProblem = 'required' | 'tooShort' | 'tooLong' | 'characters';
export type EmailProblem = 'required' | 'invalid';
export type PasswordProblem = 'required' | 'tooShort' | 'uppercase' | 'lowercase' | 'digit';
export type ConfirmationProblem = 'required' | 'mismatch';

export function validateUsername(value: string): UsernameProblem | null {
  const username = value.trim();
  if (!username) return 'required';
  if (username.length < USERNAME_MIN) return 'tooShort';
  if (username.length > USERNAME_MAX) return 'tooLong';
  if (!USERNAME_PATTERN.test(username)) return 'characters';
  return null;
}

/**
 * A practical e-mail check: one @, something before it, a dotted domain after it, no spaces.
 * The server has the last word; this catches typing slips before a round trip.
 */
const EMAIL_PATTERN = /^[^\s@]+@[^\s@.]+(\.[^\s@.]+)+$/;

export function validateEmail(value: string): EmailProblem | null {
  const email = value.trim();
  if (!email) return 'required';
  if (!EMAIL_PATTERN.test(email)) return 'invalid';
  return null;
}

/** Registration (and new-password) rule: 8 or more, with an uppercase letter, a lowercase letter and a digit. */
export function validatePassword(value: string): PasswordProblem | null {
  if (!value) return 'required';
  if (value.length < PASSWORD_MIN) return 'tooShort';
  if (!/\p{Lu}/u.test(value)) return 'uppercase';
  if (!/\p{Ll}/u.test(value)) return 'lowercase';
  if (!/\d/.test(value)) return 'digit';
  return null;
}

/** Every registration rule the password does not meet yet, for the live checklist under the field. */
export function unmetPasswordRules(value: string): Exclude<PasswordProblem, 'required'>[] {
  const unmet: Exclude<PasswordProblem, 'required'>[] = [];
  if (value.length < PASSWORD_MIN) unmet.push('tooShort');
  if (!/\p{Lu}/u.test(value)) unmet.push('uppercase');
  if (!/\p{Ll}/u.test(value)) unmet.push('lowercase');
  if (!/\d/.test(value)) unmet.push('digit');
  return unmet;
}

/** Reset form: at least 6 characters (spec §5). */
export function validateResetPassword(value: string): 'required' | 'tooShort' | null {
  if (!value) return 'required';
  if (value.length < RESET_PASSWORD_MIN) return 'tooShort';
  return null;
}

/** New password in Settings: its placeholder says minimum 8 (spec §5). */
export function validateNewPassword(value: string): 'required' | 'tooShort' | null {
  if (!value) return 'required';
  if (value.length < PASSWORD_MIN) return 'tooShort';
  return null;
}

export function validateConfirmation(password: string, confirmation: string): ConfirmationProblem | null {
  if (!confirmation) return 'required';
  if (password !== confirmation) return 'mismatch';
  return null;
}

export interface RegistrationInput {
  username: string;
  email: string;
  password: string;
  confirmation: string;
  /** yyyy-mm-dd, as a date input gives it ('' when empty). */
  birthDate: string;
  /** Asked only of 13–17-year-olds. */
  guardianEmail: string;
  guardianAcknowledged: boolean;
}

/** Under 18, with a guardian (spec §1). */
export const ADULT_AGE = 18;

export type BirthDateProblem = 'required' | 'invalid' | 'underAge';
export type GuardianEmailProblem = EmailProblem | 'sameAsOwn';

/**
 * Whole years between a yyyy-mm-dd birth date and `today` (UTC), or null when the text is not a
 * real date in the past. The server's rule is private.age_in_years (safety migration); this one
 * lets the form answer before anything is sent.
 */
export function ageInYears(birthDate: string, today: Date = new Date()): number | null {
  const match = /^(\d{4})-(\d{2})-(\d{2})$/.exec(birthDate.trim());
  if (!match) return null;
  const [year, month, day] = match.slice(1).map(Number);
  const born = new Date(Date.UTC(year, month - 1, day));
  if (born.getUTCFullYear() !== year || born.getUTCMonth() !== month - 1 || born.getUTCDate() !== day) return null;
  if (year < 1900 || born.getTime() > today.getTime()) return null;
  let age = today.getUTCFullYear() - year;
  const beforeBirthday =
    today.getUTCMonth() < month - 1 || (today.getUTCMonth() === month - 1 && today.getUTCDate() < day);
  if (beforeBirthday) age -= 1;
  return age;
}

export function validateBirthDate(value: string, today?: Date): BirthDateProblem | null {
  if (!value.trim()) return 'required';
  const age = ageInYears(value, today);
  if (age === null) return 'invalid';
  if (age < MINIMUM_AGE) return 'underAge';
  return null;
}

/** Whether the birth date makes the person a 13–17-year-old (who needs a guardian). */
export function isMinor(birthDate: string, today?: Date): boolean {
  const age = ageInYears(birthDate, today);
  return age !== null && age >= MINIMUM_AGE && age < ADULT_AGE;
}

export function validateGuardianEmail(value: string, ownEmail: string): GuardianEmailProblem | null {
  const problem = validateEmail(value);
  if (problem) return problem;
  if (value.trim().toLowerCase() === ownEmail.trim().toLowerCase()) return 'sameAsOwn';
  return null;
}

export interface RegistrationProblems {
  username?: UsernameProblem;
  email?: EmailProblem;
  password?: PasswordProblem;
  confirmation?: ConfirmationProblem;
  birthDate?: BirthDateProblem;
  guardianEmail?: GuardianEmailProblem;
  guardianAcknowledged?: 'required';
}

/** All problems of the registration form, in the order of its fields (the first one gets focus). */
export function validateRegistration(input: RegistrationInput): RegistrationProblems {
  const problems: RegistrationProblems = {};
  const username = validateUsername(input.username);
  if (username) problems.username = username;
  const email = validateEmail(input.email);
  if (email) problems.email = email;
  const password = validatePassword(input.password);
  if (password) problems.password = password;
  const confirmation = validateConfirmation(input.password, input.confirmation);
  if (confirmation) problems.confirmation = confirmation;
  const birthDate = validateBirthDate(input.birthDate);
  if (birthDate) problems.birthDate = birthDate;
  if (isMinor(input.birthDate)) {
    const guardianEmail = validateGuardianEmail(input.guardianEmail, input.email);
    if (guardianEmail) problems.guardianEmail = guardianEmail;
    if (!input.guardianAcknowledged) problems.guardianAcknowledged = 'required';
  }
  return problems;
}
