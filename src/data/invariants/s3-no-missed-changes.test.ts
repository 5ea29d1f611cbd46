/**
 * ARCHITECTURE S3 (no missed changes) through the data layer, on a real PostgreSQL server: two
 * connections write concurrently and the transaction that started first commits last; the
 * device pulls (live, and on demand) in between and must still end with every row.
 *
 * Needs TEST_DATABASE_URL (CI sets it and fails without it); elsewhere it says so and stands aside.
 */
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { Device, TEST_DATABASE_URL, eventually, signUp, startServer, type Person, type TestServer } from '../testing/harness.ts';

if (!TEST_DATABASE_URL) {
  if (process.env.CI === 'true') throw new Error('CI=true but TEST_DATABASE_URL is not set: S3 must run against a real PostgreSQL server.');
  console.warn('[data S3] stands aside: set TEST_DATABASE_URL=postgres://postgres:postgres@127.0.0.1:5432/postgres to run it.');
}

describe.runIf(Boolean(TEST_DATABASE_URL))('S3 no missed changes (real PostgreSQL)', () => {
  let server: TestServer;
  let owner: Person;
  const connections: pg.Client[] = [];

  /** A connection in an open transaction, acting as `userId` as PostgREST would. */
  async function writerAs(userId: string): Promise<pg.Client> {
    const client = new pg.Client({ connectionString: server.ctx.config.databaseUrl });
    await client.connect();
    connections.push(client);
    await client.query('begin');
    await client.query(`select set_config('role', 'authenticated', true), set_config('request.jwt.claims', $1, true)`, [
      JSON.stringify({ role: 'authenticated', sub: userId }),
    ]);
    return client;
  }

  async function titlesOn(device: Device): Promise<string[]> {
    return (await device.docs('notebooks')).map((n) => n.title as string).sort();
  }

  beforeAll(async () => {
    server = await startServer({ postgres: true });
    owner = await signUp(server, 's3dona');
  });
  afterAll(async () => {
    for (const c of connections) await c.end().catch(() => undefined);
    await server?.close();
  });

  test('S3 no missed changes: the earlier transaction commits last, the device pulls in between, and still ends with both rows', async () => {
    const device = await Device.open(server, owner, { collections: ['notebooks'] });
    try {
      await device.settle();
      const early = await writerAs(owner.userId);
      const late = await writerAs(owner.userId);
      await early.query(`insert into notebooks (title, user_id) values ('cedo', $1)`, [owner.userId]);
      await late.query(`insert into notebooks (title, user_id) values ('tarde', $1)`, [owner.userId]);
      const [{ early_xid }] = (await early.query(`select pg_current_xact_id()::text as early_xid`)).rows;
      const [{ late_xid }] = (await late.query(`select pg_current_xact_id()::text as late_xid`)).rows;
      expect(BigInt(early_xid)).toBeLessThan(BigInt(late_xid));

      await late.query('commit'); // its pulse reaches the device: it pulls now
      await device.settle();
      expect(await titlesOn(device)).not.toContain('cedo');

      await early.query('commit');
      await eventually(async () => expect(await titlesOn(device)).toEqual(['cedo', 'tarde']));
    } finally {
      await device.close();
    }
  });

  test('S3 no missed changes: four writers interleaving commits while the device keeps pulling — every row arrives exactly once', async () => {
    const device = await Device.open(server, owner, { collections: ['notebooks'] });
    try {
      await device.settle();
      const received: string[] = [];
      device.layer.engine!.replications.get('notebooks')!.received$.subscribe((doc) => {
        const title = (doc as { title?: string }).title;
        if (title?.startsWith('w')) received.push(title);
      });
      const writers = await Promise.all([0, 1, 2, 3].map(() => writerAs(owner.userId)));
      const titles: string[] = [];
      for (let round = 0; round < 3; round++) {
        for (const [i, writer] of writers.entries()) {
          const title = `w${i}-r${round}`;
          titles.push(title);
          await writer.query(`insert into notebooks (title, user_id) values ($1, $2)`, [title, owner.userId]);
        }
        for (const writer of [...writers].reverse()) {
          await writer.query('commit');
          device.layer.engine!.syncNow();
          await new Promise((resolve) => setTimeout(resolve, 20));
          await writer.query('begin');
          await writer.query(`select set_config('role', 'authenticated', true), set_config('request.jwt.claims', $1, true)`, [
            JSON.stringify({ role: 'authenticated', sub: owner.userId }),
          ]);
        }
      }
      for (const writer of writers) await writer.query('commit');
      await eventually(async () => expect((await titlesOn(device)).filter((t) => t.startsWith('w'))).toEqual([...titles].sort()));
      await device.settle();
      expect([...received].sort()).toEqual([...titles].sort());
    } finally {
      await device.close();
    }
  });
});
