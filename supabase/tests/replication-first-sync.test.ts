/**
 * S10 after a purge: a pull from scratch (checkpoint null) that needs more than one page
 * reaches the end, with every live row exactly once and no resync — in every kind of
 * collection (a notebook's rows, a person's own rows, everyone's rows, profiles).
 *
 * The bug this pins down: the purge raises the horizon to the newest purged tombstone; a pass
 * from scratch hands out page checkpoints at the keys of old rows — below that horizon — so the
 * second page was answered `resync`, and the device started over, forever.
 *
 * PGlite always; the same suite on the real PostgreSQL server when TEST_DATABASE_URL is set.
 */
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { TEST_DATABASE_URL, openTestDatabase, type TestDatabase } from './harness.ts';
import { pull, type Checkpoint, type Collection, type Doc } from './replication-client.ts';

const BACKENDS = ['pglite', ...(TEST_DATABASE_URL ? ['postgres' as const] : [])] as const;
const PAGE = 4;

interface Pass {
  documents: Doc[];
  pages: number;
  resyncs: number;
  checkpoint: Checkpoint | null;
}

/**
 * Pulls from `from` page by page until a short page, as RxDB does — but gives up (instead of
 * looping for ever) after `maxPages`, and counts the resyncs instead of following them.
 * `between` runs after each page: writes that land in the middle of the pass.
 */
async function pass(
  t: TestDatabase,
  caller: string,
  collection: Collection,
  options: { from?: Checkpoint | null; maxPages?: number; between?: (page: number) => Promise<void> } = {},
): Promise<Pass> {
  const result: Pass = { documents: [], pages: 0, resyncs: 0, checkpoint: options.from ?? null };
  const maxPages = options.maxPages ?? 100;
  while (result.pages < maxPages) {
    const r = await pull(t, caller, collection, result.checkpoint, PAGE);
    result.pages++;
    if (r.resync) {
      result.resyncs++;
      return result;
    }
    result.documents.push(...r.documents);
    result.checkpoint = r.checkpoint;
    if (r.documents.length < PAGE) return result;
    await options.between?.(result.pages);
  }
  throw new Error(`${collection}: no end after ${maxPages} pages (${result.documents.length} documents)`);
}

/** The ids of the live documents received, each as often as it came (sorted). */
function liveIds(documents: Doc[]): string[] {
  return documents.filter((d) => !d._deleted).map((d) => d.id).sort();
}

/** What a device holds at the end of the pass: the last state of each id. */
function finalState(documents: Doc[]): Map<string, Doc> {
  const state = new Map<string, Doc>();
  for (const doc of documents) {
    if (doc._deleted) state.delete(doc.id);
    else state.set(doc.id, doc);
  }
  return state;
}

async function purgeEverything(t: TestDatabase): Promise<{ tombstones: number; horizon: string }> {
  const [{ r }] = await t.as<{ r: { tombstones: number; horizon: string } }>('service', `select replication_purge(interval '0 seconds') as r`);
  return r;
}

