import { describe, expect, it } from 'vitest';
import type { AnswerDoc, QuestionDoc } from '../../data/schemas/index.ts';
import { listedAnswers } from './AnswerList.tsx';
import { answerAuthor } from '../notebooks/common/identity.ts';
import { answerSavedNotice, problemMessage } from '../notebooks/common/messages.ts';
import { refusalFor } from './refusals.ts';
import { firstUnanswered, initialStepper, isCompletion, stepperReducer, type StepperState } from './stepper.ts';

const OWNER = 'owner-id';
const ANSWERER = 'answerer-id';
const OTHER = 'other-id';
const profiles = new Map([[ANSWERER, { username: 'bia', display_name: 'Beatriz' }]]);

describe('who wrote an answer (S5 on screen)', () => {
  const anonymous = { user_id: ANSWERER, is_anonymous: true, responder_name: 'Bia' };
  const signed = { user_id: ANSWERER, is_anonymous: false, responder_name: null };

  it('the owner sees who wrote an anonymous answer, marked anonymous', () => {
    expect(answerAuthor(anonymous, { userId: OWNER, isOwner: true }, profiles)).toEqual({ kind: 'revealed', name: 'Bia', username: 'bia' });
  });

  it('another participant sees no identity, even if a field slipped through to the device', () => {
    expect(answerAuthor(anonymous, { userId: OTHER, isOwner: false }, profiles)).toEqual({ kind: 'anonymous' });
    expect(answerAuthor({ user_id: null, is_anonymous: true, responder_name: null }, { userId: OTHER, isOwner: false }, profiles)).toEqual({ kind: 'anonymous' });
  });

  it('the answerer sees their own answer as theirs', () => {
    expect(answerAuthor(anonymous, { userId: ANSWERER, isOwner: false }, profiles)).toEqual({ kind: 'me', anonymous: true });
  });

  it('a signed answer shows the responder name, else the profile name, else the username', () => {
    expect(answerAuthor(signed, { userId: OTHER, isOwner: false }, profiles)).toEqual({ kind: 'named', name: 'Beatriz', username: 'bia' });
    expect(answerAuthor({ ...signed, responder_name: ' Tia Bia ' }, { userId: OTHER, isOwner: false }, profiles)).toMatchObject({ name: 'Tia Bia' });
    expect(answerAuthor({ ...signed, user_id: 'unknown' }, { userId: OTHER, isOwner: false }, profiles)).toEqual({ kind: 'unnamed' });
  });
});

describe('the stepper', () => {
  const run = (state: StepperState, ...types: ('next' | 'previous')[]) => types.reduce((s, type) => stepperReducer(s, { type }), state);

  it('goes page by page to the completion page and back, saying which way it turned', () => {
    const start = initialStepper(3);
    expect(start).toEqual({ page: 0, count: 3, turn: 'none' });
    expect(run(start, 'previous')).toBe(start);
    const end = run(start, 'next', 'next', 'next');
    expect(end).toMatchObject({ page: 3, turn: 'forward' });
    expect(isCompletion(end)).toBe(true);
    expect(run(end, 'next')).toBe(end);
    expect(run(end, 'previous')).toMatchObject({ page: 2, turn: 'backward' });
    expect(stepperReducer(end, { type: 'goto', page: 0 })).toMatchObject({ page: 0, turn: 'backward' });
    expect(stepperReducer(start, { type: 'goto', page: 99 })).toMatchObject({ page: 3 });
  });

  it('stays on a real page when questions disappear live, and an empty notebook is never "complete"', () => {
    const onLast = stepperReducer(initialStepper(5), { type: 'goto', page: 4 });
    expect(stepperReducer(onLast, { type: 'count', count: 2 })).toEqual({ page: 2, count: 2, turn: 'none' });
    expect(isCompletion(initialStepper(0))).toBe(false);
  });

  it('opens on the first question not answered yet', () => {
    expect(firstUnanswered([true, false, true])).toBe(1);
    expect(firstUnanswered([true, true])).toBe(2);
    expect(firstUnanswered([])).toBe(0);
  });
});

