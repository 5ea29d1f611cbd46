/**
 * The party (issue 21): guests and their answers, through supabase-js against the real
 * sync-server, on PGlite and on Postgres when TEST_DATABASE_URL is set.
 *
 * The owner's notebook is shared with two sharees; one of them (the host) runs a round on their
 * phone. Guests: Bia (signed), Anônima (anonymous: only the owner may learn her name), Caio (who
 * registers later and claims). Who sees what (RLS, the pull, visible_answers), S5 for the anonymous
 * guest on every path a sharee or a collaborator can reach, S6 per guest, S9 replays, the order of
 * pushes (an answer before its guest: a retry), forbidden words, the owner removing a guest
 * answer, and claiming.
 */
import { createHash, randomBytes, randomUUID } from 'node:crypto';
import type { SupabaseClient } from '@supabase/supabase-js';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { startTestServer, TEST_BACKENDS, type TestServer } from '../../sync-server/testing.ts';
import { signUpAdult } from '../../sync-server/test-people.ts';
import { COLLECTIONS } from './replication-client.ts';

const ANONYMOUS_NAME = 'Zuleica Misteriosa';
const CLAIM_ALPHABET = 'ABCDEFGHJKLMNPQRSTUVWXYZ23456789';

interface Person {
  name: string;
  id: string;
  client: SupabaseClient;
}

interface Guest {
  id: string;
  notebook_id: string;
  host_id: string;
  name: string;
  is_anonymous: boolean;
  answer_secret: string;
  claim_hash: string;
  created_at: string;
  /** Kept by the round's device until the next turn: what the friend takes home. */
  code: string;
}

type Doc = Record<string, unknown> & { id: string };
interface PushResult {
  conflicts: Doc[];
  rejected: { id: string; reason: string; code: string; details: unknown; document: Doc | null }[];
}

