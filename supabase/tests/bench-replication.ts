/**
 * Replication benchmark (`npx tsx supabase/tests/bench-replication.ts`; real Postgres too when
 * TEST_DATABASE_URL is set). On a database of 50 notebooks × 50 questions × 40 answers
 * (100,000 answers by 40 sharees) it measures, per backend:
 *   - server time of one pull of a 1,000-document batch (answers, fresh and incremental),
 *   - server time of one push of a 100-row batch (new answers; then 100 edits, compare-and-swap),
 *   - rows one pull sequence needs when a person gains access to one notebook (and loses it),
 *   - the query plan of the pull's page query (answers), which must not scan answers sequentially.
 * Server time = the whole request transaction as PostgREST runs it (role + claims + the RPC).
 */
import { performance } from 'node:perf_hooks';
import { openTestDatabase, TEST_DATABASE_URL, type TestDatabase } from './harness.ts';
import { Device, pull, push, type PushRow } from './replication-client.ts';

const NOTEBOOKS = 50;
const QUESTIONS = 50;
const ANSWERERS = 40;
const RUNS = 7;

function median(xs: number[]): number {
  const s = [...xs].sort((a, b) => a - b);
  return s[Math.floor(s.length / 2)];
}

async function timed<T>(fn: () => Promise<T>): Promise<{ ms: number; value: T }> {
  const started = performance.now();
  const value = await fn();
  return { ms: performance.now() - started, value };
}

async function build(t: TestDatabase) {
  const owner = await t.createUser('bench_owner');
  const answerers: string[] = [];
  for (let i = 0; i < ANSWERERS; i++) answerers.push(await t.createUser(`bench_a${i}`));
  // Bulk load as the database owner. Notifications are not what is measured: their trigger is
  // off during the load (100,000 "new answer" notifications would only slow the setup).
  await t.sql(`alter table public.answers disable trigger "notifications are sent about answers"`);
  await t.sql(`alter table public.notebook_shares disable trigger "a notification is sent about a share"`);
  await t.sql(
    `insert into notebooks (user_id, title) select $1, 'Caderno ' || g from generate_series(1, ${NOTEBOOKS}) g`,
    [owner],
  );
  await t.sql(
    `insert into questions (notebook_id, user_id, text)
     select n.id, $1, 'Pergunta ' || g from notebooks n cross join generate_series(1, ${QUESTIONS}) g where n.user_id = $1`,
    [owner],
  );
  await t.sql(
    `insert into notebook_shares (notebook_id, shared_with) select n.id, a from notebooks n cross join unnest($2::uuid[]) a where n.user_id = $1`,
    [owner, answerers],
  );
  await t.sql(
    `insert into answers (question_id, user_id, text, is_anonymous, responder_name)
     select q.id, a, 'Resposta de ' || a::text, (hashtext(q.id::text || a::text) % 5 = 0), 'Nome'
       from questions q cross join unnest($1::uuid[]) a`,
    [answerers],
  );
  await t.sql(`alter table public.answers enable trigger "notifications are sent about answers"`);
  await t.sql(`alter table public.notebook_shares enable trigger "a notification is sent about a share"`);
  await t.sql(`analyze`);
  const [counts] = await t.sql<{ n: number; q: number; a: number }>(
    `select (select count(*) from notebooks)::int n, (select count(*) from questions)::int q, (select count(*) from answers)::int a`,
  );
  return { owner, answerers, counts };
}

async function explainPull(t: TestDatabase, userId: string, fresh: boolean): Promise<string> {
  const [{ sql }] = await t.sql<{ sql: string }>(
    `select private.replication_pull_sql(c) as sql from private.replication_collections c where name = 'answers'`,
  );
  const [{ xmin }] = await t.sql<{ xmin: string }>(`select pg_snapshot_xmin(pg_current_snapshot())::text as xmin`);
  const [mid] = await t.sql<{ xid: string; id: string }>(
    `select replication_xid::text as xid, id from answers order by replication_xid desc, id limit 1 offset 500`,
  );
  const name = `bench_pull_${fresh ? 'fresh' : 'incremental'}`;
  await t.sql(`prepare ${name}(uuid, xid8, uuid, xid8, int, boolean, boolean) as ${sql}`);
  // EXPLAIN EXECUTE takes no bind parameters: the values are ids and numbers we generated; checked.
  const args = [userId, fresh ? '0' : mid.xid, fresh ? '00000000-0000-0000-0000-000000000000' : mid.id, xmin];
  if (!args.every((a) => /^[0-9a-f-]+$/.test(a))) throw new Error('unexpected value');
  const [me, cpXid, cpId, snapshotXmin] = args;
  const rows = await t.sql<{ 'QUERY PLAN': string }>(
    `explain (analyze, costs off, timing off, summary off) execute ${name}('${me}', '${cpXid}', '${cpId}', '${snapshotXmin}', 1000, ${fresh}, false)`,
  );
  await t.sql(`deallocate ${name}`);
  return rows.map((r) => r['QUERY PLAN']).join('\n');
}

