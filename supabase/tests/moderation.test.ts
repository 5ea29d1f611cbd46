/**
 * Takedown (issue 33, schemas/moderation.sql) on PGlite, and on Postgres when TEST_DATABASE_URL is
 * set: only admins read the queue and act (42501, hint not_allowed, enforced in the database); a
 * hidden answer leaves every participant's device on their next pull (a deletion arrives — the
 * owner's too) and the tables' reads and visible_answers, and comes back on restore; guestbook
 * messages and polls leave guestbook_page and poll_view; the queue's order and keyset paging; the
 * reporter is notified with the decision (and never learns an anonymous answer's author); the
 * author is told why.
 */
import { createHash, randomBytes, randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import pg from 'pg';
import { failure, openTestDatabase, TEST_DATABASE_URL, type TestDatabase } from './harness.ts';
import { Device, push, type Collection } from './replication-client.ts';

const BACKENDS = [{ name: 'PGlite', backend: 'pglite' as const }, ...(TEST_DATABASE_URL ? [{ name: 'Postgres', backend: 'postgres' as const }] : [])];

/**
 * Pulls until the device holds what is expected: on a shared Postgres server another database's
 * open transaction holds the snapshot's xmin back, and the pull waits for it (S3).
 */
async function syncUntil(phone: Device, collection: Collection, expected: string[]) {
  const deadline = Date.now() + 15_000;
  for (;;) {
    await phone.sync(collection);
    if (JSON.stringify(phone.ids(collection)) === JSON.stringify([...expected].sort()) || Date.now() > deadline) return;
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}

interface QueueItem {
  kind: string;
  target_id: string;
  reports: number;
  self_harm: boolean;
  newest: string;
  preview: string | null;
  hidden: boolean;
}
interface Queue {
  items: QueueItem[];
  next: Record<string, unknown> | null;
}

describe.each(BACKENDS)('takedown on $name', ({ backend }) => {
  let t: TestDatabase;
  let owner: string, author: string, reporter: string, participant: string, admin: string, stranger: string;
  let notebookId: string, questionId: string, answerId: string;
  let reportId: string;

  const report = async (who: string, kind: string, target: string, reason: string | null = null) => {
    const id = randomUUID();
    await t.as(who, `insert into reports (id, kind, target_id, reason) values ($1, $2, $3, $4)`, [id, kind, target, reason]);
    return id;
  };
  const act = (who: string, kind: string, target: string, action: string, reason: string | null) =>
    t.as<{ r: Record<string, unknown> }>(who, `select admin_act($1, $2, $3, $4) as r`, [kind, target, action, reason]).then(([row]) => row.r);
  const queue = (who: string, kind: string | null = null, status = 'open', limit = 20, after: unknown = null) =>
    t
      .as<{ q: Queue }>(who, `select admin_report_queue($1, $2, $3, $4::jsonb) as q`, [kind, status, limit, after ? JSON.stringify(after) : null])
      .then(([row]) => row.q);

  beforeAll(async () => {
    t = await openTestDatabase({ backend });
    owner = await t.createUser('dona_caderno');
    author = await t.createUser('autor_anonimo');
    reporter = await t.createUser('quem_denuncia');
    participant = await t.createUser('participante');
    admin = await t.createUser('moderadora', { admin: true });
    stranger = await t.createUser('estranho');
    [{ id: notebookId }] = await t.as<{ id: string }>(owner, `insert into notebooks (title, user_id) values ('Caderno da turma', $1) returning id`, [owner]);
    [{ id: questionId }] = await t.as<{ id: string }>(owner, `insert into questions (notebook_id, text) values ($1, 'Qual é o seu sonho?') returning id`, [notebookId]);
    for (const who of [author, reporter, participant]) {
      await t.as(owner, `insert into notebook_shares (notebook_id, shared_with) values ($1, $2)`, [notebookId, who]);
    }
    [{ id: answerId }] = await t.as<{ id: string }>(
      author,
      `insert into answers (question_id, text, is_anonymous) values ($1, 'Uma resposta ofensiva', true) returning id`,
      [questionId],
    );
  });
  afterAll(async () => t?.close());

  test('a non-admin can neither read the queue, nor a target, nor act (42501, not_allowed)', async () => {
    reportId = await report(reporter, 'answer', answerId, 'bullying');
    for (const who of [reporter, owner, stranger]) {
      for (const call of [
        () => queue(who),
        () => t.as(who, `select admin_report_target('answer', $1)`, [answerId]),
        () => act(who, 'answer', answerId, 'hide', 'Ofensa'),
      ]) {
        const error = await failure(call());
        expect(error.code).toBe('42501');
        expect(error.hint).toBe('not_allowed');
      }
    }
    const error = await failure(t.as('anon', `select admin_report_queue()`));
    expect(error.code).toBe('42501');
    // nobody hides or restores with a direct write either: not the owner, not the author
    for (const [who, table, id] of [[owner, 'answers', answerId], [author, 'answers', answerId], [owner, 'questions', questionId]]) {
      const direct = await failure(t.as(who, `update ${table} set hidden_at = now() where id = $1`, [id]));
      expect(direct.hint).toBe('not_allowed');
    }
    expect((await t.sql(`select hidden_at from answers where id = $1`, [answerId]))[0].hidden_at).toBeNull();
    expect((await t.sql(`select status from reports where id = $1`, [reportId]))[0].status).toBe('open');
  });

  test('a hidden answer leaves every participant\'s pull (a deletion) and the reads, and comes back on restore', async () => {
    const phones = [participant, owner, reporter, author].map((who) => new Device(t, who));
    for (const phone of phones) await phone.syncAll();
    for (const phone of phones) await syncUntil(phone, 'answers', [answerId]);
    for (const phone of phones) expect(phone.ids('answers')).toEqual([answerId]);

    const result = await act(admin, 'answer', answerId, 'hide', 'Bullying contra um colega');
    expect(result).toMatchObject({ action: 'hide', handled: 1, author_notified: true });

    for (const phone of phones) {
      const before = phone.received.length;
      await syncUntil(phone, 'answers', []);
      expect(phone.ids('answers')).toEqual([]);
      expect(phone.received.slice(before).map(({ doc }) => [doc.id, doc._deleted])).toEqual([[answerId, true]]);
    }
    // the owner of the notebook does not see it either: not in the table, not in the view
    expect(await t.as(owner, `select id from answers where id = $1`, [answerId])).toEqual([]);
    for (const who of [owner, participant, author]) {
      expect(await t.as(who, `select id from visible_answers where id = $1`, [answerId])).toEqual([]);
    }
    // a device that never had it gets nothing of it
    const fresh = new Device(t, participant);
    await fresh.syncAll();
    expect(fresh.ids('answers')).toEqual([]);
    // the admin still reads it, with its author (admins are the moderators)
    const [{ r: target }] = await t.as<{ r: Record<string, any> }>(admin, `select admin_report_target('answer', $1) as r`, [answerId]);
    expect(target.present).toBe(true);
    expect(target.hidden_at).not.toBeNull();
    expect(target.content.text).toBe('Uma resposta ofensiva');
    expect(target.author.id).toBe(author);
    expect(target.context.question.text).toBe('Qual é o seu sonho?');
    expect(target.reports).toEqual([expect.objectContaining({ id: reportId, reason: 'bullying', status: 'actioned', decision: 'hide' })]);
    expect(target.audit.map((a: { action: string; reason: string }) => [a.action, a.reason])).toEqual([['hide', 'Bullying contra um colega']]);

    await act(admin, 'answer', answerId, 'restore', null);
    for (const phone of phones) {
      await syncUntil(phone, 'answers', [answerId]);
      expect(phone.ids('answers')).toEqual([answerId]);
    }
    expect(await t.as(owner, `select id from answers where id = $1`, [answerId])).toEqual([{ id: answerId }]);
    expect(await t.as(participant, `select id from visible_answers where id = $1`, [answerId])).toEqual([{ id: answerId }]);
    // the restore is told: the reporter's list says what is true now, the author learns it is back
    // (a walkthrough found "o conteúdo foi ocultado" still shown, and the author never told)
    const [mine] = await t.as<{ decision: string }>(reporter, `select decision from reports where id = $1`, [reportId]);
    expect(mine.decision).toBe('restore');
    const reporterPhone = phones[2];
    await reporterPhone.sync('reports');
    expect(reporterPhone.docs('reports').map((r) => [r.id, r.decision])).toEqual([[reportId, 'restore']]);
    const restored = await t.as<{ type: string; actor_id: string | null }>(author, `select type, actor_id from notifications where type = 'content_restored'`);
    expect(restored).toEqual([{ type: 'content_restored', actor_id: null }]);
  });

  test('the reporter is notified with the decision, never learning the anonymous author; the author is told why', async () => {
    const [notice] = await t.sql<Record<string, unknown>>(
      `select type, actor_id, subject_id, notebook_id, answer_id, message from notifications where recipient_id = $1 and type = 'report_handled'`,
      [reporter],
    );
    // the decision travels with the notification (a code): the device says it offline
    expect(notice).toEqual({ type: 'report_handled', actor_id: null, subject_id: reportId, notebook_id: null, answer_id: null, message: 'hide' });
    // (restored since, in the test before: the report's decision says so; the notification keeps the event)
    const [mine] = await t.as<{ status: string; decision: string }>(reporter, `select status, decision from reports where id = $1`, [reportId]);
    expect(mine).toEqual({ status: 'actioned', decision: 'restore' });
    // what the reporter's device holds of the notifications names nobody
    const phone = new Device(t, reporter);
    await phone.syncAll();
    const deadline = Date.now() + 15_000;
    while (!phone.docs('notifications').some((n) => n.type === 'report_handled') && Date.now() < deadline) {
      await new Promise((resolve) => setTimeout(resolve, 50));
      await phone.sync('notifications');
    }
    expect(phone.docs('notifications').map((n) => n.type)).toContain('report_handled');
    expect(phone.dump()).not.toContain(author);

    const told = await t.as<{ type: string; message: string; actor_id: string | null; subject_id: string }>(
      author,
      `select type, message, actor_id, subject_id from notifications where type in ('content_hidden', 'content_removed', 'warning')`,
    );
    expect(told).toEqual([expect.objectContaining({ type: 'content_hidden', message: 'Bullying contra um colega', actor_id: null })]);
    const [audit] = await t.sql<{ action: string; user_id: string; target_id: string }>(`select action, user_id, target_id from admin_actions where id = $1`, [told[0].subject_id]);
    expect(audit).toEqual({ action: 'hide', user_id: author, target_id: answerId });
  });

  test('a reason is required for hide, delete, warn and ban; unknown codes are refused', async () => {
    for (const action of ['hide', 'delete', 'warn', 'ban']) {
      expect((await failure(act(admin, 'answer', answerId, action, '  '))).hint).toBe('reason_required');
    }
    expect((await failure(act(admin, 'answer', answerId, 'explode', 'x'))).hint).toBe('validation');
    expect((await failure(act(admin, 'profile', author, 'hide', 'x'))).hint).toBe('validation');
    expect((await failure(queue(admin, 'notebook'))).hint).toBe('validation');
    expect((await failure(queue(admin, null, 'closed'))).hint).toBe('validation');
  });

  test('a hidden guestbook message and a hidden poll leave guestbook_page and poll_view', async () => {
    const [{ m }] = await t.as<{ m: { id: string } }>(stranger, `select write_guestbook_message($1, 'Recado feio', false) as m`, [owner]);
    await t.as(owner, `select moderate_guestbook_message($1, 'approve')`, [m.id]);
    const page = async (who: string) =>
      (await t.as<{ p: { messages: { id: string }[] } }>(who, `select guestbook_page($1, 'approved', 20, null, null) as p`, [owner]))[0].p.messages.map((x) => x.id);
    expect(await page(participant)).toEqual([m.id]);
    await report(reporter, 'guestbook_message', m.id, 'hate');
    await act(admin, 'guestbook_message', m.id, 'hide', 'Discurso de ódio');
    for (const who of [participant, owner, stranger]) expect(await page(who)).toEqual([]);
    expect(await t.as(stranger, `select id from guestbook_messages where id = $1`, [m.id])).toEqual([]);

    const [{ p }] = await t.as<{ p: { id: string } }>(owner, `select save_poll(null, 'Qual a melhor cor?', array['Azul', 'Verde']) as p`);
    const view = async (who: string) => (await t.as<{ v: { id: string } | null }>(who, `select poll_view($1, null) as v`, [owner]))[0].v;
    expect((await view(participant))?.id).toBe(p.id);
    await report(reporter, 'poll', p.id, 'spam');
    await act(admin, 'poll', p.id, 'hide', 'Spam');
    expect(await view(participant)).toBeNull();
    expect(await view(owner)).toBeNull();
    expect((await failure(t.as(participant, `select vote_in_poll($1, 0)`, [p.id]))).hint).toBe('not_found');
    await act(admin, 'poll', p.id, 'restore', null);
    expect((await view(participant))?.id).toBe(p.id);
  });

  test('the queue: self-harm first, then the most reported, then the newest; filters; keyset pages', async () => {
    // fresh targets: questions of the notebook, reported by several people
    const people = [reporter, participant, author, owner];
    const targets: string[] = [];
    for (let i = 0; i < 25; i++) {
      const [{ id }] = await t.as<{ id: string }>(owner, `insert into questions (notebook_id, text) values ($1, $2) returning id`, [notebookId, `Pergunta número ${i}`]);
      targets.push(id);
    }
    // targets[0]: one self-harm report; targets[1]: three reports; targets[2]: two; the rest one each
    await report(reporter, 'question', targets[0], 'self_harm');
    for (const who of people.slice(0, 3)) await report(who, 'question', targets[1], 'spam');
    for (const who of people.slice(0, 2)) await report(who, 'question', targets[2], null);
    for (const id of targets.slice(3)) await report(participant, 'question', id, 'other');

    const first = await queue(admin, 'question', 'open', 20);
    expect(first.items).toHaveLength(20);
    expect(first.items.slice(0, 3).map((i) => [i.target_id, i.reports, i.self_harm])).toEqual([
      [targets[0], 1, true],
      [targets[1], 3, false],
      [targets[2], 2, false],
    ]);
    // then the newest first
    const rest = first.items.slice(3).map((i) => i.newest);
    expect(rest).toEqual([...rest].sort().reverse());
    expect(first.next).not.toBeNull();
    const second = await queue(admin, 'question', 'open', 20, first.next);
    expect(second.next).toBeNull();
    const all = [...first.items, ...second.items].map((i) => i.target_id);
    expect(new Set(all).size).toBe(25);
    expect([...all].sort()).toEqual([...targets].sort());
    // the page size is held to 20–50
    expect((await queue(admin, 'question', 'open', 5)).items).toHaveLength(20);
    // other kinds and states
    expect((await queue(admin, 'answer', 'open')).items).toEqual([]);
    expect((await queue(admin, 'answer', 'actioned')).items.map((i) => i.target_id)).toEqual([answerId]);
    // dismiss settles the reports as dismissed and tells each reporter
    await act(admin, 'question', targets[1], 'dismiss', null);
    expect((await queue(admin, 'question', 'dismissed')).items.map((i) => [i.target_id, i.reports])).toEqual([[targets[1], 3]]);
    const dismissed = await t.sql<{ recipient_id: string }>(
      `select n.recipient_id from notifications n join reports r on r.id = n.subject_id
        where n.type = 'report_handled' and r.target_id = $1 and r.decision = 'dismiss'`,
      [targets[1]],
    );
    expect(dismissed.map((d) => d.recipient_id).sort()).toEqual(people.slice(0, 3).sort());
  });

  test('delete removes the content and tells the author; warn tells them without changing anything', async () => {
    const [{ id }] = await t.as<{ id: string }>(participant, `insert into answers (question_id, text) values ($1, 'Outra resposta ruim') returning id`, [questionId]);
    await report(reporter, 'answer', id, 'sexual');
    const phone = new Device(t, reporter);
    await syncUntil(phone, 'answers', [answerId, id]);
    expect(phone.ids('answers')).toContain(id);
    await act(admin, 'answer', id, 'warn', 'Primeiro aviso');
    await act(admin, 'answer', id, 'delete', 'Conteúdo sexual');
    await syncUntil(phone, 'answers', [answerId]);
    expect(phone.ids('answers')).not.toContain(id);
    const told = await t.as<{ type: string; message: string }>(participant, `select type, message from notifications where type in ('warning', 'content_removed') order by created_at`);
    expect(told.map((n) => [n.type, n.message]).sort()).toEqual([['content_removed', 'Conteúdo sexual'], ['warning', 'Primeiro aviso']]);
    const [{ r: gone }] = await t.as<{ r: { present: boolean; audit: unknown[] } }>(admin, `select admin_report_target('answer', $1) as r`, [id]);
    expect(gone.present).toBe(false);
    expect(gone.audit).toHaveLength(2);
  });
});

/** The S6 derivation as the device computes it (src/data/derived-ids.ts). */
function answerIdFor(secret: string, questionId: string): string {
  const h = createHash('sha256').update(`${secret}:${questionId}`, 'utf8').digest().subarray(0, 16);
  h[6] = (h[6] & 0x0f) | 0x80;
  h[8] = (h[8] & 0x3f) | 0x80;
  const hex = h.toString('hex');
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-${hex.slice(12, 16)}-${hex.slice(16, 20)}-${hex.slice(20)}`;
}

/** The security review of issue 33's database: each hole, shown closed. */
describe.each(BACKENDS)('takedown holes closed on $name', ({ backend }) => {
  let t: TestDatabase;
  let owner: string, host: string, reporter: string, admin: string;
  let notebookId: string, questionId: string;

  const act = (who: string, kind: string, target: string, action: string, reason: string | null) =>
    t.as<{ r: Record<string, unknown> }>(who, `select admin_act($1, $2, $3, $4) as r`, [kind, target, action, reason]).then(([row]) => row.r);
  const report = async (who: string, kind: string, target: string, reason: string | null = null) => {
    const id = randomUUID();
    await t.as(who, `insert into reports (id, kind, target_id, reason) values ($1, $2, $3, $4)`, [id, kind, target, reason]);
    return id;
  };

  beforeAll(async () => {
    t = await openTestDatabase({ backend });
    owner = await t.createUser('dona_da_festa');
    host = await t.createUser('anfitria');
    reporter = await t.createUser('denunciante');
    admin = await t.createUser('moderador', { admin: true });
    [{ id: notebookId }] = await t.as<{ id: string }>(owner, `insert into notebooks (title, user_id) values ('Festa', $1) returning id`, [owner]);
    [{ id: questionId }] = await t.as<{ id: string }>(owner, `insert into questions (notebook_id, text) values ($1, 'Pergunta da festa?') returning id`, [notebookId]);
    for (const who of [host, reporter]) await t.as(owner, `insert into notebook_shares (notebook_id, shared_with) values ($1, $2)`, [notebookId, who]);
  });
  afterAll(async () => t?.close());

  test('F1: a hidden guest answer stays hidden when the guest claims it; its reports and audit follow the new row', async () => {
    const code = [...randomBytes(12)].map((b) => 'ABCDEFGHJKLMNPQRSTUVWXYZ23456789'[b % 32]).join('');
    const guest = {
      id: randomUUID(), notebook_id: notebookId, host_id: host, name: 'Convidado', is_anonymous: false,
      answer_secret: randomBytes(32).toString('base64url'), claim_hash: createHash('sha256').update(code).digest('hex'),
      created_at: new Date().toISOString(), claimed_by: null, claimed_at: null, _deleted: false,
    };
    expect((await push(t, host, 'guests', [{ newDocumentState: guest, assumedMasterState: null }])).rejected).toEqual([]);
    const oldId = answerIdFor(guest.answer_secret, questionId);
    const answer = {
      id: oldId, question_id: questionId, notebook_id: notebookId, user_id: null, guest_id: guest.id, text: 'texto ofensivo do convidado',
      is_anonymous: false, responder_name: 'Convidado', client_clock: Date.now(), created_at: new Date().toISOString(), _deleted: false,
    };
    expect((await push(t, host, 'answers', [{ newDocumentState: answer, assumedMasterState: null }])).rejected).toEqual([]);
    const reportId = await report(reporter, 'answer', oldId, 'bullying');
    await act(admin, 'answer', oldId, 'hide', 'Ofensivo');
    const phone = new Device(t, reporter);
    await syncUntil(phone, 'answers', []);

    const claimer = await t.createUser('ex_convidado');
    const [{ r: claim }] = await t.as<{ r: { moved: number } }>(claimer, `select claim_guest($1) as r`, [code]);
    expect(claim.moved).toBe(1);
    const [row] = await t.sql<{ id: string; hidden_at: string | null }>(`select id, hidden_at from answers where question_id = $1 and user_id = $2`, [questionId, claimer]);
    expect(row.id).not.toBe(oldId);
    expect(row.hidden_at).not.toBeNull();
    // nobody but admins gets it back: the reporter's device, the claimer's own reads
    await phone.sync('answers');
    expect(phone.ids('answers')).toEqual([]);
    expect(await t.as(claimer, `select id from answers where id = $1`, [row.id])).toEqual([]);
    // the report names the new row; the queue shows it hidden, not gone; the audit of the old id is there
    expect((await t.sql<{ target_id: string }>(`select target_id from reports where id = $1`, [reportId]))[0].target_id).toBe(row.id);
    const [{ q }] = await t.as<{ q: { items: { target_id: string; hidden: boolean; gone: boolean }[] } }>(admin, `select admin_report_queue(null, 'all') as q`);
    expect(q.items).toEqual([expect.objectContaining({ target_id: row.id, hidden: true, gone: false })]);
    const [{ r: target }] = await t.as<{ r: { hidden_at: string | null; audit: { action: string }[]; reports: { id: string }[] } }>(admin, `select admin_report_target('answer', $1) as r`, [row.id]);
    expect(target.hidden_at).not.toBeNull();
    expect(target.reports.map((r) => r.id)).toEqual([reportId]);
    expect(target.audit.map((a) => a.action)).toEqual(['hide']);
    // a report's target still cannot be changed by anyone else
    const error = await failure(t.as('service', `update reports set target_id = $1 where id = $2`, [randomUUID(), reportId]));
    expect(error.hint).toBe('not_allowed');
  });

  test('F2: a ban of an anonymous answer\'s author reaches the reporter as "actioned", and no one else\'s account_status is pulled', async () => {
    const author = await t.createUser('autora_secreta');
    const named = await t.createUser('autor_com_nome');
    for (const who of [author, named]) await t.as(owner, `insert into notebook_shares (notebook_id, shared_with) values ($1, $2)`, [notebookId, who]);
    const [{ id: anonymous }] = await t.as<{ id: string }>(author, `insert into answers (question_id, text, is_anonymous) values ($1, 'anônima e ofensiva', true) returning id`, [questionId]);
    const [{ id: signed }] = await t.as<{ id: string }>(named, `insert into answers (question_id, text) values ($1, 'assinada e ofensiva') returning id`, [questionId]);
    const phone = new Device(t, reporter);
    await phone.syncAll();
    const anonymousReport = await report(reporter, 'answer', anonymous, 'bullying');
    const signedReport = await report(reporter, 'answer', signed, 'bullying');
    await act(admin, 'answer', anonymous, 'ban', 'Bullying repetido');
    await act(admin, 'answer', signed, 'ban', 'Bullying repetido');

    const decisions = await t.as<{ id: string; decision: string }>(reporter, `select id, decision from reports where id in ($1, $2)`, [anonymousReport, signedReport]);
    expect(Object.fromEntries(decisions.map((r) => [r.id, r.decision]))).toEqual({ [anonymousReport]: 'actioned', [signedReport]: 'ban' });
    const notices = await t.as<{ subject_id: string; message: string }>(reporter, `select subject_id, message from notifications where type = 'report_handled' and subject_id in ($1, $2)`, [anonymousReport, signedReport]);
    expect(Object.fromEntries(notices.map((n) => [n.subject_id, n.message]))).toEqual({ [anonymousReport]: 'actioned', [signedReport]: 'ban' });
    // the admin still reads the action in the audit
    expect((await t.sql<{ action: string }>(`select action from admin_actions where target_id = $1 and target_kind = 'answer'`, [anonymous])).map((a) => a.action)).toContain('ban');

    for (const collection of ['profiles', 'reports', 'notifications'] as const) await phone.sync(collection);
    const profiles = phone.docs('profiles');
    expect(profiles.find((p) => p.id === reporter)?.account_status).toBe('active');
    for (const p of profiles.filter((p) => p.id !== reporter)) expect(p).not.toHaveProperty('account_status');
    expect(phone.dump()).not.toContain('banned');
  });

  test('F6: the answers of a hidden question are hidden with it (reads, view, devices) and it takes no new answer; restore brings them back', async () => {
    const [{ id: q2 }] = await t.as<{ id: string }>(owner, `insert into questions (notebook_id, text) values ($1, 'Pergunta ruim?') returning id`, [notebookId]);
    const [{ id: mine }] = await t.as<{ id: string }>(reporter, `insert into answers (question_id, text) values ($1, 'minha resposta') returning id`, [q2]);
    const phones = [reporter, owner, host].map((who) => new Device(t, who));
    for (const phone of phones) await phone.sync('answers');
    for (const phone of phones) expect(phone.ids('answers')).toContain(mine);

    await act(admin, 'question', q2, 'hide', 'Pergunta ofensiva');
    for (const who of [reporter, owner, host]) {
      expect(await t.as(who, `select id from visible_answers where question_id = $1`, [q2])).toEqual([]);
      expect(await t.as(who, `select id from answers where question_id = $1`, [q2])).toEqual([]);
    }
    for (const phone of phones) {
      await phone.sync('answers');
      expect(phone.ids('answers')).not.toContain(mine);
    }
    const fresh = new Device(t, owner);
    await fresh.sync('answers');
    expect(fresh.ids('answers')).not.toContain(mine);
    // an offline device pushes a new answer to it: refused as for a removed question
    const [{ id: derived }] = await t.sql<{ id: string }>(`select public.answer_id($1, s.answer_secret) as id from user_settings s where s.user_id = $2`, [q2, host]);
    const doc = { id: derived, question_id: q2, notebook_id: notebookId, user_id: host, text: 'escrita offline', is_anonymous: false, client_clock: Date.now(), created_at: new Date().toISOString(), _deleted: false };
    const pushed = await push(t, host, 'answers', [{ newDocumentState: doc, assumedMasterState: null }]);
    expect(pushed.rejected.map((r) => r.reason)).toEqual(['not_found']);
    expect((await failure(t.as(owner, `insert into answers (question_id, text) values ($1, 'nova')`, [q2]))).hint).toBe('not_found');
    // the admin still reads them
    expect(await t.as(admin, `select id from visible_answers where question_id = $1`, [q2])).toEqual([{ id: mine }]);

    await act(admin, 'question', q2, 'restore', null);
    for (const phone of phones) {
      await phone.sync('answers');
      expect(phone.ids('answers')).toContain(mine);
    }
    expect(await t.as(reporter, `select id from visible_answers where question_id = $1`, [q2])).toEqual([{ id: mine }]);
  });

  test('F7: a hidden answer cannot be reported by a non-admin: not_found, as for a removed one', async () => {
    const [{ id: hidden }] = await t.as<{ id: string }>(host, `insert into answers (question_id, text) values ($1, 'vai ser ocultada') returning id`, [questionId]);
    await act(admin, 'answer', hidden, 'hide', 'Ofensiva');
    const refusal = await failure(report(reporter, 'answer', hidden, 'spam'));
    const missing = await failure(report(reporter, 'answer', randomUUID(), 'spam'));
    expect([refusal.code, refusal.hint]).toEqual([missing.code, missing.hint]);
    expect(refusal.hint).toBe('not_found');
    // an admin still reports (and reads) it
    await report(admin, 'answer', hidden, 'spam');
  });

  test('F3: an admin removes nothing and edits no profile outside admin_act and the ban RPCs (nothing unaudited)', async () => {
    const [{ id: q3 }] = await t.as<{ id: string }>(owner, `insert into questions (notebook_id, text) values ($1, 'Fica?') returning id`, [notebookId]);
    const [{ id: a3 }] = await t.as<{ id: string }>(host, `insert into answers (question_id, text) values ($1, 'fica sim') returning id`, [q3]);
    const [{ id: message }] = await t.as<{ id: string }>(reporter, `select (write_guestbook_message($1, 'Olá, dona!', false)) ->> 'id' as id`, [owner]);
    const audited = async () => (await t.sql<{ n: number }>(`select count(*)::int as n from admin_actions`))[0].n;
    const before = await audited();
    for (const [sql, id] of [[`delete from answers where id = $1`, a3], [`delete from questions where id = $1`, q3], [`delete from notebooks where id = $1`, notebookId]] as const) {
      const { affectedRows } = await t.tx(admin, (q) => q.query(sql, [id]));
      expect(affectedRows, sql).toBe(0);
    }
    expect((await failure(t.as(admin, `select moderate_guestbook_message($1, 'delete')`, [message]))).hint).toBe('not_found');
    const { affectedRows } = await t.tx(admin, (q) => q.query(`update profiles set display_name = 'Outro nome', account_status = 'banned' where id = $1`, [host]));
    expect(affectedRows).toBe(0);
    expect(await t.sql(`select (select count(*)::int from answers where id = $1) as a, (select count(*)::int from questions where id = $2) as q,
                               (select count(*)::int from guestbook_messages where id = $3) as m,
                               (select account_status from profiles where id = $4) as status`, [a3, q3, message, host]))
      .toEqual([{ a: 1, q: 1, m: 1, status: 'active' }]);
    expect(await audited()).toBe(before);
    // admin_act does it, recorded
    await act(admin, 'guestbook_message', message, 'delete', 'Removida');
    expect(await audited()).toBe(before + 1);
  });

  test('F4: the last active admin is never banned; a ban racing a ban or a demotion leaves an active admin', async () => {
    // one session: the service's (owner's) ban of the only active admin
    expect((await failure(t.sql(`select private.ban_account($1, 'x')`, [admin]))).hint).toBe('last_admin');
    if (backend !== 'postgres') return;
    const r = await openTestDatabase({ backend: 'postgres' });
    try {
      const a = await r.createUser('adm_a', { admin: true });
      const b = await r.createUser('adm_b', { admin: true });
      const session = async (uid: string) => {
        const c = new pg.Client({ connectionString: r.url });
        await c.connect();
        await c.query('begin');
        await c.query(
          `select set_config('role', 'authenticated', true), set_config('request.jwt.claims', $1, true),
                  set_config('request.jwt.claim.sub', $2, true), set_config('request.jwt.claim.role', 'authenticated', true)`,
          [JSON.stringify({ role: 'authenticated', sub: uid, aud: 'authenticated' }), uid],
        );
        return c;
      };
      const scenario = async (first: (c: pg.Client) => Promise<unknown>, second: (c: pg.Client) => Promise<unknown>) => {
        await r.sql(`update profiles set account_status = 'active' where id in ($1, $2)`, [a, b]);
        await r.sql(`insert into user_roles (user_id, role) values ($1, 'admin'), ($2, 'admin') on conflict do nothing`, [a, b]);
        const c1 = await session(a);
        const c2 = await session(b);
        const outcome: string[] = [];
        await first(c1);
        const pending = second(c2).then(() => 'ok', (e: { hint?: string }) => e.hint ?? 'error');
        await new Promise((resolve) => setTimeout(resolve, 300));
        await c1.query('commit');
        outcome.push(await pending);
        await c2.query(outcome[0] === 'ok' ? 'commit' : 'rollback');
        await c1.end();
        await c2.end();
        const [{ n }] = await r.sql<{ n: number }>(
          `select count(*)::int as n from user_roles u join profiles p on p.id = u.user_id where u.role = 'admin' and p.account_status = 'active'`,
        );
        return { second: outcome[0], activeAdmins: n };
      };
      // the second waits for the first's lock, then is refused: the last admin stays, or its caller
      // is the admin the first just banned (before: both went through, no active admin was left)
      const refused = expect.stringMatching(/^(last_admin|account_banned)$/);
      expect(await scenario((c) => c.query(`select admin_set_banned($1, true, 'x')`, [b]), (c) => c.query(`select admin_set_admin($1, false)`, [a])))
        .toEqual({ second: refused, activeAdmins: 1 });
      expect(await scenario((c) => c.query(`select admin_set_banned($1, true, 'x')`, [b]), (c) => c.query(`select admin_set_banned($1, true, 'y')`, [a])))
        .toEqual({ second: refused, activeAdmins: 1 });
    } finally {
      await r.close();
    }
  });

  test('F8: the audit names who acted (the service role cannot write an admin\'s name); a ban through admin_act is one row', async () => {
    const [{ admin_id: forged }] = await t.as<{ admin_id: string | null }>('service', `insert into admin_actions (admin_id, action, reason) values ($1, 'ban', 'forjado') returning admin_id`, [admin]);
    expect(forged).toBeNull();
    const author = await t.createUser('autor_banido');
    await t.as(owner, `insert into notebook_shares (notebook_id, shared_with) values ($1, $2)`, [notebookId, author]);
    const [{ id }] = await t.as<{ id: string }>(author, `insert into answers (question_id, text) values ($1, 'ofensa') returning id`, [questionId]);
    await act(admin, 'answer', id, 'ban', 'Ofensas repetidas');
    expect(await t.sql(`select admin_id, action, target_kind, target_id from admin_actions where user_id = $1`, [author]))
      .toEqual([{ admin_id: admin, action: 'ban', target_kind: 'answer', target_id: id }]);
    expect((await t.sql<{ account_status: string }>(`select account_status from profiles where id = $1`, [author]))[0].account_status).toBe('banned');
  });
});