describe.each(BACKENDS)('S10: a first sync of more than one page after a purge (%s)', (backend) => {
  let t: TestDatabase;
  let owner: string;
  let notebookId: string;

  beforeAll(async () => {
    t = await openTestDatabase({ backend });
    owner = await t.createUser('paginas');
    [{ id: notebookId }] = await t.as<{ id: string }>(owner, `insert into notebooks (title, user_id) values ('Muitas páginas', $1) returning id`, [owner]);
  });
  afterAll(async () => t?.close());

  async function addQuestions(texts: string[]): Promise<string[]> {
    const ids: string[] = [];
    for (const text of texts) {
      const [{ id }] = await t.as<{ id: string }>(owner, `insert into questions (notebook_id, text) values ($1, $2) returning id`, [notebookId, text]);
      ids.push(id);
    }
    return ids;
  }

  async function liveQuestionIds(): Promise<string[]> {
    return (await t.sql<{ id: string }>(`select id from questions where notebook_id = $1 order by id`, [notebookId])).map((r) => r.id);
  }

  test('a notebook\'s rows (questions): the pass from scratch ends, every live row exactly once, no resync', async () => {
    const ids = await addQuestions(Array.from({ length: 5 * PAGE + 1 }, (_, i) => `Pergunta ${i}`));
    for (const id of [ids[1], ids[6], ids[12]]) await t.as(owner, `delete from questions where id = $1`, [id]);
    // rows written after the deletions too, so that the pass crosses the horizon
    await addQuestions(['Depois 1', 'Depois 2', 'Depois 3']);
    const purged = await purgeEverything(t);
    expect(purged.tombstones).toBeGreaterThanOrEqual(3);

    const r = await pass(t, owner, 'questions');
    expect(r.resyncs).toBe(0);
    expect(r.pages).toBeGreaterThan(2);
    expect(liveIds(r.documents)).toEqual(await liveQuestionIds());

    // and the checkpoint it ends with keeps working: a new question arrives, nothing else
    const [late] = await addQuestions(['Mais tarde']);
    const next = await pass(t, owner, 'questions', { from: r.checkpoint });
    expect(next.resyncs).toBe(0);
    expect(liveIds(next.documents)).toEqual([late]);
  });

  test('a sharee who gained access after the rows were written (one key for the whole notebook) also reaches the end', async () => {
    const reader = await t.createUser('leitora');
    await t.as(owner, `insert into notebook_shares (notebook_id, shared_with) values ($1, $2)`, [notebookId, reader]);
    const [gone] = await addQuestions(['Some logo']);
    await t.as(owner, `delete from questions where id = $1`, [gone]);
    await purgeEverything(t);

    const r = await pass(t, reader, 'questions');
    expect(r.resyncs).toBe(0);
    expect(liveIds(r.documents)).toEqual(await liveQuestionIds());
  });

  test('writes in the middle of the pass: a new row, an edit and a deletion of a row already received — the device ends with the server\'s state', async () => {
    await purgeEverything(t);
    let added = '';
    let edited = '';
    let deleted = '';
    const r = await pass(t, owner, 'questions', {
      between: async (page) => {
        if (page !== 1) return;
        const received = await t.sql<{ id: string }>(`select id from questions where notebook_id = $1 order by id limit 2`, [notebookId]);
        [added] = await addQuestions(['No meio do caminho']);
        edited = received[0].id;
        deleted = received[1].id;
        await t.as(owner, `update questions set text = 'Editada no meio' where id = $1`, [edited]);
        await t.as(owner, `delete from questions where id = $1`, [deleted]);
      },
    });
    expect(r.resyncs).toBe(0);
    const state = finalState(r.documents);
    expect([...state.keys()].sort()).toEqual(await liveQuestionIds());
    expect(state.has(added)).toBe(true);
    expect(state.has(deleted)).toBe(false);
    expect(state.get(edited)?.text).toBe('Editada no meio');
  });

  test('a person\'s own rows (favorites) and everyone\'s rows (forbidden words)', async () => {
    const fan = await t.createUser('fa_de_cadernos');
    const notebooks: string[] = [];
    for (let i = 0; i < 3 * PAGE; i++) {
      const [{ id }] = await t.as<{ id: string }>(fan, `insert into notebooks (title, user_id) values ($1, $2) returning id`, [`Meu caderno ${i}`, fan]);
      notebooks.push(id);
    }
    for (const id of notebooks) await t.as(fan, `insert into favorites (user_id, notebook_id) values ($1, $2)`, [fan, id]);
    await t.as(fan, `delete from favorites where notebook_id = $1`, [notebooks[2]]);
    for (let i = 0; i < 3 * PAGE; i++) await t.sql(`insert into forbidden_words (word) values ($1)`, [`palavrão${i}`]);
    await t.sql(`delete from forbidden_words where word = 'palavrão3'`);
    await purgeEverything(t);

    const favorites = await pass(t, fan, 'favorites');
    expect(favorites.resyncs).toBe(0);
    const liveFavorites = await t.sql<{ id: string }>(`select id from favorites where user_id = $1 order by id`, [fan]);
    expect(liveIds(favorites.documents)).toEqual(liveFavorites.map((f) => f.id));

    const words = await pass(t, fan, 'forbidden_words');
    expect(words.resyncs).toBe(0);
    const liveWords = await t.sql<{ id: string }>(`select id from forbidden_words order by id`);
    expect(liveIds(words.documents)).toEqual(liveWords.map((w) => w.id));
  });

  test('profiles (the people of my notebooks)', async () => {
    const people: string[] = [];
    for (let i = 0; i < 2 * PAGE; i++) {
      const person = await t.createUser(`pessoa${i}`);
      people.push(person);
      await t.as(owner, `insert into notebook_collaborators (notebook_id, user_id, role) values ($1, $2, 'collaborator')`, [notebookId, person]);
    }
    const [gone] = await addQuestions(['Some também']);
    await t.as(owner, `delete from questions where id = $1`, [gone]);
    await purgeEverything(t);

    const r = await pass(t, owner, 'profiles');
    expect(r.resyncs).toBe(0);
    const state = finalState(r.documents);
    for (const person of [owner, ...people]) expect(state.has(person)).toBe(true);
    expect(liveIds(r.documents)).toEqual([...new Set(liveIds(r.documents))]);
  });

  test('a checkpoint older than the purge horizon still gets resync (S10 unchanged)', async () => {
    const start = await pass(t, owner, 'questions');
    const stale = start.checkpoint;
    const [q] = await addQuestions(['Efêmera']);
    await t.as(owner, `delete from questions where id = $1`, [q]);
    await purgeEverything(t);
    const r = await pull(t, owner, 'questions', stale, PAGE);
    expect(r).toEqual({ documents: [], checkpoint: null, resync: true });
  });
});

