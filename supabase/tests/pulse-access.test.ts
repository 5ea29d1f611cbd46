/**
 * Pulses that name their collections are right only if a phone that pulls just the collections its
 * pulses name ends up holding what a phone that pulls everything holds (issue 34). A change of
 * access changes what OTHER people may read too — a share gives the owner the sharee's profile —
 * so it must pulse everyone it touches with every collection (schemas/replication.sql, "Changes of
 * access pulse every collection"). Two checks:
 *   - the catalogue: the tables each collection's pull reads besides its own (read from the pull's
 *     SQL and the functions it calls, not guessed) are exactly the ones that section names;
 *   - the behaviour: for shares, collaborators, blocks, hides, deletions, answers and profile edits,
 *     every person's "named" device (pulling only what its new pulses name) equals their
 *     "reference" device (pulling every collection) after each step.
 */
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { openTestDatabase, type TestDatabase } from './harness.ts';
import { COLLECTIONS, Device } from './replication-client.ts';

const EVERYONE = '00000000-0000-0000-0000-000000000000';

/**
 * The tables a collection's pull reads besides its own table and the tombstones, and why a write to
 * them is covered (schemas/replication.sql, the section's comment, says the same).
 */
const ACCESS_TABLES: Record<string, string[]> = {
  // every write pulses everyone of the notebook with every collection (trigger on the access log)
  'private.replication_access': ['answers', 'guests', 'invite_links', 'notebook_collaborators', 'notebook_shares', 'notebooks', 'profiles', 'questions'],
  // safety.sql note_block_change: both people, every collection
  'private.block_changes': ['profiles'],
  'public.blocks': ['profiles'],
  // a hide or restore moves the notebook's access (moderation.sql): the first rule
  'public.questions': ['answers'],
  // a writer was paired with the reader through the access log when writing
  'public.answers': ['profiles'],
  // written before its answers, never edited (guests.updatable is empty)
  'public.guests': ['answers'],
};

let t: TestDatabase;

beforeAll(async () => {
  t = await openTestDatabase();
}, 120_000);
afterAll(async () => t?.close());

/** The relations named `schema.name` in a text that are tables, and the functions it calls. */
async function tablesRead(text: string, seen = new Set<string>()): Promise<Set<string>> {
  const tables = new Set<string>();
  for (const [, schema, name] of text.matchAll(/\b(public|private)\.([a-z_][a-z0-9_]*)\b/g)) {
    const qualified = `${schema}.${name}`;
    if (seen.has(qualified)) continue;
    seen.add(qualified);
    const [relation] = await t.sql<{ kind: string }>(
      `select c.relkind::text as kind from pg_class c join pg_namespace n on n.oid = c.relnamespace where n.nspname = $1 and c.relname = $2`,
      [schema, name],
    );
    if (relation && ['r', 'p', 'v'].includes(relation.kind)) {
      tables.add(qualified);
      continue;
    }
    const bodies = await t.sql<{ src: string }>(
      `select p.prosrc as src from pg_proc p join pg_namespace n on n.oid = p.pronamespace where n.nspname = $1 and p.proname = $2`,
      [schema, name],
    );
    for (const { src } of bodies) for (const table of await tablesRead(src, seen)) tables.add(table);
  }
  return tables;
}

describe('the catalogue of access tables', () => {
  test("the tables every collection's pull reads besides its own are the catalogue's, each covered by a pulse of every collection", async () => {
    const collections = await t.sql<{ name: string; table_name: string; pull_sql: string; doc: string }>(
      `select c.name, c.table_name, private.replication_pull_sql(c) as pull_sql, c.doc_function as doc
         from private.replication_collections c order by c.name`,
    );
    expect(collections.map((c) => c.name).sort()).toEqual([...COLLECTIONS].sort());
    const found: Record<string, string[]> = {};
    for (const c of collections) {
      const read = await tablesRead(`${c.pull_sql} ${c.doc}`);
      for (const table of read) {
        if (table === `public.${c.table_name}` || table === 'private.replication_tombstones') continue;
        (found[table] ??= []).push(c.name);
      }
    }
    for (const list of Object.values(found)) list.sort();
    expect(found).toEqual(ACCESS_TABLES);
    // the access log and the blocks pulse every collection
    const triggers = await t.sql<{ table: string; name: string }>(
      `select c.relname as table, tg.tgname as name from pg_trigger tg join pg_class c on c.oid = tg.tgrelid
        where not tg.tgisinternal and c.relname in ('replication_access', 'blocks')`,
    );
    expect(triggers).toEqual(
      expect.arrayContaining([
        { table: 'replication_access', name: 'a change of access pulses everyone of the notebook' },
        { table: 'blocks', name: 'a block or unblock moves the profiles pull' },
      ]),
    );
  });
});