async function run(backend: 'pglite' | 'postgres') {
  const t = await openTestDatabase({ backend });
  const setup = await timed(() => build(t));
  const { owner, counts } = setup.value;
  const out: Record<string, string | number> = { backend, data: `${counts.n} notebooks × ${QUESTIONS} questions, ${counts.a} answers`, 'setup s': +(setup.ms / 1000).toFixed(1) };

  // Pull of a 1,000-document batch: the owner's first page of answers, then an incremental page.
  const fresh: number[] = [];
  let docs = 0;
  for (let i = 0; i < RUNS; i++) {
    const r = await timed(() => pull(t, owner, 'answers', null, 1000));
    fresh.push(r.ms);
    docs = r.value.documents.length;
  }
  out['pull 1,000 answers, first page (ms, median)'] = +median(fresh).toFixed(1);
  out['docs per page'] = docs;
  const first = await pull(t, owner, 'answers', null, 1000);
  const later: number[] = [];
  for (let i = 0; i < RUNS; i++) later.push((await timed(() => pull(t, owner, 'answers', first.checkpoint, 1000))).ms);
  out['pull 1,000 answers, next page (ms, median)'] = +median(later).toFixed(1);

  // Push of 100 new answers (one request), each run by another person, then 100 edits (CAS).
  const [{ ids: questionIds }] = await t.sql<{ ids: string[] }>(
    `select array_agg(id order by notebook_id, order_index) as ids from (select id, notebook_id, order_index from questions order by notebook_id, order_index limit 100) q`,
  );
  const inserts: number[] = [];
  const edits: number[] = [];
  for (let i = 0; i < RUNS; i++) {
    const person = await t.createUser(`bench_push${i}`);
    await t.sql(`insert into notebook_shares (notebook_id, shared_with) select id, $1 from notebooks where user_id = $2`, [person, owner]);
    const [{ secret }] = await t.sql<{ secret: string }>(`select answer_secret as secret from user_settings where user_id = $1`, [person]);
    const ids = await t.sql<{ id: string; q: string }>(`select answer_id(q, $1) as id, q from unnest($2::uuid[]) q`, [secret, questionIds]);
    const rows: PushRow[] = ids.map((r) => ({
      newDocumentState: { id: r.id, question_id: r.q, text: 'Resposta nova', is_anonymous: false, responder_name: 'B', client_clock: 1000, _deleted: false },
      assumedMasterState: null,
    }));
    const ins = await timed(() => push(t, person, 'answers', rows));
    if (ins.value.rejected.length || ins.value.conflicts.length) throw new Error(JSON.stringify(ins.value).slice(0, 500));
    inserts.push(ins.ms);
    const phone = new Device(t, person, 1000);
    await phone.sync('answers');
    const mine = phone.docs('answers').filter((d) => d.user_id === person);
    const editRows: PushRow[] = mine.map((d) => ({ newDocumentState: { ...d, text: 'Editada', client_clock: 2000 }, assumedMasterState: d }));
    const ed = await timed(() => push(t, person, 'answers', editRows));
    if (ed.value.rejected.length || ed.value.conflicts.length) throw new Error(JSON.stringify(ed.value).slice(0, 500));
    edits.push(ed.ms);
  }
  out['push 100 new answers (ms, median)'] = +median(inserts).toFixed(1);
  out['push 100 answer edits (ms, median)'] = +median(edits).toFixed(1);

  // Rows per gained notebook: a newcomer gains one notebook (50 questions, 40 answerers' answers).
  const newcomer = await t.createUser('bench_newcomer');
  const phone = new Device(t, newcomer, 1000);
  await phone.syncAll();
  const [{ id: oneNotebook }] = await t.sql<{ id: string }>(`select id from notebooks where user_id = $1 order by id limit 1`, [owner]);
  await t.sql(`insert into notebook_shares (notebook_id, shared_with) values ($1, $2)`, [oneNotebook, newcomer]);
  let before = phone.received.length;
  const grant = await timed(() => phone.syncAll());
  const granted = phone.received.slice(before);
  const byCollection = (list: typeof granted) =>
    Object.entries(list.reduce<Record<string, number>>((acc, r) => ({ ...acc, [r.collection]: (acc[r.collection] ?? 0) + 1 }), {}))
      .map(([c, n]) => `${c} ${n}`)
      .join(', ');
  out['gain one notebook: documents'] = granted.length;
  out['gain one notebook: by collection'] = byCollection(granted);
  out['gain one notebook: full sync (ms)'] = +grant.ms.toFixed(1);
  await t.sql(`delete from notebook_shares where notebook_id = $1 and shared_with = $2`, [oneNotebook, newcomer]);
  before = phone.received.length;
  await phone.syncAll();
  const revoked = phone.received.slice(before);
  out['lose it: deletions'] = revoked.filter((r) => r.doc._deleted).length;
  out['lose it: left on device'] = phone.docs('answers').length + phone.docs('questions').length + phone.docs('notebooks').length;

  const planFresh = await explainPull(t, owner, true);
  const planIncremental = await explainPull(t, owner, false);
  out['seq scan on answers (fresh / incremental)'] =
    `${/Seq Scan on answers/.test(planFresh)} / ${/Seq Scan on answers/.test(planIncremental)}`;
  await t.close();
  return { out, planFresh, planIncremental };
}

const backends: ('pglite' | 'postgres')[] = ['pglite', ...(TEST_DATABASE_URL ? ['postgres' as const] : [])];
if (!TEST_DATABASE_URL) console.warn('(set TEST_DATABASE_URL to measure on a real PostgreSQL server too)');
const results = [];
for (const backend of backends) {
  console.log(`\n… ${backend}: building ${NOTEBOOKS}×${QUESTIONS}×${ANSWERERS}`);
  results.push(await run(backend));
}
for (const r of results) {
  console.log(`\n=== ${r.out.backend} ===`);
  for (const [k, v] of Object.entries(r.out)) console.log(`${k.padEnd(48)} ${v}`);
}
const last = results[results.length - 1];
console.log(`\n--- plan of the answers pull page, incremental (${last.out.backend}) ---\n${last.planIncremental}`);
console.log(`\n--- plan of the answers pull page, first page (${last.out.backend}) ---\n${last.planFresh}`);
