/**
 * Replication benchmarks of issue 5, in headless Chromium (Debian's /usr/bin/chromium through
 * Playwright's library API) against the sync-server on loopback (PGlite in memory, port 4191; 4190 is on the fetch standard's list of blocked ports).
 *
 *   npx tsx tests/bench/replication-browser.ts [--runs 5] [--port 4191] [--no-stock-1000] [--profile | --profile-only [--live]]
 *   npx tsx tests/bench/replication-browser.ts --sync-only [--latency 100] [--runs 3]   (initial sync only, ours and stock; 100 ms added per request)
 *   npx tsx tests/bench/replication-browser.ts --latency-only [--runs 3]   (local write → visible update only, runs pooled)
 *   npx tsx tests/bench/replication-browser.ts --latency-variants 0,250 [--runs 3]   (the same, per push quiet window in ms, interleaved)
 *
 * 1. Initial sync of 20 notebooks × 25 questions × 20 answers (10,520 documents: 20 + 500 + 10,000) into IndexedDB
 *    by our data layer (openDataLayer, a real supabase-js client signed in as the owner, dev-mode
 *    off, multiInstance on, Realtime on — as the app runs it) until in sync; against the floor, a
 *    plain Dexie bulkPut of the same documents handed to the page beforehand. Also: the same sync
 *    with the server's answers replayed from memory (the device side alone).
 * 2. The same initial sync with RxDB's stock replicateSupabase, on bench-only copies of the same
 *    rows (tables bench_* with the `_modified` / `_deleted` columns the plugin needs, no RLS,
 *    created in this benchmark's throwaway server only), with RxDB's default batch size (100) and,
 *    for fairness, with pull.batchSize 1000 as ours uses.
 * 3. Push of 500 answers written offline (Playwright's setOffline), from the `online` event until
 *    the server acknowledged all: ours (our ledger empty) against the stock plugin (sent$ for all).
 * 4. Local write to visible update in the browser: an edit (or an answer) through our api until
 *    the notebook screen's live query (queries.notebook) emits it; p50 / p95.
 *
 * Every run uses a new page (a fresh JavaScript realm) and a new IndexedDB database in one
 * persistent Chromium profile (on disk, as a phone's browser keeps it; incognito contexts keep
 * IndexedDB in memory). The compared variants run interleaved in each run, in rotating order;
 * the table shows medians. The bench pages are built with Vite into a temporary folder and served
 * by the sync-server's static option, so they share its origin.
 */
import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { chromium, type BrowserContext, type Page } from 'playwright';
import { build } from 'vite';
import { startTestServer, type TestServer } from '../../sync-server/testing.ts';
import { signUpAdult } from '../../sync-server/test-people.ts';
import { COLLECTIONS } from '../../src/data/schemas/index.ts';
import type { Account } from './browser/common.ts';
import { CHROMIUM_PATH, ensureChromium } from '../../scripts/ensure-chromium.mjs';
import { median, numberOption, percentile } from './figures.ts';

const args = process.argv.slice(2);
const option = (name: string, fallback: number) => numberOption(name, fallback, args);
const RUNS = option('runs', 5);
const PORT = option('port', 4191);
const WITH_STOCK_1000 = !args.includes('--no-stock-1000');
/** Also profile one replayed sync (CPU profile of the page, by module and function). */
const PROFILE_ONLY = args.includes('--profile-only');
/**
 * Added round-trip time (ms, Chromium's network emulation) for a second look at the initial sync
 * only, ours against stock, as on a phone's network rather than loopback.
 */
const LATENCY_MS = option('latency', 0);
/** Only the initial sync, ours against stock (the quick comparison; with --latency too). */
const SYNC_ONLY = LATENCY_MS > 0 || args.includes('--sync-only');
const PROFILE = PROFILE_ONLY || args.includes('--profile');
/** Profile a live sync (requests to the server) instead of the replayed one. */
const PROFILE_LIVE = args.includes('--live');
/** Only the local write → visible update figures (the quick loop while working on them). */
const LATENCY_ONLY = args.includes('--latency-only');
/** The same figures for each of these push quiet windows (ms), runs interleaved (an A/B). */
const LATENCY_VARIANTS = args.includes('--latency-variants') ? args[args.indexOf('--latency-variants') + 1].split(',').map(Number) : null;
const NOTEBOOKS = 20;
const QUESTIONS_PER_NOTEBOOK = 25;
const ANSWERERS = 20;
const EDITS = 100;
const PASSWORD = 'Senha-forte-1';
// Debian's Chromium, installed when missing (as npm test does).
ensureChromium();
const BENCH_TABLES = { notebooks: 'bench_notebooks', questions: 'bench_questions', answers: 'bench_answers' } as const;
const PUSH_TABLE = 'bench_push_answers';

