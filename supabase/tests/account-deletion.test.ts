/**
 * What deleting an account leaves (issue 28 item 3), through the sync-server on PGlite and on
 * PostgreSQL: after `delete_my_account` nothing of the person stays anywhere — the catalog is
 * asked for every column that refers to a person (foreign keys to auth.users / public.profiles,
 * and uuid or text columns named like one: *user_id, *_by, host_id, owner_id …), so a table added
 * later is checked without anyone remembering to; the few references kept are listed with why.
 * Their avatar and cover files are gone (rows and bytes), their settings row too, the guests they
 * hosted point at nobody, and their still-valid access token opens no realtime channel: an open
 * socket is closed.
 */
import { createHash, randomBytes, randomUUID } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { SupabaseClient } from '@supabase/supabase-js';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { RawSocket, websocketUrl } from '../../sync-server/realtime/test-helpers.ts';
import { startTestServer, TEST_BACKENDS, type TestServer } from '../../sync-server/testing.ts';
import { adultSignUpData } from '../../sync-server/test-people.ts';

interface Person {
  id: string;
  username: string;
  email: string;
  token: string;
  client: SupabaseClient;
}

const PASSWORD = 'Senha-forte-1';
const PNG = Buffer.from('iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8BQDwAEhQGAhKmMIQAAAABJRU5ErkJggg==', 'base64');

/**
 * Columns that may still hold the removed person's id after deletion, and why. Anything else the
 * catalog finds must hold it nowhere.
 */
const KEPT: Record<string, string> = {
  'auth.users.id': 'the sign-in row stays banned and marked deleted, with no address, password or metadata: the id is never handed out again',
  'public.profiles.id': "the removed account (spec §4): 'removido_…', nothing else — what other people's notebooks point at",
  'public.profile_notices.profile_id': "the notice that the profile changed, so devices that knew it drop what they kept; it holds no data of the person",
  'public.questions.user_id': "questions the person wrote in other people's notebooks are those notebooks' content; the author is the removed account",
  'public.notebook_collaborators.invited_by': "who invited a collaborator to someone else's notebook: the removed account",
  'public.invite_links.created_by': "an invitation to someone else's notebook made by the person as its editor: the removed account",
  'public.answers.moderated_by': "who moderated an answer in someone else's notebook: the removed account",
  'private.replication_access.user_id': "each notebook's access, now 'none': how other members' devices learn to drop the person's name (ids only)",
  'private.replication_tombstones.owner_id': 'the tombstones of the rows deleted with the account, so devices drop them; ids only, purged with the purge horizon (S10)',
  'private.notebook_removals.removed_by': 'who removed someone from a notebook (the rule that the removed person may not let themselves back in): the removed account',
};

/** Mail already sent sits in the recipients' boxes (on the sync-server: its local mailbox). */
const TEXT_KEPT = new Set(['auth.mailbox']);

