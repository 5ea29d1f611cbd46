import { describe, expect, it } from 'vitest';
import { adminProblem } from './admin.ts';

/** The admin panel reads the database's codes, never its sentences (supabase/schemas/admin.sql). */
describe('adminProblem', () => {
  it('names each refusal of the admin calls by its hint', () => {
    for (const hint of ['not_allowed', 'reason_required', 'reason_too_long', 'own_account', 'last_admin', 'not_active', 'not_found', 'validation']) {
      expect(adminProblem({ code: 'P0001', hint })).toBe(hint);
    }
  });

  it('reads the forbidden word list\'s own refusals: a word already listed, a blank one, RLS', () => {
    expect(adminProblem({ code: '23505', hint: null })).toBe('word_exists');
    expect(adminProblem({ code: '23514' })).toBe('validation');
    expect(adminProblem({ code: '42501', hint: null })).toBe('not_allowed');
  });

  it('a call that never reached the server is offline or a server failure; an unknown code a server failure', () => {
    expect(adminProblem({})).toBe(navigator.onLine === false ? 'offline' : 'server');
    expect(adminProblem({ code: 'XX000', hint: 'whatever' })).toBe('server');
  });
});
