/**
 * Live updates of online-only data (issue 22): a change of a profile reaches open screens as a
 * notice on public.profile_notices through supabase-js Realtime, on the real sync-server (PGlite,
 * and Postgres when TEST_DATABASE_URL is set). The notice reaches whoever sees the whole profile
 * and nobody else — not a blocked person, not a visitor or a stranger on a private profile — and
 * carries no field of the profile: only the notice's and the profile's ids.
 *
 * "Heard nothing" is proved per client: each listener also follows a public marker profile on the
 * same socket; Realtime delivers changes in commit order, so once the marker's later notice has
 * arrived, an earlier notice of Bia's would have too.
 */
import { randomUUID } from 'node:crypto';
import type { RealtimeChannel, SupabaseClient } from '@supabase/supabase-js';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { startTestServer, TEST_BACKENDS, type TestServer } from '../../sync-server/testing.ts';
import { adultSignUpData } from '../../sync-server/test-people.ts';
import { clientFor, Inbox, subscribed } from '../../sync-server/realtime/test-helpers.ts';

interface Person {
  id: string;
  client: SupabaseClient;
}

type Notice = Record<string, unknown>;

interface Listener {
  /** Bia's notices this client heard. */
  bia: Inbox<Notice>;
  /** The marker's notices on the same socket. */
  marker: Inbox<Notice>;
}

describe.each(TEST_BACKENDS)('live profile notices on $name', ({ postgresServerUrl }) => {
  let server: TestServer;
  let bia: Person, ana: Person, stranger: Person, companion: Person, blocked: Person, marker: Person;
  let visitor: SupabaseClient;
  const channels: { client: SupabaseClient; channel: RealtimeChannel }[] = [];

  async function person(username: string): Promise<Person> {
    const id = randomUUID();
    await server.ctx.db.query(
      `insert into auth.users (id, email, aud, role, raw_user_meta_data) values ($1, $2, 'authenticated', 'authenticated', $3)`,
      [id, `${username}@example.test`, JSON.stringify(adultSignUpData(username))],
    );
    const token = await server.ctx.jwt.sign({ role: 'authenticated', sub: id, aud: 'authenticated' }, 3600);
    return { id, client: await clientFor(server, { token }) };
  }

  /** What `client` hears of one profile from now on (the app's own subscription: one profile, filtered). */
  async function follow(client: SupabaseClient, profileId: string): Promise<Inbox<Notice>> {
    const inbox = new Inbox<Notice>();
    const channel = await subscribed(
      client
        .channel(`profile-notices-${randomUUID()}`)
        .on('postgres_changes', { event: 'INSERT', schema: 'public', table: 'profile_notices', filter: `profile_id=eq.${profileId}` }, (change) =>
          inbox.push(change.new as Notice),
        ),
    );
    channels.push({ client, channel });
    return inbox;
  }

  async function listen(client: SupabaseClient): Promise<Listener> {
    return { bia: await follow(client, bia.id), marker: await follow(client, marker.id) };
  }

  /** Waits until every listener heard a later notice of the marker: what Bia's inboxes hold then is all they will get. */
  async function settle(...listeners: Listener[]) {
    const before = listeners.map((l) => l.marker.items.length);
    const { error } = await marker.client.from('profiles').update({ status_message: `marcador ${randomUUID()}` }).eq('id', marker.id);
    expect(error).toBeNull();
    await Promise.all(listeners.map((l, i) => l.marker.next((n) => l.marker.values.indexOf(n) >= before[i], 10_000)));
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
    marker = await person('marcador_live');
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
    for (const { client, channel } of channels) await client.removeChannel(channel);
    await server?.close();
  });

  test('a change of a public profile reaches the visitor, a stranger and Bia herself — not the person she blocked — and carries only ids', async () => {
    const [toAna, toVisitor, toSelf, toBlocked] = await Promise.all([listen(ana.client), listen(visitor), listen(bia.client), listen(blocked.client)]);
    await biaUpdates({ status_message: 'estudando para a prova' });
    await settle(toAna, toVisitor, toSelf, toBlocked);
    for (const listener of [toAna, toVisitor, toSelf]) {
      expect(listener.bia.values).toHaveLength(1);
      expect(listener.bia.values[0]).toEqual({ id: expect.anything(), profile_id: bia.id });
    }
    expect(toBlocked.bia.values).toEqual([]);
  });

  test('a private profile: its companion hears every change; a stranger, a visitor and the blocked person hear nothing, not even of its card', async () => {
    await biaUpdates({ visibility: 'private' });
    const [toStranger, toVisitor, toCompanion, toBlocked] = await Promise.all([
      listen(stranger.client),
      listen(visitor),
      listen(companion.client),
      listen(blocked.client),
    ]);
    await biaUpdates({ bio: 'só para quem me conhece' });
    await biaUpdates({ status_message: 'de férias' });
    await biaUpdates({ avatar_url: null, display_name: 'Bia P.' });
    await settle(toStranger, toVisitor, toCompanion, toBlocked);
    expect(toCompanion.bia.values).toHaveLength(3);
    expect(toStranger.bia.values).toEqual([]);
    expect(toVisitor.bia.values).toEqual([]);
    expect(toBlocked.bia.values).toEqual([]);
    await biaUpdates({ visibility: 'public' });
  });

  test('going private: those who saw the public profile hear of it (their screens shrink), the blocked person does not; going public again, they hear of it too', async () => {
    const [toVisitor, toStranger, toBlocked] = await Promise.all([listen(visitor), listen(stranger.client), listen(blocked.client)]);
    await biaUpdates({ visibility: 'private' });
    await settle(toVisitor, toStranger, toBlocked);
    expect(toVisitor.bia.values).toHaveLength(1);
    expect(toStranger.bia.values).toHaveLength(1);
    await biaUpdates({ visibility: 'public' });
    await settle(toVisitor, toStranger, toBlocked);
    expect(toVisitor.bia.values).toHaveLength(2);
    expect(toStranger.bia.values).toHaveLength(2);
    expect(toBlocked.bia.values).toEqual([]);
  });

  test('a block reaches the blocked person alone (their open screen says not found), and so does the unblock', async () => {
    const [toAna, toStranger] = await Promise.all([listen(ana.client), listen(stranger.client)]);
    const { data, error } = await bia.client.from('blocks').insert({ blocked_id: ana.id }).select('id').single();
    expect(error).toBeNull();
    await settle(toAna, toStranger);
    expect(toAna.bia.values).toHaveLength(1);
    expect((await ana.client.rpc('profile_view', { p_username: 'bia_live' })).data).toBeNull();
    // blocked, Ana hears nothing of Bia's changes
    await biaUpdates({ status_message: 'sem a Ana' });
    await bia.client.from('blocks').delete().eq('id', data!.id);
    await settle(toAna, toStranger);
    expect(toAna.bia.values).toHaveLength(2);
    expect(toStranger.bia.values).toHaveLength(1);
  });

  test('the notices cannot be read through the API beyond their two ids, nor written', async () => {
    const { data } = await ana.client.from('profile_notices').select('id, profile_id').limit(1);
    expect(data?.length).toBe(1);
    expect((await ana.client.from('profile_notices').select('was_public, reader').limit(1)).error).not.toBeNull();
    expect((await ana.client.from('profile_notices').insert({ profile_id: bia.id })).error).not.toBeNull();
    expect((await visitor.from('profile_notices').delete().eq('profile_id', bia.id)).error).not.toBeNull();
  });
});