const sum = (xs: number[]) => xs.reduce((a, b) => a + b, 0);
const ms = (x: number) => (x >= 10_000 ? `${(x / 1000).toFixed(1)} s` : `${x.toFixed(0)} ms`);
const progress = (what: string) => process.stderr.write(`  … ${what}\n`);

async function sql(server: TestServer, text: string, params: unknown[] = []): Promise<Record<string, unknown>[]> {
  return (await server.ctx.db.query(text, params)).rows as Record<string, unknown>[];
}

let people = 0;
/** Everyone signs up before the seeding SQL (PGlite in this process blocks the event loop meanwhile). */
async function signUp(server: TestServer, username: string): Promise<Account> {
  people += 1;
  const email = `${username}-${people}@bench.test`;
  const { data, error } = await signUpAdult(server.anonClient(), { email, password: PASSWORD, username });
  if (error || !data.user) throw new Error(`sign-up of ${username} failed: ${error?.message}`);
  return { userId: data.user.id, email, password: PASSWORD, anonKey: server.ctx.config.anonKey };
}

async function signUpMany(server: TestServer, prefix: string, count: number): Promise<Account[]> {
  const accounts: Account[] = [];
  for (let i = 0; i < count; i++) accounts.push(await signUp(server, `${prefix}${i}`));
  return accounts;
}

/** Notebooks of `owner`, each with QUESTIONS_PER_NOTEBOOK questions (SQL: seeding is not measured). */
async function seedNotebooks(server: TestServer, owner: Account, title: string): Promise<string[]> {
  const ids = (await sql(server, `insert into notebooks (user_id, title) select $1, $2 || ' ' || g from generate_series(1, ${NOTEBOOKS}) g returning id`, [owner.userId, title])).map((r) => r.id as string);
  for (const id of ids) {
    await sql(server, `insert into questions (notebook_id, user_id, text) select $1, $2, 'Pergunta ' || g from generate_series(1, ${QUESTIONS_PER_NOTEBOOK}) g`, [id, owner.userId]);
  }
  return ids;
}

const NOTIFYING_TRIGGERS = [
  ['answers', 'notifications are sent about answers'],
  ['notebook_shares', 'a notification is sent about a share'],
] as const;

async function setNotifications(server: TestServer, on: boolean): Promise<void> {
  for (const [table, trigger] of NOTIFYING_TRIGGERS) await sql(server, `alter table public.${table} ${on ? 'enable' : 'disable'} trigger "${trigger}"`);
}

/** The owner's 20 × 25 × 20 notebooks (answers written by SQL as their 20 answerers). */
async function seedInitialSync(server: TestServer, owner: Account, answerers: string[]): Promise<string[]> {
  const notebooks = await seedNotebooks(server, owner, 'Caderno');
  await sql(
    server,
    `insert into answers (question_id, user_id, text, is_anonymous, responder_name)
     select q.id, a, 'Resposta de ' || left(a::text, 8) || ' à ' || q.text, (hashtext(q.id::text || a::text) % 5 = 0), 'Nome'
       from questions q cross join unnest($1::uuid[]) a where q.notebook_id = any($2::uuid[])`,
    [answerers, notebooks],
  );
  return notebooks;
}

/**
 * Bench-only tables shaped as the stock plugin expects: the same rows with our schema's fields,
 * plus `_modified` (stamped on every insert and update, as the plugin's documentation asks) and
 * `_deleted`; readable and writable by any signed-in person (no RLS); published for Realtime.
 */
async function createStockTables(server: TestServer, notebookIds: string[]): Promise<void> {
  await sql(server, `create function public.bench_touch() returns trigger language plpgsql as $$ begin new._modified := clock_timestamp(); return new; end $$`);
  const inList = notebookIds.map((id) => `'${id}'`).join(',');
  const sources = { notebooks: `id in (${inList})`, questions: `notebook_id in (${inList})`, answers: `notebook_id in (${inList})` };
  for (const [name, table] of Object.entries(BENCH_TABLES) as [keyof typeof BENCH_TABLES, string][]) {
    const columns = COLLECTIONS[name].fields.map((f) => `"${f}"`).join(', ');
    await sql(server, `create table public.${table} as select ${columns} from public.${name} where ${sources[name]}`);
    await shapeForStock(server, table);
  }
  await sql(server, `create table public.${PUSH_TABLE} (like public.bench_answers including defaults including constraints)`);
  await shapeForStock(server, PUSH_TABLE);
}

async function shapeForStock(server: TestServer, table: string): Promise<void> {
  await sql(server, `alter table public.${table} add primary key (id)`);
  await sql(server, `alter table public.${table} add column if not exists _modified timestamptz not null default clock_timestamp(), add column if not exists _deleted boolean not null default false`);
  await sql(server, `create index on public.${table} (_modified, id)`);
  await sql(server, `create trigger bench_touch before insert or update on public.${table} for each row execute function public.bench_touch()`);
  await sql(server, `grant select, insert, update on public.${table} to authenticated`);
  await sql(server, `alter publication supabase_realtime add table public.${table}`);
}

