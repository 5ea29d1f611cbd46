import { describe, expect, test } from 'vitest';
import { canAddQuestions, editRights, moveId, pastRecommended, questionRights, questionTextProblem } from './questions.ts';

describe('questions', () => {
  test('at least 3 characters, spaces not counted (spec §5)', () => {
    expect(questionTextProblem('  ab  ')).toEqual({ code: 'question_too_short', field: 'text' });
    expect(questionTextProblem('abc')).toBeNull();
  });

  test('50 questions is fine; the 51st brings the gentle note', () => {
    expect(pastRecommended(50)).toBe(false);
    expect(pastRecommended(51)).toBe(true);
  });

  test('moving up and down swaps neighbours and stops at the ends', () => {
    expect(moveId(['a', 'b', 'c'], 'c', -1)).toEqual(['a', 'c', 'b']);
    expect(moveId(['a', 'b', 'c'], 'a', 1)).toEqual(['b', 'a', 'c']);
    expect(moveId(['a', 'b', 'c'], 'a', -1)).toEqual(['a', 'b', 'c']);
    expect(moveId(['a', 'b', 'c'], 'c', 1)).toEqual(['a', 'b', 'c']);
    expect(moveId(['a'], 'z', 1)).toEqual(['a']);
  });

  test('roles (spec §6): owners and editors manage all; collaborators add and change their own; viewers nothing', () => {
    expect(questionRights('owner', { user_id: 'x' }, 'me')).toEqual({ edit: true, remove: true, move: true, block: true });
    expect(questionRights('editor', { user_id: 'x' }, 'me').block).toBe(true);
    expect(questionRights('collaborator', { user_id: 'me' }, 'me')).toEqual({ edit: true, remove: true, move: false, block: false });
    expect(questionRights('collaborator', { user_id: 'x' }, 'me')).toEqual({ edit: false, remove: false, move: false, block: false });
    expect(questionRights('viewer', { user_id: 'me' }, 'me').edit).toBe(false);
    expect([canAddQuestions('collaborator'), canAddQuestions('viewer')]).toEqual([true, false]);
    expect(editRights('collaborator')).toMatchObject({ open: true, appearance: false, details: false });
    expect(editRights('viewer').open).toBe(false);
    expect(editRights('editor')).toMatchObject({ appearance: true, share: false });
  });
});

import { historyOf } from './history.ts';

test('history: created, last change and questions added, newest first, bad dates left out', () => {
  const notebook = { title: 'C', created_at: '2026-11-01T10:00:00Z', updated_at: '2026-11-03T10:00:00Z' };
  const questions = [
    { question: { text: 'Q1', created_at: '2026-11-02T10:00:00Z' } },
    { question: { text: 'Q2', created_at: '' } },
  ];
  expect(historyOf({ notebook, questions } as never).map((e) => [e.kind, e.text])).toEqual([
    ['updated', 'C'],
    ['question', 'Q1'],
    ['created', 'C'],
  ]);
});
