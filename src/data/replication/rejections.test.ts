import { describe, expect, test } from 'vitest';
import { describeRejection } from './rejections.ts';

const question = { id: 'q1', notebook_id: 'n1', text: 'Você gosta de abacaxi?', _deleted: false };

describe('a refused write is data, not a sentence (issue 19)', () => {
  test("the forbidden words come from the server's details, whatever its message says", () => {
    const refused = describeRejection(
      'questions',
      { newDocumentState: question, assumedMasterState: null },
      { id: 'q1', reason: 'forbidden_words', code: '23514', message: 'developer text, no words here', details: ['abacaxi'], document: null },
      7,
    );
    expect(refused).toEqual({
      key: 'questions/q1',
      collection: 'questions',
      id: 'q1',
      reason: 'forbidden_words',
      words: ['abacaxi'],
      operation: 'insert',
      moderation: false,
      attempted: question,
      at: 7,
    });
  });

  test("a reason this client does not know is 'error'; an answer's moderation change is marked as one", () => {
    const answer = { id: 'a1', question_id: 'q1', text: 'Sim', moderation_status: 'pending', _deleted: false };
    const refused = describeRejection(
      'answers',
      { newDocumentState: { ...answer, moderation_status: 'approved' }, assumedMasterState: answer },
      { id: 'a1', reason: 'something_new', code: 'P0001', message: 'Uma frase em português', document: null },
      1,
    );
    expect(refused).toMatchObject({ reason: 'error', words: [], operation: 'update', moderation: true });
  });
});