/** The documents the floor writes: the bench tables' rows as the plugin's pages carry them. */
async function floorDocuments(server: TestServer) {
  const rows = async (table: string) => (await sql(server, `select to_jsonb(t) - '_modified' - '_deleted' as doc from public.${table} t`)).map((r) => r.doc as Record<string, unknown>);
  return { notebooks: await rows(BENCH_TABLES.notebooks), questions: await rows(BENCH_TABLES.questions), answers: await rows(BENCH_TABLES.answers) };
}

async function buildPages(outDir: string, forProfile = false): Promise<void> {
  const here = path.join(import.meta.dirname, 'browser');
  await build({
    configFile: false,
    root: here,
    logLevel: 'warn',
    publicDir: false,
    build: {
      outDir,
      emptyOutDir: true,
      target: 'es2022',
      modulePreload: false,
      // The profile build keeps one file per module, so that the profiler's URLs name the module.
      minify: !forProfile,
      rollupOptions: {
        input: { ours: path.join(here, 'ours.ts'), stock: path.join(here, 'stock.ts'), floor: path.join(here, 'floor.ts') },
        output: forProfile
          ? { preserveModules: true, entryFileNames: '[name].js' }
          : { entryFileNames: '[name].js', chunkFileNames: 'chunks/[name]-[hash].js' },
      },
    },
  });
  if (forProfile) return;
  await fs.writeFile(path.join(outDir, 'index.html'), '<!doctype html><meta charset="utf-8"><title>replication bench</title>');
}

type Entry = 'ours' | 'stock' | 'floor';

/** Runs `body` in a new page (a fresh JavaScript realm) that has loaded one bench entry. */
async function inPage<T>(context: BrowserContext, origin: string, entry: Entry, body: (page: Page) => Promise<T>): Promise<T> {
  const page = await context.newPage();
  page.on('pageerror', (error) => process.stderr.write(`  [${entry} page error] ${error.message}\n`));
  page.on('console', (message) => message.type() === 'error' && process.stderr.write(`  [${entry} console] ${message.text().slice(0, 300)}\n`));
  try {
    if (LATENCY_MS > 0) {
      const cdp = await context.newCDPSession(page);
      await cdp.send('Network.enable');
      await cdp.send('Network.emulateNetworkConditions', { offline: false, latency: LATENCY_MS, downloadThroughput: -1, uploadThroughput: -1 });
    }
    await page.goto(`${origin}/bench`);
    await page.addScriptTag({ url: `/${entry}.js`, type: 'module' });
    await page.waitForFunction(() => (window as unknown as { benchReady?: boolean }).benchReady === true);
    return await body(page);
  } finally {
    await page.close();
  }
}

interface SyncResult {
  totalMs: number;
  openMs: number;
  pullWaitMs: number;
  pulls: number;
  counts: Record<string, number>;
  recording?: unknown;
  unrecorded?: number;
  answerPages?: { requestMs: number; storeMs: number; upstreamWaitMs?: number }[];
  answerStats?: { down: Record<string, number>; up: Record<string, number> };
  /** Stock only: errors its replications reported (a query shape the server did not take would show here). */
  errors?: string[];
}

interface LatencyResult {
  editsIdle: WriteSample[];
  editsBusy: WriteSample[];
  answersIdle: WriteSample[];
}

interface WriteSample {
  writeMs: number;
  visibleMs: number;
}

let databases = 0;
const freshName = (what: string) => `bench-${what}-${++databases}-${Date.now().toString(36)}`;

function expectNoErrors(what: string, result: SyncResult): void {
  if (result.errors?.length) throw new Error(`${what}: the stock replication reported ${result.errors.length} errors, e.g. ${result.errors[0]}`);
}

function expectCounts(what: string, counts: Record<string, number>): void {
  const want = { notebooks: NOTEBOOKS, questions: NOTEBOOKS * QUESTIONS_PER_NOTEBOOK, answers: NOTEBOOKS * QUESTIONS_PER_NOTEBOOK * ANSWERERS };
  for (const [name, n] of Object.entries(want)) {
    if (counts[name] !== n) throw new Error(`${what}: ${counts[name]} ${name}, expected ${n}`);
  }
}

