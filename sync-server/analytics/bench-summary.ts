/**
 * Benchmark of the admin analytics summary (issue 36 budget: 100,000 stored events summarised in
 * < 200 ms server time on PGlite). Not a test. Run:
 *
 *   npx tsx sync-server/analytics/bench-summary.ts                 # PGlite (in memory)
 *   BENCH_DATABASE_URL=postgres://… npx tsx sync-server/analytics/bench-summary.ts   # also Postgres
 *
 * Stores 100,000 events spread over the last 90 days (every event name, ~400 visitor values a
 * day) and their running counts (as private.analytics_store keeps them), then calls POST /rest/v1/rpc/admin_analytics_summary as an admin, in process, for 7, 30,
 * 90 and 366 days: after 3 warm-up calls, 21 calls each; prints the median and p90 of the request's
 * wall time and of the server's CPU time per request (process.cpuUsage: the server runs in this
 * process and nothing else does); then what one batch of 20 events costs the collector
 * (POST /__analytics, stored with its counts). Flags: --events <n> (default 100000), --runs <n> (default 21).
 */
import { performance } from 'node:perf_hooks';
import { startTestServer } from '../testing.ts';
import { signUpAdult } from '../test-people.ts';

const arg = (name: string, fallback: number) => {
  const i = process.argv.indexOf(`--${name}`);
  return i > 0 ? Number(process.argv[i + 1]) : fallback;
};
const EVENTS = arg('events', 100_000);
const RUNS = arg('runs', 21);
const WARM = 3;
// the collector's per-address limit out of the way: every batch here comes from 127.0.0.1
process.env.SYNC_RATE_LIMIT_ANALYTICS = '1000000';

const quantile = (values: number[], q: number) => {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.floor(q * sorted.length))];
};
const fmt = (n: number) => n.toFixed(1).padStart(7);

async function bench(label: string, postgresServerUrl?: string) {
  const server = await startTestServer({ postgresServerUrl });
  try {
    const { data, error } = await signUpAdult(server.anonClient(), {
      email: `bench-admin-${Date.now()}@example.test`,
      password: 'Senha-forte-1',
      username: `bench_admin_${Date.now() % 1e6}`,
    });
    if (error || !data.session || !data.user) throw error ?? new Error('no session');
    const token = data.session.access_token;
    await server.ctx.db.query(`insert into public.user_roles (user_id, role) values ($1, 'admin')`, [data.user.id]);
    const t0 = performance.now();
    await server.ctx.db.query(
      `insert into public.analytics_events (day, name, props, visitor)
       select current_date - (i % 90),
              (array['page_view','page_view','page_view','page_view','notebook_created','notebook_shared','answer_submitted',
                     'answer_submitted','collaboration_invite_sent','collaboration_accepted','sign_up','login','profile_updated',
                     'purchase','search','exception'])[1 + (i * 7) % 16],
              case when i % 4 = 0 then '{"path":"/notebook/:id","locale":"pt-BR"}'::jsonb else '{}'::jsonb end,
              lpad(to_hex((i * 2654435761::bigint) % 400), 16, '0')
       from generate_series(1, $1::int) i`,
      [EVENTS],
    );
    // the running counts as private.analytics_store keeps them (the migration's backfill, in one go)
    await server.ctx.db.exec(`
      insert into public.analytics_daily (day, name, events) select day, name, count(*) from public.analytics_events group by day, name;
      insert into public.analytics_visitors (day, visitor) select distinct day, visitor from public.analytics_events where visitor is not null;
      insert into public.analytics_days (day, active) select day, count(*) from public.analytics_visitors group by day;
      analyze public.analytics_daily; analyze public.analytics_days;`);
    console.log(`${label}: ${EVENTS} events stored in ${(performance.now() - t0).toFixed(0)} ms`);
    console.log(`${label}: days | wall median  p90 | server CPU median  p90 (ms per request)`);
    for (const days of [7, 30, 90, 366]) {
      const wall: number[] = [];
      const cpu: number[] = [];
      for (let run = 0; run < WARM + RUNS; run++) {
        const c0 = process.cpuUsage();
        const w0 = performance.now();
        const response = await fetch(`${server.url}/rest/v1/rpc/admin_analytics_summary`, {
          method: 'POST',
          headers: { apikey: server.ctx.config.anonKey, authorization: `Bearer ${token}`, 'content-type': 'application/json' },
          body: JSON.stringify({ p_days: days }),
        });
        const body = (await response.json()) as { totals?: { events: number } };
        const w = performance.now() - w0;
        const c = process.cpuUsage(c0);
        if (response.status !== 200 || !body.totals) throw new Error(`summary answered ${response.status}`);
        if (run >= WARM) {
          wall.push(w);
          cpu.push((c.user + c.system) / 1000);
        }
        if (run === WARM && days === 90 && body.totals.events !== EVENTS) throw new Error(`90 days counted ${body.totals.events}`);
      }
      console.log(`${label}: ${String(days).padStart(4)} | ${fmt(quantile(wall, 0.5))} ${fmt(quantile(wall, 0.9))} | ${fmt(quantile(cpu, 0.5))} ${fmt(quantile(cpu, 0.9))}`);
    }
    // what one batch costs the collector (20 events, through POST /__analytics), over the 100,000
    const wall: number[] = [];
    const cpu: number[] = [];
    for (let run = 0; run < WARM + RUNS * 3; run++) {
      const events = Array.from({ length: 20 }, (_, i) => ({ name: i % 3 ? 'page_view' : 'answer_submitted', props: {}, at: new Date().toISOString() }));
      const visitor = (run * 7919).toString(16).padStart(16, '0');
      const c0 = process.cpuUsage();
      const w0 = performance.now();
      const response = await fetch(`${server.url}/__analytics`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ visitor, events }),
      });
      await response.arrayBuffer();
      const w = performance.now() - w0;
      const c = process.cpuUsage(c0);
      if (response.status !== 202) throw new Error(`collector answered ${response.status}`);
      if (run >= WARM) {
        wall.push(w);
        cpu.push((c.user + c.system) / 1000);
      }
    }
    console.log(`${label}: one batch of 20 events stored | wall median ${fmt(quantile(wall, 0.5))} p90 ${fmt(quantile(wall, 0.9))} | CPU median ${fmt(quantile(cpu, 0.5))} p90 ${fmt(quantile(cpu, 0.9))}`);
  } finally {
    await server.close();
  }
}

await bench('PGlite');
if (process.env.BENCH_DATABASE_URL) await bench('Postgres', process.env.BENCH_DATABASE_URL);
