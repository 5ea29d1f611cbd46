import { beforeEach, describe, expect, it } from 'vitest';
import { newAnswerDoc } from '../../data/schemas/answers.ts';
import { withoutAuthors } from '../NotebookView/AnswerList.tsx';
import { blockedBy, noteBlocked, useBlockedStore } from './blocked-store.ts';

const answerBy = (id: string, userId: string | null) =>
  newAnswerDoc({ id, question_id: 'q', notebook_id: 'n', user_id: userId }, { at: '2026-01-01T00:00:00.000Z', clock: 1 });

describe('what people I blocked wrote is not listed (issue 22)', () => {
  beforeEach(() => {
    localStorage.clear();
    useBlockedStore.setState({ byOwner: {} });
  });

  it('hides the blocked authors and keeps everyone else, anonymous answers included', () => {
    const answers = [answerBy('a', 'ana'), answerBy('b', 'bruno'), answerBy('c', null)];
    expect(withoutAuthors(answers, ['bruno']).map((a) => a.id)).toEqual(['a', 'c']);
    expect(withoutAuthors(answers, [])).toBe(answers);
  });

  it('blocking and unblocking update the list at once, per signed-in person, and the device keeps it', () => {
    noteBlocked('me', 'bruno', true);
    noteBlocked('me', 'carla', true);
    noteBlocked('someone-else', 'ana', true);
    expect(blockedBy(useBlockedStore.getState(), 'me')).toEqual(['bruno', 'carla']);
    noteBlocked('me', 'bruno', false);
    expect(blockedBy(useBlockedStore.getState(), 'me')).toEqual(['carla']);
    expect(JSON.parse(localStorage.getItem('cadernos-blocked:me')!)).toEqual(['carla']);
    expect(blockedBy(useBlockedStore.getState(), null)).toEqual([]);
  });
});
