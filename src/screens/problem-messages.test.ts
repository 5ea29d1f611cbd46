/**
 * Every code the server or the data layer can send to the screens (src/data/problems.ts) has a
 * message in each screen area that shows it, and every such message is in the pt-BR catalog and
 * translated in en-US (issue 19: codes, not sentences). A new code without its words fails here
 * (and in tsc: the maps switch over every code).
 */
import type { MessageDescriptor } from '@lingui/core';
import { describe, expect, it } from 'vitest';
import { LOGIN_CODES, PASSWORD_ACTION_CODES, REGISTRATION_CODES } from '../data/auth-errors.ts';
import { PROBLEM_CODES, SERVER_REFUSAL_CODES } from '../data/problems.ts';
import type { RejectedWrite } from '../data/sync-status.ts';
import { readCatalog } from '../locale/po-catalog.ts';
import { loginMessage, passwordActionMessage, registrationMessage } from './accounts/messages.ts';
import { PROBLEM_SUBJECTS, problemMessage, refusalMessage, refusalTitle } from './notebooks/common/messages.ts';
import { SHARING_ACTIONS, refusalTitle as sharingRefusalTitle, sharingProblem } from './notebooks/sharing/messages.ts';

const source = readCatalog('pt-BR');
const english = readCatalog('en-US');

/** The descriptor's catalog entry: present in pt-BR, translated in en-US. */
function translations(descriptor: MessageDescriptor): { ptBR: string | undefined; enUS: string | undefined } {
  const id = descriptor.message ?? descriptor.id;
  return { ptBR: source.get(id), enUS: english.get(id) || undefined };
}

function expectTranslated(descriptor: MessageDescriptor, what: string) {
  const found = translations(descriptor);
  expect(found.ptBR, `${what}: "${descriptor.message}" is not in the pt-BR catalog`).toBeDefined();
  expect(found.enUS, `${what}: "${descriptor.message}" has no en-US translation`).toBeDefined();
}

const COLLECTIONS = ['notebooks', 'questions', 'answers', 'notebook_shares', 'notebook_collaborators', 'invite_links'] as const;
const OPERATIONS: RejectedWrite['operation'][] = ['insert', 'update', 'delete'];

describe('every problem code has its words in both languages', () => {
  it('the codes are one list: what the server sends and what the data layer finds', () => {
    expect(new Set(PROBLEM_CODES).size).toBe(PROBLEM_CODES.length);
    for (const code of SERVER_REFUSAL_CODES) expect(PROBLEM_CODES).toContain(code);
  });

  it.each(PROBLEM_SUBJECTS)('the notebook screens, about a %s', (subject) => {
    for (const code of PROBLEM_CODES) expectTranslated(problemMessage({ code }, subject), `${subject}/${code}`);
  });

  it.each(SHARING_ACTIONS)('the sharing parts, on %s', (action) => {
    for (const code of PROBLEM_CODES) expectTranslated(sharingProblem({ code }, action), `${action}/${code}`);
  });

  it('refused writes (S8): a title and a sentence for every collection, operation and reason', () => {
    for (const collection of COLLECTIONS) {
      for (const operation of OPERATIONS) {
        for (const moderation of [false, true]) {
          const write = { collection, operation, moderation };
          expectTranslated(refusalTitle(write), `${collection}/${operation} title`);
          expectTranslated(sharingRefusalTitle(write, '{who}'), `${collection}/${operation} sharing title`);
          for (const reason of SERVER_REFUSAL_CODES) expectTranslated(refusalMessage({ ...write, reason }), `${collection}/${operation}/${reason}`);
        }
      }
    }
  });

  it('the account screens: registration, sign-in and password actions', () => {
    const ours = (message: MessageDescriptor | string, what: string) => {
      expect(typeof message, `${what} is a catalog message, not the server's words`).toBe('object');
      expectTranslated(message as MessageDescriptor, what);
    };
    for (const code of REGISTRATION_CODES) ours(registrationMessage({ ok: false, code }), `registration/${code}`);
    for (const code of LOGIN_CODES) ours(loginMessage({ ok: false, code }), `login/${code}`);
    for (const code of PASSWORD_ACTION_CODES.filter((c) => c !== 'server')) ours(passwordActionMessage({ code }), `password/${code}`);
    // 'server' is the auth server's own words, as they came (GoTrue's, not ours to translate).
    expect(passwordActionMessage({ code: 'server', params: { serverMessage: 'Rate limit' } })).toBe('Rate limit');
    expect(loginMessage({ ok: false, code: 'server', params: { serverMessage: 'Database error' } })).toBe('Database error');
  });

  it("keep the spec's words for what a person sees most (spec §5, §8)", () => {
    const say = (descriptor: MessageDescriptor) => ({ ptBR: descriptor.message, enUS: english.get(descriptor.message!) });
    expect(say(problemMessage({ code: 'forbidden_words' }, 'question'))).toEqual({ ptBR: 'Remova as palavras proibidas', enUS: 'Remove prohibited words' });
    expect(say(problemMessage({ code: 'forbidden_words' }, 'answer')).ptBR).toBe('Sua resposta contém palavras proibidas e não pode ser salva.');
    expect(say(problemMessage({ code: 'title_too_short' }, 'notebook')).ptBR).toBe('O título deve ter pelo menos 3 caracteres.');
    expect(say(refusalMessage({ collection: 'answers', operation: 'update', moderation: true, reason: 'not_allowed' })).ptBR).toBe(
      'Não foi possível atualizar o status da resposta.',
    );
    expect(say(refusalMessage({ collection: 'notebooks', operation: 'insert', moderation: false, reason: 'account_banned' })).ptBR).toBe(
      'Sua conta foi banida. Entre em contato com o suporte se achar que isso é um engano.',
    );
    expect(say(sharingProblem({ code: 'invite_self' }, 'share'))).toEqual({ ptBR: 'Você não pode convidar a si mesmo.', enUS: 'you cannot invite yourself' });
  });
});
