/**
 * Forbidden words behind the usual disguises (issue 33: "i.d.i.o.t.a" went through): the database
 * answers the same table as the device (src/data/forbidden-word-cases.ts, checked against
 * content-rules.ts in its own test), so what the phone refuses offline the server refuses too, and
 * nothing the phone lets through is refused later for a reason it could not see. Then the check
 * every write makes: an answer in disguise is refused with the words, as written in the list.
 */
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { CASE_WORDS, FORBIDDEN_WORD_CASES } from '../../src/data/forbidden-word-cases.ts';
import { failure, openTestDatabase, TEST_DATABASE_URL, type TestDatabase } from './harness.ts';

const BACKENDS: { name: string; backend: 'pglite' | 'postgres' }[] = [
  { name: 'pglite', backend: 'pglite' },
  ...(TEST_DATABASE_URL ? [{ name: 'postgres', backend: 'postgres' as const }] : []),
];

describe.each(BACKENDS)('forbidden words behind disguises on $name', ({ backend }) => {
  let t: TestDatabase;
  let ana: string;

  beforeAll(async () => {
    t = await openTestDatabase({ backend });
    // only the table's words: the seeded lists would find more in some cases
    await t.sql(`delete from forbidden_words`);
    await t.sql(`insert into forbidden_words (word, language) select unnest($1::text[]), 'pt-BR'`, [CASE_WORDS]);
    ana = await t.createUser('ana');
  });
  afterAll(async () => t?.close());

  test.each(FORBIDDEN_WORD_CASES)('$text: $why', async ({ text, found }) => {
    const [row] = await t.as<{ words: string[] }>('anon', `select to_json(find_forbidden_words($1)) as words`, [text]);
    expect(row.words).toEqual(found);
  });

  test('an answer in disguise is refused with "palavras proibidas" and the word as listed', async () => {
    const [{ id }] = await t.as<{ id: string }>(ana, `insert into notebooks (title, user_id) values ('Caderno', $1) returning id`, [ana]);
    const [{ id: question }] = await t.as<{ id: string }>(ana, `insert into questions (notebook_id, text, order_index) values ($1, 'Quem?', 0) returning id`, [id]);
    const e = await failure(t.as(ana, `insert into answers (question_id, user_id, text) values ($1, $2, 'um i.d.i.o.t.a')`, [question, ana]));
    expect(e.hint).toBe('forbidden_words');
    expect(e.message).toContain('palavras proibidas');
    expect(JSON.parse(e.detail!)).toEqual(['idiota']);
  });
});
