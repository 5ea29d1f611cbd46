/**
 * Friends' reads for a person with 200 friends (issue 31's budget: a list page answers in < 100 ms
 * on PGlite, server time, median): my_friends (first page, a later page, 50 at once), the
 * requests, suggestions (friends of 200 friends, each with 5 friends of their own, and 20
 * notebooks in common) and a profile's friends — each timed as PostgREST calls it (role and
 * claims in one transaction). `npx tsx supabase/tests/bench-friends.ts [--runs 30]`; with
 * TEST_DATABASE_URL also on PostgreSQL.
 */
import { median, numberOption } from '../../tests/bench/figures.ts';
import { openTestDatabase, TEST_DATABASE_URL, type TestDatabase } from './harness.ts';

const RUNS = numberOption('runs', 30);
const FRIENDS = 200;
const THEIR_FRIENDS = 5;
const NOTEBOOKS = 20;

async function seed(t: TestDatabase) {
  const me = await t.createUser('bench_me');
  const friends: string[] = [];
  for (let i = 0; i < FRIENDS; i++) friends.push(await t.createUser(`bench_f${String(i).padStart(3, '0')}`));
  const others: string[] = [];
  for (let i = 0; i < FRIENDS; i++) others.push(await t.createUser(`bench_o${String(i).padStart(3, '0')}`));
  const pair = (a: string, b: string) => (a < b ? [a, b] : [b, a]);
  const rows: string[][] = friends.map((f) => pair(me, f));
  // each friend has THEIR_FRIENDS friends among the others (friends of friends for suggestions)
  friends.forEach((f, i) => {
    for (let k = 0; k < THEIR_FRIENDS; k++) rows.push(pair(f, others[(i + k * 37) % others.length]));
  });
  for (const [a, b] of rows) {
    await t.sql(`insert into friendships (user_a, user_b, origin) values ($1, $2, 'request') on conflict do nothing`, [a, b]);
  }
  // notebooks of mine shared with 10 friends each
  for (let n = 0; n < NOTEBOOKS; n++) {
    const [{ id }] = await t.sql<{ id: string }>(`insert into notebooks (title, user_id) values ($1, $2) returning id`, [`Caderno ${n}`, me]);
    for (let k = 0; k < 10; k++) {
      await t.sql(`insert into notebook_shares (notebook_id, shared_with, created_by) values ($1, $2, $3)`, [id, friends[(n * 10 + k) % FRIENDS], me]);
    }
  }
  const [{ username }] = await t.sql<{ username: string }>(`select username from profiles where id = $1`, [me]);
  return { me, username, friendUsername: 'bench_f100' };
}

async function time(t: TestDatabase, who: string, sql: string, params: unknown[] = []): Promise<{ ms: number; rows: number }> {
  const samples: number[] = [];
  let rows = 0;
  for (let i = 0; i < RUNS; i++) {
    const start = performance.now();
    rows = (await t.as(who, sql, params)).length;
    samples.push(performance.now() - start);
  }
  return { ms: median(samples), rows };
}

for (const backend of ['pglite', ...(TEST_DATABASE_URL ? ['postgres' as const] : [])] as const) {
  const t = await openTestDatabase({ backend });
  const { me, username } = await seed(t);
  const figures: Record<string, { ms: number; rows: number }> = {
    'my_friends first page (20)': await time(t, me, `select * from my_friends(20)`),
    'my_friends page after bench_f100 (20)': await time(t, me, `select * from my_friends(20, 'bench_f100')`),
    'my_friends 50 at once': await time(t, me, `select * from my_friends(50)`),
    "my_friend_requests('received')": await time(t, me, `select * from my_friend_requests('received')`),
    'friend_suggestions first page (20)': await time(t, me, `select * from friend_suggestions(20)`),
    'profile_friends of me, as a friend (20)': await time(t, (await t.sql<{ id: string }>(`select id from profiles where username = 'bench_f100'`))[0].id, `select * from profile_friends($1, 20)`, [username]),
    'profile_friends of me, as a visitor (20)': await time(t, 'anon', `select * from profile_friends($1, 20)`, [username]),
  };
  console.log(`\nfriends with ${FRIENDS} friends on ${backend} (median of ${RUNS} runs, server time as PostgREST calls it):`);
  for (const [what, { ms, rows }] of Object.entries(figures)) console.log(`  ${what.padEnd(42)} ${ms.toFixed(1).padStart(7)} ms  (${rows} rows)`);
  await t.close();
}
