import { describe, expect, it } from 'vitest';
import {
  unmetPasswordRules,
  validateConfirmation,
  validateEmail,
  validateNewPassword,
  validatePassword,
  validateRegistration,
  validateResetPassword,
  validateUsername,
} from './validation.ts';

describe('username (spec §5: required, 3–20 letters, numbers, _ or -)', () => {
  it('is required', () => {
    expect(validateUsername('')).toBe('required');
    expect(validateUsername('   ')).toBe('required');
  });
  it('has 3 to 20 characters', () => {
    expect(validateUsername('ab')).toBe('tooShort');
    expect(validateUsername('abc')).toBeNull();
    expect(validateUsername('a'.repeat(20))).toBeNull();
    expect(validateUsername('a'.repeat(21))).toBe('tooLong');
  });
  it('takes letters, numbers, underscore and hyphen only', () => {
    expect(validateUsername('Ana_Maria-2009')).toBeNull();
    expect(validateUsername('ana maria')).toBe('characters');
    expect(validateUsername('ana.maria')).toBe('characters');
    expect(validateUsername('joão')).toBe('characters');
    expect(validateUsername('ana@x')).toBe('characters');
  });
  it('ignores surrounding spaces', () => {
    expect(validateUsername('  ana_b  ')).toBeNull();
  });
});

describe('e-mail (spec §5: required, valid format)', () => {
  it('is required', () => {
    expect(validateEmail('')).toBe('required');
  });
  it.each(['ana@example.com', 'a.b+c@escola.sp.gov.br', ' ana@x.io '])('accepts %s', (email) => {
    expect(validateEmail(email)).toBeNull();
  });
  it.each(['ana', 'ana@', '@x.com', 'ana@x', 'ana x@y.com', 'ana@@x.com', 'ana@x..com'])('refuses %s', (email) => {
    expect(validateEmail(email)).toBe('invalid');
  });
});

describe('registration password (spec §5: 8+, an uppercase, a lowercase, a number)', () => {
  it('is required', () => {
    expect(validatePassword('')).toBe('required');
  });
  it('needs 8 characters', () => {
    expect(validatePassword('Abc1234')).toBe('tooShort');
    expect(validatePassword('Abc12345')).toBeNull();
  });
  it('needs an uppercase letter', () => {
    expect(validatePassword('abcdefg1')).toBe('uppercase');
  });
  it('needs a lowercase letter', () => {
    expect(validatePassword('ABCDEFG1')).toBe('lowercase');
  });
  it('needs a number', () => {
    expect(validatePassword('Abcdefgh')).toBe('digit');
  });
  it('counts accented letters as letters', () => {
    expect(validatePassword('ÁrvoreÇ1')).toBeNull();
  });
  it('lists every rule still unmet, for the checklist', () => {
    expect(unmetPasswordRules('')).toEqual(['tooShort', 'uppercase', 'lowercase', 'digit']);
    expect(unmetPasswordRules('abc')).toEqual(['tooShort', 'uppercase', 'digit']);
    expect(unmetPasswordRules('Abcdefg1')).toEqual([]);
  });
});

describe('reset password (spec §5: 6+, differs from 8 elsewhere)', () => {
  it('is required and needs 6 characters, nothing more', () => {
    expect(validateResetPassword('')).toBe('required');
    expect(validateResetPassword('abcde')).toBe('tooShort');
    expect(validateResetPassword('abcdef')).toBeNull();
  });
});

describe('new password in settings (placeholder: minimum 8)', () => {
  it('needs 8 characters', () => {
    expect(validateNewPassword('')).toBe('required');
    expect(validateNewPassword('abcdefg')).toBe('tooShort');
    expect(validateNewPassword('abcdefgh')).toBeNull();
  });
});

describe('confirmation (spec §5: required and equal)', () => {
  it('is required', () => {
    expect(validateConfirmation('Abcdefg1', '')).toBe('required');
  });
  it('must equal the password exactly', () => {
    expect(validateConfirmation('Abcdefg1', 'abcdefg1')).toBe('mismatch');
    expect(validateConfirmation('Abcdefg1', 'Abcdefg1 ')).toBe('mismatch');
    expect(validateConfirmation('Abcdefg1', 'Abcdefg1')).toBeNull();
  });
});

describe('registration form', () => {
  const valid = {
    username: 'ana_b',
    email: 'ana@example.com',
    password: 'Abcdefg1',
    confirmation: 'Abcdefg1',
    birthDate: '1990-05-01',
    guardianEmail: '',
    guardianAcknowledged: false,
  };
  it('has no problem when everything is filled in', () => {
    expect(validateRegistration(valid)).toEqual({});
  });
  it('reports every problem, in field order', () => {
    const problems = validateRegistration({
      username: 'a',
      email: 'x',
      password: 'abc',
      confirmation: 'abd',
      birthDate: '',
      guardianEmail: '',
      guardianAcknowledged: false,
    });
    expect(Object.keys(problems)).toEqual(['username', 'email', 'password', 'confirmation', 'birthDate']);
    expect(problems.confirmation).toBe('mismatch');
  });
  it('refuses an age under 13 and a date that is not one', () => {
    const today = new Date();
    const twelve = `${today.getUTCFullYear() - 12}-01-01`;
    expect(validateRegistration({ ...valid, birthDate: twelve })).toEqual({ birthDate: 'underAge' });
    expect(validateRegistration({ ...valid, birthDate: '2010-02-31' })).toEqual({ birthDate: 'invalid' });
    expect(validateRegistration({ ...valid, birthDate: '2999-01-01' })).toEqual({ birthDate: 'invalid' });
  });
  it('asks a 13–17-year-old for a guardian (not their own e-mail) and the acknowledgement', () => {
    const fifteen = `${new Date().getUTCFullYear() - 15}-01-01`;
    expect(validateRegistration({ ...valid, birthDate: fifteen })).toEqual({ guardianEmail: 'required', guardianAcknowledged: 'required' });
    expect(validateRegistration({ ...valid, birthDate: fifteen, guardianEmail: 'ANA@example.com', guardianAcknowledged: true })).toEqual({
      guardianEmail: 'sameAsOwn',
    });
    expect(validateRegistration({ ...valid, birthDate: fifteen, guardianEmail: 'mae@example.com', guardianAcknowledged: true })).toEqual({});
  });
});
