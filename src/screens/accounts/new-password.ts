import { useRef, useState, type RefObject } from 'react';
import {
  PASSWORD_MIN,
  RESET_PASSWORD_MIN,
  validateConfirmation,
  validateNewPassword,
  validateResetPassword,
  type ConfirmationProblem,
} from '../../data/validation.ts';
import type { NewPasswordMinimum } from './messages.ts';

type NewPasswordProblem = 'required' | 'tooShort';

const VALIDATE_NEW_PASSWORD: Record<NewPasswordMinimum, (value: string) => NewPasswordProblem | null> = {
  [RESET_PASSWORD_MIN]: validateResetPassword,
  [PASSWORD_MIN]: validateNewPassword,
};

/** What a field of the pair takes from it: its input, its value, and how the value changes. */
export interface PairFieldBinding {
  ref: RefObject<HTMLInputElement | null>;
  value: string;
  onChange: (value: string) => void;
}

/** A new password typed twice (the reset form, Settings), with its problems; see NewPasswordFields. */
export interface NewPasswordPair {
  minimum: NewPasswordMinimum;
  password: string;
  passwordRef: RefObject<HTMLInputElement | null>;
  fields: { password: PairFieldBinding; confirmation: PairFieldBinding };
  passwordProblem?: NewPasswordProblem;
  /** The server's refusal of the new password (the same as the current one), in words. */
  passwordRefusal?: string;
  confirmationProblem?: ConfirmationProblem;
  /** Says each entry's problem at its field and, with `focus`, moves to the first. True when both are fine. */
  check: (focus?: boolean) => boolean;
  /** The server refused the new password: said at the field, which gets the focus. */
  refuse: (message: string) => void;
  clearProblems: () => void;
  clear: () => void;
}

export function useNewPassword(minimum: NewPasswordMinimum): NewPasswordPair {
  const [password, setPassword] = useState('');
  const [confirmation, setConfirmation] = useState('');
  const [passwordProblem, setPasswordProblem] = useState<NewPasswordProblem>();
  const [passwordRefusal, setPasswordRefusal] = useState<string>();
  const [confirmationProblem, setConfirmationProblem] = useState<ConfirmationProblem>();
  const passwordRef = useRef<HTMLInputElement>(null);
  const confirmationRef = useRef<HTMLInputElement>(null);

  function show(problem: NewPasswordProblem | undefined, refusal: string | undefined, mismatch: ConfirmationProblem | undefined) {
    setPasswordProblem(problem);
    setPasswordRefusal(refusal);
    setConfirmationProblem(mismatch);
  }

  function check(focus = true): boolean {
    const problem = VALIDATE_NEW_PASSWORD[minimum](password) ?? undefined;
    const mismatch = validateConfirmation(password, confirmation) ?? undefined;
    show(problem, undefined, mismatch);
    if (focus && problem) passwordRef.current?.focus();
    else if (focus && mismatch) confirmationRef.current?.focus();
    return !problem && !mismatch;
  }

  function refuse(message: string) {
    show(undefined, message, undefined);
    passwordRef.current?.focus();
  }

  function clear() {
    setPassword('');
    setConfirmation('');
  }

  return {
    minimum,
    password,
    passwordRef,
    fields: {
      password: { ref: passwordRef, value: password, onChange: setPassword },
      confirmation: { ref: confirmationRef, value: confirmation, onChange: setConfirmation },
    },
    passwordProblem,
    passwordRefusal,
    confirmationProblem,
    check,
    refuse,
    clearProblems: () => show(undefined, undefined, undefined),
    clear,
  };
}
