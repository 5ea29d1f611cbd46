/**
 * ARCHITECTURE S5 (anonymity holds on the device too) and S6 (one answer per question and person,
 * deterministic ids). S5 is checked the way the issue asks: everything another participant's
 * device receives — every replicated collection — and every realtime payload they may receive is
 * scanned for the anonymous answerer's id and name.
 */
import { createHash, randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { openTestDatabase, type TestDatabase } from './harness.ts';
import { COLLECTIONS, Device, push } from './replication-client.ts';

let t: TestDatabase;
let owner: string, collaborator: string, editor: string, secretive: string, sharee: string;
let notebookId: string, questionId: string, secondQuestionId: string, anonymousAnswerId: string;
const SECRET_NAME = 'Nome Muito Secreto';

/** The client-side derivation of an answer id (what src/ computes with WebCrypto). */
function deriveAnswerId(secret: string, questionId: string): string {
  const h = createHash('sha256').update(`${secret}:${questionId}`, 'utf8').digest().subarray(0, 16);
  h[6] = (h[6] & 0x0f) | 0x80;
  h[8] = (h[8] & 0x3f) | 0x80;
  const hex = h.toString('hex');
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-${hex.slice(12, 16)}-${hex.slice(16, 20)}-${hex.slice(20)}`;
}

async function secretOf(userId: string): Promise<string> {
  const [{ answer_secret }] = await t.as<{ answer_secret: string }>(userId, `select answer_secret from user_settings`);
  return answer_secret;
}

beforeAll(async () => {
  t = await openTestDatabase();
  owner = await t.createUser('dona');
  collaborator = await t.createUser('colaboradora');
  editor = await t.createUser('editora');
  secretive = await t.createUser('secreta', { displayName: SECRET_NAME });
  sharee = await t.createUser('curiosa');
  [{ id: notebookId }] = await t.as<{ id: string }>(owner, `insert into notebooks (title, user_id) values ('Segredos', $1) returning id`, [owner]);
  [{ id: questionId }] = await t.as<{ id: string }>(owner, `insert into questions (notebook_id, text) values ($1, 'Conte um segredo') returning id`, [notebookId]);
  [{ id: secondQuestionId }] = await t.as<{ id: string }>(owner, `insert into questions (notebook_id, text) values ($1, 'Outro segredo') returning id`, [notebookId]);
  for (const who of [secretive, sharee]) {
    await t.as(owner, `insert into notebook_shares (notebook_id, shared_with) values ($1, $2)`, [notebookId, who]);
  }
  for (const [who, role] of [[collaborator, 'collaborator'], [editor, 'editor']] as const) {
    await t.as(owner, `insert into notebook_collaborators (notebook_id, user_id, role) values ($1, $2, $3)`, [notebookId, who, role]);
    await t.as(who, `update notebook_collaborators set status = 'accepted' where user_id = $1`, [who]);
  }
  await t.as(owner, `update notebooks set pre_moderation_enabled = true where id = $1`, [notebookId]);

  // The anonymous answer goes through replication, as the app sends it.
  const secret = await secretOf(secretive);
  anonymousAnswerId = deriveAnswerId(secret, questionId);
  const result = await push(t, secretive, 'answers', [
    {
      newDocumentState: {
        id: anonymousAnswerId, question_id: questionId, notebook_id: notebookId, user_id: secretive,
        text: 'Eu como a sobremesa primeiro', is_anonymous: true, responder_name: SECRET_NAME,
        client_clock: Date.now(), _deleted: false,
      },
      assumedMasterState: null,
    },
  ]);
  expect(result).toEqual({ conflicts: [], rejected: [] });
  // The collaborator moderates it through replication too.
  const collabPhone = new Device(t, collaborator);
  await collabPhone.sync('answers');
  const seen = collabPhone.store.get('answers')!.get(anonymousAnswerId)!;
  const moderated = await push(t, collaborator, 'answers', [
    { newDocumentState: { ...seen, moderation_status: 'approved', moderation_notes: 'ok' }, assumedMasterState: seen },
  ]);
  expect(moderated).toEqual({ conflicts: [], rejected: [] });
  // A signed answer by the other sharee, for contrast.
  await t.as(sharee, `insert into answers (question_id, text, responder_name) values ($1, 'Nenhum', 'Curiosa')`, [questionId]);
});
afterAll(async () => t?.close());

describe('S5 anonymity holds on the device too', () => {
  test.each([
    ['a sharee', () => sharee],
    ['a collaborator', () => collaborator],
  ])("S5: %s's device holds neither the anonymous answerer's id nor name, in any collection", async (_who, person) => {
    const phone = new Device(t, person());
    await phone.syncAll();
    const answer = phone.store.get('answers')!.get(anonymousAnswerId);
    expect(answer).toMatchObject({ text: 'Eu como a sobremesa primeiro', is_anonymous: true, user_id: null, responder_name: null });
    const everything = phone.dump();
    expect(everything).not.toContain(secretive);
    expect(everything).not.toContain(SECRET_NAME);
    expect(everything).not.toContain('secreta');
    expect(phone.ids('answers').length).toBeGreaterThan(0);
    for (const c of COLLECTIONS) expect(phone.checkpoints.has(c)).toBe(true);
  });

  test("S5: the owner's device and the answerer's own device do hold the identity", async () => {
    for (const person of [owner, secretive]) {
      const phone = new Device(t, person);
      await phone.sync('answers');
      expect(phone.store.get('answers')!.get(anonymousAnswerId)).toMatchObject({ user_id: secretive, responder_name: SECRET_NAME });
    }
  });

  test('S5: realtime payloads (every table of the supabase_realtime publication, as each participant may read it) carry no identity', async () => {
    const tables = await t.sql<{ tablename: string }>(
      `select tablename from pg_publication_tables where pubname = 'supabase_realtime' and schemaname = 'public' order by 1`,
    );
    expect(tables.map((r) => r.tablename)).toEqual(['guestbook_notices', 'notebooks', 'notifications', 'poll_notices', 'profile_notices', 'replication_pulses']);
    for (const person of [sharee, collaborator, editor]) {
      for (const { tablename } of tables) {
        // Realtime sends the columns the subscriber may select (profile_notices grants two).
        const granted = await t.sql<{ column_name: string }>(
          `select column_name from information_schema.column_privileges
            where table_schema = 'public' and table_name = $1 and grantee = 'authenticated' and privilege_type = 'SELECT'`,
          [tablename],
        );
        const columns = granted.map((c) => `"${c.column_name}"`).join(', ');
        const rows = await t.as(person, `select to_jsonb(x) as payload from (select ${columns} from public.${tablename}) x`);
        const text = JSON.stringify(rows);
        expect(text, `${tablename} as seen by a participant`).not.toContain(secretive);
        expect(text).not.toContain(SECRET_NAME);
      }
    }
    const ownerNotes = await t.as<{ actor_id: string | null }>(owner, `select * from notifications where notebook_id = (select notebook_id from answers where id = $1)`, [anonymousAnswerId]);
    expect(ownerNotes.length).toBeGreaterThan(0);
    for (const n of ownerNotes) expect(n.actor_id).not.toBe(secretive);
    expect(JSON.stringify(ownerNotes)).not.toContain(SECRET_NAME);
    expect(JSON.stringify(ownerNotes)).not.toContain(secretive);
  });

  test('S5: the answer id cannot be derived without the secret, and nobody else receives the secret', async () => {
    const secret = await secretOf(secretive);
    expect(anonymousAnswerId).toBe(deriveAnswerId(secret, questionId));
    expect(anonymousAnswerId).not.toBe(deriveAnswerId(secretive, questionId));
    const phone = new Device(t, collaborator);
    await phone.sync('user_settings');
    expect(phone.dump()).not.toContain(secret);
    expect(phone.docs('user_settings').map((s) => s.user_id)).toEqual([collaborator]);
  });
});

describe('S6 one answer per (question, person)', () => {
  test('S6: the server derives the same id as the client (SQL answer_id = WebCrypto-style SHA-256)', async () => {
    const secret = await secretOf(sharee);
    const [{ id }] = await t.as<{ id: string }>(sharee, `select my_answer_id($1) as id`, [secondQuestionId]);
    expect(id).toBe(deriveAnswerId(secret, secondQuestionId));
  });

  test('S6: two devices of one person answer the same question offline and converge to one row, no error loop', async () => {
    const secret = await secretOf(sharee);
    const id = deriveAnswerId(secret, secondQuestionId);
    const doc = (text: string, clock: number) => ({
      id, question_id: secondQuestionId, notebook_id: notebookId, user_id: sharee, text,
      is_anonymous: false, responder_name: 'Curiosa', client_clock: clock, _deleted: false,
    });
    const phone = doc('Do celular', 1_000);
    const laptop = doc('Do notebook, mais tarde', 2_000);

    expect(await push(t, sharee, 'answers', [{ newDocumentState: phone, assumedMasterState: null }])).toEqual({ conflicts: [], rejected: [] });
    const second = await push(t, sharee, 'answers', [{ newDocumentState: laptop, assumedMasterState: null }]);
    expect(second.rejected).toEqual([]);
    expect(second.conflicts).toHaveLength(1);
    const master = second.conflicts[0];
    expect(master).toMatchObject({ id, text: 'Do celular' });

    // the laptop's conflict handler: its edit is later (clock), so it re-pushes on top of the master
    const merged = { ...master, text: laptop.text, client_clock: Math.max(laptop.client_clock, (master.client_clock as number) + 1) };
    expect(await push(t, sharee, 'answers', [{ newDocumentState: merged, assumedMasterState: master }])).toEqual({ conflicts: [], rejected: [] });
    const rows = await t.sql<{ id: string; text: string }>(`select id, text from answers where question_id = $1 and user_id = $2`, [secondQuestionId, sharee]);
    expect(rows).toEqual([{ id, text: 'Do notebook, mais tarde' }]);
  });

  test('S6: an answer pushed with an id that is not its derived id is rejected (invalid_id), once, for that row only', async () => {
    const [{ id: q3 }] = await t.as<{ id: string }>(owner, `insert into questions (notebook_id, text) values ($1, 'Terceira') returning id`, [notebookId]);
    const wrong = randomUUID();
    const result = await push(t, secretive, 'answers', [
      { newDocumentState: { id: wrong, question_id: q3, text: 'id aleatório', _deleted: false }, assumedMasterState: null },
    ]);
    expect(result.conflicts).toEqual([]);
    expect(result.rejected).toMatchObject([{ id: wrong, reason: 'invalid_id' }]);
    expect(await t.sql(`select id from answers where id = $1`, [wrong])).toEqual([]);
  });
});
