/**
 * Properties of the conflict rules (conflicts.ts), for any states of a document: whatever the
 * order in which two devices' edits reach the server, they converge; deletion wins; fields keep
 * their owners; resolving is idempotent.
 */
import fc from 'fast-check';
import { describe, expect, test } from 'vitest';
import { nextAnswerClock, resolveConflict, sameDocument, type Replicated } from './conflicts.ts';
import { newAnswerDoc } from '../schemas/answers.ts';
import type { AnswerDoc, QuestionDoc } from '../schemas/index.ts';

const base: Replicated<AnswerDoc> = {
  ...newAnswerDoc({ id: '00000000-0000-8000-8000-000000000001', question_id: 'q', notebook_id: 'n', user_id: 'u', text: 'original' }, { at: 't0', clock: 1000 }),
  server_rev: 1,
  _deleted: false,
};

/** An answerer's edit: new words at a later clock. */
const answererEdit = fc.record({
  text: fc.string({ minLength: 1, maxLength: 8 }),
  is_anonymous: fc.boolean(),
  responder_name: fc.option(fc.string({ maxLength: 5 }), { nil: null }),
  clock: fc.integer({ min: 1001, max: 5000 }),
});
const moderatorEdit = fc.record({
  moderation_status: fc.constantFrom<'pending' | 'approved' | 'rejected'>('pending', 'approved', 'rejected'),
  moderation_notes: fc.option(fc.string({ maxLength: 5 }), { nil: null }),
});

type AnswerEdit = { text: string; is_anonymous: boolean; responder_name: string | null; clock: number };
type ModeratorEdit = { moderation_status: 'pending' | 'approved' | 'rejected'; moderation_notes: string | null };
type Edit = { kind: 'answer'; edit: AnswerEdit } | { kind: 'moderate'; edit: ModeratorEdit } | { kind: 'delete' };
const anyEdit: fc.Arbitrary<Edit> = fc.oneof(
  answererEdit.map((edit) => ({ kind: 'answer' as const, edit })),
  moderatorEdit.map((edit) => ({ kind: 'moderate' as const, edit })),
  fc.constant({ kind: 'delete' as const }),
);

/** The time a device stamps on its moderator's decision (the server records its own). */
const DECIDED_AT = '2026-11-24T10:00:00.000Z';

function apply(doc: Replicated<AnswerDoc>, e: Edit): Replicated<AnswerDoc> {
  if (e.kind === 'delete') return { ...doc, _deleted: true };
  // a moderator's decision carries its time, as moderation.ts stamps it
  if (e.kind === 'moderate') return { ...doc, ...e.edit, moderated_by: 'm', moderated_at: DECIDED_AT };
  return {
    ...doc,
    text: e.edit.text,
    is_anonymous: e.edit.is_anonymous,
    responder_name: e.edit.responder_name,
    client_clock: nextAnswerClock(e.edit.clock, doc.client_clock),
  };
}

/**
 * What the server ends with when `first` is pushed against `base` and then `second`, pushed
 * against `base` too, conflicts and is resolved then pushed again (the server takes a resolved
 * state as it is, as its compare-and-swap on the new base lets it).
 */
function serverAfter(firstEdit: Edit, secondEdit: Edit): Replicated<AnswerDoc> {
  const first = { ...apply(base, firstEdit), server_rev: 2 };
  if (first._deleted) return first;
  const local = apply(base, secondEdit);
  const resolved = resolveConflict('answers', { assumedMasterState: base, realMasterState: first, newDocumentState: local });
  return resolved;
}

