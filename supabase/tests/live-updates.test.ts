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
 *
 * Realtime decides who hears a change when it delivers it (the subscribers joined by then, each
 * one's RLS at that moment), as Supabase's Realtime does when it reads the change from the WAL —
 * and under load it delivers a moment after the commit. So a test waits until every change made so
 * far was delivered before it opens new listeners (`quiet`), and until a change was delivered
 * before it changes who may hear it.
 */
import { randomUUID } from 'node:crypto';
import type { RealtimeChannel, SupabaseClient } from '@supabase/supabase-js';
import { afterAll, beforeAll, beforeEach, describe, expect, test } from 'vitest';
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
  /** Follows the marker from the start: once it hears a change of the marker, every earlier change was delivered. */
  let witness: Inbox<Notice>;
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

  /**
   * Waits until every change committed so far was delivered (Realtime delivers in commit order: the
   * marker's later notice reaching the witness). A listener opened after this cannot hear them.
   */
  async function quiet() {
    const before = witness.items.length;
    const { error } = await marker.client.from('profiles').update({ status_message: `marcador ${randomUUID()}` }).eq('id', marker.id);
    expect(error).toBeNull();
    await witness.next((n) => witness.values.indexOf(n) >= before, 10_000);
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
    witness = await follow(visitor, marker.id);
  });
  // The previous test's last changes reach nobody who starts listening in this one.
  beforeEach(() => quiet());
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
    await quiet();
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

  test('a block reaches the blocked person alone, as a notice of their own id that names nobody (their open screens read again and say not found); so does the unblock', async () => {
    const [toAna, toStranger] = await Promise.all([listen(ana.client), listen(stranger.client)]);
    const toAnaHerself = await follow(ana.client, ana.id);
    const toStrangerHimself = await follow(stranger.client, ana.id);
    const { data, error } = await bia.client.from('blocks').insert({ blocked_id: ana.id }).select('id').single();
    expect(error).toBeNull();
    await toAnaHerself.next(() => true, 10_000);
    await settle(toAna, toStranger);
    // a block is never announced: nothing Ana hears or reads names Bia
    expect(toAnaHerself.values).toEqual([{ id: expect.anything(), profile_id: ana.id }]);
    expect(toAna.bia.values).toEqual([]);
    expect((await ana.client.from('profile_notices').select('id, profile_id').eq('profile_id', bia.id)).data).toEqual([]);
    expect((await ana.client.rpc('profile_view', { p_username: 'bia_live' })).data).toBeNull();
    // blocked, Ana hears nothing of Bia's changes
    await biaUpdates({ status_message: 'sem a Ana' });
    // delivered to the stranger, so decided for everyone while Ana was blocked (after the unblock
    // she may read this notice as anyone may: hearing it then would tell her nothing more)
    await toStranger.bia.next(() => true, 10_000);
    await bia.client.from('blocks').delete().eq('id', data!.id);
    await toAnaHerself.next((n) => toAnaHerself.values.indexOf(n) === 1, 10_000);
    await settle(toAna, toStranger);
    expect(toAnaHerself.values).toHaveLength(2);
    expect(toAna.bia.values).toEqual([]);
    // unblocked, Ana reads of Bia's public profile what anyone reads: no notice of the block or the unblock
    const biasNotices = async (client: SupabaseClient) =>
      (await client.from('profile_notices').select('id, profile_id').eq('profile_id', bia.id).order('id')).data;
    expect(await biasNotices(ana.client)).toEqual(await biasNotices(stranger.client));
    expect((await ana.client.rpc('profile_view', { p_username: 'bia_live' })).data).not.toBeNull();
    // a notice for Ana alone: the stranger following Ana's profile hears neither
    expect(toStrangerHimself.values).toEqual([]);
    expect(toStranger.bia.values).toHaveLength(1);
  });

  test('a new minor: no visitor or stranger hears or reads a notice of the profile (public for a moment inside the sign-up, private at its commit)', async () => {
    /** Every notice a client may hear, unfiltered: what an attacker on the school's Wi-Fi listens to. */
    async function hearAll(client: SupabaseClient): Promise<Inbox<Notice>> {
      const inbox = new Inbox<Notice>();
      channels.push({
        client,
        channel: await subscribed(
          client
            .channel(`every-notice-${randomUUID()}`)
            .on('postgres_changes', { event: 'INSERT', schema: 'public', table: 'profile_notices' }, (change) => inbox.push(change.new as Notice)),
        ),
      });
      return inbox;
    }
    const [visitorHears, strangerHears] = await Promise.all([hearAll(visitor), hearAll(stranger.client)]);
    const newcomer = await clientFor(server);
    const { data: signUp, error } = await newcomer.auth.signUp({
      email: 'menor_live@example.test',
      password: 'Senha-forte-123',
      options: {
        data: { username: 'menor_live', birth_date: '2012-03-04', guardian_email: 'responsavel_live@example.test', guardian_acknowledged: true },
      },
    });
    expect(error).toBeNull();
    const minorId = signUp.user!.id;
    expect((await server.ctx.db.query(`select visibility from profiles where id = $1`, [minorId])).rows).toEqual([{ visibility: 'private' }]);
    // the marker's later notice reaches both sockets: anything about the minor would have come before it
    const { error: markerError } = await marker.client.from('profiles').update({ status_message: `marcador ${randomUUID()}` }).eq('id', marker.id);
    expect(markerError).toBeNull();
    await Promise.all([visitorHears, strangerHears].map((inbox) => inbox.next((n) => n.profile_id === marker.id, 10_000)));
    for (const inbox of [visitorHears, strangerHears]) expect(inbox.values.filter((n) => n.profile_id === minorId)).toEqual([]);
    for (const client of [visitor, stranger.client]) {
      const { data, error: readError } = await client.from('profile_notices').select('id, profile_id').eq('profile_id', minorId);
      expect(readError).toBeNull();
      expect(data).toEqual([]);
    }
  });

  test('a transaction makes one notice per profile, decided at its commit: public for a moment inside it is public to nobody', async () => {
    const [toVisitor, toCompanion] = await Promise.all([listen(visitor), listen(companion.client)]);
    const inOneTransaction = (...changes: string[]) =>
      server.ctx.db.transaction(async (tx) => {
        for (const change of changes) await tx.query(`update profiles set ${change} where id = $1`, [bia.id]);
      });
    // private at both ends, public in between: the visitor hears nothing, the companion one notice
    await biaUpdates({ visibility: 'private' });
    await settle(toVisitor, toCompanion);
    const [visitorBefore, companionBefore] = [toVisitor.bia.values.length, toCompanion.bia.values.length];
    await inOneTransaction(`visibility = 'public'`, `status_message = 'por um instante'`, `visibility = 'private'`);
    await settle(toVisitor, toCompanion);
    expect(toVisitor.bia.values).toHaveLength(visitorBefore);
    expect(toCompanion.bia.values).toHaveLength(companionBefore + 1);
    // public again: three changes in one transaction, one notice
    await biaUpdates({ visibility: 'public' });
    await settle(toVisitor, toCompanion);
    const heard = toVisitor.bia.values.length;
    await inOneTransaction(`status_message = 'um'`, `status_message = 'dois'`, `bio = 'três'`);
    await settle(toVisitor, toCompanion);
    expect(toVisitor.bia.values).toHaveLength(heard + 1);
  });

  test('a realtime filter on a column the listener may not select is refused (was_public would tell which profiles were public)', async () => {
    for (const client of [visitor, stranger.client]) {
      const system = new Inbox<{ status: string; message: string }>();
      const heard = new Inbox<Notice>();
      const channel = await subscribed(
        client
          .channel(`was-public-${randomUUID()}`)
          .on('postgres_changes', { event: 'INSERT', schema: 'public', table: 'profile_notices', filter: 'was_public=eq.true' }, (change) =>
            heard.push(change.new as Notice),
          )
          .on('system', {}, (message) => system.push(message)),
      );
      channels.push({ client, channel });
      const reply = (await system.next()).value;
      expect(reply.status).toBe('error');
      expect(reply.message).toContain('permission denied for column was_public');
      await biaUpdates({ status_message: `ouvindo ${randomUUID()}` });
      // every change so far delivered (the refused binding would have heard this one by then)
      await quiet();
      expect(heard.values).toEqual([]);
    }
  });

  test('the notices cannot be read through the API beyond their two ids, nor written', async () => {
    const { data } = await ana.client.from('profile_notices').select('id, profile_id').limit(1);
    expect(data?.length).toBe(1);
    expect((await ana.client.from('profile_notices').select('was_public, reader').limit(1)).error).not.toBeNull();
    expect((await ana.client.from('profile_notices').insert({ profile_id: bia.id })).error).not.toBeNull();
    expect((await visitor.from('profile_notices').delete().eq('profile_id', bia.id)).error).not.toBeNull();
  });
});
