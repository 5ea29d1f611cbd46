import { describe, expect, it } from 'vitest';
import { charactersLeft, forbiddenIn, GUESTBOOK_MAX, guestbookTextProblem, nextGuestbookCursor, type GuestbookPage } from './guestbook.ts';
import { pollProblem, shares } from './polls.ts';

const message = (i: number) => ({
  id: `id-${i}`, body: 'x', is_anonymous: false, status: 'approved' as const, created_at: 't', approved_at: 't', at: `2026-11-28T10:00:${String(i).padStart(2, '0')}Z`, is_mine: false, author: null,
});
const page = (n: number): GuestbookPage => ({ may_write: true, refusal: null, pending_count: null, messages: Array.from({ length: n }, (_, i) => message(i)) });

describe('the guestbook on the device', () => {
  it('counts characters as the database does (code points, trimmed) and refuses empty or too long texts', () => {
    expect(charactersLeft('')).toBe(GUESTBOOK_MAX);
    expect(charactersLeft('  oi  ')).toBe(GUESTBOOK_MAX - 2);
    expect(charactersLeft('😀😀')).toBe(GUESTBOOK_MAX - 2);
    expect(guestbookTextProblem('   ')).toBe('validation');
    expect(guestbookTextProblem('x'.repeat(GUESTBOOK_MAX))).toBeNull();
    expect(guestbookTextProblem('x'.repeat(GUESTBOOK_MAX + 1))).toBe('validation');
  });

  it('pages by the last message read; a short page is the last', () => {
    expect(nextGuestbookCursor(page(20))).toEqual({ at: message(19).at, id: 'id-19' });
    expect(nextGuestbookCursor(page(5))).toBeNull();
    expect(nextGuestbookCursor(null)).toBeNull();
  });

  it('finds forbidden words like the database (whole words, accents and case folded)', () => {
    expect(forbiddenIn(['palavrão'], 'Que PALAVRAO!', 'outra')).toEqual(['palavrão']);
    expect(forbiddenIn(['palavrão'], 'palavrões')).toEqual([]);
    expect(forbiddenIn(undefined, 'palavrão')).toEqual([]);
  });
});

describe('a poll on the device', () => {
  it('needs a question of 3+ characters and 2–10 options of 1–80 characters', () => {
    expect(pollProblem('Oi', ['a', 'b'])).toBe('question_too_short');
    expect(pollProblem('Qual?', ['a'])).toBe('poll_options');
    expect(pollProblem('Qual?', ['a', '  '])).toBe('poll_options');
    expect(pollProblem('Qual?', Array.from({ length: 11 }, (_, i) => `o${i}`))).toBe('poll_options');
    expect(pollProblem('Qual?', ['a', 'x'.repeat(81)])).toBe('poll_options');
    expect(pollProblem('Qual?', ['a', 'b'])).toBeNull();
  });

  it('shows each option\'s share in whole percent, 0 with no votes', () => {
    expect(shares([1, 1, 2])).toEqual([25, 25, 50]);
    expect(shares([0, 0])).toEqual([0, 0]);
  });
});
