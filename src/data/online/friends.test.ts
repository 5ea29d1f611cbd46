import { beforeEach, describe, expect, it, vi } from 'vitest';

// the server's answers, as supabase-js hands them over
const answer = vi.hoisted(() => ({ value: { data: null as unknown, error: null as unknown } }));
vi.mock('../supabase.ts', () => ({
  getSupabase: () => ({ rpc: async () => answer.value }),
}));

const { FriendsError, nextFriendsCursor, nextRequestCursor, nextSuggestionCursor, sendRequest } = await import('./friends.ts');

const person = (i: number) => ({ user_id: `u${i}`, username: `pessoa${i}`, display_name: null, avatar_url: null });

describe('friends on the device', () => {
  beforeEach(() => {
    answer.value = { data: null, error: null };
  });

  it("turns the server's refusals into the area's codes (the hint), anything else into 'server'", async () => {
    for (const hint of ['friend_self', 'not_found', 'blocked', 'friend_requests_closed', 'already_friends', 'friend_request_exists', 'friend_request_not_pending', 'not_friends', 'account_banned']) {
      answer.value = { data: null, error: { code: 'PT409', hint, message: 'developer text' } };
      await expect(sendRequest('u1')).rejects.toEqual(new FriendsError(hint as never));
    }
    answer.value = { data: null, error: { code: '42883', hint: null, message: 'function does not exist' } };
    await expect(sendRequest('u1')).rejects.toMatchObject({ problem: 'server' });
    answer.value = { data: { request_id: 'r1', status: 'pending' }, error: null };
    await expect(sendRequest('u1')).resolves.toEqual({ request_id: 'r1', status: 'pending' });
  });

  it('pages by the last row read (username; created_at and id; score and id); a short page is the last', () => {
    const friends = Array.from({ length: 20 }, (_, i) => person(i));
    expect(nextFriendsCursor(friends)).toBe('pessoa19');
    expect(nextFriendsCursor(friends.slice(0, 5))).toBeUndefined();
    const requests = friends.map((p, i) => ({ ...p, request_id: `r${i}`, created_at: `2026-11-28T10:00:${String(i).padStart(2, '0')}Z` }));
    expect(nextRequestCursor(requests)).toEqual({ created_at: '2026-11-28T10:00:19Z', request_id: 'r19' });
    expect(nextRequestCursor([])).toBeUndefined();
    const suggestions = friends.map((p) => ({ ...p, shared_notebooks: 2, mutual_friends: 1 }));
    expect(nextSuggestionCursor(suggestions)).toEqual({ score: 3, user_id: 'u19' });
  });
});
