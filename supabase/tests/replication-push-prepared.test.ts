/**
 * A push plans nothing anew (issue 34): replication_master's query and the push's insert and
 * update run as prepared statements of the session, named by the statement's digest — one per
 * collection and shape serves everyone who pushes on that connection. What a user would notice if
 * that went wrong: a write or a master state for someone else's row, a refusal that no longer
 * refuses, a conflict that no longer comes back.
 */
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { failure, openTestDatabase, TEST_DATABASE_URL, type TestDatabase } from './harness.ts';
import type { Queryable } from '../../sync-server/db/types.ts';

const BACKENDS: ('pglite' | 'postgres')[] = ['pglite', ...(TEST_DATABASE_URL ? (['postgres'] as const) : [])];

type Doc = Record<string, unknown>;
interface PushResult {
  conflicts: Doc[];
  rejected: { id: string; reason: string; document?: Doc }[];
}

describe.each(BACKENDS)('a push through prepared statements (%s)', (backend) => {
  let t: TestDatabase;
  let ana: string, bia: string;

  beforeAll(async () => {
    t = await openTestDatabase({ backend });
    ana = await t.createUser('ana_pushprep');
    bia = await t.createUser('bia_pushprep');
  });
  afterAll(async () => t?.close());

  // The master state the push compares with (a person's settings row has the person's id); read
  // directly, not pulled: a pull hands out only what committed below every running transaction.
  const settingsOf = async (q: Queryable, owner: string) =>
    ((await q.query(`select private.replication_master('user_settings', $1) -> 'doc' as doc`, [owner])).rows[0] as { doc: Doc | null }).doc ?? undefined;
  const push = async (q: Queryable, rows: { newDocumentState: Doc; assumedMasterState: Doc | null }[]) =>
    ((await q.query(`select public.replication_push('user_settings', $1::jsonb) as r`, [JSON.stringify(rows)])).rows[0] as { r: PushResult }).r;
  const statements = async (q: Queryable) =>
    ((await q.query(`select name from pg_prepared_statements where name ~ '^replication_(push|master)_' order by name`)).rows as { name: string }[]).map(
      (r) => r.name,
    );

  test('the statements of a push are prepared once: a second push of the same shape adds none', async () => {
    const first = (await t.tx(ana, (q) => settingsOf(q, ana)))!;
    const prepared = await t.tx(ana, async (q) => {
      expect((await push(q, [{ newDocumentState: { ...first, ui_theme: 'dark' }, assumedMasterState: first }])).conflicts).toEqual([]);
      return statements(q);
    });
    // the master's query (one per collection) and the update of that column
    expect(prepared.map((name) => name.replace(/_[0-9a-f]{32}$/, ''))).toEqual(['replication_master', 'replication_push']);

    const second = (await t.tx(ana, (q) => settingsOf(q, ana)))!;
    expect(second.ui_theme).toBe('dark');
    const after = await t.tx(ana, async (q) => {
      expect((await push(q, [{ newDocumentState: { ...second, ui_theme: 'light' }, assumedMasterState: second }])).conflicts).toEqual([]);
      return statements(q);
    });
    expect(after).toEqual(prepared);
    expect((await t.tx(ana, (q) => settingsOf(q, ana)))!.ui_theme).toBe('light');
  });

  test("one person's statement never writes or answers for another, past the runs after which Postgres may keep a generic plan", async () => {
    for (let round = 0; round < 8; round++) {
      const theme = round % 2 ? 'dark' : 'light';
      const mine = (await t.tx(ana, (q) => settingsOf(q, ana)))!;
      const pushed = await t.tx(ana, (q) => push(q, [{ newDocumentState: { ...mine, ui_theme: theme }, assumedMasterState: mine }]));
      expect(pushed).toEqual({ conflicts: [], rejected: [] });

      // Bia pushes Ana's row as if she held it: refused, and nothing of Ana's row comes back.
      const other = await t.tx(bia, (q) => push(q, [{ newDocumentState: { ...mine, ui_theme: 'system', language: 'en-US' }, assumedMasterState: mine }]));
      expect(other.conflicts).toEqual([]);
      expect(other.rejected.map((r) => [r.id, r.reason, r.document ?? null])).toEqual([[mine.id, 'not_allowed', null]]);

      const hers = (await t.tx(bia, (q) => settingsOf(q, bia)))!;
      expect(hers.id).not.toBe(mine.id);
      expect((await t.tx(bia, (q) => push(q, [{ newDocumentState: { ...hers, language: round % 2 ? 'en-US' : 'pt-BR' }, assumedMasterState: hers }]))).rejected).toEqual([]);

      const [row] = await t.sql<{ ui_theme: string; language: string }>(`select ui_theme, language from user_settings where user_id = $1`, [ana]);
      expect(row.ui_theme).toBe(theme);
      expect(row.language).toBe(mine.language);
    }
  });

  test('an edit on a stale base is a conflict with the current master, through the prepared update', async () => {
    const base = (await t.tx(ana, (q) => settingsOf(q, ana)))!;
    await t.tx(ana, (q) => push(q, [{ newDocumentState: { ...base, ui_theme: 'system' }, assumedMasterState: base }]));
    const stale = await t.tx(ana, (q) => push(q, [{ newDocumentState: { ...base, email_notifications: !base.email_notifications }, assumedMasterState: base }]));
    expect(stale.rejected).toEqual([]);
    expect(stale.conflicts.map((d) => [d.id, d.ui_theme])).toEqual([[base.id, 'system']]);
  });

  test("no API role may run a master's statement (it runs the SQL it is given)", async () => {
    for (const caller of [ana, 'anon', 'service'] as const) {
      const error = await failure(t.as(caller, `select * from private.replication_master_row('select true, null::jsonb', null, null)`));
      expect(error.code).toBe('42501');
    }
  });
});
