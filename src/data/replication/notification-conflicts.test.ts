/**
 * A read mark made offline meets a notification the server grouped more into meanwhile (issue 31):
 * "2 pessoas responderam" read on the laptop, then a third answer made it "3 pessoas" on the
 * server — the read mark was about two, the third is news: the server's unread state stands.
 * A read mark on a notification that did not change since is kept (and pushed again).
 */
import { describe, expect, it } from 'vitest';
import { resolveConflict } from './conflicts.ts';

const base = {
  id: 'n1', recipient_id: 'me', notebook_id: 'nb', answer_id: 'a2', type: 'new_answer', title: '', message: '', is_read: false,
  actor_id: 'bia', subject_id: null, group_count: 2, created_at: '2026-11-28T10:00:00Z', updated_at: '2026-11-28T10:00:00Z', server_rev: 3, _deleted: false,
};

describe('notification conflicts', () => {
  it('a read mark on a notification grouped more since is dropped: the new answer stays unread', () => {
    const master = { ...base, group_count: 3, actor_id: 'caio', answer_id: 'a3', created_at: '2026-11-28T10:05:00Z', server_rev: 4 };
    const kept = resolveConflict('notifications', { assumedMasterState: base, realMasterState: master, newDocumentState: { ...base, is_read: true } });
    expect(kept).toEqual(master);
  });

  it('a read mark on a notification that only changed otherwise (read on another device, then unread) is kept', () => {
    const master = { ...base, server_rev: 5, updated_at: '2026-11-28T10:06:00Z' };
    const kept = resolveConflict('notifications', { assumedMasterState: base, realMasterState: master, newDocumentState: { ...base, is_read: true } });
    expect(kept).toEqual({ ...master, is_read: true });
  });
});