async function main(): Promise<void> {
  const outDir = await fs.mkdtemp(path.join(os.tmpdir(), 'replication-bench-pages-'));
  const profileDir = await fs.mkdtemp(path.join(os.tmpdir(), 'replication-bench-profile-'));
  progress('building the bench pages');
  await buildPages(outDir);
  if (PROFILE) await buildPages(path.join(outDir, 'profile'), true);
  const server = await startTestServer({ port: PORT, staticDir: outDir });
  const context = await chromium.launchPersistentContext(profileDir, { executablePath: CHROMIUM_PATH, headless: true });
  try {
    progress('seeding 10,520 documents');
    const owner = await signUp(server, 'dona_bench');
    const answerers = await signUpMany(server, 'leitor', ANSWERERS);
    const pushOwner = await signUp(server, 'dono_envio');
    const pushers = await signUpMany(server, 'envia', RUNS * 2);
    await setNotifications(server, false);
    const notebooks = await seedInitialSync(server, owner, answerers.map((a) => a.userId));
    const pushNotebooks = await seedNotebooks(server, pushOwner, 'Envio');
    const pushQuestions = (await sql(server, `select id, notebook_id from questions where notebook_id = any($1::uuid[]) order by id`, [pushNotebooks])) as { id: string; notebook_id: string }[];
    for (const pusher of pushers) {
      await sql(server, `insert into notebook_shares (notebook_id, shared_with) select unnest($1::uuid[]), $2`, [pushNotebooks, pusher.userId]);
    }
    await setNotifications(server, true);
    await createStockTables(server, notebooks);
    const floorDocs = await floorDocuments(server);
    const documents = floorDocs.notebooks.length + floorDocs.questions.length + floorDocs.answers.length;

    const origin = server.url;
    const ours = (options: object) => inPage(context, origin, 'ours', (page) =>
      page.evaluate((o) => (window as any).bench.initialSync(o), { account: owner, databaseName: freshName('ours'), ...options }) as Promise<SyncResult>);
    const stock = (pullBatchSize?: number) => inPage(context, origin, 'stock', (page) =>
      page.evaluate((o) => (window as any).bench.initialSync(o), { account: owner, databaseName: freshName('stock'), tables: BENCH_TABLES, pullBatchSize }) as Promise<SyncResult>);
    const rxdbBulk = () => inPage(context, origin, 'ours', (page) =>
      page.evaluate((o) => (window as any).bench.rxdbBulkInsert(o), { databaseName: freshName('rxdb-bulk'), docs: floorDocs }) as Promise<{ totalMs: number }>);
    const floor = () => inPage(context, origin, 'floor', (page) =>
      page.evaluate((o) => (window as any).bench.bulkPut(o), { databaseName: freshName('floor'), docs: floorDocs }) as Promise<{ totalMs: number }>);

    const writeToScreen = (pushQuietMs?: number) => inPage(context, origin, 'ours', (page) =>
      page.evaluate((o) => (window as any).bench.writeToScreen(o), { account: owner, databaseName: freshName('latency'), notebookId: notebooks[0], edits: EDITS, pushQuietMs }) as Promise<LatencyResult>);
    if (LATENCY_ONLY || LATENCY_VARIANTS) {
      // One pool of runs per push quiet window (the engine's pushQuietMs; undefined: its default), interleaved.
      const variants: (number | undefined)[] = LATENCY_VARIANTS ?? [undefined];
      const runsOf = new Map<number | undefined, LatencyResult[]>(variants.map((variant) => [variant, []]));
      for (let run = 0; run < RUNS; run++) {
        for (let i = 0; i < variants.length; i++) {
          const variant = variants[(run + i) % variants.length];
          progress(`local write → visible update (${EDITS / 2} + ${EDITS} edits, ${QUESTIONS_PER_NOTEBOOK} answers)${variant === undefined ? '' : `, push quiet window ${variant} ms`}, run ${run + 1}/${RUNS}`);
          runsOf.get(variant)!.push(await writeToScreen(variant));
        }
      }
      for (const [variant, runs] of runsOf) {
        const pooled = (key: 'editsIdle' | 'editsBusy' | 'answersIdle') => runs.flatMap((run) => run[key]);
        const quietLabel = variant === undefined ? '' : `, push quiet window ${variant} ms`;
        console.log(`\nLocal write → visible update in headless Chromium${quietLabel}, ${RUNS} runs pooled, load ${os.loadavg().map((l) => l.toFixed(1)).join(' ')}\n`);
        for (const [what, value, note] of [
          ...latencyRow("question edit, at a person's pace", pooled('editsIdle')),
          ...latencyRow('question edits back to back', pooled('editsBusy')),
          ...latencyRow("new answer, at a person's pace", pooled('answersIdle')),
        ]) console.log(`${what.padEnd(36)}  ${value.padStart(12)}  ${note}`);
      }
      return;
    }

    progress('warm-up: one live sync of ours, recorded for the device-side replay, and one of the stock plugin');
    const recorded = await ours({ record: true });
    expectCounts('ours (warm-up)', recorded.counts);
    const stockWarmUp = await stock();
    expectCounts('stock (warm-up)', stockWarmUp.counts);
    expectNoErrors('stock (warm-up)', stockWarmUp);

    if (SYNC_ONLY) {
      await compareWithLatency(ours, stock);
      return;
    }

    if (PROFILE_ONLY) {
      await profileReplay(context, origin, { account: owner, databaseName: freshName('profile'), ...(PROFILE_LIVE ? {} : { replay: recorded.recording }) });
      return;
    }

    const results = { ours: [] as SyncResult[], replay: [] as SyncResult[], stock: [] as SyncResult[], stock1000: [] as SyncResult[], floor: [] as number[], rxdbBulk: [] as number[] };
    const variants: [string, () => Promise<void>][] = [
      ['floor', async () => void results.floor.push((await floor()).totalMs)],
      ['RxDB bulkInsert', async () => void results.rxdbBulk.push((await rxdbBulk()).totalMs)],
      ['ours', async () => {
        const r = await ours({});
        expectCounts('ours', r.counts);
        results.ours.push(r);
      }],
      ['stock', async () => {
        const r = await stock();
        expectCounts('stock', r.counts);
        expectNoErrors('stock', r);
        results.stock.push(r);
      }],
      ['ours, replayed', async () => {
        const r = await ours({ replay: recorded.recording });
        expectCounts('ours replayed', r.counts);
        results.replay.push(r);
      }],
      ...(WITH_STOCK_1000
        ? [['stock, pull batch 1000', async () => {
            const r = await stock(1000);
            expectCounts('stock 1000', r.counts);
            expectNoErrors('stock 1000', r);
            results.stock1000.push(r);
          }] as [string, () => Promise<void>]]
        : []),
    ];
    for (let run = 0; run < RUNS; run++) {
      for (let i = 0; i < variants.length; i++) {
        const [name, measure] = variants[(run + i) % variants.length];
        progress(`initial sync, run ${run + 1}/${RUNS}: ${name}`);
        await measure();
      }
    }

    const push = { ours: [] as number[], stock: [] as number[], oursWrite: [] as number[], stockWrite: [] as number[] };
    const pushOurs = async (pusher: Account) => {
      const elapsed = await inPage(context, origin, 'ours', async (page) => {
        const questionIds = await page.evaluate((o) => (window as any).bench.preparePush(o), { account: pusher, databaseName: freshName('push-ours') }) as string[];
        if (questionIds.length !== pushQuestions.length) throw new Error(`push: the device has ${questionIds.length} questions`);
        await context.setOffline(true);
        push.oursWrite.push(await page.evaluate((ids) => (window as any).bench.writeOffline(ids), questionIds) as number);
        await page.evaluate(() => (window as any).bench.armPush());
        await context.setOffline(false);
        return await page.evaluate(() => (window as any).bench.awaitPush()) as number;
      });
      const [{ n }] = await sql(server, `select count(*)::int as n from answers where user_id = $1`, [pusher.userId]);
      if (n !== pushQuestions.length) throw new Error(`push (ours): the server has ${n} answers`);
      push.ours.push(elapsed);
    };
    const pushStock = async (pusher: Account) => {
      await sql(server, `truncate public.${PUSH_TABLE}`);
      const elapsed = await inPage(context, origin, 'stock', async (page) => {
        await page.evaluate((o) => (window as any).bench.preparePush(o), { account: pusher, databaseName: freshName('push-stock'), table: PUSH_TABLE });
        await context.setOffline(true);
        push.stockWrite.push(await page.evaluate((o) => (window as any).bench.writeOffline(o), { userId: pusher.userId, questions: pushQuestions }) as number);
        await page.evaluate((n) => (window as any).bench.armPush(n), pushQuestions.length);
        await context.setOffline(false);
        return await page.evaluate(() => (window as any).bench.awaitPush()) as number;
      });
      const [{ n }] = await sql(server, `select count(*)::int as n from public.${PUSH_TABLE}`);
      if (n !== pushQuestions.length) throw new Error(`push (stock): the server has ${n} rows`);
      push.stock.push(elapsed);
    };
    for (let run = 0; run < RUNS; run++) {
      const order = run % 2 === 0 ? ['ours', 'stock'] : ['stock', 'ours'];
      for (const which of order) {
        progress(`push of ${pushQuestions.length}, run ${run + 1}/${RUNS}: ${which}`);
        if (which === 'ours') await pushOurs(pushers[run * 2]);
        else await pushStock(pushers[run * 2 + 1]);
      }
    }

    if (PROFILE) {
      progress('profiling one replayed sync of ours');
      await profileReplay(context, origin, { account: owner, databaseName: freshName('profile'), replay: recorded.recording });
    }

    progress(`local write → visible update (${EDITS / 2} + ${EDITS} edits, ${QUESTIONS_PER_NOTEBOOK} answers)`);
    const latency = await writeToScreen();

    const floorMs = median(results.floor);
    const oursMs = median(results.ours.map((r) => r.totalMs));
    const replayMs = median(results.replay.map((r) => r.totalMs));
    const stockMs = median(results.stock.map((r) => r.totalMs));
    const extra = Object.entries(recorded.counts).filter(([name, n]) => n > 0 && !(name in BENCH_TABLES)).map(([name, n]) => `${n} ${name}`).join(', ');
    const rows: [string, string, string][] = [
      [`floor: Dexie bulkPut of the ${documents} documents`, ms(floorMs), 'one transaction, documents already in the page'],
      [
        `initial sync, ours (${documents} documents${extra ? ` + ${extra}` : ''})`,
        ms(oursMs),
        `${(oursMs / floorMs).toFixed(1)}× the floor (target ≤ 2×); open ${ms(median(results.ours.map((r) => r.openMs)))}, ${median(results.ours.map((r) => r.pulls))} pulls, waiting for pulls ${ms(median(results.ours.map((r) => r.pullWaitMs)))} (summed)`,
      ],
      [
        '  of which the answers collection (10 pages of 1000)',
        '',
        `requests ${ms(median(results.ours.map((r) => sum(r.answerPages!.map((p) => p.requestMs)))))}, storing pages (request answered → next request) ${ms(median(results.ours.map((r) => sum(r.answerPages!.map((p) => p.storeMs)))))}`,
      ],
      [
        `RxDB bulkInsert of the ${documents} documents (our database, no replication)`,
        ms(median(results.rxdbBulk)),
        `${(median(results.rxdbBulk) / floorMs).toFixed(1)}× the floor: RxDB's storage cost alone`,
      ],
      [
        'initial sync, ours, server answers replayed from memory',
        ms(replayMs),
        `${(replayMs / floorMs).toFixed(1)}× the floor: the device side alone (RxDB + IndexedDB); answers: storing pages ${ms(median(results.replay.map((r) => sum(r.answerPages!.map((p) => p.storeMs)))))}`,
      ],
      [
        'initial sync, stock replicateSupabase (pull batch 100)',
        ms(stockMs),
        `ours is ${(stockMs / oursMs).toFixed(1)}× faster (target ≥ 3×); ${median(results.stock.map((r) => r.pulls))} requests, waiting ${ms(median(results.stock.map((r) => r.pullWaitMs)))} (summed)`,
      ],
      ...(WITH_STOCK_1000
        ? [[
            'initial sync, stock replicateSupabase (pull batch 1000)',
            ms(median(results.stock1000.map((r) => r.totalMs))),
            `ours is ${(median(results.stock1000.map((r) => r.totalMs)) / oursMs).toFixed(1)}× faster; ${median(results.stock1000.map((r) => r.pulls))} requests, waiting ${ms(median(results.stock1000.map((r) => r.pullWaitMs)))} (summed)`,
          ] as [string, string, string]]
        : []),
      [
        `push of ${pushQuestions.length} offline answers until acknowledged, ours`,
        ms(median(push.ours)),
        `writing them offline through the api took ${ms(median(push.oursWrite))}`,
      ],
      [
        `push of ${pushQuestions.length} offline answers until acknowledged, stock`,
        ms(median(push.stock)),
        `ours is ${(median(push.stock) / median(push.ours)).toFixed(1)}× faster; inserting them offline took ${ms(median(push.stockWrite))}`,
      ],
      ...latencyRow('local write → visible update: question edit, at a person\'s pace', latency.editsIdle),
      ...latencyRow('local write → visible update: question edits back to back', latency.editsBusy),
      ...latencyRow('local write → visible update: new answer, at a person\'s pace', latency.answersIdle),
    ];
    const version = context.browser()?.version() ?? (await chromiumVersion(context));
    console.log(`\nReplication benchmark in headless Chromium ${version} — sync-server on loopback (${server.ctx.db.kind}), median of ${RUNS} runs, load ${os.loadavg().map((l) => l.toFixed(1)).join(' ')}\n`);
    const width = Math.max(...rows.map((r) => r[0].length));
    for (const [what, value, note] of rows) console.log(`${what.padEnd(width)}  ${value.padStart(12)}  ${note}`);
    const list = (xs: number[]) => xs.map((x) => x.toFixed(0)).join(' ');
    const stats = results.ours.at(-1)?.answerStats;
    if (stats) console.log(`\nRxDB replication counters of the answers collection in the last live sync: down ${JSON.stringify(stats.down)}, up ${JSON.stringify(stats.up)}`);
    console.log(`\nruns (ms): floor ${list(results.floor)} | RxDB bulkInsert ${list(results.rxdbBulk)} | ours ${list(results.ours.map((r) => r.totalMs))} | replayed ${list(results.replay.map((r) => r.totalMs))} | stock ${list(results.stock.map((r) => r.totalMs))}${WITH_STOCK_1000 ? ` | stock 1000 ${list(results.stock1000.map((r) => r.totalMs))}` : ''} | push ours ${list(push.ours)} | push stock ${list(push.stock)}`);
  } finally {
    await context.close();
    await server.close();
    await fs.rm(outDir, { recursive: true, force: true });
    await fs.rm(profileDir, { recursive: true, force: true });
  }
}