describe('a phone that pulls what its pulses name holds what a phone that pulls everything holds', () => {
  let owner: string, editor: string, sharee: string, newcomer: string, outsider: string;
  let notebookId: string;
  const named = new Map<string, Device>();
  const reference = new Map<string, Device>();
  let lastPulse = 0;
  /** Per person, the collections the pulses of each step named ('*' for every one). */
  const heard = new Map<string, Set<string>>();

  async function settle(step: string): Promise<void> {
    const pulses = await t.sql<{ id: number; user_id: string; collections: string[] }>(
      `select id::int, user_id::text, to_jsonb(collections) as collections from replication_pulses where id > $1 order by id`,
      [lastPulse],
    );
    heard.clear();
    for (const p of pulses) {
      lastPulse = Math.max(lastPulse, p.id);
      const list = heard.get(p.user_id) ?? new Set<string>();
      for (const name of p.collections.length === 0 ? ['*'] : p.collections) list.add(name);
      heard.set(p.user_id, list);
    }
    for (const [person, device] of named) {
      const names = new Set([...(heard.get(person) ?? []), ...(heard.get(EVERYONE) ?? [])]);
      for (const c of COLLECTIONS) if (names.has('*') || names.has(c)) await device.sync(c);
      await reference.get(person)!.syncAll();
      for (const c of COLLECTIONS) {
        expect(JSON.stringify(device.docs(c).sort((a, b) => a.id.localeCompare(b.id))), `${step}: ${c} of ${person}`).toBe(
          JSON.stringify(reference.get(person)!.docs(c).sort((a, b) => a.id.localeCompare(b.id))),
        );
      }
    }
  }

  /** The people who replicate the notebook now. */
  async function members(): Promise<string[]> {
    const rows = await t.sql<{ user_id: string }>(`select user_id::text from private.replication_access where notebook_id = $1 and level <> 'none'`, [notebookId]);
    return rows.map((r) => r.user_id);
  }

  function everything(person: string): boolean {
    return heard.get(person)?.has('*') ?? false;
  }

  beforeAll(async () => {
    owner = await t.createUser('dona_acesso');
    editor = await t.createUser('editora_acesso');
    sharee = await t.createUser('leitora_acesso');
    newcomer = await t.createUser('recem_chegada');
    outsider = await t.createUser('de_fora');
    [{ id: notebookId }] = await t.as<{ id: string }>(owner, `insert into notebooks (title, user_id) values ('Acessos', $1) returning id`, [owner]);
    await t.as(owner, `insert into questions (notebook_id, text) values ($1, 'Primeira?')`, [notebookId]);
    await t.as(owner, `insert into notebook_collaborators (notebook_id, user_id, role) values ($1, $2, 'editor')`, [notebookId, editor]);
    await t.as(editor, `update notebook_collaborators set status = 'accepted' where user_id = $1`, [editor]);
    await t.as(owner, `insert into notebook_shares (notebook_id, shared_with) values ($1, $2)`, [notebookId, sharee]);
    for (const person of [owner, editor, sharee, newcomer, outsider]) {
      named.set(person, new Device(t, person));
      reference.set(person, new Device(t, person));
      await named.get(person)!.syncAll();
      await reference.get(person)!.syncAll();
    }
    const [{ id }] = await t.sql<{ id: number }>(`select coalesce(max(id), 0)::int as id from replication_pulses`);
    lastPulse = id;
  }, 120_000);

  test("a share: the owner's and the editor's phones get the sharee's profile (every collection), the sharee the notebook", async () => {
    await t.as(owner, `insert into notebook_shares (notebook_id, shared_with) values ($1, $2)`, [notebookId, newcomer]);
    await settle('share');
    for (const person of [owner, editor, sharee, newcomer]) expect(everything(person), person).toBe(true);
    expect(heard.has(outsider)).toBe(false);
    expect(named.get(owner)!.ids('profiles')).toContain(newcomer);
    expect(named.get(editor)!.ids('profiles')).toContain(newcomer);
    expect(named.get(newcomer)!.ids('notebooks')).toContain(notebookId);
  });

  test('an answer names the answers alone, and the phones still agree', async () => {
    const [{ id: q }] = await t.sql<{ id: string }>(`select id from questions where notebook_id = $1 limit 1`, [notebookId]);
    await t.as(newcomer, `insert into answers (question_id, notebook_id, user_id, text, id) values ($1, $2, $3, 'Minha resposta', my_answer_id($1))`, [q, notebookId, newcomer]);
    await settle('answer');
    expect(heard.get(owner)?.has('answers')).toBe(true);
    expect(everything(owner)).toBe(false);
  });

  test('a profile edit names the profiles', async () => {
    await t.as(newcomer, `update profiles set display_name = 'Recém Chegada' where id = $1`, [newcomer]);
    await settle('profile');
    expect(heard.get(owner)).toEqual(new Set(['profiles']));
    expect(named.get(owner)!.docs('profiles').find((p) => p.id === newcomer)?.display_name).toBe('Recém Chegada');
  });

  test('a collaborator invited, accepted, its role changed and removed: every step pulses everyone of the notebook', async () => {
    const steps: [string, string, string, unknown[]][] = [
      ['invite', owner, `insert into notebook_collaborators (notebook_id, user_id, role) values ($1, $2, 'collaborator')`, [notebookId, outsider]],
      ['accept', outsider, `update notebook_collaborators set status = 'accepted' where user_id = $1`, [outsider]],
      ['role', owner, `update notebook_collaborators set role = 'editor' where notebook_id = $1 and user_id = $2`, [notebookId, outsider]],
      ['remove', owner, `delete from notebook_collaborators where notebook_id = $1 and user_id = $2`, [notebookId, outsider]],
    ];
    for (const [step, caller, sql, params] of steps) {
      await t.as(caller, sql, params);
      await settle(step);
      for (const person of [owner, editor, sharee, newcomer, outsider]) expect(everything(person), `${step}: ${person}`).toBe(true);
    }
  });

  test('a block and an unblock pulse both people with every collection', async () => {
    await t.as(newcomer, `insert into blocks (blocked_id) values ($1)`, [owner]);
    await settle('block');
    expect(everything(newcomer)).toBe(true);
    expect(everything(owner)).toBe(true);
    await t.as(newcomer, `delete from blocks where blocked_id = $1`, [owner]);
    await settle('unblock');
    expect(everything(newcomer)).toBe(true);
    expect(everything(owner)).toBe(true);
  });

  test('a hidden question and its restore, a removed share, a deleted notebook: everyone, every collection', async () => {
    const [{ id: q }] = await t.sql<{ id: string }>(`select id from questions where notebook_id = $1 limit 1`, [notebookId]);
    await t.sql(`update questions set hidden_at = now() where id = $1`, [q]);
    await settle('hide');
    expect((await members()).length).toBeGreaterThan(2);
    for (const person of await members()) expect(everything(person), person).toBe(true);
    await t.sql(`update questions set hidden_at = null where id = $1`, [q]);
    await settle('restore');
    await t.as(owner, `insert into notebook_shares (notebook_id, shared_with) values ($1, $2) on conflict do nothing`, [notebookId, outsider]);
    await settle('share again');
    await t.as(owner, `delete from notebook_shares where shared_with = $1`, [outsider]);
    await settle('unshare');
    for (const person of [owner, editor, sharee, outsider]) expect(everything(person), person).toBe(true);
    expect(named.get(outsider)!.ids('notebooks')).not.toContain(notebookId);
    await t.as(owner, `delete from notebooks where id = $1`, [notebookId]);
    await settle('delete');
    for (const person of [owner, editor, sharee]) expect(everything(person), person).toBe(true);
    expect(named.get(sharee)!.ids('notebooks')).not.toContain(notebookId);
  });
});
