/**
 * Live updates of online-only data (issue 22): a change of a profile reaches open screens as a
 * notice on public.profile_notices through supabase-js Realtime, on the real sync-server (PGlite,
 * and Postgres when TEST_DATABASE_URL is set). The notice reaches whoever may see what changed and
 * nobody else (a blocked person, a visitor on a private profile, a stranger on a private profile
 * beyond its card), and carries no field of the profile: only the notice's and the profile's ids.
 */
import { randomUUID } from 'node:crypto';
import type { RealtimeChannel, SupabaseClient } from '@supabase/supabase-js';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { startTestServer, TEST_BACKENDS, type TestServer } from '../../sync-server/testing.ts';
import { clientFor, Inbox, subscribed } from '../../sync-server/realtime/test-helpers.ts';

interface Person {
  id: string;
  client: SupabaseClient;
}

type Notice = Record<string, unknown>;

describe.each(TEST_BACKENDS)('live profile notices on $name', ({ postgresServerUrl }) => {
  let server: TestServer;
  let bia: Person, ana: Person, stranger: Person, companion: Person, blocked: Person;
  let visitor: SupabaseClient;
  const listeners: { client: SupabaseClient; channel: RealtimeChannel; inbox: Inbox<Notice> }[] = [];

  async function person(username: string): Promise<Person> {
    const id = randomUUID();
    await server.ctx.db.query(
      `insert into auth.users (id, email, aud, role, raw_user_meta_data) values ($1, $2, 'authenticated', 'authenticated', $3)`,
      [id, `${username}@example.test`, JSON.stringify({ username })],
    );
    const token = await server.ctx.jwt.sign({ role: 'authenticated', sub: id, aud: 'authenticated' }, 3600);
    return { id, client: await clientFor(server, { token }) };
  }

  /** What `client` hears of Bia's profile from now on (the app's own subscription: one profile). */
  async function listen(client: SupabaseClient): Promise<Inbox<Notice>> {
    const inbox = new Inbox<Notice>();
    const channel = await subscribed(
      client
        .channel(`profile-notices-${randomUUID()}`)
        .on('postgres_changes', { event: 'INSERT', schema: 'public', table: 'profile_notices', filter: `profile_id=eq.${bia.id}` }, (change) =>
          inbox.push(change.new as Notice),
        ),
    );
    listeners.push({ client, channel, inbox });
    return inbox;
  }

  async function biaUpdates(change: Record<string, unknown>) {
    const { error } = await bia.client.from('profiles').update(change).eq('id', bia.id);
    expect(error).toBeNull();
  }

  beforeAll(async () => {
    server = await startTestServer({ postgresServerUrl });
    bia = await person('bia_live');
    ana = await person('ana_live');
    stranger = await person('estranho_live');
    companion = await person('colega_live');
    blocked = await person('bloqueado_live');
    visitor = await clientFor(server);
    const [{ id: notebookId }] = (
      await server.ctx.db.query<{ id: string }>(`insert into notebooks (title, user_id) values ('Caderno da Bia', $1) returning id`, [bia.id])
    ).rows;
    await server.ctx.db.query(
      `insert into notebook_shares (notebook_id, created_by, shared_with, access_level) values ($1, $2, $3, 'viewer')`,
      [notebookId, bia.id, companion.id],
    );
    const { error } = await bia.client.from('blocks').insert({ blocked_id: blocked.id });
    expect(error).toBeNull();
  });
  afterAll(async () => {
    for (const { client, channel } of listeners) await client.removeChannel(channel);
    await server?.close();
  });

  test('a change of a public profile reaches the visitor, strangers, and Bia herself — not the person she blocked — and carries only ids', async () => {
    const [toAna, toVisitor, toSelf, toBlocked] = await Promise.all([listen(ana.client), listen(visitor), listen(bia.client), listen(blocked.client)]);
    await biaUpdates({ status_message: 'estudando para a prova' });
    const notices = await Promise.all([toAna, toVisitor, toSelf].map((inbox) => inbox.next(() => true, 10_000)));
    for (const { value } of notices) expect(Object.keys(value).sort()).toEqual(['id', 'profile_id']);
    expect(notices[0].value.profile_id).toBe(bia.id);
    // a later change heard by the blocked person's own listener on their profile would be a leak;
    // Ana's next notice (a later commit) arrives after anything the blocked person would get
    await biaUpdates({ display_name: 'Bia Live' });
    await toAna.next((n) => n.id !== notices[0].value.id, 10_000);
    expect(toBlocked.values).toEqual([]);
  });

  test('a private profile: a stranger hears of its card only; a visitor and the blocked person hear nothing; a companion hears everything', async () => {
    await biaUpdates({ visibility: 'private' });
    const [toStranger, toVisitor, toCompanion, toBlocked] = await Promise.all([
      listen(stranger.client),
      listen(visitor),
      listen(companion.client),
      listen(blocked.client),
    ]);
    await biaUpdates({ bio: 'só para quem me conhece' });
    const bioNotice = await toCompanion.next(() => true, 10_000);
    await biaUpdates({ status_message: 'de férias' });
    await toCompanion.next((n) => n.id !== bioNotice.value.id, 10_000);
    // the card changes: the stranger hears of it (their screen shows the card)
    await biaUpdates({ avatar_url: null, display_name: 'Bia P.' });
    const cardNotice = await toStranger.next(() => true, 10_000);
    await toCompanion.next((n) => n.id === cardNotice.value.id, 10_000);
    expect(toStranger.values).toEqual([cardNotice.value]);
    expect(toVisitor.values).toEqual([]);
    expect(toBlocked.values).toEqual([]);
    await biaUpdates({ visibility: 'public' });
  });

  test('going private: those who saw the public profile hear of it (their screens shrink), the blocked person does not', async () => {
    const [toVisitor, toStranger, toBlocked] = await Promise.all([listen(visitor), listen(stranger.client), listen(blocked.client)]);
    await biaUpdates({ visibility: 'private' });
    await toVisitor.next(() => true, 10_000);
    await toStranger.next(() => true, 10_000);
    // a later notice everyone but the blocked person hears: nothing reached the blocked person
    await biaUpdates({ visibility: 'public' });
    await toVisitor.next((n) => toVisitor.values.indexOf(n) === 1, 10_000);
    expect(toBlocked.values).toEqual([]);
  });

  test('a block reaches the blocked person alone (their open screen says not found), and so does the unblock', async () => {
    const [toAna, toStranger] = await Promise.all([listen(ana.client), listen(stranger.client)]);
    const { data, error } = await bia.client.from('blocks').insert({ blocked_id: ana.id }).select('id').single();
    expect(error).toBeNull();
    await toAna.next(() => true, 10_000);
    expect((await ana.client.rpc('profile_view', { p_username: 'bia_live' })).data).toBeNull();
    await bia.client.from('blocks').delete().eq('id', data!.id);
    await toAna.next((n) => toAna.values.indexOf(n) === 1, 10_000);
    // Ana's profile is not Bia's: the stranger heard nothing of the block; a later public change proves it
    await biaUpdates({ status_message: 'de volta' });
    await toStranger.next(() => true, 10_000);
    expect(toStranger.values).toHaveLength(1);
  });

  test('the notices cannot be read through the API beyond their two ids, nor written', async () => {
    const { data } = await ana.client.from('profile_notices').select('id, profile_id').limit(1);
    expect(data?.length).toBe(1);
    expect((await ana.client.from('profile_notices').select('scope, reader').limit(1)).error).not.toBeNull();
    expect((await ana.client.from('profile_notices').insert({ profile_id: bia.id, scope: 'card' })).error).not.toBeNull();
    expect((await visitor.from('profile_notices').delete().eq('profile_id', bia.id)).error).not.toBeNull();
  });
});
