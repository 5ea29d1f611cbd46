/**
 * One rule for writing an answer (issue 30): a person's answer and a round's guest answer are both
 * written by `writeAnswer` (answers.ts). Before, answers.ts and rounds.ts each patched "with the next
 * clock and the expected status, else a new document", and the two copies had already drifted (a
 * guest's rejected answer, edited, was not recreated at the time of the edit).
 */
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { expect, it } from 'vitest';

const HERE = import.meta.dirname;
const sources = readdirSync(HERE)
  .filter((name) => name.endsWith('.ts') && !name.endsWith('.test.ts'))
  .map((name) => ({ name, text: readFileSync(join(HERE, name), 'utf8') }));

it('only answers.ts makes or patches an answer document; the guest path calls writeAnswer', () => {
  const writers = sources.filter(({ text }) => /newAnswerDoc\(|nextAnswerClock\(|collectionOf\(ctx, 'answers'\)/.test(text)).map(({ name }) => name);
  expect(writers).toEqual(['answers.ts']);
  const rounds = sources.find(({ name }) => name === 'rounds.ts')!.text;
  expect(rounds).toMatch(/writeAnswer\(ctx, \{/);
});
