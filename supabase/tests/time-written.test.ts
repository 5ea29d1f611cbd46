/**
 * The time a person wrote a notebook, question or answer (issue 16, defect 6;
 * supabase/migrations/20261124100100_notebooks.sql), through supabase-js against
 * the sync-server: the claimed created_at is kept when it is a possible time, moved to the nearest
 * bound when it is not (never after the server's now, never before what it belongs to or its
 * writer's account), and refused per row as 'validation' when it is not a time. PGlite always,
 * PostgreSQL with TEST_DATABASE_URL.
 */
import { randomUUID } from 'node:crypto';
import type { SupabaseClient } from '@supabase/supabase-js';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { startTestServer, TEST_BACKENDS, type TestServer } from '../../sync-server/testing.ts';
import { signUpAdult } from '../../sync-server/test-people.ts';

interface Person {
  id: string;
  client: SupabaseClient;
  /** When the account was made: the earliest anything of theirs can have been written. */
  since: number;
}

interface PushResult {
  conflicts: Record<string, unknown>[];
  rejected: { id: string; reason: string }[];
}

const ms = (iso: unknown) => Date.parse(String(iso));
const iso = (time: number) => new Date(time).toISOString();

describe.each(TEST_BACKENDS)('the time a person wrote something, on $name', ({ postgresServerUrl }) => {
  let server: TestServer;
  let owner: Person, answerer: Person;
  let notebook: { id: string; created_at: string };
  let question: { id: string; created_at: string };

  async function signUp(username: string): Promise<Person> {
    const client = server.anonClient();
    const { data, error } = await signUpAdult(client, { email: `${username}@example.test`, password: 'Senha-forte-1', username });
    if (error || !data.user) throw error ?? new Error('no user after sign-up');
    const { data: profile } = await client.from('profiles').select('created_at').eq('id', data.user.id).single();
    return { id: data.user.id, client, since: ms(profile!.created_at) };
  }

  async function push(person: Person, collection: string, doc: Record<string, unknown>): Promise<PushResult> {
    const { data, error } = await person.client.rpc('replication_push', {
      p_collection: collection,
      p_rows: [{ newDocumentState: { _deleted: false, ...doc }, assumedMasterState: null }],
    });
    if (error) throw error;
    return data as PushResult;
  }

  async function stored(person: Person, table: string, id: string) {
    const { data, error } = await person.client.from(table).select('created_at, updated_at').eq('id', id).single();
    if (error) throw error;
    return { created: ms(data.created_at), updated: ms(data.updated_at) };
  }

  async function answerId(person: Person, questionId: string): Promise<string> {
    const { data } = await person.client.rpc('my_answer_id', { p_question_id: questionId });
    return data as string;
  }

  beforeAll(async () => {
    server = await startTestServer({ postgresServerUrl });
    owner = await signUp('dona_tempo');
    answerer = await signUp('bia_tempo');
    const notebookId = randomUUID();
    expect(await push(owner, 'notebooks', { id: notebookId, user_id: owner.id, title: 'Caderno do tempo', created_at: iso(Date.now()) })).toEqual({ conflicts: [], rejected: [] });
    const questionId = randomUUID();
    expect(await push(owner, 'questions', { id: questionId, notebook_id: notebookId, text: 'Que horas são?', created_at: iso(Date.now()) })).toEqual({ conflicts: [], rejected: [] });
    await owner.client.from('notebook_shares').insert({ notebook_id: notebookId, shared_with: answerer.id });
    notebook = (await owner.client.from('notebooks').select('id, created_at').eq('id', notebookId).single()).data!;
    question = (await owner.client.from('questions').select('id, created_at').eq('id', questionId).single()).data!;
  });
  afterAll(async () => server?.close());

  test('a possible time is kept as written, and a new row was last changed then', async () => {
    const writtenAt = Math.floor((ms(question.created_at) + Date.now()) / 2); // after the question, before the push
    const id = await answerId(answerer, question.id);
    expect(await push(answerer, 'answers', { id, question_id: question.id, text: 'Hora de responder', client_clock: writtenAt, created_at: iso(writtenAt) })).toEqual({
      conflicts: [],
      rejected: [],
    });
    expect(await stored(answerer, 'answers', id)).toEqual({ created: writtenAt, updated: writtenAt });
  });

  test('a time in the future (a clock running ahead) becomes the time the row reached the server', async () => {
    const before = Date.now();
    const notebookId = randomUUID();
    expect(await push(owner, 'notebooks', { id: notebookId, user_id: owner.id, title: 'Do futuro', created_at: '2999-01-01T00:00:00Z' })).toEqual({ conflicts: [], rejected: [] });
    const after = Date.now();
    const { created, updated } = await stored(owner, 'notebooks', notebookId);
    expect(created).toBeGreaterThanOrEqual(before - 1);
    expect(created).toBeLessThanOrEqual(after);
    expect(updated).toBe(created);

    // the same rule for a row written through the REST API
    const { data, error } = await owner.client.from('questions').insert({ notebook_id: notebookId, text: 'Amanhã?', created_at: '2999-01-01T00:00:00Z' }).select('created_at').single();
    expect(error).toBeNull();
    expect(ms(data!.created_at)).toBeLessThanOrEqual(Date.now());
  });

  test('a time before what it belongs to existed becomes that moment: notebook ← account, question ← notebook, answer ← question', async () => {
    const longAgo = '2001-01-01T00:00:00Z';
    const notebookId = randomUUID();
    expect((await push(owner, 'notebooks', { id: notebookId, user_id: owner.id, title: 'Do passado', created_at: longAgo })).rejected).toEqual([]);
    const notebookTime = (await stored(owner, 'notebooks', notebookId)).created;
    expect(notebookTime).toBe(owner.since);

    const questionId = randomUUID();
    expect((await push(owner, 'questions', { id: questionId, notebook_id: notebookId, text: 'Antes de tudo?', created_at: longAgo })).rejected).toEqual([]);
    expect((await stored(owner, 'questions', questionId)).created).toBe(notebookTime);

    // the answerer's account is newer than the owner's notebook: the later of the two bounds
    await owner.client.from('notebook_shares').insert({ notebook_id: notebookId, shared_with: answerer.id });
    const id = await answerId(answerer, questionId);
    expect((await push(answerer, 'answers', { id, question_id: questionId, text: 'Antes da conta', client_clock: 1, created_at: longAgo })).rejected).toEqual([]);
    expect((await stored(answerer, 'answers', id)).created).toBe(Math.max(notebookTime, answerer.since));

    const latest = randomUUID();
    expect((await push(owner, 'questions', { id: latest, notebook_id: notebook.id, text: 'Depois da conta?', created_at: longAgo })).rejected).toEqual([]);
    const laterId = await answerId(answerer, latest);
    expect((await push(answerer, 'answers', { id: laterId, question_id: latest, text: 'Antes da pergunta', client_clock: 1, created_at: longAgo })).rejected).toEqual([]);
    expect((await stored(answerer, 'answers', laterId)).created).toBe((await stored(owner, 'questions', latest)).created);
  });

  test('what is not a time is refused for that row only, as validation (never a 500)', async () => {
    const bad = randomUUID();
    const good = randomUUID();
    const { data, error } = await owner.client.rpc('replication_push', {
      p_collection: 'notebooks',
      p_rows: [
        { newDocumentState: { id: bad, user_id: owner.id, title: 'Quando?', created_at: 'ontem', _deleted: false }, assumedMasterState: null },
        { newDocumentState: { id: good, user_id: owner.id, title: 'Agora', created_at: iso(Date.now()), _deleted: false }, assumedMasterState: null },
      ],
    });
    expect(error).toBeNull();
    expect((data as PushResult).rejected).toMatchObject([{ id: bad, reason: 'validation' }]);
    expect((await owner.client.from('notebooks').select('id').in('id', [bad, good])).data).toEqual([{ id: good }]);

    const rest = await owner.client.from('notebooks').insert({ user_id: owner.id, title: 'Quando?', created_at: 'ontem' });
    expect(rest.status).toBe(400);
  });

  test("a rejected answer edited offline is recreated at the time its author wrote the edit (the device's clock, bounded)", async () => {
    const questionId = randomUUID();
    expect((await push(owner, 'questions', { id: questionId, notebook_id: notebook.id, text: 'Vale de novo?' })).rejected).toEqual([]);
    const id = await answerId(answerer, questionId);
    expect((await push(answerer, 'answers', { id, question_id: questionId, text: 'Primeira', client_clock: Date.now() })).rejected).toEqual([]);
    expect((await owner.client.rpc('moderate_answer', { p_answer_id: id, p_status: 'rejected' })).error).toBeNull();

    const editedAt = Date.now() - 1; // written before it reaches the server
    const resubmit = await answerer.client.from('answers').update({ text: 'Segunda', client_clock: editedAt }).eq('id', id).select('moderation_status, created_at').single();
    expect(resubmit.error).toBeNull();
    expect(resubmit.data).toMatchObject({ moderation_status: 'pending' });
    expect(ms(resubmit.data!.created_at)).toBe(editedAt);

    // rejected again, resubmitted from a clock far ahead: the time it reached the server
    expect((await owner.client.rpc('moderate_answer', { p_answer_id: id, p_status: 'rejected' })).error).toBeNull();
    const ahead = await answerer.client.from('answers').update({ text: 'Terceira', client_clock: 32503680000000 }).eq('id', id).select('created_at').single();
    expect(ahead.error).toBeNull();
    expect(ms(ahead.data!.created_at)).toBeLessThanOrEqual(Date.now());
    expect(ms(ahead.data!.created_at)).toBeGreaterThanOrEqual(editedAt);
  });

  test("the server's own writes (service role) keep the time they give", async () => {
    const { data, error } = await server
      .serviceClient()
      .from('notebooks')
      .insert({ user_id: owner.id, title: 'Caderno importado', created_at: '2020-05-01T12:00:00Z' })
      .select('created_at')
      .single();
    expect(error).toBeNull();
    expect(ms(data!.created_at)).toBe(Date.parse('2020-05-01T12:00:00Z'));
  });
});
