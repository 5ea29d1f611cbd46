/**
 * A pull's page runs as a prepared statement of the session (private.replication_page, issue 34):
 * one statement per collection serves everyone who pulls it on that connection. What a user would
 * notice if that went wrong: someone else's rows, or a page that no longer follows a change.
 */
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { failure, openTestDatabase, TEST_DATABASE_URL, type TestDatabase } from './harness.ts';

const BACKENDS: ('pglite' | 'postgres')[] = ['pglite', ...(TEST_DATABASE_URL ? (['postgres'] as const) : [])];

describe.each(BACKENDS)('a pull page through a prepared statement (%s)', (backend) => {
  let t: TestDatabase;
  let ana: string, bia: string;

  beforeAll(async () => {
    t = await openTestDatabase({ backend });
    ana = await t.createUser('ana_prep');
    bia = await t.createUser('bia_prep');
  });
  afterAll(async () => t?.close());

  const pull = async (who: string, collection: string) =>
    (await t.as<{ r: { documents: Record<string, unknown>[] } }>(who, `select public.replication_pull($1, null, 100) as r`, [collection]))[0].r.documents;

  test("one person's page never answers for another, past the runs after which Postgres may keep a generic plan", async () => {
    await t.as(ana, `update user_settings set ui_theme = 'dark' where user_id = $1`, [ana]);
    for (let round = 0; round < 8; round++) {
      const mine = await pull(ana, 'user_settings');
      const hers = await pull(bia, 'user_settings');
      expect(mine.map((d) => d.user_id)).toEqual([ana]);
      expect(hers.map((d) => d.user_id)).toEqual([bia]);
      expect(mine[0].ui_theme).toBe('dark');
      expect(hers[0].ui_theme).not.toBe('dark');
    }
  });

  test('the page follows a change made after its statement was prepared', async () => {
    const before = await pull(ana, 'notebooks');
    await t.as(ana, `insert into notebooks (title, user_id) values ('Depois do preparo', $1)`, [ana]);
    const after = await pull(ana, 'notebooks');
    expect(after.length).toBe(before.length + 1);
    expect(after.map((d) => d.title)).toContain('Depois do preparo');
    expect((await pull(bia, 'notebooks')).map((d) => d.title)).not.toContain('Depois do preparo');
  });

  test('no API role may run a page (it runs the SQL it is given)', async () => {
    for (const caller of [ana, 'anon', 'service'] as const) {
      const error = await failure(
        t.as(caller, `select * from private.replication_page('select 1', null, null, null, null, 1, true, false, null, false)`),
      );
      expect(error.code).toBe('42501');
    }
  });
});
