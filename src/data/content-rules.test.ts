import { createHash } from 'node:crypto';
import { describe, expect, test } from 'vitest';
import { CASE_WORDS, FORBIDDEN_WORD_CASES } from './forbidden-word-cases.ts';
import { checkAnswerText, checkNotebookText, checkQuestionText, findForbiddenWords, normalizeText, prepareWordList } from './content-rules.ts';
import { answerIdFor, favoriteIdFor } from './derived-ids.ts';

const list = prepareWordList(['Palavrão', 'feio demais']);

describe('content rules (spec §5)', () => {
  test('normalizes as the server does: case, accents, punctuation', () => {
    expect(normalizeText('  PALAVRÃO!! é—feio ')).toBe('palavrao e feio');
  });

  test('finds whole words only, as written in the list', () => {
    expect(findForbiddenWords(list, 'Que palavrao, hein', 'muito FEIO demais')).toEqual(['Palavrão', 'feio demais']);
    expect(findForbiddenWords(list, 'palavrões')).toEqual([]);
  });

  test('notebook title: at least 3 characters, no forbidden words in any text', () => {
    expect(checkNotebookText(list, { title: 'ab' })).toEqual({ code: 'title_too_short', field: 'title' });
    expect(checkNotebookText(list, { title: 'Bom título', description: 'um palavrão' })).toEqual({
      code: 'forbidden_words',
      field: 'title',
      words: ['Palavrão'],
    });
    expect(checkNotebookText(list, { title: 'Bom título', coverSubtitle: 'feio demais' })?.words).toEqual(['feio demais']);
    expect(checkNotebookText(list, { title: 'Bom título' })).toBeNull();
  });

  test('question: at least 3 characters', () => {
    expect(checkQuestionText(list, ' a ')).toEqual({ code: 'question_too_short', field: 'text' });
  });

  test('answer: not empty; forbidden words in the text or the responder name', () => {
    expect(checkAnswerText(list, '   ', null)).toEqual({ code: 'answer_empty', field: 'text' });
    expect(checkAnswerText(list, 'ok', 'Palavrão')).toEqual({ code: 'forbidden_words', field: 'text', words: ['Palavrão'] });
  });
});

describe('derived ids', () => {
  test("an answer id is the server's public.answer_id: SHA-256(secret:question) as a version-8 UUID", async () => {
    const secret = 'segredo';
    const question = '0b9e7f4e-8c2a-4d59-9a1e-3a1a2b3c4d5e';
    const h = createHash('sha256').update(`${secret}:${question}`).digest().subarray(0, 16);
    h[6] = (h[6] & 0x0f) | 0x80;
    h[8] = (h[8] & 0x3f) | 0x80;
    const hex = h.toString('hex');
    expect(await answerIdFor(secret, question)).toBe(`${hex.slice(0, 8)}-${hex.slice(8, 12)}-${hex.slice(12, 16)}-${hex.slice(16, 20)}-${hex.slice(20)}`);
  });

  test('a favorite id depends on the person and the notebook only', async () => {
    expect(await favoriteIdFor('a', 'n')).toBe(await favoriteIdFor('a', 'n'));
    expect(await favoriteIdFor('a', 'n')).not.toBe(await favoriteIdFor('b', 'n'));
  });
});

describe('forbidden words behind disguises (the same table the database answers)', () => {
  const list = prepareWordList(CASE_WORDS);
  test.each(FORBIDDEN_WORD_CASES)('$text: $why', ({ text, found }) => {
    expect(findForbiddenWords(list, text)).toEqual(found);
  });
});