/** The S6 derivation as the device computes it (src/data/derived-ids.ts). */
function answerIdFor(secret: string, questionId: string): string {
  const h = createHash('sha256').update(`${secret}:${questionId}`, 'utf8').digest().subarray(0, 16);
  h[6] = (h[6] & 0x0f) | 0x80;
  h[8] = (h[8] & 0x3f) | 0x80;
  const hex = h.toString('hex');
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-${hex.slice(12, 16)}-${hex.slice(16, 20)}-${hex.slice(20)}`;
}

function claimCode(): string {
  return [...randomBytes(12)].map((b) => CLAIM_ALPHABET[b % 32]).join('');
}

const sha256Hex = (text: string) => createHash('sha256').update(text, 'utf8').digest('hex');

/** A guest as the round makes it on the device. */
function newGuest(host: Person, notebookId: string, name: string, isAnonymous = false): Guest {
  const code = claimCode();
  return {
    id: randomUUID(), notebook_id: notebookId, host_id: host.id, name, is_anonymous: isAnonymous,
    answer_secret: randomBytes(32).toString('base64url'), claim_hash: sha256Hex(code),
    created_at: new Date().toISOString(), code,
  };
}

function guestDoc(guest: Guest) {
  const { code: _code, ...doc } = guest;
  return { ...doc, claimed_by: null, claimed_at: null, _deleted: false };
}

function guestAnswerDoc(guest: Guest, questionId: string, notebookId: string, text: string, clock = Date.now()) {
  return {
    id: answerIdFor(guest.answer_secret, questionId), question_id: questionId, notebook_id: notebookId,
    user_id: null, guest_id: guest.id, text, is_anonymous: guest.is_anonymous, responder_name: guest.name,
    client_clock: clock, created_at: new Date().toISOString(), _deleted: false,
  };
}

async function push(as: Person, collection: string, rows: { newDocumentState: unknown; assumedMasterState: unknown }[]): Promise<PushResult> {
  const { data, error } = await as.client.rpc('replication_push', { p_collection: collection, p_rows: rows });
  expect(error).toBeNull();
  return data as PushResult;
}

const inserts = (docs: unknown[]) => docs.map((doc) => ({ newDocumentState: doc, assumedMasterState: null }));

/** Everything a device receives from a pass from scratch of one collection (deletions included). */
async function pullAll(as: Person, collection: string): Promise<Doc[]> {
  const docs: Doc[] = [];
  let checkpoint: unknown = null;
  for (;;) {
    const { data, error } = await as.client.rpc('replication_pull', { p_collection: collection, p_checkpoint: checkpoint, p_limit: 1000 });
    expect(error).toBeNull();
    const page = data as { documents: Doc[]; checkpoint: unknown };
    docs.push(...page.documents);
    if (page.documents.length < 1000) return docs;
    checkpoint = page.checkpoint;
  }
}

/** What a device holds after a pass from scratch: the live documents by id. */
async function deviceCopy(as: Person, collection: string): Promise<Map<string, Doc>> {
  return new Map((await pullAll(as, collection)).filter((d) => !d._deleted).map((d) => [d.id, d]));
}

/** A device that keeps its checkpoints: what it receives after a change (deletions too). */
class Phone {
  readonly store = new Map<string, Map<string, Doc>>();
  private readonly checkpoints = new Map<string, unknown>();
  constructor(readonly person: Person) {}

  /** Pulls one collection up to date; returns what arrived. */
  async sync(collection: string): Promise<Doc[]> {
    const received: Doc[] = [];
    const docs = this.store.get(collection) ?? new Map<string, Doc>();
    this.store.set(collection, docs);
    for (;;) {
      const { data, error } = await this.person.client.rpc('replication_pull', {
        p_collection: collection, p_checkpoint: this.checkpoints.get(collection) ?? null, p_limit: 100,
      });
      expect(error).toBeNull();
      const page = data as { documents: Doc[]; checkpoint: unknown };
      for (const doc of page.documents) {
        received.push(doc);
        if (doc._deleted) docs.delete(doc.id);
        else docs.set(doc.id, doc);
      }
      this.checkpoints.set(collection, page.checkpoint);
      if (page.documents.length < 100) return received;
    }
  }
}

describe.each(TEST_BACKENDS)('guests of a party round ($name)', ({ postgresServerUrl }) => {
  let server: TestServer;
  let owner: Person, host: Person, sharee: Person, collaborator: Person, stranger: Person, visitor: Person;
  let notebookId: string, q1: string, q2: string, q3: string;
  let hostPhone: Phone, shareePhone: Phone;
  let bia: Guest, anonymous: Guest, caio: Guest;

  async function signUp(name: string): Promise<Person> {
    const client = server.anonClient();
    const username = `${name}_${randomBytes(3).toString('hex')}`;
    const { data, error } = await signUpAdult(client, {
      email: `${username}@example.test`,
      password: 'Senha-forte-1',
      username,
    });
    if (error || !data.session || !data.user) throw error ?? new Error('no session after sign-up');
    return { name, id: data.user.id, client };
  }

  async function serverAnswer(id: string) {
    const { rows } = await server.ctx.db.query<Record<string, unknown>>(`select * from public.answers where id = $1`, [id]);
    return rows[0];
  }

  beforeAll(async () => {
    server = await startTestServer({ postgresServerUrl });
    owner = await signUp('dona');
    host = await signUp('anfitria');
    sharee = await signUp('curiosa');
    collaborator = await signUp('colaboradora');
    stranger = await signUp('estranha');
    visitor = { name: 'visitor', id: '', client: server.anonClient() };

    const { data: notebook } = await owner.client.from('notebooks').insert({ title: 'Festa', user_id: owner.id }).select('id').single();
    notebookId = notebook!.id;
    const questions = await owner.client.from('questions').insert([
      { notebook_id: notebookId, text: 'Doce preferido?' },
    ]).select('id');
    q1 = questions.data![0].id;
    const second = await owner.client.from('questions').insert({ notebook_id: notebookId, text: 'Música da festa?' }).select('id').single();
    q2 = second.data!.id;
    const third = await owner.client.from('questions').insert({ notebook_id: notebookId, text: 'Quem chegou primeiro?' }).select('id').single();
    q3 = third.data!.id;
    for (const person of [host, sharee]) {
      expect((await owner.client.from('notebook_shares').insert({ notebook_id: notebookId, shared_with: person.id })).error).toBeNull();
    }
    expect((await owner.client.from('notebook_collaborators').insert({ notebook_id: notebookId, user_id: collaborator.id, role: 'collaborator' })).error).toBeNull();
    expect((await collaborator.client.from('notebook_collaborators').update({ status: 'accepted' }).eq('user_id', collaborator.id)).error).toBeNull();

    // The round on the host's phone: three friends, then the phone goes online and pushes guests,
    // then answers (the app's order).
    bia = newGuest(host, notebookId, '  Bia  ');
    anonymous = newGuest(host, notebookId, ANONYMOUS_NAME, true);
    caio = newGuest(host, notebookId, 'Caio');
    expect(await push(host, 'guests', inserts([bia, anonymous, caio].map(guestDoc)))).toEqual({ conflicts: [], rejected: [] });
    const answers = [
      guestAnswerDoc(bia, q1, notebookId, 'Brigadeiro'),
      guestAnswerDoc(anonymous, q1, notebookId, 'Pudim'),
      guestAnswerDoc(anonymous, q2, notebookId, 'Forró'),
      guestAnswerDoc(caio, q1, notebookId, 'Quindim'),
      guestAnswerDoc(caio, q2, notebookId, 'Samba'),
    ];
    expect(await push(host, 'answers', inserts(answers))).toEqual({ conflicts: [], rejected: [] });
    // The host answers too, as themselves.
    const { error } = await host.client.from('answers').insert({ question_id: q1, notebook_id: notebookId, text: 'Beijinho' });
    expect(error).toBeNull();
    hostPhone = new Phone(host);
    shareePhone = new Phone(sharee);
    for (const phone of [hostPhone, shareePhone]) {
      await phone.sync('guests');
      await phone.sync('answers');
    }
  }, 120_000);
  afterAll(async () => server?.close());

  test('a guest is stored as the round made it: name trimmed, host = the caller, nobody has claimed it', async () => {
    const { rows } = await server.ctx.db.query(`select * from public.guests where id = $1`, [bia.id]);
    expect(rows[0]).toMatchObject({ name: 'Bia', host_id: host.id, claimed_by: null, notebook_id: notebookId, server_rev: 1 });
  });

  test('S6: each guest has their own answer, next to the host\'s own — none overwrote another', async () => {
    const { rows } = await server.ctx.db.query<{ id: string; user_id: string | null; guest_id: string | null; text: string }>(
      `select id, user_id, guest_id, text from public.answers where question_id = $1 order by text`, [q1]);
    expect(rows.map((r) => r.text)).toEqual(['Beijinho', 'Brigadeiro', 'Pudim', 'Quindim']);
    expect(new Set(rows.map((r) => r.id)).size).toBe(4);
    expect(rows.find((r) => r.text === 'Beijinho')).toMatchObject({ user_id: host.id, guest_id: null });
    expect(rows.find((r) => r.text === 'Brigadeiro')).toMatchObject({ user_id: null, guest_id: bia.id, id: answerIdFor(bia.answer_secret, q1) });
  });

  test('the anonymous guest\'s answer stores no name (S5: the name lives in the guest row), a signed guest\'s carries the guest\'s name', async () => {
    expect(await serverAnswer(answerIdFor(anonymous.answer_secret, q1))).toMatchObject({ is_anonymous: true, responder_name: null });
    expect(await serverAnswer(answerIdFor(bia.answer_secret, q1))).toMatchObject({ is_anonymous: false, responder_name: 'Bia' });
  });

  test('RLS: the owner reads the guests; the host reads their own guests; another sharee, a collaborator, a stranger and a visitor read none', async () => {
    const seen = async (as: Person) => ((await as.client.from('guests').select('id')).data ?? []).map((g) => g.id).sort();
    const all = [bia.id, anonymous.id, caio.id].sort();
    expect(await seen(owner)).toEqual(all);
    expect(await seen(host)).toEqual(all);
    for (const other of [sharee, collaborator, stranger, visitor]) expect(await seen(other), other.name).toEqual([]);
    // No one reads names or secrets through the API (names travel in the pull, masked).
    const { error } = await owner.client.from('guests').select('name');
    expect(error?.code).toBe('42501');
    expect((await host.client.from('guests').select('answer_secret')).error?.code).toBe('42501');
  });

  test('the pull of guests: everything for the owner; the host gets the anonymous guest without name or claimer; nobody else gets anything, not even a deletion', async () => {
    const ownerGuests = await deviceCopy(owner, 'guests');
    expect(ownerGuests.get(anonymous.id)).toMatchObject({ name: ANONYMOUS_NAME, is_anonymous: true });
    const hostGuests = await deviceCopy(host, 'guests');
    expect(hostGuests.get(anonymous.id)).toMatchObject({ name: null, is_anonymous: true, host_id: host.id });
    expect(hostGuests.get(bia.id)).toMatchObject({ name: 'Bia' });
    for (const other of [sharee, collaborator, stranger]) {
      expect(await pullAll(other, 'guests'), other.name).toEqual([]);
    }
  });

  test('guest answers per role: pull and visible_answers give the name and guest id of the anonymous guest to the owner only (guest id also to the host)', async () => {
    const anonymousAnswer = answerIdFor(anonymous.answer_secret, q1);
    const biaAnswer = answerIdFor(bia.answer_secret, q1);
    const pulled = async (as: Person) => (await deviceCopy(as, 'answers')).get(anonymousAnswer);
    expect(await pulled(owner)).toMatchObject({ guest_id: anonymous.id, responder_name: ANONYMOUS_NAME, user_id: null });
    expect(await pulled(host)).toMatchObject({ guest_id: anonymous.id, responder_name: null });
    for (const other of [sharee, collaborator]) {
      expect(await pulled(other), other.name).toMatchObject({ guest_id: null, responder_name: null, user_id: null, text: 'Pudim' });
    }
    const view = async (as: Person, id: string) => (await as.client.from('visible_answers').select('*').eq('id', id)).data?.[0];
    expect(await view(owner, anonymousAnswer)).toMatchObject({ guest_id: anonymous.id, responder_name: ANONYMOUS_NAME });
    expect(await view(host, anonymousAnswer)).toMatchObject({ guest_id: anonymous.id, responder_name: null });
    expect(await view(sharee, anonymousAnswer)).toMatchObject({ guest_id: null, responder_name: null, text: 'Pudim' });
    expect(await view(collaborator, anonymousAnswer)).toMatchObject({ guest_id: null, responder_name: null });
    expect(await view(sharee, biaAnswer)).toMatchObject({ guest_id: bia.id, responder_name: 'Bia' });
    expect(await view(stranger, anonymousAnswer)).toBeUndefined();
    expect((await visitor.client.from('visible_answers').select('*')).data ?? []).toEqual([]);
    // The answers table: the anonymous guest's row only to the owner and the host (it holds no name).
    const table = async (as: Person) => (await as.client.from('answers').select('id, guest_id').eq('id', anonymousAnswer)).data ?? [];
    expect(await table(owner)).toHaveLength(1);
    expect(await table(host)).toEqual([{ id: anonymousAnswer, guest_id: anonymous.id }]);
    for (const other of [sharee, collaborator, stranger]) expect(await table(other), other.name).toEqual([]);
  });

  test('S5: nothing a sharee or a collaborator can reach names the anonymous guest — every pulled collection, the tables Realtime publishes, visible_answers, and the RPCs aimed at her answer', async () => {
    const anonymousAnswer = answerIdFor(anonymous.answer_secret, q1);
    // A collaborator moderates it (rpc and push), a sharee tries to overwrite it: the replies are scanned too.
    const replies: unknown[] = [];
    replies.push(await collaborator.client.rpc('moderate_answer', { p_answer_id: anonymousAnswer, p_status: 'approved', p_notes: null }));
    for (const person of [sharee, collaborator]) {
      for (const collection of [...COLLECTIONS, 'guests']) replies.push(await pullAll(person, collection));
      replies.push((await person.client.from('visible_answers').select('*')).data);
      replies.push((await person.client.from('answers').select('*')).data);
      for (const table of ['notebooks', 'notifications', 'replication_pulses']) replies.push((await person.client.from(table).select('*')).data);
      replies.push(await person.client.rpc('my_answer_id', { p_question_id: q1 }));
      replies.push(await person.client.rpc('notebook_role', { p_notebook_id: notebookId }));
      // a code one character off hers (the real one would claim her answers)
      replies.push(await person.client.rpc('claim_guest', { p_code: anonymous.code.replace(/.$/, (c) => (c === 'A' ? 'B' : 'A')) }));
      const stale = { ...guestAnswerDoc(anonymous, q1, notebookId, 'Outra coisa'), server_rev: 999 };
      replies.push(await push(person, 'answers', [{ newDocumentState: stale, assumedMasterState: { ...stale, server_rev: 998 } }]));
      replies.push(await push(person, 'answers', inserts([guestAnswerDoc(anonymous, q1, notebookId, 'Outra coisa')])));
    }
    const text = JSON.stringify(replies);
    expect(text).toContain('Pudim'); // the answer itself is there…
    expect(text).not.toContain(ANONYMOUS_NAME); // …but not who wrote it
    expect(text).not.toContain(anonymous.id);
    expect(text).not.toContain(anonymous.answer_secret);
    expect(text).not.toContain(anonymous.claim_hash);
    // The owner is told of the answer without the name; the control: the owner's pull names her.
    const { data: notes } = await owner.client.from('notifications').select('*').eq('notebook_id', notebookId).in('type', ['new_answer', 'answer_pending']);
    expect(notes!.length).toBeGreaterThan(0);
    expect(JSON.stringify(notes)).not.toContain(ANONYMOUS_NAME);
    expect(JSON.stringify(await pullAll(owner, 'answers'))).toContain(ANONYMOUS_NAME);
  });

  test('the owner is notified of a guest\'s answer (named by the answer it points at); a guest earns no achievement and none of the host\'s', async () => {
    // one notification for the round's answers (grouped); the app names a guest from the answer
    const { data: notes } = await owner.client.from('notifications').select('type, actor_id, group_count').eq('notebook_id', notebookId).eq('type', 'new_answer');
    expect(notes).toEqual([expect.objectContaining({ type: 'new_answer' })]);
    expect(notes![0].group_count).toBeGreaterThan(1);
    expect(JSON.stringify(await pullAll(owner, 'answers'))).toContain('Bia');
    const { rows } = await server.ctx.db.query<{ n: number }>(
      `select count(*)::int as n from public.answers where user_id = $1`, [host.id]);
    expect(rows[0].n).toBe(1); // the host's own answer only: guest answers never count as the host's
  });

  test('S6: two devices (or two pushes) of one guest answering one question converge on one row; the later edit wins', async () => {
    const first = guestAnswerDoc(bia, q2, notebookId, 'Axé', 1_000);
    const later = guestAnswerDoc(bia, q2, notebookId, 'Pagode', 2_000);
    expect(await push(host, 'answers', inserts([first]))).toEqual({ conflicts: [], rejected: [] });
    const second = await push(host, 'answers', inserts([later]));
    expect(second.rejected).toEqual([]);
    expect(second.conflicts).toEqual([expect.objectContaining({ id: first.id, text: 'Axé' })]);
    // The device resolves the conflict (its edit is later) and pushes again on the master.
    const master = second.conflicts[0];
    expect(await push(host, 'answers', [{ newDocumentState: { ...master, text: 'Pagode', client_clock: 2_000 }, assumedMasterState: master }]))
      .toEqual({ conflicts: [], rejected: [] });
    const { rows } = await server.ctx.db.query(`select text from public.answers where guest_id = $1 and question_id = $2`, [bia.id, q2]);
    expect(rows).toEqual([{ text: 'Pagode' }]);
  });

  test('a guest answer with an id not derived from the guest\'s secret is refused as invalid_id; someone else\'s guest is not_allowed', async () => {
    const wrong = { ...guestAnswerDoc(caio, q1, notebookId, 'x'), id: randomUUID() };
    const result = await push(host, 'answers', inserts([wrong]));
    expect(result.rejected).toEqual([expect.objectContaining({ id: wrong.id, reason: 'invalid_id' })]);
    const other = await push(sharee, 'answers', inserts([guestAnswerDoc(bia, q3, notebookId, 'x')]));
    expect(other.rejected.map((r) => r.reason)).toEqual(['not_allowed']);
  });

  test('an answer pushed before its guest is a retry (guest_not_synced), and goes through once the guest is there', async () => {
    const late = newGuest(host, notebookId, 'Duda');
    const answer = guestAnswerDoc(late, q1, notebookId, 'Cocada');
    const early = await push(host, 'answers', inserts([answer]));
    expect(early).toEqual({ conflicts: [], rejected: [expect.objectContaining({ id: answer.id, reason: 'guest_not_synced', code: '55000' })] });
    expect(await push(host, 'guests', inserts([guestDoc(late)]))).toEqual({ conflicts: [], rejected: [] });
    expect(await push(host, 'answers', inserts([answer]))).toEqual({ conflicts: [], rejected: [] });
    expect(await serverAnswer(answer.id)).toMatchObject({ guest_id: late.id, text: 'Cocada' });
  });

  test('forbidden words are refused on the server in a guest\'s name and in a guest\'s answer (forbidden_words, with the words)', async () => {
    const rude = newGuest(host, notebookId, 'Zé Babaca');
    const named = await push(host, 'guests', inserts([guestDoc(rude)]));
    expect(named.rejected).toEqual([expect.objectContaining({ id: rude.id, reason: 'forbidden_words', details: ['babaca'] })]);
    const answered = await push(host, 'answers', inserts([guestAnswerDoc(caio, q3, notebookId, 'que merda de pergunta')]));
    expect(answered.rejected).toEqual([expect.objectContaining({ reason: 'forbidden_words', details: ['merda'] })]);
  });

  test('guest rows are checked: a name of 1–50 characters, secrets in shape, the host is the caller with answer access', async () => {
    const reasons = async (as: Person, doc: unknown) => (await push(as, 'guests', inserts([doc]))).rejected.map((r) => r.reason);
    expect(await reasons(host, guestDoc(newGuest(host, notebookId, '   ')))).toEqual(['guest_name_invalid']);
    expect(await reasons(host, guestDoc(newGuest(host, notebookId, 'x'.repeat(51))))).toEqual(['guest_name_invalid']);
    expect(await reasons(host, { ...guestDoc(newGuest(host, notebookId, 'Eva')), answer_secret: 'curto' })).toEqual(['invalid_secret']);
    expect(await reasons(host, { ...guestDoc(newGuest(host, notebookId, 'Eva')), claim_hash: 'ABC' })).toEqual(['invalid_secret']);
    expect(await reasons(host, { ...guestDoc(newGuest(host, notebookId, 'Eva')), host_id: sharee.id })).toEqual(['not_allowed']);
    expect(await reasons(stranger, guestDoc(newGuest(stranger, notebookId, 'Eva')))).toEqual(['not_allowed']);
    const { error } = await visitor.client.rpc('replication_push', { p_collection: 'guests', p_rows: inserts([guestDoc(newGuest(host, notebookId, 'Eva'))]) });
    expect(error?.hint).toBe('not_authenticated');
    // A collaborator and the owner may run rounds too.
    for (const person of [collaborator, owner]) expect(await reasons(person, guestDoc(newGuest(person, notebookId, 'Eva')))).toEqual([]);
    // Nobody changes a guest: not the host (the push has nothing it may write), not over REST.
    const [master] = [...(await deviceCopy(host, 'guests')).values()].filter((g) => g.id === bia.id);
    const renamed = await push(host, 'guests', [{ newDocumentState: { ...master, name: 'Beatriz' }, assumedMasterState: master }]);
    expect(renamed.conflicts).toEqual([expect.objectContaining({ id: bia.id, name: 'Bia' })]);
    expect((await owner.client.from('guests').update({ is_anonymous: true }).eq('id', bia.id)).error?.code).toBe('42501');
  });

  test('S9: replaying the pushes of guests and guest answers changes nothing (conflicts carrying the server\'s rows)', async () => {
    const before = (await server.ctx.db.query(`select id, server_rev, text from public.answers where guest_id is not null order by id`)).rows;
    const guestsBefore = (await server.ctx.db.query(`select id, server_rev from public.guests order by id`)).rows;
    const replayGuests = await push(host, 'guests', inserts([bia, anonymous, caio].map(guestDoc)));
    expect(replayGuests.rejected).toEqual([]);
    expect(replayGuests.conflicts.map((c) => c.id).sort()).toEqual([bia.id, anonymous.id, caio.id].sort());
    const replayAnswers = await push(host, 'answers', inserts([
      guestAnswerDoc(bia, q1, notebookId, 'Brigadeiro'), guestAnswerDoc(anonymous, q1, notebookId, 'Pudim'),
      guestAnswerDoc(caio, q1, notebookId, 'Quindim'),
    ]));
    expect(replayAnswers.rejected).toEqual([]);
    expect(replayAnswers.conflicts).toHaveLength(3);
    // The replayed anonymous answer comes back without the name the device had typed (S5 on the host's phone).
    expect(replayAnswers.conflicts.find((c) => c.guest_id === anonymous.id)).toMatchObject({ responder_name: null });
    expect((await server.ctx.db.query(`select id, server_rev, text from public.answers where guest_id is not null order by id`)).rows).toEqual(before);
    expect((await server.ctx.db.query(`select id, server_rev from public.guests order by id`)).rows).toEqual(guestsBefore);
  });

  test('the owner can delete a guest answer (the host\'s device gets the deletion); the host and a sharee cannot', async () => {
    const id = answerIdFor(caio.answer_secret, q2);
    const hostCopy = await deviceCopy(host, 'answers');
    const master = hostCopy.get(id)!;
    const refused = await push(host, 'answers', [{ newDocumentState: { ...master, _deleted: true }, assumedMasterState: master }]);
    expect(refused.rejected.map((r) => r.reason)).toEqual(['not_allowed']);
    expect((await sharee.client.from('answers').delete().eq('id', id).select('id')).data).toEqual([]);
    const ownerCopy = (await deviceCopy(owner, 'answers')).get(id)!;
    expect(await push(owner, 'answers', [{ newDocumentState: { ...ownerCopy, _deleted: true }, assumedMasterState: ownerCopy }]))
      .toEqual({ conflicts: [], rejected: [] });
    expect(await serverAnswer(id)).toBeUndefined();
    expect((await hostPhone.sync('answers')).find((d) => d.id === id)).toMatchObject({ _deleted: true });
    expect(hostPhone.store.get('answers')!.has(id)).toBe(false);
    // S9: the phone's push of that answer, replayed later, does not bring it back.
    expect(await push(host, 'answers', inserts([guestAnswerDoc(caio, q2, notebookId, 'Samba')]))).toEqual({ conflicts: [], rejected: [] });
    expect(await serverAnswer(id)).toBeUndefined();
  });

  test('pre-moderation: a guest\'s answer waits (the owner and moderators are told; the host still sees it, other sharees do not); the host\'s edit waits again', async () => {
    const { data: moderated } = await owner.client.from('notebooks').insert({ title: 'Festa moderada', user_id: owner.id, pre_moderation_enabled: true }).select('id').single();
    const nb = moderated!.id as string;
    const { data: question } = await owner.client.from('questions').insert({ notebook_id: nb, text: 'Um recado?' }).select('id').single();
    for (const person of [host, sharee]) {
      expect((await owner.client.from('notebook_shares').insert({ notebook_id: nb, shared_with: person.id })).error).toBeNull();
    }
    expect((await owner.client.from('notebook_collaborators').insert({ notebook_id: nb, user_id: collaborator.id, role: 'collaborator' })).error).toBeNull();
    expect((await collaborator.client.from('notebook_collaborators').update({ status: 'accepted' }).eq('notebook_id', nb)).error).toBeNull();
    const lia = newGuest(host, nb, 'Lia');
    expect(await push(host, 'guests', inserts([guestDoc(lia)]))).toEqual({ conflicts: [], rejected: [] });
    const doc = guestAnswerDoc(lia, question!.id, nb, 'Parabéns!', 1_000);
    expect(await push(host, 'answers', inserts([doc]))).toEqual({ conflicts: [], rejected: [] });
    expect(await serverAnswer(doc.id)).toMatchObject({ moderation_status: 'pending' });
    for (const moderator of [owner, collaborator]) {
      const { data } = await moderator.client.from('notifications').select('type').eq('answer_id', doc.id);
      expect(data, moderator.name).toEqual([{ type: 'answer_pending' }]);
    }
    const hostCopy = (await deviceCopy(host, 'answers')).get(doc.id);
    expect(hostCopy).toMatchObject({ moderation_status: 'pending', text: 'Parabéns!' });
    expect((await deviceCopy(sharee, 'answers')).has(doc.id)).toBe(false);
    // Approved: the sharee sees it; the host edits it: pending again, and the sharee's device loses it.
    expect((await owner.client.rpc('moderate_answer', { p_answer_id: doc.id, p_status: 'approved' })).error).toBeNull();
    expect((await deviceCopy(sharee, 'answers')).get(doc.id)).toMatchObject({ responder_name: 'Lia', guest_id: lia.id });
    const master = (await deviceCopy(host, 'answers')).get(doc.id)!;
    expect(await push(host, 'answers', [{ newDocumentState: { ...master, text: 'Parabéns, Dona!', client_clock: 2_000 }, assumedMasterState: master }]))
      .toEqual({ conflicts: [], rejected: [] });
    expect(await serverAnswer(doc.id)).toMatchObject({ moderation_status: 'pending', text: 'Parabéns, Dona!' });
    expect((await deviceCopy(sharee, 'answers')).has(doc.id)).toBe(false);
    // Nobody but the host edits a guest's answer (the owner moderates it, but its words are the guest's).
    const ownerCopy = (await deviceCopy(owner, 'answers')).get(doc.id)!;
    const edited = await push(owner, 'answers', [{ newDocumentState: { ...ownerCopy, text: 'Outra', client_clock: 3_000 }, assumedMasterState: ownerCopy }]);
    expect(edited.rejected.map((r) => r.reason)).toEqual(['not_allowed']);
  });

  describe('claiming', () => {
    test('a wrong or malformed code is claim_invalid; the host cannot claim their own guest (claim_host)', async () => {
      for (const code of ['AAAA-BBBB-CCCC', 'curto', '', caio.code.replace(/.$/, (c) => (c === 'A' ? 'B' : 'A'))]) {
        const { error } = await stranger.client.rpc('claim_guest', { p_code: code });
        expect(error?.hint, code).toBe('claim_invalid');
      }
      const { error } = await host.client.rpc('claim_guest', { p_code: caio.code });
      expect(error?.hint).toBe('claim_host');
      const { error: signedOut } = await visitor.client.rpc('claim_guest', { p_code: caio.code });
      expect(signedOut).not.toBeNull();
    });

    test('a viewer\'s guest takes their answers home but not the notebook: a viewer may not share (spec §5), so their round lets nobody in (access: not_granted)', async () => {
      // The host is a sharee (a viewer): the guest's id and code were made on their phone, so
      // anyone they hand a code to would otherwise become a viewer without the owner acting.
      const friend = await signUp('caio');
      await hostPhone.sync('answers');
      const guestAnswer = answerIdFor(caio.answer_secret, q1);
      expect(hostPhone.store.get('answers')!.has(guestAnswer)).toBe(true);
      const dashed = `${caio.code.slice(0, 4)}-${caio.code.slice(4, 8)}-${caio.code.slice(8)}`.toLowerCase();
      const { data, error } = await friend.client.rpc('claim_guest', { p_code: dashed });
      expect(error).toBeNull();
      // q2's answer was deleted by the owner above: one answer moves.
      expect(data).toEqual({ notebook_id: notebookId, moved: 1, kept: 0, access: 'not_granted' });
      const { data: mine } = await friend.client.rpc('my_answer_id', { p_question_id: q1 });
      expect(await serverAnswer(mine as string)).toMatchObject({ user_id: friend.id, guest_id: null, text: 'Quindim', responder_name: 'Caio' });
      expect(await serverAnswer(guestAnswer)).toBeUndefined();
      // The answer is the friend's (they read it as its author), the notebook is not: no share, no role.
      expect((await friend.client.from('answers').select('id, text')).data).toEqual([{ id: mine, text: 'Quindim' }]);
      expect((await friend.client.rpc('notebook_role', { p_notebook_id: notebookId })).data).toBe('none');
      expect((await server.ctx.db.query(`select 1 from public.notebook_shares where shared_with = $1`, [friend.id])).rows).toEqual([]);
      expect((await friend.client.from('notebooks').select('id')).data).toEqual([]);
      // The host's device receives the deletion of the guest's answer.
      expect((await hostPhone.sync('answers')).find((d) => d.id === guestAnswer)).toMatchObject({ _deleted: true });
      expect(hostPhone.store.get('answers')!.has(guestAnswer)).toBe(false);
      // S9: the phone's pushes of the round, replayed after the claim, bring nothing back.
      const serverRows = async () => (await server.ctx.db.query(`select id, server_rev from public.answers order by id`)).rows;
      const before = await serverRows();
      expect(await push(host, 'guests', inserts([guestDoc(caio)]))).toMatchObject({ rejected: [] });
      expect(await push(host, 'answers', inserts([guestAnswerDoc(caio, q1, notebookId, 'Quindim')]))).toMatchObject({ rejected: [] });
      expect(await serverRows()).toEqual(before);
      // Claiming again is harmless and answers the same; someone else is refused.
      expect((await friend.client.rpc('claim_guest', { p_code: caio.code })).data).toEqual(data);
      expect((await stranger.client.rpc('claim_guest', { p_code: caio.code })).error?.hint).toBe('claim_already_claimed');
      expect((await server.ctx.db.query(`select claimed_by from public.guests where id = $1`, [caio.id])).rows).toEqual([{ claimed_by: friend.id }]);
    });

    test('the owner\'s guest gets the notebook with their answers (the owner may share: a viewer share, access: granted); an editor\'s or a collaborator\'s guest does not', async () => {
      const dani = newGuest(owner, notebookId, 'Dani');
      expect(await push(owner, 'guests', inserts([guestDoc(dani)]))).toEqual({ conflicts: [], rejected: [] });
      expect(await push(owner, 'answers', inserts([guestAnswerDoc(dani, q3, notebookId, 'Eu')]))).toEqual({ conflicts: [], rejected: [] });
      const edu = newGuest(collaborator, notebookId, 'Edu');
      expect(await push(collaborator, 'guests', inserts([guestDoc(edu)]))).toEqual({ conflicts: [], rejected: [] });
      expect(await push(collaborator, 'answers', inserts([guestAnswerDoc(edu, q3, notebookId, 'Ninguém')]))).toEqual({ conflicts: [], rejected: [] });

      const friend = await signUp('dani');
      const { data, error } = await friend.client.rpc('claim_guest', { p_code: dani.code });
      expect(error).toBeNull();
      expect(data).toEqual({ notebook_id: notebookId, moved: 1, kept: 0, access: 'granted' });
      expect((await friend.client.rpc('notebook_role', { p_notebook_id: notebookId })).data).toBe('viewer');
      const { data: mine } = await friend.client.rpc('my_answer_id', { p_question_id: q3 });
      expect((await deviceCopy(friend, 'answers')).get(mine as string)).toMatchObject({ text: 'Eu', user_id: friend.id });
      const { rows: shares } = await server.ctx.db.query(`select created_by, access_level from public.notebook_shares where shared_with = $1`, [friend.id]);
      expect(shares).toEqual([{ created_by: owner.id, access_level: 'viewer' }]);
      // Claiming again answers the same, access included.
      expect((await friend.client.rpc('claim_guest', { p_code: dani.code })).data).toEqual(data);

      const other = await signUp('edu');
      expect((await other.client.rpc('claim_guest', { p_code: edu.code })).data).toEqual({ notebook_id: notebookId, moved: 1, kept: 0, access: 'not_granted' });
      expect((await other.client.rpc('notebook_role', { p_notebook_id: notebookId })).data).toBe('none');
    });

    test('a person the owner removed (or blocked) still hears access_removed when claiming a viewer\'s guest, and nothing moves', async () => {
      const fabi = newGuest(host, notebookId, 'Fabi');
      expect(await push(host, 'guests', inserts([guestDoc(fabi)]))).toEqual({ conflicts: [], rejected: [] });
      expect(await push(host, 'answers', inserts([guestAnswerDoc(fabi, q3, notebookId, 'Fui eu')]))).toEqual({ conflicts: [], rejected: [] });
      const removed = await signUp('fabi');
      expect((await owner.client.from('notebook_shares').insert({ notebook_id: notebookId, shared_with: removed.id })).error).toBeNull();
      expect((await owner.client.from('notebook_shares').delete().eq('notebook_id', notebookId).eq('shared_with', removed.id)).error).toBeNull();
      expect((await removed.client.rpc('claim_guest', { p_code: fabi.code })).error?.hint).toBe('access_removed');
      expect(await serverAnswer(answerIdFor(fabi.answer_secret, q3))).toMatchObject({ guest_id: fabi.id, text: 'Fui eu' });
      const blocked = await signUp('gabi');
      expect((await owner.client.from('blocks').insert({ blocker_id: owner.id, blocked_id: blocked.id })).error).toBeNull();
      expect((await blocked.client.rpc('claim_guest', { p_code: fabi.code })).error?.hint).toBe('access_removed');
      expect(await serverAnswer(answerIdFor(fabi.answer_secret, q3))).toMatchObject({ guest_id: fabi.id });
    });

    test('where the claimer already answered, their own answer stays and the guest\'s stays the guest\'s; the anonymous guest\'s answers move and stay anonymous', async () => {
      // The sharee was the anonymous guest, and had already answered q2 herself.
      const { error } = await sharee.client.from('answers').insert({ question_id: q2, notebook_id: notebookId, text: 'Frevo' });
      expect(error).toBeNull();
      const { data, error: claimError } = await sharee.client.rpc('claim_guest', { p_code: anonymous.code });
      expect(claimError).toBeNull();
      expect(data).toEqual({ notebook_id: notebookId, moved: 1, kept: 1, access: 'existing' });
      const { data: mine } = await sharee.client.rpc('my_answer_id', { p_question_id: q1 });
      expect(await serverAnswer(mine as string)).toMatchObject({ user_id: sharee.id, text: 'Pudim', is_anonymous: true, responder_name: null });
      expect(await serverAnswer(answerIdFor(anonymous.answer_secret, q2))).toMatchObject({ guest_id: anonymous.id, text: 'Forró' });
      const { data: own } = await sharee.client.rpc('my_answer_id', { p_question_id: q2 });
      expect(await serverAnswer(own as string)).toMatchObject({ text: 'Frevo' });
      // Now an anonymous answer of a person: the other participants still cannot tell whose.
      const view = (await collaborator.client.from('visible_answers').select('*').eq('id', mine as string)).data![0];
      expect(view).toMatchObject({ user_id: null, responder_name: null, guest_id: null });
      // The host never learns who the anonymous guest was: not from the guest row either.
      expect((await deviceCopy(host, 'guests')).get(anonymous.id)).toMatchObject({ name: null, claimed_by: null });
    });

    test('the owner deletes a guest: the guest and its remaining answers go, from every device that had them', async () => {
      const remaining = answerIdFor(anonymous.answer_secret, q2);
      const master = (await deviceCopy(owner, 'guests')).get(anonymous.id)!;
      expect(await push(owner, 'guests', [{ newDocumentState: { ...master, _deleted: true }, assumedMasterState: master }]))
        .toEqual({ conflicts: [], rejected: [] });
      expect(await serverAnswer(remaining)).toBeUndefined();
      expect((await hostPhone.sync('guests')).find((d) => d.id === anonymous.id)).toMatchObject({ _deleted: true });
      expect(hostPhone.store.get('guests')!.has(anonymous.id)).toBe(false);
      expect((await hostPhone.sync('answers')).find((d) => d.id === remaining)).toMatchObject({ _deleted: true });
      // A sharee never received a guest, not even a deletion.
      expect(await shareePhone.sync('guests')).toEqual([]);
      expect(shareePhone.store.get('guests')!.size).toBe(0);
      // An answer of the deleted guest pushed late is refused for good (not_found), not retried.
      const late = await push(host, 'answers', inserts([guestAnswerDoc(anonymous, q2, notebookId, 'Forró')]));
      expect(late.rejected.map((r) => r.reason)).toEqual(['not_found']);
    });
  });
});
