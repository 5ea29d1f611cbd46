import pg from 'pg';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import type { SupabaseClient } from '@supabase/supabase-js';
import { startTestServer, TEST_BACKENDS, type TestServer } from '../testing.ts';
import { clientFor, createUser, FIXTURE_MIGRATIONS, Inbox, sleep, subscribed, type TestUser } from './test-helpers.ts';

/** What realtime-js hands a postgres_changes callback (the parts these tests read). */
type Change = { eventType: string; new: { id?: number; owner_id?: string; title?: string } };

/**
 * Issue 34: a class of 40 phones pushing at once, and every realtime change still on time. Speed
 * itself is measured by the benchmarks (bench-replication-load.ts, bench-subscribers.ts); these
 * tests pin the mechanism — delivery never waits behind the requests — and that delivering many
 * changes at once tells nobody a row their RLS hides.
 */
describe.each(TEST_BACKENDS)('realtime under load on $name', ({ name, postgresServerUrl }) => {
  let server: TestServer;
  const clients: SupabaseClient[] = [];

  beforeAll(async () => {
    server = await startTestServer({ postgresServerUrl, migrationsDir: FIXTURE_MIGRATIONS });
  });

  afterEach(async () => {
    await Promise.all(clients.splice(0).map((c) => c.removeAllChannels()));
  });

  afterAll(async () => {
    await server?.close();
  });

  async function listen(user: TestUser | undefined, filter?: string) {
    const c = await clientFor(server, { token: user?.token });
    clients.push(c);
    const inbox = new Inbox<Change>();
    const channel = c
      .channel(`load-${Math.random().toString(36).slice(2)}`)
      .on('postgres_changes' as never, { event: '*', schema: 'public', table: 'rt_notes', filter }, inbox.push);
    await subscribed(channel);
    return inbox;
  }

  it('delivers a change while the requests hold every database connection they can have', async () => {
    const alice = await createUser(server);
    const inbox = await listen(alice);
    let release!: () => void;
    const gate = new Promise<void>((resolve) => (release = resolve));

    if (name === 'postgres') {
      // Ten transactions (the requests' pool size) that do not end until the change has arrived.
      let started = 0;
      const held = Array.from({ length: 10 }, () =>
        server.ctx.db.transaction(async (tx) => {
          await tx.query('select 1');
          started++;
          await gate;
        }),
      );
      while (started < 9) await sleep(10);
      await sleep(50);
      // Written by another program: no connection of the server's is free.
      const writer = new pg.Client({ connectionString: server.ctx.config.databaseUrl });
      await writer.connect();
      try {
        await writer.query('insert into rt_notes (owner_id, title) values ($1, $2)', [alice.id, 'while busy']);
        const { value } = await inbox.next((c) => c.new.title === 'while busy', 15_000);
        expect(value.new.owner_id).toBe(alice.id);
      } finally {
        release();
        await Promise.all(held);
        await writer.end();
      }
    } else {
      // PGlite runs one thing at a time. The change is committed while twenty requests wait
      // (each holds the database a while): its delivery must not wait for all of them.
      const writing = server.ctx.db.transaction(async (tx) => {
        await tx.query('insert into rt_notes (owner_id, title) values ($1, $2)', [alice.id, 'while busy']);
        await gate;
      });
      let done = 0;
      const waiting = Array.from({ length: 20 }, () =>
        server.ctx.db.transaction(async (tx) => {
          await tx.query('select 1');
          await sleep(100);
          done++;
        }),
      );
      await sleep(50);
      release();
      await writing;
      await inbox.next((c) => c.new.title === 'while busy', 15_000);
      const doneWhenDelivered = done;
      await Promise.all(waiting);
      expect(doneWhenDelivered).toBeLessThan(waiting.length / 2);
    }
  });

  it('a burst of changes reaches each subscriber in commit order, and nobody hears a row their RLS hides', async () => {
    const users = await Promise.all(Array.from({ length: 8 }, () => createUser(server)));
    const [first, second] = users;
    // Each user on two sockets (equal claims), one of them also through a filter; a visitor; a
    // user listening through a filter on someone else's rows (RLS still hides them).
    const inboxes = await Promise.all(users.map((u) => listen(u)));
    const again = await Promise.all(users.map((u) => listen(u, `owner_id=eq.${u.id}`)));
    const visitor = await listen(undefined);
    const snooper = await listen(second, `owner_id=eq.${first.id}`);

    const expected = new Map(users.map((u) => [u.id, [] as string[]]));
    // One transaction of 120 rows (120 notifications at once), then 120 rows from concurrent writers.
    await server.ctx.db.transaction(async (tx) => {
      for (let i = 0; i < 120; i++) {
        const owner = users[i % users.length];
        const title = `burst ${i}`;
        expected.get(owner.id)!.push(title);
        await tx.query('insert into rt_notes (owner_id, title) values ($1, $2)', [owner.id, title]);
      }
    });
    const concurrent = Array.from({ length: 120 }, (_, i) => ({ owner: users[(i * 3) % users.length], title: `concurrent ${i}` }));
    for (const { owner, title } of concurrent) expected.get(owner.id)!.push(title);
    await Promise.all(
      concurrent.map(({ owner, title }) => server.ctx.db.query('insert into rt_notes (owner_id, title) values ($1, $2)', [owner.id, title])),
    );
    // Committed after every other row: once it reached its owner, every earlier row was delivered
    // (in commit order) — what the inboxes hold then is all they will get.
    await server.ctx.db.query('insert into rt_notes (owner_id, title) values ($1, $2)', [first.id, 'the end']);
    expected.get(first.id)!.push('the end');

    const titles = (inbox: Inbox<Change>) => inbox.values.map((c) => c.new.title);
    for (const [i, user] of users.entries()) {
      const mine = expected.get(user.id)!;
      await inboxes[i].next((c) => c.new.title === mine.at(-1), 15_000);
      await again[i].next((c) => c.new.title === mine.at(-1), 15_000);
    }
    for (const [i, user] of users.entries()) {
      const mine = expected.get(user.id)!;
      expect(inboxes[i].values.every((c) => c.new.owner_id === user.id)).toBe(true);
      // The one transaction's rows in the order it wrote them; every row once.
      const burst = mine.filter((t) => t.startsWith('burst'));
      expect(titles(inboxes[i]).filter((t) => t?.startsWith('burst'))).toEqual(burst);
      expect(new Set(titles(inboxes[i]))).toEqual(new Set(mine));
      expect(titles(inboxes[i])).toHaveLength(mine.length);
      expect(titles(again[i])).toEqual(titles(inboxes[i]));
    }
    expect(visitor.values).toEqual([]);
    expect(snooper.values).toEqual([]);
  });
});
