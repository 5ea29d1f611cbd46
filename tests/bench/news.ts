/**
 * Issue 31's budget for News: `/timeline` of a person with 200 friends answers in < 100 ms on
 * PGlite (server time, median).
 *
 *   npx tsx tests/bench/news.ts [--friends 200] [--strangers 200] [--runs 30] [--postgres]
 *
 * The database (PGlite in memory; real Postgres with --postgres and TEST_DATABASE_URL) holds a
 * reader with --friends friends and as many strangers. Each friend created 3 notebooks (2 shared
 * with the reader), answered 10 questions of one of the reader's 5 notebooks (every fifth answer
 * anonymous), set 12 status phrases (10 kept) and earned their achievements days ago; each stranger
 * did the same things, none of which the reader may see. Server time = the RPC inside the request's
 * transaction, as PostgREST runs it (role and claims already set): the first page (20 items), a
 * page deep in the list (after item 400), and a full page of 50.
 */
import os from 'node:os';
import { performance } from 'node:perf_hooks';
import { openTestDatabase, TEST_DATABASE_URL, type TestDatabase } from '../../supabase/tests/harness.ts';
import { flag, median, numberOption, percentile } from './figures.ts';

const FRIENDS = numberOption('friends', 200);
const STRANGERS = numberOption('strangers', 200);
const RUNS = numberOption('runs', 30);
const POSTGRES = flag('postgres');

interface Row {
  kind: string;
  at: string;
  id: string;
}

async function people(t: TestDatabase, prefix: string, count: number): Promise<string[]> {
  const ids: string[] = [];
  for (let i = 0; i < count; i++) ids.push(await t.createUser(`${prefix}${i}`));
  return ids;
}

async function build(t: TestDatabase): Promise<string> {
  const reader = await t.createUser('news_reader');
  const friends = await people(t, 'nf', FRIENDS);
  const strangers = await people(t, 'ns', STRANGERS);
  const everyone = [...friends, ...strangers];
  await t.sql(
    `insert into public.friendships (user_a, user_b, origin) select least($1::uuid, f), greatest($1::uuid, f), 'request' from unnest($2::uuid[]) f`,
    [reader, friends],
  );
  // strangers stay strangers: no automatic friendship when they answer the reader's notebooks
  await t.sql(`update public.user_settings set friend_requests_from = 'nobody' where user_id = any($1::uuid[])`, [strangers]);
  // the reader's notebooks, shared with everyone, 10 questions each
  await t.sql(`insert into public.notebooks (user_id, title) select $1, 'Caderno do leitor ' || g from generate_series(1, 5) g`, [reader]);
  await t.sql(
    `insert into public.questions (notebook_id, user_id, text)
     select n.id, $1, 'Pergunta ' || g from public.notebooks n cross join generate_series(1, 10) g where n.user_id = $1`,
    [reader],
  );
  await t.sql(
    `insert into public.notebook_shares (notebook_id, shared_with) select n.id, p from public.notebooks n cross join unnest($2::uuid[]) p where n.user_id = $1`,
    [reader, everyone],
  );
  // each person answers one of the reader's notebooks (every fifth answer anonymous)
  await t.sql(
    `insert into public.answers (question_id, user_id, text, is_anonymous)
     select q.id, p.id, 'Resposta', (q.order_index % 5 = 0)
       from unnest($2::uuid[]) with ordinality p(id, k)
       join public.notebooks n on n.user_id = $1
        and n.title = 'Caderno do leitor ' || (1 + p.k % 5)
       join public.questions q on q.notebook_id = n.id`,
    [reader, everyone],
  );
  // each person's own notebooks: 3, the first two shared with the reader
  await t.sql(
    `insert into public.notebooks (user_id, title) select p, 'Caderno ' || g from unnest($1::uuid[]) p cross join generate_series(1, 3) g`,
    [everyone],
  );
  await t.sql(
    `insert into public.notebook_shares (notebook_id, shared_with)
     select n.id, $1 from public.notebooks n where n.user_id = any($2::uuid[]) and n.title in ('Caderno 1', 'Caderno 2')`,
    [reader, everyone],
  );
  // 12 status phrases each (the history keeps the last 10)
  for (let n = 1; n <= 12; n++) {
    await t.sql(`update public.profiles set status_message = 'Frase ' || $2::text where id = any($1::uuid[])`, [everyone, n]);
  }
  // the awards made by the writes above, days ago (others see them from the next day)
  await t.sql(`update public.user_achievements set earned_at = now() - interval '3 days' where user_id = any($1::uuid[])`, [everyone]);
  await t.sql('analyze');
  return reader;
}

async function serverTime(t: TestDatabase, reader: string, args: [number, string | null, string | null]): Promise<{ ms: number; rows: Row[] }> {
  return t.tx(reader, async (q) => {
    const started = performance.now();
    const { rows } = await q.query<Row>(`select kind, at, id from public.news($1, $2, $3)`, args);
    return { ms: performance.now() - started, rows };
  });
}

async function main() {
  if (POSTGRES && !TEST_DATABASE_URL) throw new Error('--postgres needs TEST_DATABASE_URL');
  const t = await openTestDatabase({ backend: POSTGRES ? 'postgres' : 'pglite' });
  try {
    const setupStarted = performance.now();
    const reader = await build(t);
    console.log(`News bench on ${t.kind} (load average ${os.loadavg()[0].toFixed(1)} on ${os.cpus().length} cores): a reader with ${FRIENDS} friends and ${STRANGERS} strangers (set up in ${((performance.now() - setupStarted) / 1000).toFixed(1)} s)`);

    // everything the reader may see, to know the list's length and a cursor deep in it
    const all: Row[] = [];
    for (;;) {
      const last = all.at(-1);
      const { rows } = await serverTime(t, reader, [50, last?.at ?? null, last?.id ?? null]);
      all.push(...rows);
      if (rows.length < 50) break;
    }
    const kinds = all.reduce<Record<string, number>>((acc, row) => ({ ...acc, [row.kind]: (acc[row.kind] ?? 0) + 1 }), {});
    console.log(`  items the reader may see: ${all.length} (${Object.entries(kinds).map(([k, n]) => `${k} ${n}`).join(', ')})`);
    const deep = all[Math.min(399, all.length - 1)];

    const cases: [string, [number, string | null, string | null]][] = [
      ['first page (20)', [20, null, null]],
      ['page after item 400 (20)', [20, deep.at, deep.id]],
      ['first page of 50', [50, null, null]],
    ];
    for (const [name, args] of cases) {
      await serverTime(t, reader, args); // warm-up
      const times: number[] = [];
      for (let i = 0; i < RUNS; i++) times.push((await serverTime(t, reader, args)).ms);
      console.log(`  ${name.padEnd(26)} median ${median(times).toFixed(1)} ms, p95 ${percentile(times, 0.95).toFixed(1)} ms (${RUNS} runs; budget: median < 100 ms)`);
    }
  } finally {
    await t.close();
  }
}

await main();