/** Initial sync, ours against stock (batch 100 and 1000), with LATENCY_MS added to every request. */
async function compareWithLatency(ours: (options: object) => Promise<SyncResult>, stock: (pullBatchSize?: number) => Promise<SyncResult>): Promise<void> {
  const times: Record<string, number[]> = { ours: [], stock: [], stock1000: [] };
  let oursStats: SyncResult['answerStats'];
  const oursPages: NonNullable<SyncResult['answerPages']>[] = [];
  const variants: [string, () => Promise<SyncResult>][] = [
    ['ours', () => ours({})],
    ['stock', () => stock()],
    ['stock1000', () => stock(1000)],
  ];
  for (let run = 0; run < RUNS; run++) {
    for (let i = 0; i < variants.length; i++) {
      const [name, measure] = variants[(run + i) % variants.length];
      progress(`initial sync with ${LATENCY_MS} ms added latency, run ${run + 1}/${RUNS}: ${name}`);
      const result = await measure();
      expectCounts(name, result.counts);
      expectNoErrors(name, result);
      times[name].push(result.totalMs);
      if (name === 'ours') {
        oursStats = result.answerStats;
        oursPages.push(result.answerPages ?? []);
      }
    }
  }
  const oursMs = median(times.ours);
  console.log(`\nInitial sync${LATENCY_MS > 0 ? ` with ${LATENCY_MS} ms added to every request (Chromium network emulation)` : ' on loopback'}, median of ${RUNS} runs, load ${os.loadavg().map((l) => l.toFixed(1)).join(' ')}\n`);
  console.log(`ours                          ${ms(oursMs).padStart(8)}`);
  console.log(`stock (pull batch 100)        ${ms(median(times.stock)).padStart(8)}  ours ${(median(times.stock) / oursMs).toFixed(1)}× faster`);
  console.log(`stock (pull batch 1000)       ${ms(median(times.stock1000)).padStart(8)}  ours ${(median(times.stock1000) / oursMs).toFixed(1)}× faster`);
  const list = (xs: number[]) => xs.map((x) => x.toFixed(0)).join(' ');
  console.log(`\nruns (ms): ours ${list(times.ours)} | stock ${list(times.stock)} | stock 1000 ${list(times.stock1000)}`);
  const pageSum = (key: 'requestMs' | 'storeMs' | 'upstreamWaitMs') => median(oursPages.map((pages) => sum(pages.map((p) => p[key] ?? 0))));
  console.log(`our answers pages (medians of the summed runs): requests ${ms(pageSum('requestMs'))}, answer → next request ${ms(pageSum('storeMs'))}, of which the upstream queue the Puller waits for ${ms(pageSum('upstreamWaitMs'))}`);
  if (oursStats) console.log(`RxDB replication counters of our answers collection (last run): down ${JSON.stringify(oursStats.down)}, up ${JSON.stringify(oursStats.up)}`);
}

