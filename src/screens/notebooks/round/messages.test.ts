/**
 * Every code a round or a claim can meet (src/data/problems.ts) has its words in pt-BR and en-US
 * on each step that shows it (issue 19: codes, not sentences; issue 21).
 */
import type { MessageDescriptor } from '@lingui/core';
import { expect, it } from 'vitest';
import { CLAIM_REFUSAL_CODES, PROBLEM_CODES, ROUND_PROBLEM_CODES } from '../../../data/problems.ts';
import { readCatalog } from '../../../locale/po-catalog.ts';
import { partyProblemMessage, type PartyStep } from './messages.ts';

const source = readCatalog('pt-BR');
const english = readCatalog('en-US');
const STEPS: PartyStep[] = ['round', 'answer', 'claim'];

it.each(STEPS)('every code has words in both languages at the step %s', (step) => {
  for (const code of [...ROUND_PROBLEM_CODES, ...CLAIM_REFUSAL_CODES, ...PROBLEM_CODES]) {
    const descriptor: MessageDescriptor = partyProblemMessage({ code }, step);
    expect(source.get(descriptor.message!), `${step}/${code} in pt-BR`).toBeDefined();
    expect(english.get(descriptor.message!), `${step}/${code} in en-US`).toBeTruthy();
  }
});

it("a refused guest answer says the spec's sentence (spec §5)", () => {
  expect(partyProblemMessage({ code: 'forbidden_words' }, 'answer').message).toBe('Sua resposta contém palavras proibidas e não pode ser salva.');
});