describe('conflict rules (S6, S7) as properties', () => {
  test('resolving against the same master twice gives the same state (idempotent), and a state already equal to the master stays', () => {
    fc.assert(
      fc.property(anyEdit, anyEdit, (a, b) => {
        const master = { ...apply(base, a), server_rev: 2 };
        const local = apply(base, b);
        const once = resolveConflict('answers', { assumedMasterState: base, realMasterState: master, newDocumentState: local });
        const twice = resolveConflict('answers', { assumedMasterState: master, realMasterState: master, newDocumentState: once });
        expect(sameDocument(once, twice)).toBe(true);
        expect(sameDocument(resolveConflict('answers', { assumedMasterState: master, realMasterState: master, newDocumentState: master }), master)).toBe(true);
      }),
      { numRuns: 500 },
    );
  });

  test('deletion wins whichever side deleted', () => {
    fc.assert(
      fc.property(anyEdit, (edit) => {
        expect(serverAfter({ kind: 'delete' }, edit)._deleted).toBe(true);
        expect(serverAfter(edit, { kind: 'delete' })._deleted).toBe(true);
      }),
      { numRuns: 300 },
    );
  });

  test("two answerer edits converge to the later one by the device clock, whatever order they reach the server", () => {
    fc.assert(
      fc.property(answererEdit, answererEdit, (x, y) => {
        fc.pre(x.clock !== y.clock);
        const a: Edit = { kind: 'answer', edit: x };
        const b: Edit = { kind: 'answer', edit: y };
        const later = x.clock > y.clock ? x : y;
        for (const result of [serverAfter(a, b), serverAfter(b, a)]) {
          expect(result.text).toBe(later.text);
          expect(result.is_anonymous).toBe(later.is_anonymous);
          expect(result.responder_name).toBe(later.responder_name);
        }
      }),
      { numRuns: 500 },
    );
  });

  test('equal clocks still converge (a stable tie-break), in both orders', () => {
    fc.assert(
      fc.property(answererEdit, answererEdit, (x, y) => {
        const a: Edit = { kind: 'answer', edit: { ...x, clock: 2000 } };
        const b: Edit = { kind: 'answer', edit: { ...y, clock: 2000 } };
        expect(serverAfter(a, b).text).toBe(serverAfter(b, a).text);
      }),
      { numRuns: 300 },
    );
  });

  test("fields keep their owners: a moderator's decision never changes the words, an answerer's edit never the decision", () => {
    fc.assert(
      fc.property(answererEdit, moderatorEdit, fc.boolean(), (words, decision, answererFirst) => {
        const a: Edit = { kind: 'answer', edit: words };
        const m: Edit = { kind: 'moderate', edit: decision };
        const result = answererFirst ? serverAfter(a, m) : serverAfter(m, a);
        expect(result.text).toBe(words.text);
        expect(result.is_anonymous).toBe(words.is_anonymous);
        const wordsChanged = words.text !== base.text || words.responder_name !== base.responder_name;
        if (wordsChanged) {
          // a decision on words the moderator did not read does not stand
          expect(result.moderation_status).toBe(answererFirst ? base.moderation_status : decision.moderation_status);
        } else {
          expect(result.moderation_status).toBe(decision.moderation_status);
          expect(result.moderation_notes).toBe(decision.moderation_notes);
        }
      }),
      { numRuns: 500 },
    );
  });

  test("S6: a new answer meeting another device's answer to the same question keeps the later words, and never the device's guess of moderation", () => {
    fc.assert(
      fc.property(answererEdit, answererEdit, fc.constantFrom<'pending' | 'approved'>('pending', 'approved'), (x, y, guess) => {
        fc.pre(x.clock !== y.clock);
        const master = { ...apply(base, { kind: 'answer', edit: x }), moderation_status: 'approved' as const, server_rev: 1 };
        const local = { ...apply(base, { kind: 'answer', edit: y }), moderation_status: guess, server_rev: 0 };
        const resolved = resolveConflict('answers', { realMasterState: master, newDocumentState: local });
        expect(resolved.text).toBe(x.clock > y.clock ? x.text : y.text);
        expect(resolved.moderation_status).toBe('approved');
        expect(resolved.client_clock).toBeGreaterThanOrEqual(master.client_clock);
      }),
      { numRuns: 300 },
    );
  });

  test("an answerer's guess of the moderation (a status changed without a moderator's time) never outlives a conflict: the server's moderation stands", () => {
    fc.assert(
      fc.property(
        fc.option(answererEdit, { nil: undefined }),
        fc.constantFrom<'pending' | 'approved' | 'rejected'>('pending', 'approved', 'rejected'),
        fc.option(moderatorEdit, { nil: undefined }),
        (words, guess, meanwhile) => {
          // meanwhile on the server: the same row, or a moderator's decision recorded at its own time
          const master = meanwhile
            ? { ...base, ...meanwhile, moderated_by: 'm', moderated_at: '2026-11-24T09:00:00+00:00', server_rev: 2 }
            : base;
          const local = { ...(words ? apply(base, { kind: 'answer', edit: words }) : { ...base, client_clock: 4000 }), moderation_status: guess };
          const resolved = resolveConflict('answers', { assumedMasterState: base, realMasterState: master, newDocumentState: local });
          expect(resolved.moderation_status).toBe(master.moderation_status);
          expect(resolved.moderated_at).toBe(master.moderated_at);
          // resolved again against the same server row, nothing of the guess comes back
          const again = resolveConflict('answers', { assumedMasterState: master, realMasterState: master, newDocumentState: resolved });
          expect(sameDocument(again, resolved)).toBe(true);
        },
      ),
      { numRuns: 300 },
    );
  });

  test('questions merge field by field: each device keeps the fields it changed, server fields come from the server', () => {
    const question: Replicated<QuestionDoc> = {
      id: 'q', notebook_id: 'n', user_id: 'u', text: 'Pergunta', order_index: 0, blocked: false,
      created_at: 't0', updated_at: 't0', server_rev: 1, _deleted: false,
    };
    fc.assert(
      fc.property(fc.option(fc.string({ minLength: 3 })), fc.option(fc.nat(50)), fc.option(fc.boolean()), fc.option(fc.string({ minLength: 3 })), (text, order, blocked, otherText) => {
        const master = { ...question, ...(otherText !== null ? { text: otherText } : {}), server_rev: 2, updated_at: 't1' };
        const local = { ...question, ...(text !== null ? { text } : {}), ...(order !== null ? { order_index: order } : {}), ...(blocked !== null ? { blocked } : {}) };
        const resolved = resolveConflict('questions', { assumedMasterState: question, realMasterState: master, newDocumentState: local });
        expect(resolved.text).toBe(text !== null && text !== question.text ? text : master.text);
        expect(resolved.order_index).toBe(order ?? question.order_index);
        expect(resolved.blocked).toBe(blocked ?? question.blocked);
        expect(resolved.server_rev).toBe(2);
        expect(resolved.updated_at).toBe('t1');
      }),
      { numRuns: 300 },
    );
  });

  test('the answer clock only moves forward', () => {
    fc.assert(
      fc.property(fc.integer({ min: 0, max: 1e13 }), fc.option(fc.integer({ min: 0, max: 1e13 }), { nil: undefined }), (now, previous) => {
        const next = nextAnswerClock(now, previous);
        expect(next).toBeGreaterThan(previous ?? -1);
        expect(next).toBeGreaterThanOrEqual(Math.floor(now));
      }),
    );
  });
});