interface CpuProfile {
  nodes: { id: number; callFrame: { functionName: string; url: string; lineNumber: number }; children?: number[] }[];
  samples: number[];
  timeDeltas: number[];
}

/** Where the page's time goes during a replayed sync: JavaScript by module and function, and idle (waiting for IndexedDB). */
async function profileReplay(context: BrowserContext, origin: string, options: object): Promise<void> {
  const page = await context.newPage();
  try {
    await page.goto(`${origin}/bench`);
    await page.addScriptTag({ url: '/profile/ours.js', type: 'module' });
    await page.waitForFunction(() => (window as unknown as { benchReady?: boolean }).benchReady === true);
    const cdp = await context.newCDPSession(page);
    await cdp.send('Profiler.enable');
    await cdp.send('Profiler.setSamplingInterval', { interval: 500 });
    await page.exposeFunction('startProfiler', () => cdp.send('Profiler.start'));
    const result = (await page.evaluate((o) => (window as any).bench.initialSync(o), { ...options, keepOpen: true })) as SyncResult;
    const { profile } = (await cdp.send('Profiler.stop')) as unknown as { profile: CpuProfile };
    expectCounts('profiled replay', result.counts);
    const census = (await page.evaluate(() => (window as any).bench.indexedDBCensus())) as { database: string; store: string; records: number; indexes: string[] }[];
    await page.evaluate(() => (window as any).bench.discardKept());
    const byNode = new Map(profile.nodes.map((node) => [node.id, node]));
    const parentOf = new Map<number, number>();
    for (const node of profile.nodes) for (const child of node.children ?? []) parentOf.set(child, node.id);
    const fileOf = (url: string) => (url.includes('/profile/') ? url.slice(url.indexOf('/profile/') + 9) : url);
    const nameOf = (frame: CpuProfile['nodes'][number]['callFrame']) =>
      `${frame.functionName || '(anonymous)'}  ${fileOf(frame.url).replace(/^node_modules\//, '')}:${frame.lineNumber + 1}`;
    const byModule = new Map<string, number>();
    const byFunction = new Map<string, number>();
    /** Per function: who called into its module (the first 3 frames outside it), by time. */
    const callers = new Map<string, Map<string, number>>();
    let total = 0;
    profile.samples.forEach((id, i) => {
      const frame = byNode.get(id)!.callFrame;
      const us = profile.timeDeltas[i] ?? 0;
      total += us;
      const file = fileOf(frame.url);
      const module = !file ? frame.functionName : moduleGroup(file);
      byModule.set(module, (byModule.get(module) ?? 0) + us);
      if (!file) return;
      const name = nameOf(frame);
      byFunction.set(name, (byFunction.get(name) ?? 0) + us);
      const chain: string[] = [];
      const nearest: string[] = [];
      for (let up = parentOf.get(id); up !== undefined && chain.length < 3; up = parentOf.get(up)) {
        const caller = byNode.get(up)!.callFrame;
        if (caller.url && nearest.length < 4) nearest.push(nameOf(caller));
        if (caller.url && moduleGroup(fileOf(caller.url)) !== module) chain.push(nameOf(caller));
      }
      const perFunction = callers.get(name) ?? new Map<string, number>();
      // Called from its own module only (a timer or a callback of that library): its nearest frames.
      const key = chain.join('  ←  ') || `(within its module) ${nearest.join('  ←  ')}`;
      perFunction.set(key, (perFunction.get(key) ?? 0) + us);
      callers.set(name, perFunction);
    });
    const top = (map: Map<string, number>, n: number) => [...map].sort((a, b) => b[1] - a[1]).slice(0, n);
    console.log(`\nProfile of one ${PROFILE_LIVE ? "live" : "replayed"} sync (${ms(result.totalMs)} with the profiler on; samples ${ms(total / 1000)}): self time by module`);
    for (const [name, us] of top(byModule, 14)) console.log(`  ${(us / 1000).toFixed(0).padStart(7)} ms  ${((100 * us) / total).toFixed(1).padStart(5)} %  ${name}`);
    console.log('Top functions by self time');
    for (const [name, us] of top(byFunction, 15)) console.log(`  ${(us / 1000).toFixed(0).padStart(7)} ms  ${((100 * us) / total).toFixed(1).padStart(5)} %  ${name}`);
    console.log('Who calls the top 5 (the first frames outside the function\'s module, by time)');
    for (const [name] of top(byFunction, 5)) {
      console.log(`  ${name}`);
      for (const [chain, us] of top(callers.get(name)!, 3)) console.log(`    ${(us / 1000).toFixed(0).padStart(5)} ms  ${chain}`);
    }
    const records = census.reduce((n, entry) => n + entry.records, 0);
    console.log(`IndexedDB after the sync: ${records} records (the floor writes ${result.counts.notebooks + result.counts.questions + result.counts.answers}, with 1 index on two of its 3 stores)`);
    for (const entry of census.sort((a, b) => b.records - a.records).slice(0, 8)) {
      console.log(`  ${String(entry.records).padStart(6)}  ${entry.database} / ${entry.store}  indexes: ${entry.indexes.join(', ') || '—'}`);
    }
  } finally {
    await page.close();
  }
}