/**
 * S3 inside a pass from scratch after a purge, on a real server with two connections: a
 * transaction that took its id before the purged deletion and is still running holds the
 * snapshot's xmin below the horizon. Nothing below the horizon may be handed out then (its row
 * could commit below a checkpoint already given); once it commits, the pass returns its row.
 */
describe.runIf(Boolean(TEST_DATABASE_URL))('S3 and S10 together: an old transaction still running during a pass from scratch (PostgreSQL)', () => {
  let t: TestDatabase;
  let owner: string;
  let notebookId: string;
  let otherNotebookId: string;
  const connections: pg.Client[] = [];

  beforeAll(async () => {
    t = await openTestDatabase({ backend: 'postgres' });
    owner = await t.createUser('s3s10');
    [{ id: notebookId }] = await t.as<{ id: string }>(owner, `insert into notebooks (title, user_id) values ('Concorrência', $1) returning id`, [owner]);
    // the early transaction writes in another notebook: a question insert locks its notebook's order
    [{ id: otherNotebookId }] = await t.as<{ id: string }>(owner, `insert into notebooks (title, user_id) values ('Outro caderno', $1) returning id`, [owner]);
    for (let i = 0; i < 2 * PAGE + 1; i++) {
      await t.as(owner, `insert into questions (notebook_id, text) values ($1, $2)`, [notebookId, `Antiga ${i}`]);
    }
  });
  afterAll(async () => {
    for (const c of connections) await c.end().catch(() => {});
    await t?.close();
  });

  test('the pass hands out nothing below the horizon while the old transaction runs, and ends with its row once it commits', async () => {
    const early = new pg.Client({ connectionString: t.url });
    await early.connect();
    connections.push(early);
    await early.query('begin');
    await early.query(`select set_config('role', 'authenticated', true), set_config('request.jwt.claims', $1, true)`, [
      JSON.stringify({ role: 'authenticated', sub: owner }),
    ]);
    await early.query(`insert into questions (notebook_id, text) values ($1, 'Cedo')`, [otherNotebookId]);

    const [{ id: doomed }] = await t.as<{ id: string }>(owner, `insert into questions (notebook_id, text) values ($1, 'Apagada') returning id`, [notebookId]);
    await t.as(owner, `delete from questions where id = $1`, [doomed]);
    const purged = await purgeEverything(t);
    expect(purged.tombstones).toBeGreaterThan(0);

    const during = await pull(t, owner, 'questions', null, PAGE);
    expect(during).toEqual({ documents: [], checkpoint: null });

    await early.query('commit');
    const r = await pass(t, owner, 'questions');
    expect(r.resyncs).toBe(0);
    const texts = r.documents.filter((d) => !d._deleted).map((d) => d.text as string);
    expect(texts).toContain('Cedo');
    expect(texts).not.toContain('Apagada');
    expect(liveIds(r.documents)).toEqual(
      (await t.sql<{ id: string }>(`select id from questions order by id`)).map((q) => q.id),
    );
  });
});