describe.each(TEST_BACKENDS)('account deletion on $name', ({ postgresServerUrl }) => {
  let server: TestServer;
  let storageDir: string;
  let run = 0;

  async function signUp(username: string): Promise<Person> {
    const client = server.anonClient();
    const email = `${username}-${Date.now().toString(36)}-${run++}@example.test`;
    const { data, error } = await client.auth.signUp({ email, password: PASSWORD, options: { data: adultSignUpData(username) } });
    if (error || !data.session || !data.user) throw error ?? new Error('no session after sign-up');
    return { id: data.user.id, username, email, token: data.session.access_token, client };
  }

  const sql = async <Row = Record<string, unknown>>(text: string, params: unknown[] = []) =>
    (await server.ctx.db.query<Row>(text, params)).rows;

  async function notebookOf(owner: Person, title: string) {
    const { data: notebook, error } = await owner.client.from('notebooks').insert({ title, user_id: owner.id, is_shared: true }).select('id').single();
    expect(error).toBeNull();
    const { data: question, error: qError } = await owner.client
      .from('questions')
      .insert({ notebook_id: notebook!.id, text: 'Qual sua cor favorita?' })
      .select('id')
      .single();
    expect(qError).toBeNull();
    return { notebookId: notebook!.id as string, questionId: question!.id as string };
  }

  function guestRow(notebookId: string, name: string, code = randomCode()) {
    return {
      row: {
        id: randomUUID(),
        notebook_id: notebookId,
        name,
        answer_secret: randomBytes(32).toString('base64url'),
        claim_hash: createHash('sha256').update(code).digest('hex'),
      },
      code,
    };
  }

  /** The S6 derivation of an answer id, as the device computes it (src/data/derived-ids.ts). */
  function answerIdFor(secret: string, questionId: string): string {
    const h = createHash('sha256').update(`${secret}:${questionId}`, 'utf8').digest().subarray(0, 16);
    h[6] = (h[6] & 0x0f) | 0x80;
    h[8] = (h[8] & 0x3f) | 0x80;
    const hex = h.toString('hex');
    return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-${hex.slice(12, 16)}-${hex.slice(16, 20)}-${hex.slice(20)}`;
  }

  function randomCode(): string {
    const alphabet = 'ABCDEFGHJKLMNPQRSTUVWXYZ23456789';
    return [...randomBytes(12)].map((b) => alphabet[b % alphabet.length]).join('');
  }

  async function joined(socket: RawSocket, token: string, topic: string) {
    socket.send({ topic, event: 'phx_join', ref: '1', join_ref: '1', payload: { config: { broadcast: { self: false }, presence: { key: '' }, postgres_changes: [], private: false }, access_token: token } });
    return (await socket.inbox.next((m) => (m as { event?: string; topic?: string }).event === 'phx_reply' && (m as { topic?: string }).topic === topic)).value as {
      payload: { status: string; response: { reason?: string } };
    };
  }

  /** Every column of every table (outside the system schemas) that refers to a person. */
  async function personColumns(): Promise<{ schema: string; table: string; column: string }[]> {
    return sql(`
      with person_keys as (
        select c.conrelid, unnest(c.conkey) as attnum
          from pg_constraint c
         where c.contype = 'f' and c.confrelid in ('auth.users'::regclass, 'public.profiles'::regclass)
      )
      select n.nspname as schema, t.relname as table, a.attname as column
        from pg_attribute a
        join pg_class t on t.oid = a.attrelid and t.relkind in ('r', 'p')
        join pg_namespace n on n.oid = t.relnamespace
       where a.attnum > 0 and not a.attisdropped
         and n.nspname not in ('pg_catalog', 'information_schema') and n.nspname !~ '^pg_'
         and (
           exists (select 1 from person_keys k where k.conrelid = a.attrelid and k.attnum = a.attnum)
           or (t.oid in ('auth.users'::regclass, 'public.profiles'::regclass) and a.attname = 'id')
           or (a.atttypid in ('uuid'::regtype, 'text'::regtype, 'varchar'::regtype)
               and a.attname ~ '(^|_)(user_id|owner|owner_id|host_id|profile_id|recipient_id|actor_id|blocker_id|blocked_id|reader|shared_with|sub)$|_by$')
         )
       order by 1, 2, 3`);
  }

  /** Every text-like column (text, varchar, jsonb, arrays of text) of every table. */
  async function textColumns(): Promise<{ schema: string; table: string; column: string }[]> {
    return sql(`
      select n.nspname as schema, t.relname as table, a.attname as column
        from pg_attribute a
        join pg_class t on t.oid = a.attrelid and t.relkind in ('r', 'p')
        join pg_namespace n on n.oid = t.relnamespace
       where a.attnum > 0 and not a.attisdropped and a.attgenerated = ''
         and n.nspname not in ('pg_catalog', 'information_schema') and n.nspname !~ '^pg_'
         and a.atttypid in ('text'::regtype, 'varchar'::regtype, 'jsonb'::regtype, 'json'::regtype, 'text[]'::regtype, 'bpchar'::regtype)
       order by 1, 2, 3`);
  }

  const tableOf = (c: { schema: string; table: string }) => `"${c.schema}"."${c.table}"`;
  const named = (c: { schema: string; table: string; column: string }) => `${c.schema}.${c.table}.${c.column}`;

  beforeAll(async () => {
    storageDir = fs.mkdtempSync(path.join(os.tmpdir(), 'cadernos-deletion-storage-'));
    server = await startTestServer({ postgresServerUrl, storageDir });
  });

  afterAll(async () => {
    await server?.close();
    fs.rmSync(storageDir, { recursive: true, force: true });
  });

  test('the catalog finds the person columns this test checks (so a new table is checked without being named here)', async () => {
    const found = (await personColumns()).map(named);
    for (const column of [
      'public.guests.host_id',
      'public.guests.claimed_by',
      'public.user_settings.user_id',
      'public.blocks.blocked_id',
      'storage.objects.owner_id',
      'auth.sessions.user_id',
      'private.replication_access.user_id',
      ...Object.keys(KEPT),
    ]) {
      expect(found).toContain(column);
    }
  });

  test('after delete_my_account nothing refers to the person but the removed-account rows; files, settings, hosted guests, sessions and sockets are gone', async () => {
    const me = await signUp('apagada_tudo');
    const friend = await signUp('amiga_fica');
    const stranger = await signUp('estranho_fica');
    const DISPLAY = 'Maria Apagada Quintanilha';
    const AUTHOR = 'Profa. Maria Quintanilha';

    // what a person leaves around: a profile with a name and pictures, settings, notebooks,
    // answers in a friend's notebook, a round hosted there, a guest claimed, blocks both ways
    expect((await me.client.from('profiles').update({ display_name: DISPLAY, bio: 'Oi, sou a Maria', status_message: 'estudando' }).eq('id', me.id)).error).toBeNull();
    expect((await me.client.from('user_settings').update({ notebook_author: AUTHOR }).eq('user_id', me.id)).error).toBeNull();
    for (const [bucket, key] of [['avatars', `${me.id}/a1.png`], ['covers', `${me.id}/c1.png`]]) {
      expect((await me.client.storage.from(bucket).upload(key, PNG, { contentType: 'image/png' })).error).toBeNull();
    }
    expect((await me.client.from('profiles').update({ avatar_url: `${me.id}/a1.png`, cover_url: `${me.id}/c1.png` }).eq('id', me.id)).error).toBeNull();
    const avatarUrl = `${server.url}/storage/v1/object/public/avatars/${me.id}/a1.png`;
    expect((await fetch(avatarUrl)).status).toBe(200);

    const mine = await notebookOf(me, 'Caderno da Maria');
    const hers = await notebookOf(friend, 'Caderno da amiga');
    expect((await friend.client.from('notebook_shares').insert({ notebook_id: hers.notebookId, shared_with: me.id, created_by: friend.id })).error).toBeNull();
    expect((await me.client.from('notebook_shares').insert({ notebook_id: mine.notebookId, shared_with: friend.id, created_by: me.id })).error).toBeNull();
    expect((await me.client.from('answers').insert({ question_id: hers.questionId, text: 'Verde, como a Maria' })).error).toBeNull();
    expect((await friend.client.from('answers').insert({ question_id: mine.questionId, text: 'Azul' })).error).toBeNull();
    expect((await me.client.from('favorites').insert({ user_id: me.id, notebook_id: hers.notebookId })).error).toBeNull();
    // a report she made (issue 33), in her words
    expect((await me.client.from('reports').insert({ reporter_id: me.id, kind: 'question', target_id: hers.questionId, reason: 'spam', details: `Denúncia de ${DISPLAY}` })).error).toBeNull();
    const hosted = guestRow(hers.notebookId, 'Convidada da Maria');
    expect((await me.client.from('guests').insert(hosted.row)).error).toBeNull();
    const claimed = guestRow(hers.notebookId, 'Maria na festa');
    expect((await friend.client.from('guests').insert(claimed.row)).error).toBeNull();
    const guestAnswer = {
      id: answerIdFor(claimed.row.answer_secret, hers.questionId), question_id: hers.questionId, notebook_id: hers.notebookId,
      user_id: null, guest_id: claimed.row.id, text: 'Resposta da Maria na festa', is_anonymous: false, responder_name: claimed.row.name,
      client_clock: Date.now(), created_at: new Date().toISOString(), _deleted: false,
    };
    const pushed = await friend.client.rpc('replication_push', { p_collection: 'answers', p_rows: [{ newDocumentState: guestAnswer, assumedMasterState: null }] });
    expect(pushed.error).toBeNull();
    expect(pushed.data).toMatchObject({ conflicts: [], rejected: [] });
    expect((await me.client.rpc('claim_guest', { p_code: claimed.code })).error).toBeNull();
    // an editor of someone else's notebook: accepting names them to the owner, inviting names them to the invitee
    const owner2 = await signUp('dona_fica');
    const theirs = await notebookOf(owner2, 'Caderno da dona');
    expect((await owner2.client.from('notebook_collaborators').insert({ notebook_id: theirs.notebookId, user_id: me.id, role: 'editor' })).error).toBeNull();
    expect((await me.client.from('notebook_collaborators').update({ status: 'accepted' }).eq('user_id', me.id).eq('notebook_id', theirs.notebookId)).error).toBeNull();
    expect((await me.client.from('notebook_collaborators').insert({ notebook_id: theirs.notebookId, user_id: friend.id, role: 'collaborator' })).error).toBeNull();
    const naming = await sql(`select type from public.notifications where actor_id = $1 order by type`, [me.id]);
    // (her answer's new_answer names the guest's answer that came after it: grouped, the latest names it)
    expect(naming.map((n) => n.type)).toEqual(expect.arrayContaining(['collaboration_accepted', 'collaboration_invite', 'notebook_shared']));
    expect((await me.client.from('blocks').insert({ blocker_id: me.id, blocked_id: stranger.id })).error).toBeNull();
    expect((await stranger.client.from('blocks').insert({ blocker_id: stranger.id, blocked_id: me.id })).error).toBeNull();

    // an open realtime socket, connected with the person's access token
    const socket = await RawSocket.open(websocketUrl(server.url, me.token));
    expect((await joined(socket, me.token, 'realtime:room-1')).payload.status).toBe('ok');
    // and one as realtime-js opens it: the anon key for the socket, the person's token in the join
    const appSocket = await RawSocket.open(websocketUrl(server.url, server.ctx.config.anonKey));
    expect((await joined(appSocket, me.token, 'realtime:room-1')).payload.status).toBe('ok');

    const { error } = await me.client.rpc('delete_my_account', { p_username: me.username });
    expect(error).toBeNull();

    // the catalog: every column referring to a person holds the removed id only where KEPT says why
    const holding: string[] = [];
    for (const column of await personColumns()) {
      const [{ count }] = await sql<{ count: number }>(
        `select count(*)::int as count from ${tableOf(column)} where "${column.column}"::text = $1`,
        [me.id],
      );
      if (count > 0 && !KEPT[named(column)]) holding.push(`${named(column)} (${count})`);
    }
    expect(holding).toEqual([]);

    // no text anywhere says who they were (their name, their author line, their address)
    const saying: string[] = [];
    for (const column of await textColumns()) {
      if (TEXT_KEPT.has(`${column.schema}.${column.table}`)) continue;
      const [{ count }] = await sql<{ count: number }>(
        `select count(*)::int as count from ${tableOf(column)}
          where "${column.column}"::text ilike any (array['%' || $1 || '%', '%' || $2 || '%', '%' || $3 || '%'])`,
        ['Quintanilha', me.email, 'Oi, sou a Maria'],
      );
      if (count > 0) saying.push(`${named(column)} (${count})`);
    }
    expect(saying).toEqual([]);

    // what is kept holds nothing of the person
    const [profile] = await sql(`select username, display_name, avatar_url, cover_url, bio, status_message, account_status from public.profiles where id = $1`, [me.id]);
    expect(profile).toEqual({ username: expect.stringMatching(/^removido_/), display_name: null, avatar_url: null, cover_url: null, bio: null, status_message: null, account_status: 'deleted' });
    expect(await sql(`select * from public.user_settings where user_id = $1`, [me.id])).toEqual([]);
    expect(await sql(`select distinct level from private.replication_access where user_id = $1`, [me.id])).toEqual([{ level: 'none' }]);
    const [guest] = await sql(`select host_id from public.guests where id = $1`, [hosted.row.id]);
    expect(guest).toEqual({ host_id: null });
    expect(await sql(`select 1 from public.guests where id = $1`, [claimed.row.id])).toEqual([]);

    // the pictures: no row, no public URL, no bytes (the sync-server removes the files of rows deleted in SQL)
    expect(await sql(`select name from storage.objects where name like $1`, [`${me.id}/%`])).toEqual([]);
    expect((await fetch(avatarUrl)).status).not.toBe(200);
    expect((await fetch(`${server.url}/storage/v1/object/public/covers/${me.id}/c1.png`)).status).not.toBe(200);
    const files = () => ['avatars', 'covers'].filter((bucket) => fs.existsSync(path.join(storageDir, bucket, me.id)));
    for (let i = 0; i < 50 && files().length > 0; i++) await new Promise((resolve) => setTimeout(resolve, 100));
    expect(files()).toEqual([]);

    // realtime: the open socket is closed, and the still-unexpired token opens nothing
    const closedWithin = (which: RawSocket) =>
      Promise.race([which.closed, new Promise((_, reject) => setTimeout(() => reject(new Error('socket still open')), 5000))]);
    await expect(closedWithin(socket)).resolves.toBeDefined();
    await expect(closedWithin(appSocket)).resolves.toBeDefined();
    expect(appSocket.inbox.values).toContainEqual(expect.objectContaining({ topic: 'realtime:room-1', event: 'phx_close' }));
    const again = await RawSocket.open(websocketUrl(server.url, server.ctx.config.anonKey)).catch((e: { status?: number }) => e);
    if (again instanceof RawSocket) {
      const reply = await joined(again, me.token, 'realtime:room-2');
      expect(reply.payload.status).toBe('error');
      expect(reply.payload.response.reason).toMatch(/^InvalidJWTToken: /);
      again.close();
    }
    const direct = await RawSocket.open(websocketUrl(server.url, me.token)).catch((e: { status?: number }) => e);
    expect(direct).not.toBeInstanceOf(RawSocket);
    expect((direct as { status?: number }).status).toBe(401);
  });
});