/** rxdb/<plugin or core file>, dexie, src/data/<file>, or the package. */
function moduleGroup(file: string): string {
  const rxdb = file.match(/node_modules\/rxdb\/dist\/esm\/(plugins\/[^/]+|[^/]+)/);
  if (rxdb) return `rxdb/${rxdb[1].replace(/\.js$/, '')}`;
  const pkg = file.match(/.*node_modules\/((?:@[^/]+\/)?[^/]+)/);
  if (pkg) return pkg[1];
  return file.replace(/\.js$/, '');
}

function latencyRow(what: string, samples: WriteSample[]): [string, string, string][] {
  const visible = samples.map((s) => s.visibleMs);
  const written = samples.map((s) => s.writeMs);
  return [[
    what,
    `p50 ${percentile(visible, 0.5).toFixed(1)} ms`,
    `p95 ${percentile(visible, 0.95).toFixed(1)} ms (target < 16 ms), ${samples.length} writes; the api call returned after p50 ${percentile(written, 0.5).toFixed(1)} / p95 ${percentile(written, 0.95).toFixed(1)} ms`,
  ]];
}

async function chromiumVersion(context: BrowserContext): Promise<string> {
  const page = await context.newPage();
  try {
    return await page.evaluate(() => navigator.userAgent.match(/Chrome\/([\d.]+)/)?.[1] ?? 'unknown');
  } finally {
    await page.close();
  }
}

await main();
process.exit(0);