describe('notices (spec §8)', () => {
  it('pre-moderation says the answer waits for the owner, new and edited alike', () => {
    expect(answerSavedNotice({ created: true, awaitingApproval: false })).toMatchObject({ title: { message: 'Resposta enviada' }, description: null });
    // Offline nothing was sent: the toast says where the answer is (a walkthrough read "Resposta enviada" above "not sent yet").
    expect(answerSavedNotice({ created: true, awaitingApproval: true }, false)).toMatchObject({
      title: { message: 'Resposta salva neste aparelho' },
      description: { message: 'Ela será enviada quando houver internet.' },
    });
    expect(answerSavedNotice({ created: false, awaitingApproval: false })).toMatchObject({ title: { message: 'Resposta atualizada' } });
    expect(answerSavedNotice({ created: true, awaitingApproval: true }).description).toMatchObject({
      message: 'Sua resposta foi enviada e aguarda aprovação do dono do caderno.',
    });
    expect(answerSavedNotice({ created: false, awaitingApproval: true }).description).toMatchObject({
      message: 'Suas alterações foram enviadas e aguardam nova aprovação do dono do caderno.',
    });
  });

  it("the data layer's codes become the answer's sentences (spec §8)", () => {
    expect(problemMessage({ code: 'forbidden_words' }, 'answer')).toMatchObject({
      message: 'Sua resposta contém palavras proibidas e não pode ser salva.',
    });
    expect(problemMessage({ code: 'answer_empty' }, 'answer')).toMatchObject({ message: 'A resposta não pode ficar vazia.' });
    expect(problemMessage({ code: 'not_allowed' }, 'answer')).toMatchObject({ message: 'Não foi possível salvar sua resposta' });
  });
});

const question = { id: 'q1', text: 'Cor?', blocked: false } as QuestionDoc;
const answer = (id: string, status: AnswerDoc['moderation_status']) => ({ id, question_id: 'q1', text: id, moderation_status: status }) as AnswerDoc;

describe('the answers list', () => {
  it('shows approved answers and my own one while it waits, never my rejected one', () => {
    const approved = [answer('a', 'approved')];
    expect(listedAnswers({ question, answers: approved, myAnswer: answer('mine', 'pending') }).map((a) => a.id)).toEqual(['a', 'mine']);
    expect(listedAnswers({ question, answers: approved, myAnswer: answer('mine', 'rejected') }).map((a) => a.id)).toEqual(['a']);
    expect(listedAnswers({ question, answers: [...approved, answer('mine', 'approved')], myAnswer: answer('mine', 'approved') }).map((a) => a.id)).toEqual(['a', 'mine']);
  });

  it('shows an answer being saved with what was typed, in place of the stored one or as a new one', () => {
    const saving = { text: ' Azul ', is_anonymous: true, responder_name: null, moderation_status: 'approved' as const };
    const fresh = listedAnswers({ question: { ...question, notebook_id: 'n1' }, answers: [answer('a', 'approved')], myAnswer: null }, saving, 'me');
    expect(fresh.map((a) => [a.id, a.text, a.user_id])).toEqual([['a', 'a', undefined], ['saving:q1', 'Azul', 'me']]);
    const edited = listedAnswers({ question, answers: [answer('mine', 'approved'), answer('a', 'approved')], myAnswer: answer('mine', 'approved') }, saving, 'me');
    expect(edited.map((a) => [a.id, a.text])).toEqual([['mine', 'Azul'], ['a', 'a']]);
    const waiting = listedAnswers({ question, answers: [answer('mine', 'approved')], myAnswer: answer('mine', 'approved') }, { ...saving, moderation_status: 'pending' });
    expect(waiting.map((a) => a.moderation_status)).toEqual(['pending']);
  });

  it("finds a refused write of my answer to this question (never a refused deletion)", () => {
    const refused = { key: 'answers/x', collection: 'answers', attempted: { question_id: 'q1' }, operation: 'update' };
    const rejections = [{ ...refused, operation: 'delete' }, refused] as never[];
    expect(refusalFor(rejections, 'q1')).toBe(refused);
    expect(refusalFor(rejections, 'q2')).toBeNull();
  });
});
