/**
 * The moderation queue with 10,000 reports (issue 33's budget: < 100 ms server time on PGlite,
 * pages of 20–50): admin_report_queue's first page, a later page (keyset), 50 at once, one kind,
 * every state — each timed as PostgREST calls it (role and claims in one transaction), median of
 * --runs. 2,000 reported questions and 500 answers of one notebook, 4 reports each from 100
 * reporters, a few self-harm. `npx tsx supabase/tests/bench-moderation.ts [--runs 20]`; with
 * TEST_DATABASE_URL also on PostgreSQL.
 */
import { median, numberOption } from '../../tests/bench/figures.ts';
import { openTestDatabase, TEST_DATABASE_URL, type TestDatabase } from './harness.ts';

const RUNS = numberOption('runs', 20);
const REPORTERS = 100;
const QUESTIONS = 2000;
const ANSWERS = 500;
const PER_TARGET = 4;

async function seed(t: TestDatabase) {
  const admin = await t.createUser('bench_admin', { admin: true });
  const owner = await t.createUser('bench_owner');
  const reporters: string[] = [];
  for (let i = 0; i < REPORTERS; i++) reporters.push(await t.createUser(`bench_r${String(i).padStart(3, '0')}`));
  const [{ id: notebook }] = await t.sql<{ id: string }>(`insert into notebooks (title, user_id) values ('Caderno grande', $1) returning id`, [owner]);
  await t.sql(
    `insert into questions (notebook_id, user_id, text, order_index)
     select $1, $2, 'Pergunta número ' || g, g from generate_series(1, $3) g`,
    [notebook, owner, QUESTIONS],
  );
  // answers: one per reporter-question pair, by the owner's sharees (the reporters)
  for (const r of reporters.slice(0, 5)) {
    await t.sql(`insert into notebook_shares (notebook_id, shared_with, created_by) values ($1, $2, $3)`, [notebook, r, owner]);
  }
  const questions = (await t.sql<{ id: string }>(`select id from questions where notebook_id = $1 order by order_index`, [notebook])).map((q) => q.id);
  for (let i = 0; i < ANSWERS; i++) {
    const who = reporters[i % 5];
    await t.as(who, `insert into answers (question_id, text) values ($1, 'Resposta de teste') `, [questions[i]]);
  }
  const answers = (await t.sql<{ id: string }>(`select id from answers where notebook_id = $1`, [notebook])).map((a) => a.id);
  const targets = [...questions.map((id) => ['question', id]), ...answers.map((id) => ['answer', id])];
  const reasons = ['bullying', 'spam', 'hate', 'other', 'sexual', null];
  const rows: unknown[][] = [];
  targets.forEach(([kind, id], i) => {
    for (let k = 0; k < PER_TARGET; k++) {
      const reason = i % 97 === 0 && k === 0 ? 'self_harm' : reasons[(i + k) % reasons.length];
      rows.push([reporters[(i * 7 + k * 13) % REPORTERS], kind, id, reason]);
    }
  });
  for (let i = 0; i < rows.length; i += 500) {
    const chunk = rows.slice(i, i + 500);
    await t.sql(
      `insert into reports (reporter_id, kind, target_id, reason)
       select (r ->> 0)::uuid, r ->> 1, (r ->> 2)::uuid, r ->> 3 from jsonb_array_elements($1::jsonb) r`,
      [JSON.stringify(chunk)],
    );
  }
  // a quarter of the targets handled already
  await t.sql(`update reports set status = 'actioned', decision = 'hide' where target_id in (select id from questions where order_index % 4 = 0)`);
  await t.sql(`analyze public.reports`);
  const [{ n }] = await t.sql<{ n: number }>(`select count(*)::int as n from reports`);
  return { admin, reports: n };
}

async function time(t: TestDatabase, who: string, sql: string, params: unknown[] = []): Promise<{ ms: number; items: number }> {
  const samples: number[] = [];
  let items = 0;
  for (let i = 0; i < RUNS; i++) {
    const start = performance.now();
    const [row] = await t.as<{ q: { items: unknown[] } }>(who, sql, params);
    samples.push(performance.now() - start);
    items = row.q.items.length;
  }
  return { ms: median(samples), items };
}

for (const backend of ['pglite', ...(TEST_DATABASE_URL ? ['postgres' as const] : [])] as const) {
  const t = await openTestDatabase({ backend });
  const { admin, reports } = await seed(t);
  const [{ q: first }] = await t.as<{ q: { next: unknown } }>(admin, `select admin_report_queue(null, 'open', 20, null) as q`);
  const figures: Record<string, { ms: number; items: number }> = {
    'open, first page (20)': await time(t, admin, `select admin_report_queue(null, 'open', 20, null) as q`),
    'open, second page (20, keyset)': await time(t, admin, `select admin_report_queue(null, 'open', 20, $1::jsonb) as q`, [JSON.stringify(first.next)]),
    'open, 50 at once': await time(t, admin, `select admin_report_queue(null, 'open', 50, null) as q`),
    'answers only (20)': await time(t, admin, `select admin_report_queue('answer', 'open', 20, null) as q`),
    'every state (20)': await time(t, admin, `select admin_report_queue(null, 'all', 20, null) as q`),
    'actioned (20)': await time(t, admin, `select admin_report_queue(null, 'actioned', 20, null) as q`),
  };
  console.log(`\nadmin_report_queue on ${backend}: ${reports} reports, median of ${RUNS} (server time as PostgREST calls it)`);
  for (const [name, { ms, items }] of Object.entries(figures)) {
    console.log(`  ${name.padEnd(34)} ${ms.toFixed(1).padStart(7)} ms  (${items} targets)${ms >= 100 ? '  OVER the 100 ms budget' : ''}`);
  }
  await t.close();
}
