/**
 * Reports (issue 33), in SQL on PGlite and Postgres: a reporter inserts and reads only their own
 * reports (admins read all); nobody changes a report's state through the table; one cannot report
 * what one cannot see (the same not_found as for nothing at all); a second open report of the same
 * target is the first one; a banned account cannot report; and a report of an anonymous answer
 * gives the reporter nothing naming its author — not the row, not the pull, not any RPC. The
 * collection `reports` replicates: a device pushes a report and pulls it back with its state.
 */
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { failure, openTestDatabase, TEST_DATABASE_URL, type Caller, type TestDatabase } from './harness.ts';
import { buildRoleFixture, type RoleFixture } from './fixtures.ts';
import { Device, pull, push } from './replication-client.ts';

const BACKENDS = ['pglite', ...(TEST_DATABASE_URL ? ['postgres' as const] : [])] as const;

interface Report {
  id: string;
  reporter_id: string;
  kind: string;
  target_id: string;
  notebook_id: string | null;
  reason: string | null;
  details: string | null;
  status: string;
  decision: string | null;
}

describe.each(BACKENDS)('reports on %s', (backend) => {
  let t: TestDatabase;
  let f: RoleFixture;

  beforeAll(async () => {
    t = await openTestDatabase({ backend });
    f = await buildRoleFixture(t);
  });
  afterAll(async () => {
    await t?.close();
  });

  const report = (caller: Caller, kind: string, target: string, extra: { reason?: string | null; details?: string | null; id?: string } = {}) =>
    t.as<Report>(
      caller,
      `insert into reports (id, reporter_id, kind, target_id, reason, details) values ($1, $2, $3, $4, $5, $6) returning *`,
      [extra.id ?? randomUUID(), caller, kind, target, extra.reason ?? null, extra.details ?? null],
    );

  test('a reporter reads only their own reports; an admin reads them all; the notebook comes from the target', async () => {
    const [mine] = await report(f.people.sharee, 'question', f.openQuestionId, { reason: 'bullying', details: '  palavras feias  ' });
    expect(mine).toMatchObject({ status: 'open', decision: null, notebook_id: f.notebookId, reason: 'bullying', details: 'palavras feias' });
    const [theirs] = await report(f.people.editor, 'question', f.openQuestionId, { reason: 'spam' });

    const seenBySharee = await t.as<Report>(f.people.sharee, `select * from reports`);
    expect(seenBySharee.map((r) => r.id)).toEqual([mine.id]);
    const seenByEditor = await t.as<Report>(f.people.editor, `select * from reports`);
    expect(seenByEditor.map((r) => r.id)).toEqual([theirs.id]);
    expect(await t.as(f.people.registered, `select * from reports`)).toEqual([]);
    expect(await t.as('anon', `select 1 from reports`).catch((e) => e.code)).toBe('42501');
    const seenByAdmin = await t.as<Report>(f.people.admin, `select id from reports`);
    expect(seenByAdmin.map((r) => r.id).sort()).toEqual([mine.id, theirs.id].sort());
  });

  test('nobody changes or removes a report through the table; only its state changes, and handled_at with it', async () => {
    const [mine] = await report(f.people.sharee, 'profile', f.people.owner);
    for (const caller of [f.people.sharee, f.people.admin]) {
      const updated = await t.as(caller, `update reports set status = 'dismissed' where id = $1`, [mine.id]).catch((e) => e.code);
      expect(updated).toBe('42501');
      const deleted = await t.as(caller, `delete from reports where id = $1`, [mine.id]).catch((e) => e.code);
      expect(deleted).toBe('42501');
    }
    expect(await t.as(f.people.sharee, `insert into reports (reporter_id, kind, target_id) values ($1, 'profile', $2)`, [f.people.editor, f.people.owner]).catch((e) => e.code)).toBe('42501');
    // the moderation's RPCs run as the table's owner: the state moves, nothing else does
    const moved = await failure(t.sql(`update reports set details = 'outra coisa' where id = $1`, [mine.id]));
    expect(moved.hint).toBe('not_allowed');
    const [handled] = await t.sql<Report & { handled_at: string | null }>(
      `update reports set status = 'dismissed', decision = 'dismiss' where id = $1 returning *`, [mine.id]);
    expect(handled.handled_at).not.toBeNull();
    const [again] = await t.as<Report>(f.people.sharee, `select * from reports where id = $1`, [mine.id]);
    expect(again).toMatchObject({ status: 'dismissed', decision: 'dismiss' });
  });

  test('one cannot report what one cannot see: the same not_found as for something that does not exist', async () => {
    const cases: [Caller, string, string][] = [
      [f.people.registered, 'question', f.openQuestionId], // not a member
      [f.people.sharee, 'question', f.blockedQuestionId], // blocked: sharees do not see it
      [f.people.sharee, 'answer', f.pendingAnswerId], // pending: sharees do not see it
      [f.people.registered, 'answer', f.anonymousAnswerId],
      [f.people.sharee, 'question', randomUUID()],
      [f.people.sharee, 'guestbook_message', randomUUID()],
      [f.people.sharee, 'poll', randomUUID()],
      [f.people.sharee, 'profile', randomUUID()],
      [f.people.sharee, 'profile', f.people.deleted], // a removed account shows nothing
    ];
    for (const [caller, kind, target] of cases) {
      const error = await failure(report(caller, kind, target)).catch(() => ({ code: 'accepted', hint: `${caller} ${kind} ${target}` }));
      expect({ kind, code: error.code, hint: error.hint }).toEqual({ kind, code: 'P0001', hint: 'not_found' });
    }
    expect(await t.sql(`select 1 from reports where target_id = $1 and reporter_id = $2`, [f.openQuestionId, f.people.registered])).toEqual([]);
    // the owner sees the blocked question and the pending answer
    expect(await report(f.people.owner, 'answer', f.pendingAnswerId)).toHaveLength(1);
    // a private profile's card is seen by a signed-in stranger: its name and picture may be reported
    expect(await report(f.people.registered, 'profile', f.people.stranger)).toHaveLength(1);
  });

  test('guestbook messages and polls: reported by whoever sees them', async () => {
    const writer = await t.createUser('escritora');
    const reader = await t.createUser('leitora');
    const [{ id: messageId }] = await t.as<{ id: string }>(writer, `select (write_guestbook_message($1, 'Oi, Ana!', true)) ->> 'id' as id`, [f.people.owner]);
    // pending: the profile's owner (and the writer) see it, nobody else
    expect((await failure(report(reader, 'guestbook_message', messageId))).hint).toBe('not_found');
    expect(await report(f.people.owner, 'guestbook_message', messageId)).toHaveLength(1);
    await t.as(f.people.owner, `select moderate_guestbook_message($1, 'approve')`, [messageId]);
    const [byReader] = await report(reader, 'guestbook_message', messageId, { reason: 'hate' });
    // an anonymous message's writer is in no column the reader gets back
    expect(JSON.stringify(byReader)).not.toContain(writer);

    const [{ id: pollId }] = await t.as<{ id: string }>(f.people.owner,
      `select (save_poll(null, 'Praia ou montanha?', array['Praia', 'Montanha'])) ->> 'id' as id`);
    expect(await report(reader, 'poll', pollId, { reason: 'spam' })).toHaveLength(1);
    await t.sql(`update profiles set visibility = 'private' where id = $1`, [f.people.owner]);
    try {
      const other = await t.createUser('outra');
      expect((await failure(report(other, 'poll', pollId))).hint).toBe('not_found');
    } finally {
      await t.sql(`update profiles set visibility = 'public' where id = $1`, [f.people.owner]);
    }
  });

  test('a second open report of the same target is the first one; after it is handled a new one may be made', async () => {
    const reporter = await t.createUser('repetente');
    await t.as(f.people.owner, `insert into notebook_shares (notebook_id, shared_with) values ($1, $2)`, [f.notebookId, reporter]);
    const [first] = await report(reporter, 'answer', f.anonymousAnswerId, { reason: 'bullying' });
    const second = await report(reporter, 'answer', f.anonymousAnswerId, { reason: 'hate', details: 'de novo' });
    expect(second).toEqual([]);
    const mine = await t.as<Report>(reporter, `select * from reports`);
    expect(mine.map((r) => [r.id, r.reason])).toEqual([[first.id, 'bullying']]);
    // concurrent: still one
    const racing = await Promise.allSettled([1, 2, 3].map(() => report(reporter, 'question', f.openQuestionId)));
    expect(racing.filter((r) => r.status === 'rejected')).toEqual([]);
    expect(await t.as(reporter, `select id from reports where kind = 'question'`)).toHaveLength(1);

    await t.sql(`update reports set status = 'actioned', decision = 'hide' where id = $1`, [first.id]);
    expect(await report(reporter, 'answer', f.anonymousAnswerId)).toHaveLength(1);
    expect(await t.as(reporter, `select id from reports where kind = 'answer'`)).toHaveLength(2);
  });

  test('bad input is a validation error; banned and removed accounts cannot report', async () => {
    // (a fresh target: a duplicate of an open report inserts nothing, so nothing is checked)
    for (const [kind, extra] of [
      ['notebook', {}],
      ['profile', { reason: 'boring' }],
      ['profile', { details: 'x'.repeat(501) }],
    ] as const) {
      const error = await failure(report(f.people.sharee, kind, f.people.editor, extra));
      expect(error.code).toBe('23514');
    }
    expect((await failure(report(f.people.banned, 'question', f.openQuestionId))).hint).toBe('account_banned');
    expect((await failure(report(f.people.deleted, 'question', f.openQuestionId))).hint).toBe('account_deleted');
    // 500 characters are fine; blank details are none
    const [full] = await report(f.people.collaborator, 'question', f.openQuestionId, { details: 'y'.repeat(500) });
    expect(full.details).toHaveLength(500);
    const [blank] = await report(f.people.collaborator, 'profile', f.people.owner, { details: '   ' });
    expect(blank.details).toBeNull();
  });

  test('S5: a report of an anonymous answer names its author nowhere the reporter can read', async () => {
    const reporter = await t.createUser('denunciante');
    await t.as(f.people.owner, `insert into notebook_shares (notebook_id, shared_with) values ($1, $2)`, [f.notebookId, reporter]);
    const [row] = await report(reporter, 'answer', f.anonymousAnswerId, { reason: 'bullying', details: 'me ofendeu' });
    const [answerer] = await t.sql<{ username: string }>(`select username from profiles where id = $1`, [f.people.answerer]);
    const readable = JSON.stringify([row, await t.as(reporter, `select * from reports`)]);
    for (const secret of [f.people.answerer, answerer.username, 'Ana']) expect(readable).not.toContain(secret);
  });
  const newReport = (kind: string, target: string, extra: Record<string, unknown> = {}) => ({
    id: randomUUID(), kind, target_id: target, reason: null, details: null, status: 'open', decision: null,
    notebook_id: null, created_at: new Date().toISOString(), updated_at: new Date().toISOString(), server_rev: 0, _deleted: false, ...extra,
  });

  test('replication: a pushed report comes back with its state; a replay is a conflict; the device cannot change the state', async () => {
    const reporter = await t.createUser('celular');
    await t.as(f.people.owner, `insert into notebook_shares (notebook_id, shared_with) values ($1, $2)`, [f.notebookId, reporter]);
    const phone = new Device(t, reporter);
    await phone.sync('reports');
    const doc = newReport('question', f.openQuestionId, { reason: 'spam', details: 'propaganda', reporter_id: reporter });
    expect(await push(t, reporter, 'reports', [{ newDocumentState: doc, assumedMasterState: null }])).toEqual({ conflicts: [], rejected: [] });
    await phone.sync('reports');
    const [master] = phone.docs('reports');
    expect(master).toMatchObject({ id: doc.id, reporter_id: reporter, kind: 'question', target_id: f.openQuestionId, notebook_id: f.notebookId, reason: 'spam', details: 'propaganda', status: 'open', decision: null, server_rev: 1 });
    expect(master).not.toHaveProperty('replication_xid');

    // the same push again (its answer was lost): the row comes back as a conflict, nothing is written twice
    const replay = await push(t, reporter, 'reports', [{ newDocumentState: doc, assumedMasterState: null }]);
    expect(replay.conflicts.map((c) => c.id)).toEqual([doc.id]);
    expect(await t.sql(`select id from reports where reporter_id = $1`, [reporter])).toHaveLength(1);

    // the device "closes" its own report: the server's row comes back, unchanged
    const closing = await push(t, reporter, 'reports', [{ newDocumentState: { ...master, status: 'dismissed', decision: 'dismiss' }, assumedMasterState: master }]);
    expect(closing.conflicts).toMatchObject([{ id: doc.id, status: 'open' }]);
    const removing = await push(t, reporter, 'reports', [{ newDocumentState: { ...master, _deleted: true }, assumedMasterState: master }]);
    expect(removing.rejected).toMatchObject([{ id: doc.id, reason: 'read_only' }]);

    // the moderation handles it: the reporter's next pull has the decision; nobody else's pull has the report
    await t.sql(`update reports set status = 'actioned', decision = 'hide' where id = $1`, [doc.id]);
    await phone.sync('reports');
    expect(phone.docs('reports')).toMatchObject([{ id: doc.id, status: 'actioned', decision: 'hide', server_rev: 2 }]);
    expect(phone.docs('reports')[0].handled_at).toBeTruthy();
    const other = new Device(t, f.people.editor);
    await other.sync('reports');
    expect(other.ids('reports')).not.toContain(doc.id);
    expect((await pull(t, f.people.admin, 'reports', null)).documents.map((d) => d.id)).not.toContain(doc.id);
  });

  test('replication: a report of what one cannot see is refused for that row alone; a second open report is dropped from the device', async () => {
    const reporter = await t.createUser('segundo');
    await t.as(f.people.owner, `insert into notebook_shares (notebook_id, shared_with) values ($1, $2)`, [f.notebookId, reporter]);
    const phone = new Device(t, reporter);
    const first = newReport('answer', f.anonymousAnswerId, { reason: 'bullying' });
    const hidden = newReport('question', f.blockedQuestionId);
    const result = await push(t, reporter, 'reports', [
      { newDocumentState: first, assumedMasterState: null },
      { newDocumentState: hidden, assumedMasterState: null },
    ]);
    expect(result.conflicts).toEqual([]);
    expect(result.rejected).toMatchObject([{ id: hidden.id, reason: 'not_found', code: 'P0001' }]);
    await phone.sync('reports');
    expect(phone.ids('reports')).toEqual([first.id]);

    // another device of the same person reports the same answer again, offline: one report stays
    const again = newReport('answer', f.anonymousAnswerId, { reason: 'hate' });
    const second = await push(t, reporter, 'reports', [{ newDocumentState: again, assumedMasterState: null }]);
    expect(second).toEqual({ conflicts: [], rejected: [] });
    const laptop = new Device(t, reporter);
    laptop.store.get('reports')!.set(again.id, again as never); // what it wrote offline
    laptop.checkpoints.set('reports', phone.checkpoints.get('reports')!);
    await laptop.sync('reports');
    expect(laptop.ids('reports')).toEqual([]);
    expect(laptop.received.map((r) => r.doc)).toContainEqual({ id: again.id, _deleted: true });
    await phone.sync('reports');
    expect(phone.docs('reports')).toMatchObject([{ id: first.id, reason: 'bullying' }]);
  });

  test('S5 through replication: the reporter of an anonymous answer pulls nothing that names its author', async () => {
    const reporter = await t.createUser('curiosa');
    await t.as(f.people.owner, `insert into notebook_shares (notebook_id, shared_with) values ($1, $2)`, [f.notebookId, reporter]);
    const phone = new Device(t, reporter);
    const doc = newReport('answer', f.anonymousAnswerId, { reason: 'bullying', details: 'quem escreveu isso?' });
    expect((await push(t, reporter, 'reports', [{ newDocumentState: doc, assumedMasterState: null }])).rejected).toEqual([]);
    await t.sql(`update reports set status = 'actioned', decision = 'delete' where id = $1`, [doc.id]);
    await phone.syncAll();
    const [answerer] = await t.sql<{ username: string }>(`select username from profiles where id = $1`, [f.people.answerer]);
    const everything = phone.dump();
    expect(everything).toContain(doc.id);
    for (const secret of [f.people.answerer, answerer.username]) expect(everything).not.toContain(secret);
  });
  test('your data includes your reports (never the author); deleting the account removes them', async () => {
    const reporter = await t.createUser('exportadora');
    await t.as(f.people.owner, `insert into notebook_shares (notebook_id, shared_with) values ($1, $2)`, [f.notebookId, reporter]);
    const [made] = await report(reporter, 'answer', f.anonymousAnswerId, { reason: 'hate', details: 'exportar isto' });
    const [{ data }] = await t.as<{ data: { reports: Record<string, unknown>[] } }>(reporter, `select export_my_data() as data`);
    expect(data.reports).toEqual([
      expect.objectContaining({ id: made.id, kind: 'answer', target_id: f.anonymousAnswerId, reason: 'hate', details: 'exportar isto', status: 'open' }),
    ]);
    expect(JSON.stringify(data.reports)).not.toContain(f.people.answerer);
    const [{ username }] = await t.sql<{ username: string }>(`select username from profiles where id = $1`, [reporter]);
    await t.as(reporter, `select delete_my_account($1)`, [username]);
    expect(await t.sql(`select id from reports where reporter_id = $1`, [reporter])).toEqual([]);
  });
});
